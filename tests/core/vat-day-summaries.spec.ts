// Migration 0074's day sums of the VAT analysis are written by a trigger in the sealing transaction: a seal whose
// transaction fails after its triggers ran (here a seal hook — the NAV report queue's place — that throws) must take
// its sums with it, as a killed write does (tests/fault/summaries-crash.spec.ts). On either database.
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
