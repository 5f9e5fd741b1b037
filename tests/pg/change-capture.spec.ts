// Change capture on PostgreSQL (migrations 0008, 0011, 0016, 0024 as PL/pgSQL): the triggers write change_log rows
// by the same rules as on SQLite, and read what SQLite asks Folio's JS functions for — the origin, the business
// clock, the idempotency key, the overwritten devices — from settings of the write transaction
// (set_config('folio.…', …, true); docs/team-server.md). The seal also fills report_vat_lines (migration 0032).
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import type { Db } from '../../electron/db/types';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';
import { ensureBlock, insertClient, insertDraftInvoice, seal, STAMP } from '../support/pg-rows';

let pgdb: OpenedPostgres;
test.beforeEach(async () => {
  pgdb = await openPostgres(await freshPgDatabase());
});
test.afterEach(async () => {
  await pgdb?.close();
});

interface Change {
  entity: string;
  entity_id: number;
  op: string;
  origin: string;
  created_at: string;
}

async function changes(db: Db): Promise<Change[]> {
  return db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'origin', 'created_at']).orderBy('seq').execute() as Promise<Change[]>;
}

/** A write transaction's settings, as the PostgreSQL write path will set them for a call. */
async function setting(db: Db, name: string, value: string): Promise<void> {
  await sql`SELECT set_config(${`folio.${name}`}, ${value}, true)`.execute(db);
}

test("a client's insert, update and soft delete are logged; a write without updated_at and block 0 are not", async () => {
  const { db } = pgdb;
  await ensureBlock(db);
  const id = await insertClient(db);
  await db.updateTable('clients').set({ email: 'iroda@kovacs.hu', updated_at: '2026-03-03 08:00:00' }).where('id', '=', id).execute();
  await db.updateTable('clients').set({ phone: '+36 1 555 0100' }).where('id', '=', id).execute();
  await db.updateTable('clients').set({ deleted_at: '2026-03-04 08:00:00', updated_at: '2026-03-04 08:00:00' }).where('id', '=', id).execute();
  expect(await changes(db)).toEqual([
    { entity: 'client', entity_id: id, op: 'create', origin: 'local', created_at: STAMP },
    { entity: 'client', entity_id: id, op: 'update', origin: 'local', created_at: '2026-03-03 08:00:00' },
    { entity: 'client', entity_id: id, op: 'delete', origin: 'local', created_at: '2026-03-04 08:00:00' },
  ]);
});

test("the origin is the transaction's own: a device's request, then a local write again", async () => {
  const { db } = pgdb;
  const fromDevice = await db.transaction().execute(async (trx) => {
    await setting(trx, 'origin', 'device-laptop');
    return insertClient(trx, 'Szabó Bt.');
  });
  const local = await insertClient(db, 'Nagy Zrt.');
  expect((await changes(db)).map((c) => [c.entity_id, c.origin])).toEqual([
    [fromDevice, 'device-laptop'],
    [local, 'local'],
  ]);
});

test("an expense deleted for real is a 'delete' dated by the business clock of its transaction", async () => {
  const { db } = pgdb;
  const expense = await db
    .insertInto('expenses')
    .values({ categories_id: 'office', name: 'Papír', gross_price_milli: 12_700_000, created_at: STAMP, updated_at: STAMP } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await setting(trx, 'change_time', '2026-03-09 16:30:00');
    await trx.deleteFrom('expenses').where('id', '=', expense.id).execute();
  });
  expect((await changes(db)).map((c) => [c.entity, c.op, c.created_at])).toEqual([
    ['expense', 'create', STAMP],
    ['expense', 'delete', '2026-03-09 16:30:00'],
  ]);
});

test("a request's idempotency key and overwrite note are stored once, with its first change", async () => {
  const { db } = pgdb;
  const [first, second] = await db.transaction().execute(async (trx) => {
    await setting(trx, 'idempotency_key', 'idem-42');
    await setting(trx, 'idempotency_hash', 'sha256:abc');
    await setting(trx, 'idempotency_operation', 'clients.create');
    await setting(trx, 'overwrites', 'device-a,device-b');
    return [await insertClient(trx, 'Első Kft.'), await insertClient(trx, 'Második Kft.')];
  });
  // a later transaction of the same pooled connection starts without the request's settings
  await insertClient(db, 'Harmadik Kft.');
  const keys = await db.selectFrom('idempotency_keys').select(['key', 'request_hash', 'operation', 'entity', 'entity_id']).execute();
  expect(keys).toEqual([{ key: 'idem-42', request_hash: 'sha256:abc', operation: 'clients.create', entity: 'client', entity_id: first }]);
  const firstSeq = await db.selectFrom('change_log').select('seq').where('entity_id', '=', first).executeTakeFirstOrThrow();
  expect(await db.selectFrom('change_overwrites').selectAll().execute()).toEqual([{ seq: firstSeq.seq, devices: 'device-a,device-b' }]);
  expect(second).toBeGreaterThan(first);
});

test('an invoice enters the log at its seal, fills its VAT lines, and logs its later changes', async () => {
  const { db } = pgdb;
  const clientId = await insertClient(db);
  const cash = await insertDraftInvoice(db, clientId, { vat_status: 'cash_accounting' });
  const plain = await insertDraftInvoice(db, clientId);
  await db.updateTable('invoices').set({ comment: 'piszkozat', updated_at: '2026-03-02 10:01:00' }).where('id', '=', cash).execute();
  await seal(db, cash, 1);
  await seal(db, plain, 2);
  await db.updateTable('invoices').set({ status: 2, total_paid_milli: 127_000_000, updated_at: '2026-03-06 12:00:00' }).where('id', '=', cash).execute();
  await db.transaction().execute(async (trx) => {
    await setting(trx, 'change_time', '2026-03-07 09:00:00');
    await trx.updateTable('invoices').set({ share_code: 'Zx81q' }).where('id', '=', plain).execute();
  });
  const invoices = (await changes(db)).filter((c) => c.entity === 'invoice').map((c) => [c.entity_id, c.op, c.created_at]);
  expect(invoices).toEqual([
    [cash, 'create', '2026-03-02 10:05:00'],
    [plain, 'create', '2026-03-02 10:05:00'],
    [cash, 'update', '2026-03-06 12:00:00'],
    [plain, 'update', '2026-03-07 09:00:00'],
  ]);
  // report_vat_lines is read by the reports with SQL of their own; it has no place in the Kysely schema
  const lines = (await sql`SELECT * FROM report_vat_lines ORDER BY invoice_id`.execute(db)).rows;
  expect(lines).toEqual([
    { invoice_id: cash, vat_id: '27', tax_day: '2026-03-01', cash: 1, currency: 'HUF', exchange_rate: '1', net_milli: 100_000_000, vat_milli: 27_000_000 },
    { invoice_id: plain, vat_id: '27', tax_day: '2026-03-01', cash: 0, currency: 'HUF', exchange_rate: '1', net_milli: 100_000_000, vat_milli: 27_000_000 },
  ]);
});
