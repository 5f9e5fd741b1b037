// Folio's migration list on PostgreSQL: a fresh database takes every migration, in one go, and is at the latest
// schema; opening it again runs nothing.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { migrations } from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';

test('a fresh PostgreSQL database takes every migration, and a second open runs none', async () => {
  const url = await freshPgDatabase();
  const first = await openPostgres(url);
  try {
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(first.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  } finally {
    await first.close();
  }
  const again = await openPostgres(url);
  try {
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(again.db);
    expect(count.rows[0]!.n).toBe(Object.keys(migrations).length);
  } finally {
    await again.close();
  }
});

test('report_vat_days keeps its growing id list uncompressed, out of line (0082); a long list reads back whole', async () => {
  const url = await freshPgDatabase();
  const opened = await openPostgres(url);
  try {
    const storage = await sql<{ attstorage: string }>`SELECT attstorage FROM pg_attribute
      WHERE attrelid = 'report_vat_days'::regclass AND attname = 'invoice_ids'`.execute(opened.db);
    expect(storage.rows[0]!.attstorage).toBe('e');
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1).join(',');
    await sql`INSERT INTO report_vat_days (tax_day, vat_id, invoice_count, net_milli, vat_milli, invoice_ids)
      VALUES ('2026-03-15', '1', 5000, 0, 0, ${ids})`.execute(opened.db);
    const back = await sql<{ invoice_ids: string; stored: number }>`SELECT invoice_ids, pg_column_size(invoice_ids) AS stored FROM report_vat_days`.execute(opened.db);
    expect(back.rows[0]!.invoice_ids).toBe(ids);
    // stored as long as the text itself (plus its header): not compressed
    expect(back.rows[0]!.stored).toBeGreaterThanOrEqual(ids.length);
  } finally {
    await opened.close();
  }
});
