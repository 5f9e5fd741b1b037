// Numbering stays gapless and unique under random sequences of operations (docs/design.md §4): create normal, proforma
// and draft invoices in several blocks, issue and delete drafts, cancel, generate, pay, move the clock across
// years, and fail on purpose. Afterwards plain SQL checks every counter and every number.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import type { Db } from '../../electron/db/types';
import { ManualClock } from '../../electron/core/clock';
import { FolioError } from '../../shared/errors';
import { addDays, dateIn, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { coreClient, invoiceBody, openTestCore, queryRows, type TestCore } from '../support/fixtures';

type Op =
  | { op: 'create'; type: 0 | 1 | 3; block: number; cash: boolean }
  | { op: 'createFailing'; type: 1 | 3; block: number }
  | { op: 'issue'; pick: number; asProforma: boolean }
  | { op: 'deleteDraft'; pick: number }
  | { op: 'cancel'; pick: number }
  | { op: 'generate'; pick: number }
  | { op: 'pay'; pick: number }
  | { op: 'advance'; days: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('create' as const), type: fc.constantFrom<0 | 1 | 3>(0, 1, 3), block: fc.nat({ max: 2 }), cash: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('createFailing' as const), type: fc.constantFrom<1 | 3>(1, 3), block: fc.nat({ max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('issue' as const), pick: fc.nat(), asProforma: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteDraft' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('generate' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('pay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 200 }) }) },
);

interface Row {
  id: number;
  type: number;
  status: number;
  block_id: number;
  number_kind: string | null;
  number_year: number | null;
  number_seq: number | null;
  invoice_no: string | null;
  prefix: string;
  date: string;
  is_cancel_invoice: number;
  cancels_id: number | null;
  sealed: number;
}

/** Plain-SQL checks of the whole book; returns the problems found (empty when all is well). */
async function checkDatabase(db: Db, expectedNumbered: number): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<Row>(db, 'select * from invoices order by id');
  const numbered = rows.filter((r) => r.number_seq !== null);
  if (numbered.length !== expectedNumbered) problems.push(`${numbered.length} numbered invoices, expected ${expectedNumbered}`);

  // Drafts have no number and no seal; everything else is numbered, sealed and formatted from its counter.
  for (const r of rows) {
    if (r.type === 0) {
      if (r.invoice_no !== null || r.number_kind !== null || r.number_year !== null || r.number_seq !== null || r.sealed !== 0) {
        problems.push(`draft ${r.id} has a number or a seal: ${JSON.stringify(r)}`);
      }
      continue;
    }
    const kind = r.type === 1 ? 'proforma' : 'invoice';
    const expectedNo = `${r.type === 1 ? 'D-' : ''}${r.number_year}-${String(r.number_seq).padStart(6, '0')}`;
    if (r.number_seq === null || r.sealed !== 1 || r.number_kind !== kind || r.number_year !== Number(r.date.slice(0, 4)) || r.invoice_no !== expectedNo) {
      problems.push(`invoice ${r.id} is numbered wrongly: ${JSON.stringify(r)}`);
    }
  }

  // Gapless: per (block, kind, year) the numbers are exactly 1..n, and the counter row stands at n.
  const groups = await queryRows<{ block_id: number; number_kind: string; number_year: number; n: number; distinct_n: number; lo: number; hi: number }>(
    db,
    `select block_id, number_kind, number_year, count(*) as n, count(distinct number_seq) as distinct_n, min(number_seq) as lo, max(number_seq) as hi
       from invoices where number_seq is not null group by block_id, number_kind, number_year`,
  );
  const counter = 'select last_no from number_counters where block_id = ? and kind = ? and year = ?';
  for (const g of groups) {
    if (g.distinct_n !== g.n || g.lo !== 1 || g.hi !== g.n) problems.push(`numbers with a gap or a repeat: ${JSON.stringify(g)}`);
    const [c] = await queryRows<{ last_no: number }>(db, counter, g.block_id, g.number_kind, g.number_year);
    if (c?.last_no !== g.n) problems.push(`counter at ${c?.last_no} for ${JSON.stringify(g)}`);
  }
  const [counters] = await queryRows<{ n: number }>(db, 'select count(*) as n from number_counters');
  if (counters!.n !== groups.length) problems.push(`${counters!.n} counter rows for ${groups.length} numbered groups`);

  // Unique across the whole book: the prefixed numbers never repeat.
  const dup = await queryRows(db, `select prefix, invoice_no, count(*) as n from invoices where invoice_no is not null group by prefix, invoice_no having count(*) > 1`);
  if (dup.length) problems.push(`repeated numbers: ${JSON.stringify(dup)}`);

  // A cancelling invoice is in its original's block, and its original is cancelled.
  const misplaced = await queryRows(db, 'select c.id from invoices c join invoices o on o.id = c.cancels_id where c.block_id != o.block_id or o.status != 4');
  if (misplaced.length) problems.push(`cancelling invoices out of place: ${JSON.stringify(misplaced)}`);
  return problems;
}

// One database for every run of the property: the invariants are about the whole book, so they must hold after each
// run on top of everything the runs before left (and the clock may go back to an earlier year between runs).
let tc: TestCore;
let clock: ManualClock;
let clientUid: number;
let blocks: number[];
let numbered = 0;

test.beforeAll(async () => {
  clock = new ManualClock('2025-01-01T10:00:00Z');
  tc = await openTestCore({ clock });
  clientUid = await coreClient(tc.core);
  blocks = [0, (await tc.core.call('blocks.create', { name: 'A', prefix: 'A' })).id, (await tc.core.call('blocks.create', { name: 'B', prefix: 'B' })).id];
});
test.afterAll(async () => {
  await tc?.close();
});

test('numbers stay gapless and unique across blocks, years and types', async () => {
  test.setTimeout(300_000);
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 3 * 365 }), async (ops, startDay) => {
      clock.set(new Date(Date.UTC(2025, 0, 1, 10) + startDay * 86_400_000).toISOString());
      const core = tc.core;
      const firstId = ((await queryRows<{ m: number | null }>(tc.opened.db, 'select max(id) as m from invoices'))[0]!.m ?? 0) + 1;
      const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
      const rows = () =>
        queryRows<{ id: number; type: number; status: number; is_cancel_invoice: number; generated_invoice_id: number | null; due_date: string }>(
          tc.opened.db,
          'select id, type, status, is_cancel_invoice, generated_invoice_id, due_date from invoices where id >= ?',
          firstId,
        );
      const today = () => dateIn(clock.now(), DEFAULT_TIME_ZONE);
      // made on the business day the clock stands at, due a week later (an invoice is never due before its issue)
      const body = (over: Record<string, unknown>) => invoiceBody(clientUid, { fulfillment_date: today(), due_date: addDays(today(), 8), ...over });
      const expectRefusal = async (p: Promise<unknown>) => {
        const e = await p.then(() => undefined, (err: unknown) => err);
        if (!(e instanceof FolioError) || e.status >= 500) throw new Error(`expected a refusal, got ${String(e)}`);
      };

      for (const o of ops) {
        switch (o.op) {
          case 'create': {
            await core.call('invoices.create', body({ type: o.type, block_uid: blocks[o.block], payment_method: o.cash ? 1 : 2 }));
            if (o.type !== 0) numbered++;
            break;
          }
          case 'createFailing':
            await expectRefusal(core.call('invoices.create', body({ type: o.type, block_uid: blocks[o.block], items: [{ product_uid: 999999, qty: 1 }] })));
            break;
          case 'issue': {
            const d = pick((await rows()).filter((r) => r.type === 0), o.pick);
            if (!d) break;
            if (!o.asProforma && d.due_date < today()) {
              // a draft left until after its due date is no legal invoice as it stands: refused, and no number taken
              await expectRefusal(core.call('invoices.issue', { id: d.id, type: 3 }));
              break;
            }
            await core.call('invoices.issue', { id: d.id, type: o.asProforma ? 1 : 3 });
            numbered++;
            break;
          }
          case 'deleteDraft': {
            const d = pick((await rows()).filter((r) => r.type === 0), o.pick);
            if (d) await core.call('invoices.delete', { id: d.id });
            break;
          }
          case 'cancel': {
            const target = pick((await rows()).filter((r) => r.type !== 0), o.pick);
            if (!target) break;
            const cancellable = !target.is_cancel_invoice && target.status !== 4 && !(target.type === 1 && target.generated_invoice_id);
            if (cancellable) {
              await core.call('invoices.cancel', { id: target.id });
              if (target.type === 3) numbered++;
            } else {
              await expectRefusal(core.call('invoices.cancel', { id: target.id }));
            }
            break;
          }
          case 'generate': {
            const target = pick((await rows()).filter((r) => r.type === 1), o.pick);
            if (!target) break;
            if (!target.generated_invoice_id && target.status !== 4) {
              await core.call('invoices.generate', { id: target.id });
              numbered++;
            } else {
              await expectRefusal(core.call('invoices.generate', { id: target.id }));
            }
            break;
          }
          case 'pay': {
            // A proforma whose invoice was generated takes no more payments: they belong to that invoice.
            const target = pick((await rows()).filter((r) => r.type !== 0 && r.status === 2 && !r.is_cancel_invoice && !r.generated_invoice_id), o.pick);
            if (target) await core.call('invoices.pay', { id: target.id, date: '2026-01-01', amount: 1 });
            break;
          }
          case 'advance':
            clock.advanceDays(o.days);
            break;
        }
      }
      expect(await checkDatabase(tc.opened.db, numbered)).toEqual([]);
    }),
    { numRuns: 200 },
  );
});
