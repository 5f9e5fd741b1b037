// The core on PostgreSQL through its write path (electron/db/pg/write.ts): the same services as on SQLite, each
// write a transaction on a pool connection under Folio's write lock, the call's context in the transaction's settings.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { createBuyer, FIXED_NOW, invoiceBody, seedSeller, TODAY } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';
import { INVOICE_STATUS } from '../../shared/invoice-codes';

let opened: OpenedPostgres;
let core: Core;

test.beforeEach(async () => {
  opened = await openPostgres(await freshPgDatabase());
  core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
  await seedSeller(core);
});
test.afterEach(async () => opened.close());

test('an invoice is issued, paid in part, in full and cancelled; each step is read back', async () => {
  const buyer = await createBuyer(core);
  const made = await core.call('invoices.create', invoiceBody(buyer) as never);
  expect(made.attributes.invoice_no).toBe('2026-000001');
  expect(made.attributes.total).toBe(4445);
  await core.call('invoices.pay', { id: made.id, date: TODAY, amount: 1000 });
  let read = await core.call('invoices.get', { id: made.id });
  expect([read.attributes.status, read.attributes.total_paid]).toEqual([INVOICE_STATUS.unpaid, '1000.000']);
  await core.call('invoices.pay', { id: made.id, date: TODAY, amount: 3445 });
  read = await core.call('invoices.get', { id: made.id });
  expect([read.attributes.status, read.attributes.total_paid]).toEqual([INVOICE_STATUS.paid, '4445.000']);
  const cancelling = await core.call('invoices.cancel', { id: made.id });
  expect(cancelling.attributes.invoice_no).toBe('2026-000002');
  expect((await core.call('invoices.get', { id: made.id })).attributes.status).toBe(INVOICE_STATUS.cancelled);
});

test('sixteen issuers at once get sixteen numbers in a row, none lost and none twice', async () => {
  const buyer = await createBuyer(core);
  const made = await Promise.all(Array.from({ length: 16 }, () => core.call('invoices.create', invoiceBody(buyer) as never)));
  const numbers = made.map((m) => m.attributes.invoice_no).sort();
  expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM invoices WHERE invoice_no IS NOT NULL`.execute(opened.db);
  expect(rows[0]!.n).toBe(16);
});

test('a refused write leaves nothing behind and its number goes back', async () => {
  const buyer = await createBuyer(core);
  await expect(core.call('invoices.create', invoiceBody(buyer, { client_uid: 999_999 }) as never)).rejects.toThrow();
  const made = await core.call('invoices.create', invoiceBody(buyer) as never);
  expect(made.attributes.invoice_no).toBe('2026-000001');
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM invoices`.execute(opened.db);
  expect(rows[0]!.n).toBe(1);
});

test('an idempotency key is stored with the first change and answers a repeat with the same invoice', async () => {
  const buyer = await createBuyer(core);
  const first = await core.call('invoices.create', invoiceBody(buyer) as never, { idempotencyKey: 'pg-key-000001' });
  const again = await core.call('invoices.create', invoiceBody(buyer) as never, { idempotencyKey: 'pg-key-000001' });
  expect(again.id).toBe(first.id);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM invoices`.execute(opened.db);
  expect(rows[0]!.n).toBe(1);
});

test('the change log dates a change by the business clock and names the origin of each call', async () => {
  const buyer = await createBuyer(core);
  await core.call('invoices.create', invoiceBody(buyer) as never, { origin: 'device-7' });
  const { rows } = await sql<{ entity: string; origin: string; created_at: string }>`SELECT * FROM change_log ORDER BY seq`.execute(opened.db);
  expect(rows.find((r) => r.entity === 'client')?.origin).toBe('local');
  expect(rows.find((r) => r.entity === 'invoice')?.origin).toBe('device-7');
  for (const row of rows) expect(row.created_at.startsWith('2026-03-15')).toBe(true);
});

test('a compiled statement refuses to run outside a write transaction', async () => {
  const { insertInvoice } = await import('../../electron/core/invoices/statements');
  await expect(insertInvoice.get(opened.db as never, {} as never)).rejects.toThrow(/outside a write transaction/);
});

test('writes waiting together each keep their own context; one that fails is undone alone', async () => {
  const buyer = await createBuyer(core);
  // Keys with a quote, a backslash and SQL in them: each write's preamble is text, quoted by the driver.
  const keys = Array.from({ length: 8 }, (_, i) => `key-${i}-it's \\ a'); DROP TABLE invoices; --`);
  const results = await Promise.allSettled(
    keys.map((key, i) =>
      core.call('invoices.create', invoiceBody(buyer, i === 5 ? { client_uid: 999_999 } : {}) as never, { idempotencyKey: key, origin: `device-${i}` }),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(keys.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
  const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  expect(made.map((m) => m.attributes.invoice_no).sort()).toEqual(Array.from({ length: 7 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  // each invoice's change carries its own call's origin, and each key answers a repeat with its own invoice
  const { rows: log } = await sql<{ entity_id: number; origin: string }>`SELECT entity_id, origin FROM change_log WHERE entity = 'invoice'`.execute(opened.db);
  for (const [i, key] of keys.entries()) {
    if (i === 5) continue;
    const first = made.find((m) => log.find((l) => l.entity_id === m.id)?.origin === `device-${i}`)!;
    expect(first).toBeDefined();
    const again = await core.call('invoices.create', invoiceBody(buyer) as never, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  }
  const { rows: count } = await sql<{ n: number }>`SELECT count(*) AS n FROM invoices`.execute(opened.db);
  expect(count[0]!.n).toBe(7);
});

test('writes waiting together share one transaction (group commit)', async () => {
  const { writeTransaction } = await import('../../electron/db/transaction');
  // txid_current() names the top-level transaction, also inside a write's savepoint
  const xids = await Promise.all(
    Array.from({ length: 8 }, () => writeTransaction(opened.db, async (trx) => (await sql<{ x: string }>`SELECT txid_current()::text AS x`.execute(trx)).rows[0]!.x)),
  );
  expect(new Set(xids).size).toBeLessThan(8);
});

test('a write that swallowed a failed statement fails alone, never silently rolling back the writes beside it', async () => {
  const { writeTransaction } = await import('../../electron/db/transaction');
  const put = (key: string) => (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) =>
    sql`INSERT INTO settings (key, value) VALUES (${key}, 'x')`.execute(trx).then(() => key);
  const swallowing = (key: string) => async (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) => {
    await put(key)(trx);
    // the error is caught and not passed on: the transaction is aborted all the same
    await sql`SELECT 1 / 0`.execute(trx).catch(() => undefined);
    return key;
  };
  const together = await Promise.allSettled([
    writeTransaction(opened.db, put('w-1')),
    writeTransaction(opened.db, swallowing('w-2')),
    writeTransaction(opened.db, put('w-3')),
    writeTransaction(opened.db, swallowing('w-4')),
  ]);
  expect(together.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
  const alone = await Promise.allSettled([writeTransaction(opened.db, swallowing('w-5'))]);
  expect(alone[0]!.status).toBe('rejected');
  const { rows } = await sql<{ key: string }>`SELECT key FROM settings WHERE key LIKE 'w-%' ORDER BY key`.execute(opened.db);
  expect(rows.map((r) => r.key)).toEqual(['w-1', 'w-3']);
});
