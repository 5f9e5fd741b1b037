// Migration 0074's day sums of the VAT analysis are written by a trigger in the sealing transaction: a seal whose
// transaction fails after its triggers ran (here a seal hook — the NAV report queue's place — that throws) must take
// its sums with it, as a killed write does (tests/fault/summaries-crash.spec.ts). On either database. Since 0083 a
// day is kept in parts of about 128 invoice ids.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { ManualClock } from '../../electron/core/clock';
import type { SealHook } from '../../electron/core/invoices/types';
import { coreClient, invoiceBody, openTestCore, queryRows, type TestCore } from '../support/fixtures';
import { summaryTables } from '../support/summary-recount';
import { outputFromLines } from '../support/vat-lines';

let tc: TestCore | undefined;
test.afterEach(async () => {
  await tc?.close();
});

const DAY = '2025-09-10';

test('a seal rolled back after its triggers ran leaves the VAT day sums and the report as they were', async () => {
  let failing = false;
  const seenInside: Array<{ n: number; ids: string }> = [];
  // the hook runs in the sealing transaction, after the seal's triggers: it sees the day's row as the seal left it
  const hook: SealHook = async (trx) => {
    if (!failing) return;
    const rows = await sql<{ n: number; ids: string }>`select invoice_count as n, invoice_ids as ids from report_vat_days where tax_day = ${DAY} and vat_id = '1'`.execute(trx);
    seenInside.push(...rows.rows.map((r) => ({ n: Number(r.n), ids: r.ids })));
    throw new Error('the NAV queue is unavailable');
  };
  tc = await openTestCore({ clock: new ManualClock(`${DAY}T09:00:00Z`), sealHooks: [hook] });
  const client = await coreClient(tc.core);
  const body = () => invoiceBody(client, { fulfillment_date: DAY, due_date: DAY, items: [{ description: 'Munka', vat_id: '1', qty: '2', net_unit_price: '10000' }] });
  const db = tc.core.ctx.db;
  const first = await tc.core.call('invoices.create', body());
  const days = () => queryRows<{ tax_day: string; vat_id: string; n: number; net: number; vat: number; ids: string }>(
    db,
    'SELECT tax_day, vat_id, invoice_count AS n, net_milli AS net, vat_milli AS vat, invoice_ids AS ids FROM report_vat_days ORDER BY tax_day, vat_id',
  );
  const before = await days();
  expect(before.map((r) => [r.tax_day, r.vat_id, Number(r.n), Number(r.net), Number(r.vat), r.ids])).toEqual([[DAY, '1', 1, 20_000_000, 5_400_000, String(first.id)]]);
  const report = await tc.core.call('reports.vat', { from: DAY, to: DAY });

  failing = true;
  await expect(tc.core.call('invoices.create', body())).rejects.toThrow('the NAV queue is unavailable');
  // the trigger did add the second invoice inside the transaction…
  expect(seenInside).toHaveLength(1);
  expect(seenInside[0]!.n).toBe(2);
  expect(seenInside[0]!.ids.split(',')).toHaveLength(2);
  // …and the rollback took it out again, with the invoice itself
  expect(await days()).toEqual(before);
  for (const t of await summaryTables(db)) expect(t.kept, t.table).toEqual(t.recount);
  expect(await tc.core.call('reports.vat', { from: DAY, to: DAY })).toEqual(report);
  expect(report.output).toEqual(await outputFromLines(db, DAY, DAY));

  failing = false;
  const third = await tc.core.call('invoices.create', body());
  const after = await days();
  expect(after.map((r) => [Number(r.n), r.ids.split(',').map(Number).sort((a, b) => a - b)])).toEqual([[2, [first.id, third.id]]]);
  expect((await tc.core.call('reports.vat', { from: DAY, to: DAY })).output.documents).toEqual([first.id, third.id]);
});

test('a day of 300 invoices is kept in parts of at most 128 ids, filled in turn, the report as its lines say', async () => {
  // migration 0083: a part's list stays short however busy the day, so a seal never rewrites a long one
  tc = await openTestCore({ clock: new ManualClock(`${DAY}T09:00:00Z`) });
  const client = await coreClient(tc.core);
  const db = tc.core.ctx.db;
  const ids: number[] = [];
  for (let i = 0; i < 300; i++) {
    const items = [{ description: 'Munka', vat_id: i % 3 ? '1' : '3', qty: '1', net_unit_price: String(1000 + i) }];
    ids.push((await tc.core.call('invoices.create', invoiceBody(client, { fulfillment_date: DAY, due_date: DAY, items }))).id);
  }
  const rows = await queryRows<{ vat_id: string; part: number; n: number; ids: string }>(
    db,
    `SELECT vat_id, part, invoice_count AS n, invoice_ids AS ids FROM report_vat_days WHERE tax_day = '${DAY}' ORDER BY vat_id, part`,
  );
  // code '1' has 200 invoices: parts 0 and 1 (128 + 72), in the order issued; code '3' has 100: part 0
  const shape = rows.map((r) => [r.vat_id, Number(r.part), Number(r.n)]);
  expect(shape).toEqual([['1', 0, 128], ['1', 1, 72], ['3', 0, 100]]);
  for (const r of rows) expect(r.ids.split(',').map(Number)).toHaveLength(Number(r.n));
  const firstPart = rows[0]!.ids.split(',').map(Number);
  expect(firstPart).toEqual(ids.filter((_, i) => i % 3).slice(0, 128));
  for (const t of await summaryTables(db)) expect(t.kept, t.table).toEqual(t.recount);
  const report = await tc.core.call('reports.vat', { from: DAY, to: DAY });
  expect(report.output).toEqual(await outputFromLines(db, DAY, DAY));
  expect(report.output.documents).toEqual([...ids].sort((a, b) => a - b));
});
