// Confirming, undoing and setting aside entries, through the invoices' own payments: a wrong confirmation undone
// removes that payment only (a manual payment beside it stays), a forint credit pays a euro invoice at the invoice's
// rate and says so, partial and over-payments are shown as such, debits and set-aside entries take no payment, and
// the dashboard's receivables follow the payments.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { ManualClock } from '../../electron/core/clock';
import { coreClient, coreInvoice, netItem, openTestCore, type TestCore } from '../support/fixtures';
import { OWN_IBAN, b64, mt940, type TestEntry } from './statements';

let tc: TestCore;
let account: number;

test.beforeEach(async () => {
  tc = await openTestCore();
  account = (await tc.core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
});
test.afterEach(async () => tc?.close());

const credit = (ref: string, amount: string, remittance: string, date = '2026-03-10'): TestEntry => ({ ref, date, amount, direction: 'credit', name: 'Fizető Kft.', remittance });

async function load(entries: TestEntry[]) {
  await tc.core.call('bankStatements.import', { account_id: account, file: b64(mt940(entries, { info: 'structured' })) });
  const items = (await tc.core.call('bankEntries.list', { state: 'all' })).items;
  return (ref: string) => items.find((e) => e.bank_ref === ref)!;
}

test('undoing a wrong confirmation removes that payment only; the entry can then be confirmed on the right invoice', async () => {
  const client = await coreClient(tc.core);
  const a = await coreInvoice(tc.core, { client_uid: client, items: [netItem('10000')] }); // 12 700
  const b = await coreInvoice(tc.core, { client_uid: client, items: [netItem('20000')] }); // 25 400
  await tc.core.call('invoices.pay', { id: a.id, date: '2026-03-05', amount: '2700' }); // by hand, cash at the door
  const entry = (await load([credit('W1', '10000', 'szla')]))('W1');
  expect(entry.suggestion).toBeNull();

  // confirmed on the wrong invoice (a), then undone
  const wrong = await tc.core.call('bankEntries.confirm', { id: entry.id, invoice_ids: [a.id] });
  expect(wrong.state).toBe('matched');
  expect(wrong.matches).toEqual([expect.objectContaining({ invoice_id: a.id, amount: '10000.000', currency: 'HUF' })]);
  expect((await tc.core.call('invoices.get', { id: a.id })).attributes).toMatchObject({ status: 1, outstanding: '0.000' });
  const undone = await tc.core.call('bankEntries.undo', { id: entry.id });
  expect(undone).toMatchObject({ state: 'open', matches: [] });
  const afterUndo = (await tc.core.call('invoices.get', { id: a.id })).attributes;
  expect(afterUndo).toMatchObject({ status: 2, outstanding: '10000.000' });
  expect(afterUndo.payments).toEqual([expect.objectContaining({ date: '2026-03-05', amount: '2700.000' })]);

  // the right one (b): a partial payment, shown as such
  const right = await tc.core.call('bankEntries.confirm', { id: entry.id, invoice_ids: [b.id] });
  expect(right.matches).toEqual([expect.objectContaining({ invoice_id: b.id, amount: '10000.000' })]);
  expect((await tc.core.call('invoices.get', { id: b.id })).attributes).toMatchObject({ status: 2, outstanding: '15400.000' });
  // confirming twice is refused; undoing an open entry too
  await expect(tc.core.call('bankEntries.confirm', { id: entry.id, invoice_ids: [b.id] })).rejects.toThrow(/already confirmed/);
  await tc.core.call('bankEntries.undo', { id: entry.id });
  await expect(tc.core.call('bankEntries.undo', { id: entry.id })).rejects.toThrow(/nothing to undo/);
  expect((await tc.core.call('invoices.get', { id: b.id })).attributes.payments).toEqual([]);
});

test('a forint credit pays a euro invoice at the invoice’s own rate, and says so; an overpayment is shown', async () => {
  const eur = await coreInvoice(tc.core, { currency: 'EUR', exchange_rate: '395.5', items: [netItem('100')] }); // 127.00 EUR
  const huf = await coreInvoice(tc.core, { items: [netItem('1000')] }); // 1 270 HUF
  const get = await load([credit('X1', '50229', `EUR számla ${eur.attributes.invoice_no}`), credit('X2', '1500', `Számla ${huf.attributes.invoice_no}`, '2026-03-11')]);
  const x1 = get('X1');
  expect(x1.suggestion).toMatchObject({ reason: 'invoice_number', kind: 'exact', confident: true, difference: '0.000' });
  expect(x1.suggestion!.invoices).toEqual([expect.objectContaining({ invoice_id: eur.id, currency: 'EUR', outstanding: '127.000', pays: '127.000', rate: '395.5' })]);
  const x2 = get('X2');
  expect(x2.suggestion).toMatchObject({ kind: 'overpayment', confident: false, difference: '230.000' });

  expect(await tc.core.call('bankEntries.confirmSuggested', {})).toEqual({ confirmed: 1, skipped: 1 });
  const paid = (await tc.core.call('invoices.get', { id: eur.id })).attributes;
  expect(paid).toMatchObject({ status: 1, outstanding: '0.000' });
  expect(paid.payments).toEqual([expect.objectContaining({ amount: '127.000', conversion_rate: '395.5', date: '2026-03-10' })]);
  // the overpayment is confirmed by hand: the invoice is paid in full, the rest stays visible on the entry
  const over = await tc.core.call('bankEntries.confirm', { id: x2.id });
  expect(over.matches).toEqual([expect.objectContaining({ invoice_id: huf.id, amount: '1270.000' })]);
});

test('debits and entries set aside take no payment; a set-aside entry can be opened again', async () => {
  const inv = await coreInvoice(tc.core);
  const get = await load([
    credit('Y1', String((await tc.core.call('invoices.get', { id: inv.id })).attributes.total), `Számla ${inv.attributes.invoice_no}`),
    { ref: 'Y2', date: '2026-03-12', amount: '999', direction: 'debit', name: 'Bank', remittance: 'számlavezetési díj' },
  ]);
  await expect(tc.core.call('bankEntries.confirm', { id: get('Y2').id, invoice_ids: [inv.id] })).rejects.toThrow(/is a debit/);
  const aside = await tc.core.call('bankEntries.ignore', { id: get('Y1').id });
  expect(aside).toMatchObject({ state: 'ignored', suggestion: null });
  expect(await tc.core.call('bankEntries.confirmSuggested', {})).toEqual({ confirmed: 0, skipped: 0 });
  const error = await tc.core.call('bankEntries.confirm', { id: get('Y1').id }).catch((e: unknown) => e as FolioError);
  expect((error as FolioError).code).toBe('rule_violation');
  const reopened = await tc.core.call('bankEntries.ignore', { id: get('Y1').id, ignored: false });
  expect(reopened.suggestion).toMatchObject({ reason: 'invoice_number', confident: true });
});

test('a debit pays an unpaid expense: found by the supplier’s invoice number or by amount and payee; undone, it is unpaid again', async () => {
  const paper = await tc.core.call('expenses.create', { categories_id: 3, name: 'Irodaszer', gross_price: 12700, supplier_name: 'Papírbolt Kft.', invoice_no: 'PB-2026/0815' } as never);
  const rent = await tc.core.call('expenses.create', { categories_id: 3, name: 'Bérlet', gross_price: 127000, supplier_name: 'Irodaház Zrt.', invoice_no: 'IH-77' } as never);
  const other = await tc.core.call('expenses.create', { categories_id: 3, name: 'Áram', gross_price: 9990, supplier_name: 'Áramszolgáltató Nyrt.' } as never);
  const get = await load([
    { ref: 'D1', date: '2026-03-05', amount: '12700', direction: 'debit', name: 'Papírbolt', remittance: 'PB 2026 0815 számla' },
    { ref: 'D2', date: '2026-03-06', amount: '127000', direction: 'debit', name: 'IRODAHAZ ZRT', remittance: 'márciusi bérleti díj' },
    { ref: 'D3', date: '2026-03-07', amount: '9991', direction: 'debit', name: 'Áramszolgáltató Nyrt.', remittance: 'áram' },
  ]);
  expect(get('D1').suggestion).toMatchObject({ reason: 'expense_invoice_number', confident: true, invoices: [], expense: { expense_id: paper.id, amount: '12700.000' } });
  expect(get('D2').suggestion).toMatchObject({ reason: 'expense_amount_and_payee', confident: true, expense: { expense_id: rent.id } });
  expect(get('D3').suggestion).toBeNull(); // one forint off: an expense is paid whole or not matched

  expect(await tc.core.call('bankEntries.confirmSuggested', {})).toEqual({ confirmed: 2, skipped: 0 });
  expect((await tc.core.call('expenses.get', { id: paper.id })).attributes).toMatchObject({ paid: true, payment_date: '2026-03-05' });
  const d2 = await tc.core.call('bankEntries.undo', { id: get('D2').id });
  expect(d2.state).toBe('open');
  expect((await tc.core.call('expenses.get', { id: rent.id })).attributes).toMatchObject({ paid: false, payment_date: null });
  // named by hand: the amount must be the expense's
  await expect(tc.core.call('bankEntries.confirm', { id: get('D3').id, expense_id: other.id })).rejects.toThrow(/is 9990\.000 HUF; the entry is 9991\.000 HUF/);
  await expect(tc.core.call('bankEntries.confirm', { id: get('D2').id, expense_id: paper.id })).rejects.toThrow(/paid already/);
});

test('receivables: open amounts by age, the clients who owe most, and what falls due in 30 days (today 2026-03-15)', async () => {
  // the invoices are issued on their days by a business clock, and looked at on 2026-03-15
  const clock = new ManualClock('2025-11-01T10:00:00+01:00');
  const own = await openTestCore({ clock });
  try {
    const big = await coreClient(own.core, { name: 'Nagy Adós Kft.' });
    const small = await coreClient(own.core, { name: 'Kis Adós Bt.' });
    // gross 12 700 each
    const issue = async (client: number, on: string, dueDate: string) => {
      clock.set(`${on}T10:00:00+01:00`);
      return coreInvoice(own.core, { client_uid: client, fulfillment_date: on, due_date: dueDate, items: [netItem('10000')] });
    };
    await issue(big, '2026-03-10', '2026-03-20'); // not due, within 30 days
    await issue(big, '2026-03-10', '2026-05-01'); // not due, later
    await issue(big, '2026-02-20', '2026-03-01'); // 14 days late
    await issue(big, '2026-01-10', '2026-01-20'); // 54 days late
    await issue(small, '2025-12-10', '2025-12-20'); // 85 days late
    const paidOne = await issue(small, '2025-11-01', '2025-11-10'); // 125 days late, then paid
    await issue(small, '2025-11-01', '2025-11-10'); // 125 days late
    clock.set('2026-03-15T10:00:00+01:00');
    await own.core.call('invoices.pay', { id: paidOne.id, date: '2026-03-14', amount: '12700' });
    const r = await own.core.call('receivables.summary', {});
    expect(r).toMatchObject({ today: '2026-03-15', total: '76200.000', count: 6, expected_30_days: { total: '12700.000', count: 1 } });
    expect(r.buckets).toEqual([
      { bucket: 'not_due', total: '25400.000', count: 2 },
      { bucket: 'days_1_30', total: '12700.000', count: 1 },
      { bucket: 'days_31_60', total: '12700.000', count: 1 },
      { bucket: 'days_61_90', total: '12700.000', count: 1 },
      { bucket: 'days_90_plus', total: '12700.000', count: 1 },
    ]);
    expect(r.top_debtors.map((d) => [d.name, d.total, d.count, d.overdue])).toEqual([
      ['Nagy Adós Kft.', '50800.000', 4, '25400.000'],
      ['Kis Adós Bt.', '25400.000', 2, '25400.000'],
    ]);
  } finally {
    await own.close();
  }
});
