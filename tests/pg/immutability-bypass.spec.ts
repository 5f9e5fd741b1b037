// The PostgreSQL counterpart of tests/fault/immutability-bypass.spec.ts (@sqlite): raw SQL that tries to change an
// issued invoice without the plain UPDATE or DELETE of it the guards obviously see. PostgreSQL has no REPLACE; its
// ways around are a line moved in from a draft, an upsert (INSERT … ON CONFLICT DO UPDATE) over the issued row or
// its line, and a draft taking the issued invoice's share code. Each is refused and the issued record stays as it was.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import type { Db } from '../../electron/db/types';
import { freshPgDatabase } from '../support/postgres';
import { insertClient, insertDraftInvoice, seal, STAMP } from '../support/pg-rows';

let pgdb: OpenedPostgres;
let draftId: number;
let sealedId: number;

test.beforeEach(async () => {
  pgdb = await openPostgres(await freshPgDatabase());
  const client = await insertClient(pgdb.db);
  sealedId = await insertDraftInvoice(pgdb.db, client);
  await pgdb.db.updateTable('invoices').set({ share_code: 'SEALED-CODE' }).where('id', '=', sealedId).execute();
  await seal(pgdb.db, sealedId);
  draftId = await insertDraftInvoice(pgdb.db, client);
});
test.afterEach(async () => {
  await pgdb?.close();
});

/** The issued invoice's row and lines, as stored. */
async function record(db: Db): Promise<string> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', sealedId).executeTakeFirstOrThrow();
  const items = await db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', sealedId).orderBy('id').execute();
  return JSON.stringify({ row, items });
}

/** Runs a statement against the sealed invoice: whether it was refused, with what, and whether the record held. */
async function attempt(run: (db: Db) => Promise<unknown>): Promise<{ refused: string; unchanged: boolean }> {
  const { db } = pgdb;
  const before = await record(db);
  let refused = '';
  try {
    await run(db);
  } catch (e) {
    refused = (e as Error).message;
  }
  return { refused, unchanged: (await record(db)) === before };
}

test("moving a draft's line into an issued invoice is refused", async () => {
  const result = await attempt((db) => db.updateTable('invoice_items').set({ invoice_id: sealedId }).where('invoice_id', '=', draftId).execute());
  expect(result).toEqual({ refused: 'issued invoices cannot be changed', unchanged: true });
});

test('an upsert over an issued invoice is refused (the guard, not the key, refuses it)', async () => {
  const result = await attempt((db) =>
    sql`INSERT INTO invoices SELECT * FROM invoices WHERE id = ${draftId}
        ON CONFLICT (id) DO NOTHING`.execute(db).then(() =>
      sql`INSERT INTO invoices (id, type, status, block_id, date, fulfillment_date, due_date, client_id, client_snapshot, seller_snapshot,
            payment_method_id, currency, exchange_rate, net_milli, vat_milli, gross_milli, rounding_milli, total_milli, created_at, updated_at)
          SELECT ${sealedId}, type, status, block_id, date, fulfillment_date, due_date, client_id, client_snapshot, seller_snapshot,
            payment_method_id, currency, exchange_rate, 1, 0, 1, 0, 1, created_at, ${STAMP}
          FROM invoices WHERE id = ${draftId}
          ON CONFLICT (id) DO UPDATE SET total_milli = excluded.total_milli, net_milli = excluded.net_milli`.execute(db),
    ),
  );
  expect(result).toEqual({ refused: 'issued invoices cannot be changed', unchanged: true });
});

test("an upsert over an issued invoice's line is refused", async () => {
  const line = await pgdb.db.selectFrom('invoice_items').select('id').where('invoice_id', '=', sealedId).executeTakeFirstOrThrow();
  const result = await attempt((db) =>
    sql`INSERT INTO invoice_items (id, invoice_id, position, description, qty, net_unit_price, vat_id, vat_rate, net_milli, vat_milli, gross_milli)
        VALUES (${line.id}, ${sealedId}, 1, 'tampered', '1', '1', '27', '0.27', 1000, 270, 1270)
        ON CONFLICT (id) DO UPDATE SET description = excluded.description, net_milli = excluded.net_milli`.execute(db),
  );
  expect(result).toEqual({ refused: 'issued invoices cannot be changed', unchanged: true });
});

test("a draft cannot take an issued invoice's share code", async () => {
  const result = await attempt((db) => db.updateTable('invoices').set({ share_code: 'SEALED-CODE' }).where('id', '=', draftId).execute());
  expect(result.unchanged).toBe(true);
  expect(result.refused).toMatch(/duplicate key value violates unique constraint/);
  const draft = await pgdb.db.selectFrom('invoices').select('share_code').where('id', '=', draftId).executeTakeFirstOrThrow();
  expect(draft.share_code).toBeNull();
});
