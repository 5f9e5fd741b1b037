// The seal guards on PostgreSQL (migrations 0001, 0022, 0023, 0025, 0029 as PL/pgSQL; and the audit log's, 0034): an issued invoice's legal
// record and its lines cannot be changed or deleted, with SQLite's words; its payment state and share code can; a
// draft can be changed freely.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';
import { insertClient, insertDraftInvoice, seal } from '../support/pg-rows';

let pgdb: OpenedPostgres;
let invoiceId: number;

test.beforeEach(async () => {
  pgdb = await openPostgres(await freshPgDatabase());
  invoiceId = await insertDraftInvoice(pgdb.db, await insertClient(pgdb.db));
});
test.afterEach(async () => {
  await pgdb?.close();
});

/** The error a statement fails with: message and SQLSTATE. */
async function refusal(run: () => Promise<unknown>): Promise<{ message: string; code: string }> {
  try {
    await run();
  } catch (e) {
    const err = e as { message: string; code: string };
    return { message: err.message, code: err.code };
  }
  throw new Error('the statement was not refused');
}

const CHANGED = { message: 'issued invoices cannot be changed', code: '23001' };

test('a draft may change, lose its lines and be deleted', async () => {
  const { db } = pgdb;
  await db.updateTable('invoices').set({ total_milli: 1 }).where('id', '=', invoiceId).execute();
  await db.deleteFrom('invoice_items').where('invoice_id', '=', invoiceId).execute();
  await db.deleteFrom('invoices').where('id', '=', invoiceId).execute();
  expect(await db.selectFrom('invoices').select('id').execute()).toEqual([]);
});

test("an issued invoice's amount, lines and row are refused with SQLite's words", async () => {
  const { db } = pgdb;
  await seal(db, invoiceId);
  expect(await refusal(() => db.updateTable('invoices').set({ total_milli: 1 }).where('id', '=', invoiceId).execute())).toEqual(CHANGED);
  expect(await refusal(() => db.deleteFrom('invoice_items').where('invoice_id', '=', invoiceId).execute())).toEqual(CHANGED);
  expect(await refusal(() => db.updateTable('invoice_items').set({ qty: '2' }).where('invoice_id', '=', invoiceId).execute())).toEqual(CHANGED);
  expect(
    await refusal(() =>
      sql`INSERT INTO invoice_items (invoice_id, position, description, qty, net_unit_price, vat_id, vat_rate, net_milli, vat_milli, gross_milli)
          VALUES (${invoiceId}, 2, 'Utólag', '1', '1', '27', '0.27', 1000, 270, 1270)`.execute(db),
    ),
  ).toEqual(CHANGED);
  expect(await refusal(() => db.deleteFrom('invoices').where('id', '=', invoiceId).execute())).toEqual({
    message: 'issued invoices cannot be deleted',
    code: '23001',
  });
  const row = await db.selectFrom('invoices').select(['total_milli', 'sealed']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  expect(row).toEqual({ total_milli: 127_000_000, sealed: 1 });
  const lines = await db.selectFrom('invoice_items').select(['qty', 'net_milli']).where('invoice_id', '=', invoiceId).execute();
  expect(lines).toEqual([{ qty: '1', net_milli: 100_000_000 }]);
});

test('the columns later migrations guard are refused too (chain, quote, vendor id, receipt draft)', async () => {
  const { db } = pgdb;
  await seal(db, invoiceId);
  const setOnSealed = (values: Record<string, unknown>) => () => db.updateTable('invoices').set(values).where('id', '=', invoiceId).execute();
  expect(await refusal(setOnSealed({ modification_reason: 'elírás' }))).toEqual(CHANGED);
  expect(await refusal(setOnSealed({ is_advance: 1 }))).toEqual(CHANGED);
  expect(await refusal(setOnSealed({ vendor_id: 'WEB-1001' }))).toEqual(CHANGED);
  expect(await refusal(setOnSealed({ receipt_draft: 1 }))).toEqual(CHANGED);
  const quote = await sql<{ id: number }>`
    INSERT INTO quotes (quote_no, number_year, number_seq, client_id, client_snapshot, seller_snapshot, currency, payment_method_id,
      date, valid_until, template_lang_code, net_milli, vat_milli, gross_milli, rounding_milli, total_milli, status, created_at, updated_at)
    SELECT 'AJ-2026-000001', 2026, 1, client_id, '{}', '{}', 'HUF', 1, '2026-03-01', '2026-03-31', 'hu', 0, 0, 0, 0, 0, 'open', updated_at, updated_at
    FROM invoices WHERE id = ${invoiceId} RETURNING id`.execute(db);
  expect(await refusal(setOnSealed({ quote_id: quote.rows[0]!.id }))).toEqual(CHANGED);
});

test('an issued invoice still takes its payment state and a share code', async () => {
  const { db } = pgdb;
  await seal(db, invoiceId);
  await db
    .updateTable('invoices')
    .set({ status: 2, total_paid_milli: 127_000_000, share_code: 'k7Qw2', updated_at: '2026-03-05 09:00:00' })
    .where('id', '=', invoiceId)
    .execute();
  const row = await db.selectFrom('invoices').select(['status', 'total_paid_milli', 'share_code']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 2, total_paid_milli: 127_000_000, share_code: 'k7Qw2' });
});

test('the audit log (0034) is append-only on PostgreSQL too', async () => {
  const { db } = pgdb;
  await db
    .insertInto('audit_log')
    .values({ at: '2026-11-27 10:00:00', user_id: null, user_name: 'owner', origin: 'http', operation: 'clients.create', target_ids: '[1]', summary: '{}' })
    .execute();
  const wanted = { message: 'the audit log cannot be changed', code: '23001' };
  expect(await refusal(() => db.updateTable('audit_log').set({ operation: 'x' }).execute())).toEqual(wanted);
  expect(await refusal(() => db.deleteFrom('audit_log').execute())).toEqual(wanted);
  expect(await db.selectFrom('audit_log').select('operation').execute()).toEqual([{ operation: 'clients.create' }]);
});
