// The invoice list's totals from the counts migration 0076 keeps (issue 41): every filter the v3 door sends, over
// every date, answers the same total as counting the invoices a page walk finds, whether the kept counts answer it
// (equalities on their key) or the invoices are counted (any other filter, a range some invoices are outside); and a
// write that fails — alone in its transaction, or one savepoint of a group-committed batch — takes its change of the
// counts with it. The random histories of summaries.property.spec.ts compare the counts with a recount too
// (../support/summary-recount.ts), and summaries-crash.spec.ts after SIGKILLs.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { writeTransaction } from '../../electron/db/transaction';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import { coreClient, invoiceBody, netItem, openTestCore, queryRows, uniquePrefix, type TestCore } from '../support/fixtures';
import { summaryTables } from '../support/summary-recount';

let tc: TestCore;
let clientUid: number;
const clock = new ManualClock('2026-03-15T09:00:00Z');

test.beforeEach(async () => {
  tc = await openTestCore({ clock });
  clientUid = await coreClient(tc.core);
});
test.afterEach(async () => {
  await tc?.close();
});

const ANY_DATE = { start_date: '1900-01-01', end_date: '9999-12-31' };

/** The invoices a filter names, found page by page (the list's own walk, no count). */
async function walked(filter: Record<string, unknown>): Promise<number> {
  let n = 0;
  for (let page = 1; ; page++) {
    const res = await tc.core.call('invoices.query', { ...filter, page, max_per_page: 50 } as never);
    n += res.items.length;
    if (!res.has_more) return n;
  }
}

async function total(filter: Record<string, unknown>): Promise<number> {
  const res = await tc.core.call('invoices.query', { ...filter, page: 1, max_per_page: 5, with_total: 1 } as never);
  return (res as { total: number }).total;
}

async function expectCountsExact(label: string) {
  const kept = (await summaryTables(tc.core.ctx.db)).find((t) => t.table === 'invoice_counts')!;
  expect(kept.kept, label).toEqual(kept.recount);
}

/** Invoices of every kind the counts tell apart: drafts, proformas, receipts, paid, cancelled and cancelling, modifying, advances, two blocks. */
async function books() {
  const core = tc.core;
  const other = (await core.call('blocks.create', { name: 'Bolt', prefix: uniquePrefix('C') })).id;
  const issue = (over: Record<string, unknown> = {}) => core.call('invoices.create', invoiceBody(clientUid, over) as never);
  const made: number[] = [];
  for (let i = 0; i < 4; i++) made.push((await issue({ items: [netItem(1000 + i)] })).id);
  await issue({ type: INVOICE_TYPE.draft });
  await issue({ type: INVOICE_TYPE.draft, block_uid: other, payment_method: 1 });
  await issue({ type: INVOICE_TYPE.proforma });
  await issue({ block_uid: other });
  await issue({ block_uid: other, payment_method: 1 });
  await issue({ advance: 1 });
  await core.call('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] } as never);
  await core.call('invoices.pay', { id: made[0]!, date: '2026-03-15', amount: 1270 } as never);
  await core.call('invoices.pay', { id: made[1]!, date: '2026-03-15', amount: 100 } as never);
  await core.call('invoices.cancel', { id: made[2]! });
  await core.call('invoices.modify', { id: made[3]!, reason: 'Árkorrekció', items: [netItem(500)] } as never);
  return { other };
}

test('a list total over every date equals the invoices its filter names, from the kept counts or counted', async () => {
  const { other } = await books();
  await expectCountsExact('after the books');
  const { invoice, draft, proforma, receipt } = INVOICE_TYPE;
  const filters: Array<Record<string, unknown>> = [
    {},
    { block: 0 },
    { block: other },
    { block: 999 },
    { type: invoice },
    { type: draft },
    { type: proforma },
    { type: receipt },
    { status: INVOICE_STATUS.paid },
    { status: INVOICE_STATUS.unpaid, block: 0 },
    { payment_method: 1 },
    { type: invoice, kind: 'cancelling' },
    { type: receipt, kind: 'cancelling' },
    { kind: 'modifying' },
    { kind: 'advance' },
    { v2_only: 1 },
    // not equalities on the counts' key: the invoices are counted
    { payment_state: 'overdue' },
    { payment_state: 'partially_paid' },
    { client_uid: clientUid },
    { search: 'Ügyfél' },
  ];
  let nonZero = 0;
  for (const f of filters) {
    const n = await walked({ ...ANY_DATE, ...f });
    if (n > 0) nonZero++;
    expect(await total({ ...ANY_DATE, ...f }), JSON.stringify(f)).toBe(n);
    // a range some invoices are outside is counted, never summed
    expect(await total({ start_date: '2026-03-16', end_date: '9999-12-31', ...f }), `after today ${JSON.stringify(f)}`).toBe(0);
  }
  expect(nonZero, 'the filters name invoices').toBeGreaterThan(12);
  // the totals of the equalities are the kept counts' (one more kept in block 0 is one more in its totals), the others counted
  await queryRows(tc.core.ctx.db, `UPDATE invoice_counts SET invoice_count = invoice_count + 1 WHERE block_id = 0 AND type = ${invoice} AND status = ${INVOICE_STATUS.paid} AND is_cancel_invoice = 0 AND modifying = 0 AND is_advance = 0 AND payment_method_id = 2`);
  expect(await total({ ...ANY_DATE, block: 0 })).toBe((await walked({ ...ANY_DATE, block: 0 })) + 1);
  expect(await total({ ...ANY_DATE, client_uid: clientUid })).toBe(await walked({ ...ANY_DATE, client_uid: clientUid }));
});

test('a write that fails takes its change of the counts with it, alone or as one savepoint of a batch', async () => {
  await books();
  const db = tc.core.ctx.db;
  const before = await queryRows<{ k: string; n: number }>(db, 'SELECT block_id || \' \' || type || \' \' || status AS k, sum(invoice_count) AS n FROM invoice_counts GROUP BY block_id, type, status');
  const [row] = await queryRows<{ id: number }>(db, `SELECT id FROM invoices WHERE type = ${INVOICE_TYPE.draft} ORDER BY id LIMIT 1`);
  const failing = (work: string) =>
    writeTransaction(db, async (trx) => {
      await queryRows(trx as never, work, row!.id);
      throw new Error('refused after the change');
    });
  // alone: the whole transaction is rolled back
  await expect(failing(`UPDATE invoices SET status = ${INVOICE_STATUS.paid}, payment_method_id = 5 WHERE id = ?`)).rejects.toThrow('refused after the change');
  await expectCountsExact('after a failed write alone');
  // in a batch: the failing write's savepoint is undone, the others commit with their counts
  const issued = Promise.all([
    tc.core.call('invoices.create', invoiceBody(clientUid) as never),
    failing(`UPDATE invoices SET status = ${INVOICE_STATUS.cancelled}, block_id = 0, payment_method_id = 1 WHERE id = ?`),
    tc.core.call('invoices.create', invoiceBody(clientUid, { type: INVOICE_TYPE.proforma }) as never),
  ].map((p) => p.then(() => 'ok', (e: Error) => e.message)));
  expect(await issued).toEqual(['ok', 'refused after the change', 'ok']);
  await expectCountsExact('after a batch with a failed write');
  const after = await queryRows<{ k: string; n: number }>(db, 'SELECT block_id || \' \' || type || \' \' || status AS k, sum(invoice_count) AS n FROM invoice_counts GROUP BY block_id, type, status');
  const diff = new Map(after.map((r) => [r.k, Number(r.n)]));
  for (const r of before) diff.set(r.k, (diff.get(r.k) ?? 0) - Number(r.n));
  expect([...diff].filter(([, n]) => n !== 0).sort()).toEqual([
    [`0 ${INVOICE_TYPE.proforma} ${INVOICE_STATUS.unpaid}`, 1],
    [`0 ${INVOICE_TYPE.invoice} ${INVOICE_STATUS.unpaid}`, 1],
  ].sort());
});
