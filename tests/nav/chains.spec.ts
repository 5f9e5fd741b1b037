// Invoice chains as NAV takes them (docs/nav.md "Chains"): modifying invoices (MODIFY) of Folio's own invoices and of
// the previous program's, the STORNO of a modified invoice, advance and final invoices — each issued through the
// real core on a database file, its report built as the queue builds it (navReportSource), validated against NAV's
// official XSD and NAV's arithmetic checks, and its chain data read back from the XML.
import { expect, test } from '@playwright/test';
import type { Core } from '../../electron/core/index';
import { navReportSource } from '../../electron/nav-queue/store';
import { NavDataError } from '../../electron/nav/errors';
import { buildInvoiceDataXml, navOperation, prepareNavReport } from '../../electron/nav/invoice-data';
import { createBuyer, invoiceBody, netItem, openTestCore, TODAY, type TestCore } from '../support/fixtures';
import { checkInvoiceData, parseInvoiceData } from './nav-checks';
import { validateNavXml } from './schema';

type Node = Record<string, any>;

let t: TestCore;
let core: Core;
let buyer: number;

test.beforeEach(async () => {
  t = await openTestCore();
  core = t.core;
  buyer = await createBuyer(core);
});
test.afterEach(async () => {
  await t.close();
});

interface Report {
  operation: string;
  number: string;
  reference: Node | undefined;
  lines: Node[];
  /** [lineNumberReference, lineOperation] per line */
  refs: Array<[number, string] | undefined>;
  doc: Node;
}

/** The report of an issued invoice as the queue prepares it, schema-valid and free of NAV's check messages. */
async function report(id: number): Promise<Report> {
  const { invoice, options } = await navReportSource(t.opened.db, id);
  const prepared = prepareNavReport(invoice.attributes, options);
  const xml = Buffer.from(prepared.invoiceDataBase64, 'base64').toString('utf8');
  const schema = await validateNavXml('data', xml);
  expect(schema.errors, 'schema errors').toBe('');
  expect(schema.ok).toBe(true);
  expect(prepared.operation).toBe(navOperation(invoice.attributes));
  expect(checkInvoiceData(xml, prepared.operation)).toEqual([]);
  const doc = parseInvoiceData(xml);
  const lines = doc.invoiceMain.invoice.invoiceLines.line as Node[];
  return {
    operation: prepared.operation,
    number: prepared.invoiceNumber,
    reference: doc.invoiceMain.invoice.invoiceReference,
    lines,
    refs: lines.map((l) =>
      l.lineModificationReference ? [Number(l.lineModificationReference.lineNumberReference), l.lineModificationReference.lineOperation] : undefined,
    ),
    doc,
  };
}

const issue = async (over: Record<string, unknown> = {}) => core.call('invoices.create', invoiceBody(buyer, over));
const modify = (id: number, items: Array<Record<string, unknown>>, reason = 'Árkorrekció') => core.call('invoices.modify', { id, reason, items } as never);

/** A two-line original: 100,000 development at 27 %, 2 × 10,000 books at 5 %. */
async function original() {
  return issue({
    items: [
      netItem(100_000, { description: 'Fejlesztés', unit: 'db' }),
      netItem(10_000, { description: 'Szakkönyv', vat_id: 2, qty: 2, unit: 'db' }),
    ],
  });
}

test('a modifying invoice of a Folio invoice: MODIFY, its chain place, a changed line and a new one', async () => {
  const orig = await original();
  const mod = await modify(orig.id, [
    { modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000, unit: 'db' },
    { description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 5_000, unit: 'db' },
  ]);
  const r = await report(mod.id);
  expect(r.operation).toBe('MODIFY');
  expect(r.number).toBe(mod.attributes.prefixed_invoice_no);
  expect(r.reference).toEqual({ originalInvoiceNumber: orig.attributes.prefixed_invoice_no, modifyWithoutMaster: 'false', modificationIndex: '1' });
  // the changed line refers to chain line 1; the new line is line 3 of the chain (the original had 2)
  expect(r.refs).toEqual([
    [1, 'MODIFY'],
    [3, 'CREATE'],
  ]);
  // the differences travel as they are: a negative quantity and amount for the price cut
  expect(r.lines[0]).toMatchObject({ lineNumber: '1', quantity: '-1', unitPrice: '20000', lineAmountsNormal: { lineNetAmountData: { lineNetAmount: '-20000' } } });
  expect(r.lines.every((l) => l.advanceData === undefined)).toBe(true);
  // NAV 3.0 has no element for the reason: it is printed, not reported
  expect(JSON.stringify(r.doc)).not.toContain('Árkorrekció');
  // the original is a plain CREATE
  const o = await report(orig.id);
  expect([o.operation, o.reference, o.refs]).toEqual(['CREATE', undefined, [undefined, undefined]]);
});

test('a modification is not numbered by guesswork: without the chain’s line count the builder refuses it', async () => {
  const orig = await original();
  const first = await modify(orig.id, [{ description: 'Tesztelés', vat_id: 1, qty: 1, net_unit_price: 5_000, unit: 'óra' }]);
  const second = await modify(orig.id, [{ description: 'Betanítás', vat_id: 1, qty: 1, net_unit_price: 4_000, unit: 'óra' }]);
  const { invoice, options } = await navReportSource(t.opened.db, second.id);
  expect(options).toMatchObject({ modificationIndex: 2, chainLineCount: 3, modifyWithoutMaster: false });
  const { chainLineCount: _, ...withoutCount } = options;
  expect(() => buildInvoiceDataXml(invoice.attributes, withoutCount)).toThrow(NavDataError);
  expect((await report(first.id)).refs).toEqual([[3, 'CREATE']]);
  expect((await report(second.id)).refs).toEqual([[4, 'CREATE']]);
});

test('a second modification takes index 2 and numbers its new lines after the first one’s; the storno after both is index 3', async () => {
  const orig = await original();
  const first = await modify(orig.id, [{ description: 'Tesztelés', vat_id: 1, qty: 2, net_unit_price: 5_000, unit: 'óra' }]);
  const second = await modify(orig.id, [
    { modifies_line: 3, description: 'Tesztelés', vat_id: 1, qty: -1, net_unit_price: 5_000, unit: 'óra' },
    { description: 'Dokumentáció', vat_id: 1, qty: 1, net_unit_price: 8_000, unit: 'db' },
    { description: 'Betanítás', vat_id: 1, qty: 3, net_unit_price: 4_000, unit: 'óra' },
  ]);
  const a = await report(first.id);
  expect([a.reference?.modificationIndex, a.refs]).toEqual(['1', [[3, 'CREATE']]]);
  const b = await report(second.id);
  expect(b.reference).toMatchObject({ originalInvoiceNumber: orig.attributes.prefixed_invoice_no, modificationIndex: '2' });
  // line 3 (the first modification's new line) is changed; the new ones continue at 4 and 5
  expect(b.refs).toEqual([
    [3, 'MODIFY'],
    [4, 'CREATE'],
    [5, 'CREATE'],
  ]);

  const storno = await core.call('invoices.cancel', { id: orig.id });
  const s = await report(storno.id);
  expect(s.operation).toBe('STORNO');
  expect(s.reference).toEqual({ originalInvoiceNumber: orig.attributes.prefixed_invoice_no, modifyWithoutMaster: 'false', modificationIndex: '3' });
  // 2 original lines + 1 + 2 lines added by the modifications: the storno's 6 mirrored lines are chain lines 6–11
  expect(s.refs).toEqual([6, 7, 8, 9, 10, 11].map((n) => [n, 'CREATE']));
  // the reports built earlier are rebuilt the same now that the chain has grown (a retry sends the same data)
  expect((await report(second.id)).refs).toEqual(b.refs);
});

test('a modification of the previous program’s invoice: with master when NAV has it, without master when not', async () => {
  const base = { date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: buyer, items: [netItem(50_000), netItem(20_000, { description: 'Kiszállás' })] };
  const withMaster = await core.call('invoices.modifyExternal', {
    original: { ...base, invoice_no: 'RÉGI-2025-0042' },
    reason: 'Árkorrekció',
    items: [
      { modifies_line: 2, description: 'Kiszállás', vat_id: 1, qty: -1, net_unit_price: 5_000, unit: 'óra' },
      { description: 'Parkolás', vat_id: 1, qty: 1, net_unit_price: 1_000, unit: 'db' },
    ],
  } as never);
  const w = await report(withMaster.id);
  expect(w.operation).toBe('MODIFY');
  expect(w.reference).toEqual({ originalInvoiceNumber: 'RÉGI-2025-0042', modifyWithoutMaster: 'false', modificationIndex: '1' });
  expect(w.refs).toEqual([
    [2, 'MODIFY'],
    [3, 'CREATE'],
  ]);
  const again = await core.call('invoices.modifyExternal', {
    original: { ...base, invoice_no: 'RÉGI-2025-0042' },
    reason: 'Új tétel',
    items: [{ description: 'Útdíj', vat_id: 1, qty: 1, net_unit_price: 2_000, unit: 'db' }],
  } as never);
  expect((await report(again.id)).reference?.modificationIndex).toBe('2');
  expect((await report(again.id)).refs).toEqual([[4, 'CREATE']]);

  // an invoice from 2019 is assumed never reported (reporting became universal in 2021); the user may say so too
  const old = await core.call('invoices.modifyExternal', {
    original: { ...base, invoice_no: 'RÉGI-2019-0007', date: '2019-06-03', fulfillment_date: '2019-06-03' },
    reason: 'Árkorrekció',
    items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 500, unit: 'óra' }],
  } as never);
  const o = await report(old.id);
  expect(o.reference).toEqual({ originalInvoiceNumber: 'RÉGI-2019-0007', modifyWithoutMaster: 'true', modificationIndex: '1' });
  const said = await core.call('invoices.modifyExternal', {
    original: { ...base, invoice_no: 'RÉGI-2024-0100', nav_reported: false, last_modification_index: 1 },
    reason: 'Árkorrekció',
    items: [{ description: 'Pótdíj', vat_id: 1, qty: 1, net_unit_price: 700, unit: 'db' }],
  } as never);
  const sd = await report(said.id);
  expect(sd.reference).toEqual({ originalInvoiceNumber: 'RÉGI-2024-0100', modifyWithoutMaster: 'true', modificationIndex: '2' });
  expect(sd.refs).toEqual([[3, 'CREATE']]);
});

test('an advance invoice marks every line as an advance; its storno too', async () => {
  const advance = await issue({ advance: 1, items: [netItem(300_000, { description: 'Előleg a weboldalra', unit: '' }), netItem(50_000, { description: 'Előleg könyvekre', vat_id: 2, unit: '' })] });
  const r = await report(advance.id);
  expect(r.operation).toBe('CREATE');
  expect(r.lines.map((l) => l.advanceData)).toEqual([{ advanceIndicator: 'true' }, { advanceIndicator: 'true' }]);
  const storno = await core.call('invoices.cancel', { id: advance.id });
  const s = await report(storno.id);
  expect(s.operation).toBe('STORNO');
  expect(s.lines.map((l) => l.advanceData)).toEqual([{ advanceIndicator: 'true' }, { advanceIndicator: 'true' }]);
});

test('a final invoice deducting two advances at two VAT rates names each advance, its payment date and rate', async () => {
  const first = await issue({ advance: 1, fulfillment_date: '2026-03-01', items: [netItem(200_000, { description: 'Előleg 1', unit: '' }), netItem(40_000, { description: 'Előleg 1 könyv', vat_id: 2, unit: '' })] });
  const second = await issue({ advance: 1, fulfillment_date: '2026-03-05', items: [netItem(100_000, { description: 'Előleg 2', unit: '' })] });
  await core.call('invoices.pay', { id: first.id, date: '2026-03-03', amount: first.attributes.total });
  const final = await issue({
    deduct_unpaid_advances: true, advance_invoice_uids: [first.id, second.id],
    items: [netItem(1_000_000, { description: 'Weboldal', unit: 'db' }), netItem(100_000, { description: 'Könyvek', vat_id: 2, unit: 'db' })],
  });
  const r = await report(final.id);
  expect(r.operation).toBe('CREATE');
  // the sold lines are no advances; each deduction line names its advance
  expect(r.lines.slice(0, 2).map((l) => l.advanceData)).toEqual([undefined, undefined]);
  const deductions = r.lines.slice(2).map((l) => [l.lineAmountsNormal.lineVatRate.vatPercentage, l.lineAmountsNormal.lineNetAmountData.lineNetAmount, l.advanceData]);
  const data = (no: string, paid: string) => ({ advanceIndicator: 'true', advancePaymentData: { advanceOriginalInvoice: no, advancePaymentDate: paid, advanceExchangeRate: '1' } });
  expect(deductions).toEqual([
    ['0.27', '-200000', data(first.attributes.prefixed_invoice_no!, '2026-03-03')], // paid: the payment's date
    ['0.05', '-40000', data(first.attributes.prefixed_invoice_no!, '2026-03-03')],
    ['0.27', '-100000', data(second.attributes.prefixed_invoice_no!, '2026-03-05')], // unpaid: its fulfillment date
  ]);

  // its storno reverses the deductions as what they are: advance lines naming the same advances
  const storno = await core.call('invoices.cancel', { id: final.id });
  const s = await report(storno.id);
  expect(s.operation).toBe('STORNO');
  expect(s.lines.map((l) => l.advanceData)).toEqual([undefined, undefined, ...deductions.map((d) => d[2])]);
});

test('a EUR final invoice: amounts in EUR, the advance’s own exchange rate in advancePaymentData', async () => {
  const eur = { currency: 'EUR', payment_method: 2 };
  const advance = await issue({ ...eur, exchange_rate: '400.5', fulfillment_date: '2026-03-02', advance: 1, items: [netItem('1000', { description: 'Előleg', unit: '' })] });
  const final = await issue({ ...eur, exchange_rate: '405.25', deduct_unpaid_advances: true, advance_invoice_uids: [advance.id], items: [netItem('2500.50', { description: 'Tervezés', unit: 'óra' })] });
  const a = await report(advance.id);
  expect(a.doc.invoiceMain.invoice.invoiceHead.invoiceDetail).toMatchObject({ currencyCode: 'EUR', exchangeRate: '400.5' });
  expect(a.lines[0]!.advanceData).toEqual({ advanceIndicator: 'true' });
  const r = await report(final.id);
  expect(r.doc.invoiceMain.invoice.invoiceHead.invoiceDetail).toMatchObject({ currencyCode: 'EUR', exchangeRate: '405.25' });
  expect(r.lines[1]!.lineAmountsNormal.lineNetAmountData).toEqual({ lineNetAmount: '-1000.00', lineNetAmountHUF: '-405250' });
  expect(r.lines[1]!.advanceData).toEqual({
    advanceIndicator: 'true',
    advancePaymentData: { advanceOriginalInvoice: advance.attributes.prefixed_invoice_no, advancePaymentDate: '2026-03-02', advanceExchangeRate: '400.5' },
  });
  expect(r.doc.invoiceIssueDate).toBe(TODAY);
});
