// Properties of the remote's checks of pushed records, against real nodes over real HTTP:
// (a) whatever a device issues — random lines (quantities, net or gross prices, 27 %, 5 %, AAM, discounts), HUF or
//     EUR at a rate, rounded or not, paid in part or in full, cancelled, proformas and their invoices — the remote
//     accepts it, and every node ends with the same books; an invoice of a negative total is refused on its device
//     before it takes a number, so it is on no node;
// (b) any single change of a valid record in a field a rule covers is refused (or, if malformed, a 400), and the
//     remote is left as it was.
// fast-check prints the seed and the shrunk counterexample of a failure; numRuns stay small to keep the file ~1 min.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import type { InvoiceRecord } from '../../shared/contract/sync';
import { INVOICE_STATUS } from '../../shared/invoice-codes';
import { milliToString, parseDecimal, toMilli } from '../../shared/money';
import { findVatCode } from '../../shared/reference/vat-codes';
import { computeLine, computeTotals, roundPayable } from '../../shared/totals';
import { FolioError } from '../../shared/errors';
import { differences, numberingProblems, snapshot } from './support/digest';
import { configure, openDevice, startLocalRemote, syncUntilQuiet, tempDir, type Device } from './support/nodes';
import { asNext, pushRecords, remoteState, startPushRig, type PushRig } from './support/records';
import { addressBody } from '../support/fixtures';

// ---- (b) single changes of a valid record -----------------------------------------------------------------------

const milli = (s: string) => toMilli(parseDecimal(s));
/** An amount moved by `delta` thousandths, in the record's form. */
const moved = (amount: string, delta: number) => milliToString(milli(amount) + delta);
/** A quantity or price moved by `delta` whole units (a smaller step could round to the same amounts). */
const movedUnits = (value: string, delta: number) => parseDecimal(value).plus(delta).toFixed(3);

const MUTATIONS = [
  'line amount',
  'total',
  'qty',
  'unit price',
  'vat_rate',
  'vat_id',
  'status',
  'total_paid',
  'payment amount',
  'invoice_no',
  'date year',
  'prefix',
  'round_to',
  'cancels_uid',
  'proforma_uid',
  'is_cancel_invoice',
  'type',
  'client of a storno or generated invoice',
  'block',
  'payment method',
] as const;
type Mutation = (typeof MUTATIONS)[number];

interface Change {
  base: 'V' | 'S' | 'G';
  mutation: Mutation;
  /** which line, field or alternative (taken modulo what there is) */
  pick: number;
  /** a non-zero step */
  delta: number;
}

/** The record changed as `c` says, or null when the change does not apply to that record (then it is skipped). */
function mutate(rig: PushRig, valid: InvoiceRecord, c: Change): InvoiceRecord | null {
  const r = structuredClone(valid);
  const line = r.items[c.pick % r.items.length]!;
  const choose = <T>(xs: readonly T[]) => xs[c.pick % xs.length]!;
  switch (c.mutation) {
    case 'line amount': {
      const field = choose(['net_amount', 'vat_amount', 'gross_amount'] as const);
      line[field] = moved(line[field], c.delta);
      return r;
    }
    case 'total': {
      const field = choose(['net_total', 'vat_total', 'gross_total', 'rounding', 'total'] as const);
      r[field] = moved(r[field], c.delta);
      return r;
    }
    case 'qty':
      line.qty = movedUnits(line.qty, c.delta);
      return line.qty === '0.000' ? null : r;
    case 'unit price':
      if (line.gross_unit_price !== null && c.pick % 2 === 0) line.gross_unit_price = movedUnits(line.gross_unit_price, c.delta);
      else line.net_unit_price = movedUnits(line.net_unit_price, c.delta);
      return r;
    case 'vat_rate': {
      const rates = ['0.27', '0.05', '0.18', '0'].filter((x) => !parseDecimal(x).eq(parseDecimal(line.vat_rate)));
      line.vat_rate = choose(rates);
      return r;
    }
    case 'vat_id': {
      // to a code of another rate (codes of one rate differ in what they mean, not in what the pricing checks)
      const codes = ['1', '2', '3', '7'].filter((id) => !parseDecimal(findVatCode(id)!.value).eq(parseDecimal(line.vat_rate)));
      line.vat_id = choose(codes);
      return r;
    }
    case 'status':
      r.status = choose([INVOICE_STATUS.paid, INVOICE_STATUS.unpaid, INVOICE_STATUS.cancelled].filter((s) => s !== r.status));
      return r;
    case 'total_paid':
      r.total_paid = moved(r.total_paid, c.delta);
      return r;
    case 'payment amount': {
      if (!r.payments.length) return null;
      const p = r.payments[c.pick % r.payments.length]!;
      p.amount = moved(p.amount, c.delta);
      return r;
    }
    case 'invoice_no': {
      const [year, seq] = r.invoice_no.replace(/^D-/, '').split('-').map(Number) as [number, number];
      const other = c.pick % 2 === 0 ? { year, seq: Math.max(1, seq + Math.sign(c.delta) * (1 + (Math.abs(c.delta) % 5))) } : { year: year + Math.sign(c.delta), seq };
      if (other.year === year && other.seq === seq) return null;
      r.invoice_no = `${r.type === 1 ? 'D-' : ''}${other.year}-${String(other.seq).padStart(6, '0')}`;
      return r;
    }
    case 'date year':
      r.date = `${Number(r.date.slice(0, 4)) + Math.sign(c.delta) * (1 + (Math.abs(c.delta) % 3))}${r.date.slice(4)}`;
      return r;
    case 'prefix':
      r.prefix = choose(['', 'OTHER', 'lapa', 'LAPB', 'LAPA ']);
      return r;
    case 'round_to': {
      const gross = milli(r.gross_total);
      const others = [0, 1, 5, 10].filter((x) => roundPayable(gross, x) !== roundPayable(gross, r.round_to));
      if (!others.length) return null;
      r.round_to = choose(others);
      return r;
    }
    case 'cancels_uid':
      r.cancels_uid = choose([rig.firstInvoice, rig.proforma, 999_999].filter((id) => id !== r.cancels_uid));
      return r;
    case 'proforma_uid':
      r.proforma_uid = choose([rig.firstInvoice, rig.proforma, 999_999].filter((id) => id !== r.proforma_uid));
      return r;
    case 'is_cancel_invoice':
      r.is_cancel_invoice = 1 - r.is_cancel_invoice;
      return r;
    case 'type':
      r.type = r.type === 1 ? 3 : 1;
      return r;
    case 'client of a storno or generated invoice':
      // the client of a plain invoice is the issuer's choice; a storno's or a proforma's invoice's is not
      if (r.cancels_uid === null && r.proforma_uid === null) return null;
      r.client_uid = rig.otherClient;
      return r;
    case 'block':
      r.block_uid = choose([rig.otherBlock, 0, 999_999]);
      return r;
    case 'payment method':
      if (c.pick % 2 === 0 || !r.payments.length) r.payment_method = 999;
      else r.payments[0]!.payment_method = 999;
      return r;
  }
}

test('(b) any single change of a valid record in a field a rule covers is refused, and the remote is unchanged', async () => {
  test.setTimeout(120_000);
  const rig = await startPushRig('mutations');
  const db = rig.remote.core.ctx.db;
  const seen = new Set<Mutation>();
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          base: fc.constantFrom('V' as const, 'S' as const, 'G' as const),
          mutation: fc.constantFrom(...MUTATIONS),
          pick: fc.nat({ max: 1000 }),
          delta: fc.integer({ min: -100_000, max: 100_000 }).filter((d) => d !== 0),
        }),
        async (c) => {
          const valid = await asNext(db, rig[c.base]);
          const changed = mutate(rig, valid, c);
          fc.pre(changed !== null);
          expect(JSON.stringify(changed)).not.toBe(JSON.stringify(valid));
          seen.add(c.mutation);
          const before = await remoteState(db);
          const answer = await pushRecords(rig.remote.url, rig.headers, [changed]);
          if (answer.status === 400) expect(answer.body).toMatchObject({ success: false, code: 'validation_failed' });
          else {
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            expect(answer.body.data.results, `${c.mutation} must be refused`).toEqual([{ status: 'refused', message: expect.any(String) }]);
          }
          expect(await remoteState(db)).toBe(before);
        },
      ),
      {
        numRuns: 150,
        // every kind of change at least once, on a record it applies to; the random runs then mix the rest
        examples: MUTATIONS.map((mutation): [Change] => [{ base: mutation.startsWith('client') ? 'S' : 'V', mutation, pick: 1, delta: 7 }]),
      },
    );
    // every kind of change was tried at least once
    expect([...seen].sort()).toEqual([...MUTATIONS].sort());
    // and the records themselves are valid: the same pushes unchanged are stored
    const stored = await pushRecords(rig.remote.url, rig.headers, [rig.V, rig.S, rig.G]);
    expect(stored.body.data.results.map((x: { status: string }) => x.status)).toEqual(['stored', 'stored', 'stored']);
  } finally {
    await rig.close();
  }
});

// ---- (a) random valid histories ---------------------------------------------------------------------------------

interface LineSpec {
  vat: 1 | 2 | 7;
  qty: string;
  /** whole cents (EUR) or whole forints (HUF) */
  price: number;
  gross: boolean;
}

type Command =
  | { op: 'issue'; dev: 0 | 1; client: 0 | 1; proforma: boolean; cash: boolean; eur: boolean; rate: string; roundTo: 0 | 5; lines: LineSpec[]; discount: boolean }
  | { op: 'pay'; dev: 0 | 1; pick: number; full: boolean }
  | { op: 'cancel'; dev: 0 | 1; pick: number }
  | { op: 'generate'; dev: 0 | 1; pick: number }
  | { op: 'sync' };

const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
  vat: fc.constantFrom(1 as const, 2 as const, 7 as const),
  qty: fc.constantFrom('1', '2', '0.5', '3.25', '10', '1.125'),
  price: fc.integer({ min: 100, max: 2_000_000 }),
  gross: fc.boolean(),
});
const dev = fc.constantFrom(0 as const, 1 as const);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('issue' as const),
      dev,
      client: fc.constantFrom(0 as const, 1 as const),
      proforma: fc.boolean(),
      /** cash is paid when issued */
      cash: fc.boolean(),
      eur: fc.boolean(),
      rate: fc.constantFrom('392.5', '401.2345'),
      roundTo: fc.constantFrom(0 as const, 5 as const),
      lines: fc.array(lineSpec, { minLength: 1, maxLength: 3 }),
      discount: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pay' as const), dev, pick: fc.nat(), full: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), dev, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('generate' as const), dev, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'sync' as const }) },
);

/** What one device has issued, so commands pick among what they may act on (each device acts on its own documents). */
interface Issued {
  /** normal invoices not cancelled (payable, cancellable) */
  invoices: number[];
  /** proformas not yet turned into an invoice */
  proformas: number[];
}

/** The payable total (thousandths) of an invoice's lines as the core prices them (shared/totals). */
function payableOf(items: Array<{ vat_id: number; qty: string; net_unit_price?: string; gross_unit_price?: string }>, currency: string, roundTo: number): number {
  const lines = items.map((i) => {
    const vatRate = findVatCode(i.vat_id)!.value;
    const priced = { qty: i.qty, vatRate, vatId: String(i.vat_id), netUnitPrice: i.net_unit_price, grossUnitPrice: i.gross_unit_price };
    return { vatId: String(i.vat_id), vatRate, amounts: computeLine(priced, currency) };
  });
  return computeTotals(lines, roundTo).total;
}

/** A document of a negative total is refused before it is numbered, for that reason only (legal/rules.ts). */
async function expectNegativeRefused(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FolioError);
  expect((error as FolioError).code).toBe('rule_violation');
  expect((error as FolioError).errors).toEqual([expect.objectContaining({ field: 'items', reason: 'negative_total' })]);
}

async function runHistory(commands: Command[]) {
  const tmp = tempDir('histories');
  const remote = await startLocalRemote(tmp.file('remote.db'));
  const devices: Device[] = [await openDevice('Laptop A', tmp.file('a.db')), await openDevice('Laptop B', tmp.file('b.db'))];
  const call = (d: Device, op: string, input: unknown) => (d.runtime.core.call as (op: string, input: unknown) => Promise<any>)(op, input);
  try {
    await configure(devices[0]!, remote.url, { block_prefix: 'DEVA' });
    await configure(devices[1]!, remote.url, { block_prefix: 'DEVB' });
    await call(devices[0]!, 'clients.create', { name: 'Első Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() });
    await call(devices[0]!, 'clients.create', { name: 'Második Bt.', billing_address: addressBody() });
    await syncUntilQuiet(devices);
    const clientsOf = async (d: Device) => ((await call(d, 'clients.list', {})).items as Array<{ id: number; attributes: { name: string } }>).sort((x, y) => x.attributes.name.localeCompare(y.attributes.name)).map((c) => c.id);
    const clients = [await clientsOf(devices[0]!), await clientsOf(devices[1]!)];
    const blocks = [];
    for (const d of devices) blocks.push((await call(d, 'sync.status', {})).own_block_uid as number);
    const issued: Issued[] = [
      { invoices: [], proformas: [] },
      { invoices: [], proformas: [] },
    ];
    let count = 0;

    for (const c of commands) {
      if (c.op === 'sync') {
        await syncUntilQuiet(devices);
        continue;
      }
      const d = devices[c.dev]!;
      const mine = issued[c.dev]!;
      if (c.op === 'issue') {
        const units = (n: number) => (c.eur ? (n / 100).toFixed(2) : String(n));
        const items = c.lines.map((l, i) => ({
          description: `Tétel ${i + 1}`,
          vat_id: l.vat,
          qty: l.qty,
          unit: 'db',
          ...(l.gross ? { gross_unit_price: units(l.price) } : { net_unit_price: units(l.price) }),
        }));
        // a discount of 0.40 net: above a line of 0.50 gross, it makes a negative total, which no invoice may have
        if (c.discount) items.push({ description: 'Kedvezmény', vat_id: 1, qty: '1', unit: 'db', net_unit_price: `-${units(40)}` });
        const body = {
          client_uid: clients[c.dev]![c.client]!,
          payment_method: c.cash ? 1 : 2,
          currency: c.eur ? 'EUR' : 'HUF',
          ...(c.eur ? { exchange_rate: c.rate } : {}),
          round_to: c.roundTo,
          type: c.proforma ? 1 : 3,
          block_uid: blocks[c.dev]!,
          fulfillment_date: '2026-03-15',
          due_date: '2026-03-23',
          items,
        };
        // a proforma is no invoice: its total is not checked until an invoice is generated from it
        if (!c.proforma && payableOf(items, body.currency, c.roundTo) < 0) {
          await expectNegativeRefused(call(d, 'invoices.create', body));
          continue;
        }
        const created = await call(d, 'invoices.create', body);
        (c.proforma ? mine.proformas : mine.invoices).push(created.id);
        count++;
      } else if (c.op === 'pay') {
        if (!mine.invoices.length) continue;
        const id = mine.invoices[c.pick % mine.invoices.length]!;
        const a = (await call(d, 'invoices.get', { id })).attributes;
        const left = milli(a.total) - milli(a.total_paid);
        if (left <= 0) continue;
        const unit = a.currency === 'HUF' ? 1000 : 10; // thousandths of a forint, of a cent
        const half = Math.floor(left / 2 / unit) * unit;
        const amount = c.full || half <= 0 ? left : half;
        await call(d, 'invoices.pay', { id, date: '2026-03-16', amount: milliToString(amount) });
      } else if (c.op === 'cancel') {
        if (!mine.invoices.length) continue;
        const [id] = mine.invoices.splice(c.pick % mine.invoices.length, 1);
        await call(d, 'invoices.cancel', { id });
        count++;
      } else {
        if (!mine.proformas.length) continue;
        const [id] = mine.proformas.splice(c.pick % mine.proformas.length, 1);
        const proforma = (await call(d, 'invoices.get', { id })).attributes;
        if (milli(proforma.total) < 0) {
          await expectNegativeRefused(call(d, 'invoices.generate', { id }));
          continue;
        }
        mine.invoices.push((await call(d, 'invoices.generate', { id })).id);
        count++;
      }
    }

    await syncUntilQuiet(devices);
    const onRemote = await snapshot(remote.core.ctx.db, true);
    expect(onRemote.invoices).toHaveLength(count);
    expect(await numberingProblems(remote.core.ctx.db)).toEqual([]);
    for (const d of devices) {
      const { issues } = await call(d, 'sync.conflicts', {});
      expect(issues, `${d.name}: nothing the remote refused`).toEqual([]);
      expect((await call(d, 'sync.status', {})).pending_changes).toBe(0);
      expect(differences(onRemote, await snapshot(d.opened.db, false)), d.name).toEqual([]);
    }
  } finally {
    for (const d of devices) await d.close();
    await remote.close();
    tmp.remove();
  }
}

test('(a) whatever devices issue, the remote accepts it and every node has the same books', async () => {
  test.setTimeout(180_000);
  // histories always among the runs: each kind of document, an EUR invoice at a rate of 4 decimals cancelled
  const every: Command[] = [
    { op: 'issue', dev: 0, client: 0, proforma: false, cash: false, eur: true, rate: '401.2345', roundTo: 5, discount: true, lines: [{ vat: 1, qty: '3.25', price: 12345, gross: true }, { vat: 7, qty: '1', price: 5000, gross: false }] },
    { op: 'pay', dev: 0, pick: 0, full: false },
    { op: 'cancel', dev: 0, pick: 0 },
    { op: 'issue', dev: 1, client: 1, proforma: true, cash: false, eur: false, rate: '392.5', roundTo: 0, discount: false, lines: [{ vat: 2, qty: '0.5', price: 777, gross: false }] },
    { op: 'sync' },
    { op: 'generate', dev: 1, pick: 0 },
    { op: 'pay', dev: 1, pick: 0, full: true },
  ];
  // a discount above its line (a total of -1 HUF): the invoice is refused and nothing is numbered, on either side; a
  // proforma of it is issued, but its invoice is refused too
  const negative: Command[] = [
    { op: 'issue', dev: 0, client: 0, proforma: false, cash: false, eur: false, rate: '392.5', roundTo: 0, discount: true, lines: [{ vat: 1, qty: '0.5', price: 100, gross: true }] },
    { op: 'cancel', dev: 0, pick: 0 },
    { op: 'issue', dev: 1, client: 1, proforma: true, cash: false, eur: false, rate: '392.5', roundTo: 0, discount: true, lines: [{ vat: 1, qty: '0.5', price: 100, gross: true }] },
    { op: 'sync' },
    { op: 'generate', dev: 1, pick: 0 },
    { op: 'issue', dev: 0, client: 0, proforma: false, cash: false, eur: false, rate: '392.5', roundTo: 0, discount: false, lines: [{ vat: 1, qty: '1', price: 100, gross: false }] },
  ];
  // documents of nothing to pay (1.27 EUR rounded to 5 is 0), settled when issued, also in cash; a discount above the
  // line, in cash, is refused
  const nothing: Command[] = [
    { op: 'issue', dev: 0, client: 0, proforma: false, cash: false, eur: true, rate: '392.5', roundTo: 5, discount: false, lines: [{ vat: 1, qty: '1', price: 100, gross: false }] },
    { op: 'issue', dev: 0, client: 0, proforma: true, cash: false, eur: true, rate: '392.5', roundTo: 5, discount: false, lines: [{ vat: 1, qty: '1', price: 100, gross: false }] },
    { op: 'issue', dev: 1, client: 1, proforma: false, cash: true, eur: false, rate: '392.5', roundTo: 0, discount: true, lines: [{ vat: 1, qty: '0.5', price: 100, gross: true }] },
    { op: 'issue', dev: 1, client: 1, proforma: false, cash: true, eur: true, rate: '392.5', roundTo: 5, discount: false, lines: [{ vat: 1, qty: '1', price: 100, gross: false }] },
    { op: 'generate', dev: 0, pick: 0 },
  ];
  await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), runHistory), { numRuns: 15, examples: [[every], [negative], [nothing]] });
});
