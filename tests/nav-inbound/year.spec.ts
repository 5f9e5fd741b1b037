// A year of invoices received from suppliers (a few hundred, with modifications and stornos, some compressed, some in
// euros, some reported late) fetched from the fake NAV by insertion date and booked as expenses exactly once each;
// a second run books nothing; a late report is fetched by the next day's run; a bank debit matches a booked
// invoice; the VAT analysis's input side counts them to the forint by their tax point.
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import { openDatabase } from '../../electron/db/open';
import { partVatCode } from '../../electron/core/expenses/vat-parts';
import { b64, mt940, OWN_IBAN } from '../bank/statements';
import { invoiceDataXml, taxpayerId, totalsOf, yearOfInvoices, type Marking, type YearDocument } from '../nav/inbound-fixtures';
import { holdAll, startInboundFolio, type InboundFolio } from './support';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let f: InboundFolio;
let docs: YearDocument[];
test.beforeAll(async () => {
  f = await startInboundFolio({ nav: { schemaChecksPerOperation: 3 } });
  docs = yearOfInvoices(300, 2025);
  holdAll(f.nav, docs);
  // an invoice of another buyer: not this business's, never fetched
  const other = { ...docs[0]!.invoice, number: 'MAS-1' };
  f.nav.inbound.add(invoiceDataXml(other).replaceAll('<base:taxpayerId>12345676</base:taxpayerId>', `<base:taxpayerId>${taxpayerId(3000001)}</base:taxpayerId>`), docs[0]!.insDate);
});
test.afterAll(async () => f?.stop());

const huf = (b: Big) => b.toFixed(3);

test('the first run offers the beginning of the year, then books every received invoice once', async () => {
  const status = await f.call('navInbound.status');
  expect(status).toMatchObject({ nav_set_up: true, start_date: null, suggested_start: '2026-01-01', cursor: null, error: null });
  // a run before a start date is chosen says so, in the field's words
  const early = await f.rpc('navInbound.run');
  expect(early.status).toBe(422);
  expect(early.body.errors[0]).toMatchObject({ field: 'start_date', reason: 'nav_inbound_no_start' });

  const first = await f.call('navInbound.start', { start_date: '2025-01-01' });
  expect(first).toMatchObject({ ran: true, fetched: docs.length, booked: docs.length });
  expect(first.status.error).toBeNull();
  expect(first.status.counts).toEqual({ new: 0, booked: docs.length, ignored: 0 });
  // the start date is chosen once
  const again = await f.rpc('navInbound.start', { start_date: '2025-06-01' });
  expect(again.status).toBe(409);

  const opened = await openDatabase(f.dbFile);
  try {
    const expenses = await opened.db.selectFrom('expenses').selectAll().execute();
    expect(expenses).toHaveLength(docs.length);
    expect(new Set(expenses.map((e) => e.invoice_no)).size).toBe(docs.length);
    const rows = await opened.db.withTables<{ nav_inbound: any }>().selectFrom('nav_inbound').selectAll().execute();
    const byNumber = new Map(expenses.map((e) => [e.invoice_no, e]));
    const rowByNumber = new Map(rows.map((r: any) => [r.invoice_number, r]));
    for (const d of docs) {
      const e = byNumber.get(d.invoice.number)!;
      const t = totalsOf(d.invoice);
      expect(e.currency).toBe(d.invoice.currency ?? 'HUF');
      expect(e.gross_price_milli / 1000).toBe(Number(t.gross));
      expect(e.vat_amount_milli! / 1000).toBe(Number(t.vat));
      expect(e.supplier_taxcode).toBe(`${d.invoice.supplier.taxpayerId}-${d.invoice.supplier.vatCode}-${d.invoice.supplier.countyCode}`);
      expect(e.invoice_date).toBe(d.invoice.issueDate);
      expect(e.due_date).toBe(d.invoice.paymentDate);
      const row = rowByNumber.get(d.invoice.number);
      expect(row.state).toBe('booked');
      expect(row.expense_id).toBe(e.id);
      if (d.operation === 'CREATE') {
        expect(e.fulfillment_date).toBe(d.invoice.deliveryDate);
        expect(row.chain_expense_id).toBeNull();
      } else {
        // its own period: no fulfillment date, the tax point is its issue date; linked to its original's expense
        expect(e.fulfillment_date).toBeNull();
        expect(row.chain_expense_id).toBe(byNumber.get(d.invoice.reference!.original)!.id);
      }
      if (d.operation === 'STORNO') expect(e.kind).toBe('credit_note');
      // card payments are settled at the counter
      expect(e.paid).toBe(d.invoice.paymentMethod === 'CARD' && t.gross.gt(0) ? 1 : 0);
    }
    // a chain's storno takes it to zero
    const storno = docs.find((d) => d.operation === 'STORNO' && docs.some((m) => m.operation === 'MODIFY' && m.invoice.reference!.original === d.invoice.reference!.original))!;
    const chain = expenses.filter((e) => e.invoice_no.startsWith(storno.invoice.reference!.original));
    expect(chain).toHaveLength(3);
    expect(chain.reduce((s, e) => s + e.gross_price_milli, 0)).toBe(0);
    // the invoice data kept as the attachment, byte for byte (compressed ones unpacked)
    const compressed = docs.find((d) => d.compress)!;
    const file = await opened.db.selectFrom('expense_attachments').selectAll().where('expense_id', '=', byNumber.get(compressed.invoice.number)!.id).executeTakeFirstOrThrow();
    expect(file.content_type).toBe('application/xml');
    expect(Buffer.from(file.content).toString('utf8')).toBe(invoiceDataXml(compressed.invoice));
  } finally {
    await opened.close();
  }
  // a modification reported before its late original was booked after it, through the chain's digest
  expect(f.nav.calls.filter((c) => c.operation === 'queryInvoiceChainDigest' && c.status === 200).length).toBeGreaterThan(0);
  expect(f.nav.calls.filter((c) => c.status !== 200)).toEqual([]);
  await f.nav.idle();
  expect(f.nav.responseSchemaErrors).toEqual([]);
});

test('a second run books nothing; a late report is fetched the next day; nothing is booked twice', async () => {
  const second = await f.call('navInbound.run');
  expect(second).toMatchObject({ ran: true, fetched: 0, booked: 0 });
  expect(second.status.error).toBeNull();

  // a supplier reports a June invoice in February: its insertion date is new
  const late = { ...docs[5]!.invoice, number: 'KESO-2025/1', issueDate: '2025-06-30', deliveryDate: '2025-06-30' };
  f.nav.inbound.add(invoiceDataXml(late), new Date('2026-02-15T20:00:00Z'));
  docs.push({ invoice: late, operation: 'CREATE', insDate: new Date('2026-02-15T20:00:00Z'), compress: false });
  f.clock.advanceDays(1);
  const next = await f.call('navInbound.run');
  expect(next).toMatchObject({ fetched: 1, booked: 1 });
  const list = await f.call('navInbound.list', { from: '2025-06-01', to: '2025-06-30', max_per_page: 200 });
  expect(list.items.some((i: any) => i.invoice_number === 'KESO-2025/1' && i.state === 'booked')).toBe(true);
  expect(list.counts.booked).toBe(list.items.length);
  // the period's sums are the sums of the rows
  const listed = list.items.filter((i: any) => i.currency === 'HUF');
  const sum = listed.reduce((s: Big, i: any) => s.plus(i.gross), new Big(0));
  expect(list.sums.find((s: any) => s.currency === 'HUF').gross).toBe(huf(sum));
});

test('the detail says where each field came from; a bank debit matches a booked invoice', async () => {
  const page = await f.call('navInbound.list', { from: '2025-03-01', to: '2025-03-31', state: 'booked', max_per_page: 200 });
  const transfer = docs.find((d) => d.invoice.issueDate.startsWith('2025-03') && d.operation === 'CREATE' && d.invoice.paymentMethod === 'TRANSFER' && !d.invoice.currency && !docs.some((x) => x.invoice.reference?.original === d.invoice.number))!;
  const item = page.items.find((i: any) => i.invoice_number === transfer.invoice.number);
  const detail = await f.call('navInbound.get', { id: item.id });
  expect(detail.sources).toMatchObject({ supplier_name: 'nav', supplier_taxcode: 'nav', invoice_date: 'nav', amounts: 'nav', attachment: 'nav' });
  expect(detail.lines[0]).toMatchObject({ number: 1, description: transfer.invoice.lines[0]!.description });
  expect(detail.payment_method).toBe('TRANSFER');

  const account = (await f.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
  const gross = totalsOf(transfer.invoice).gross.toFixed(0);
  await f.call('bankStatements.import', { account_id: account, file: b64(mt940([{ ref: 'NAVD1', date: '2025-04-02', amount: gross, direction: 'debit', name: transfer.invoice.supplier.name, remittance: `Szla ${transfer.invoice.number}` }], { info: 'structured' })) });
  const entries = (await f.call('bankEntries.list', { state: 'all' })).items;
  const debit = entries.find((e: any) => e.bank_ref === 'NAVD1');
  expect(debit.suggestion).toMatchObject({ reason: 'expense_invoice_number', confident: true, expense: { expense_id: item.expense_id, amount: `${gross}.000` } });
});

/** The expected input side of a month: originals by their delivery date, chain members by their issue date. */
function expectedInput(from: string, to: string) {
  const byCode = new Map<string, { net: Big; vat: Big }>();
  let vat = new Big(0);
  for (const d of docs) {
    const day = d.operation === 'CREATE' ? d.invoice.deliveryDate : d.invoice.issueDate;
    if (day < from || day > to) continue;
    for (const p of totalsOf(d.invoice).parts.values()) {
      const code = partVatCode(partOf(p.marking));
      const line = byCode.get(code) ?? { net: new Big(0), vat: new Big(0) };
      line.net = line.net.plus(p.netHuf);
      line.vat = line.vat.plus(p.vatHuf);
      byCode.set(code, line);
      if ('pct' in p.marking) vat = vat.plus(p.vatHuf);
    }
  }
  return { byCode, vat };
}

function partOf(m: Marking) {
  if ('pct' in m) return { category: 'S', rate: String(Number(m.pct) * 100), exemption_reason: null };
  if ('exempt' in m) return { category: 'E', rate: null, exemption_reason: `${m.exempt}: ${m.reason}` };
  if ('outOfScope' in m) return { category: 'O', rate: null, exemption_reason: `${m.outOfScope}: ${m.reason}` };
  return { category: 'AE', rate: null, exemption_reason: null };
}

test('the VAT analysis input side counts them by their tax point, to the forint (euro invoices at their HUF amounts)', async () => {
  for (const [from, to] of [
    ['2025-03-01', '2025-03-31'],
    ['2025-07-01', '2025-09-30'],
    ['2025-01-01', '2025-12-31'],
  ] as const) {
    const analysis = await f.call('reports.vat', { from, to });
    const expected = expectedInput(from, to);
    expect(analysis.input.vat).toBe(huf(expected.vat));
    expect(analysis.input.unconverted).toEqual([]);
    for (const [code, line] of expected.byCode) {
      const row = analysis.input.rows.find((r: any) => r.vat_id === code);
      expect(row, `VAT code ${code}`).toMatchObject({ net: huf(line.net), vat: huf(line.vat) });
    }
  }
});
