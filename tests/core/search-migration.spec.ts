// Migration 0037 on a database that already holds invoices (an older Folio's): afterwards the search finds those
// invoices by their buyer's tax number and by the words of their lines — SQLite's FTS5 index is filled from the rows
// there, PostgreSQL builds its text-search indexes over them — and the list pages them as before.
import { expect, test } from '@playwright/test';
import { Migrator } from 'kysely';
import { fixedClock } from '../../electron/core/clock';
import { createCore, type Core } from '../../electron/core/index';
import { migrations } from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import { createBuyer, FIXED_NOW, freshTestDatabase, netItem, openTestDatabase, seedSeller, type TestDatabase } from '../support/fixtures';

const BEFORE = '0036-export-jobs';

/**
 * Undoes every migration from 0037 on: the invoices are made first by today's Folio on today's schema (the core
 * writes the columns later migrations add), then the schema is taken back to what it was before 0037, rows kept.
 */
async function migrateBack(database: TestDatabase): Promise<void> {
  const opened = database.kind === 'postgres' ? await openPostgres(database.url, { migrate: false }) : await openTestDatabase(database);
  try {
    const { error } = await new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
    if (error) throw error;
    const v = await opened.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(v.map((r) => (r as { name: string }).name)).not.toContain('0037-invoice-list-search');
  } finally {
    await opened.close();
  }
}

const search = async (core: Core, text: string) =>
  (await core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', search: text })).items.map((i) => i.id).sort((a, b) => a - b);

test('an older database with invoices: after 0037 its invoices are found by tax number and by line words', async () => {
  const database = await freshTestDatabase();
  const made: Record<string, number> = {};
  try {
    const old = await openTestDatabase(database);
    try {
      const core = await createCore({ db: old.db, clock: fixedClock(FIXED_NOW) });
      await seedSeller(core);
      const bodza = await createBuyer(core, { name: 'Bodza Kft.', taxcode: '34567898-2-41' });
      const som = await createBuyer(core, { name: 'Som Bt.', taxcode: '10000001-2-41' });
      const make = async (client: number, lines: string[], type = 3) =>
        (await core.call('invoices.create', { client_uid: client, type, payment_method: 2, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-20', items: lines.map((d) => netItem(1000, { description: d })) } as never)).id;
      made.B1 = await make(bodza, ['Gyümölcsfa metszés', 'Permetezés']);
      made.B2 = await make(bodza, ['Fűnyírás']);
      made.S1 = await make(som, ['Permetezés tavasszal']);
      made.D1 = await make(som, ['Fűnyírás'], 0); // a draft
    } finally {
      await old.close();
    }
    await migrateBack(database);

    const opened = await openTestDatabase(database); // brings it up to date
    try {
      const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
      expect(await search(core, '34567898-2-41')).toEqual([made.B1, made.B2]);
      expect(await search(core, '10000001')).toEqual([made.S1, made.D1]);
      expect(await search(core, 'permetezés')).toEqual([made.B1, made.S1]);
      expect(await search(core, 'Fűnyírás')).toEqual([made.B2, made.D1]);
      expect(await search(core, 'metszés')).toEqual([made.B1]);
      expect(await search(core, 'Kaszálás')).toEqual([]);
      // what is written after the upgrade is kept in the same index
      const later = await core.call('invoices.create', { client_uid: (await core.call('invoices.get', { id: made.B2! })).attributes.client_uid, type: 3, payment_method: 2, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-20', items: [netItem(1000, { description: 'Kaszálás' })] } as never);
      expect(await search(core, 'Kaszálás')).toEqual([later.id]);
      expect(await search(core, '34567898')).toEqual([made.B1, made.B2, later.id]);
      // the list pages them as before: newest first
      const page = await core.call('invoices.list', { page: 1, max_per_page: 2 });
      expect(page.items.map((i) => i.id)).toEqual([later.id, made.D1]);
      expect(page.has_more).toBe(true);
    } finally {
      await opened.close();
    }
  } finally {
    database.remove();
  }
});
