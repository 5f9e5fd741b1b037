// Invoices another device issued and pushed are in the remote's VAT analysis: report_vat_lines is filled by the
// seal, which storing a pushed record passes like issuing does (migration 0032). Real remote, real device, real HTTP.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { pushRecords, startPushRig, type PushRig } from '../sync/support/records';

let rig: PushRig;
test.afterAll(async () => rig?.close());

test('the pushed invoices count in the remote’s analysis with their own VAT', async () => {
  test.setTimeout(90_000);
  rig = await startPushRig('reports-sync');
  const answer = await pushRecords(rig.remote.url, rig.headers, [rig.V, rig.S, rig.G]);
  const ids = (answer.body.data.results as Array<{ id: number }>).map((r) => r.id);
  expect(ids).toHaveLength(3);
  const db = rig.remote.core.ctx.db;
  const rows = await db.selectFrom('invoices').select(['id', 'date', 'fulfillment_date']).where('id', 'in', ids).execute();
  const days = rows.flatMap((r) => [r.date, r.fulfillment_date]).sort();
  const report = await rig.remote.core.call('reports.vat', { from: days[0]!, to: days.at(-1)! });
  for (const id of ids) expect(report.output.documents).toContain(id);
  // the pushed invoice is in each VAT code's line with exactly the record's amounts for that code
  const milli = (v: string) => Math.round(Number(v) * 1000);
  const byCode = new Map<string, { net: number; vat: number }>();
  for (const item of rig.V.items) {
    const sum = byCode.get(item.vat_id) ?? { net: 0, vat: 0 };
    byCode.set(item.vat_id, { net: sum.net + milli(item.net_amount), vat: sum.vat + milli(item.vat_amount) });
  }
  const stored = (await sql<{ vat_id: string; net_milli: number; vat_milli: number }>`
    select vat_id, net_milli, vat_milli from report_vat_lines where invoice_id = ${ids[0]!} order by vat_id`.execute(db)).rows;
  expect(stored.map((r) => [r.vat_id, r.net_milli, r.vat_milli])).toEqual([...byCode.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, x]) => [id, x.net, x.vat]));
  for (const vatId of byCode.keys()) expect(report.output.rows.find((r) => r.vat_id === vatId)!.documents).toContain(ids[0]);
});
