// The renderer's plain logic under Node: the dictionaries and `t`, sync's log entries in words (sync-text.ts),
// addresses, invoice badges and numbers, hash routes and the invoice list's filters. Modules that read the language
// import a Svelte 5 module, compiled for the test by Svelte's own compiler (tests/support/svelte-modules.ts).
import { expect, test } from '@playwright/test';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import type { SyncConflict } from '../../shared/contract/sync';
import { addressForm, addressLine } from '../../renderer/lib/address';
import { badgeOf, displayNumber } from '../../renderer/lib/invoice-status';
import { href, parseRoute } from '../../renderer/lib/routes';
import { EMPTY_FILTERS, filtersFromQuery, hasFilters, parseInvoiceNumber, queryInput } from '../../renderer/lib/invoice-filters';
import { milliString } from '../../renderer/lib/dashboard';
import { hu } from '../../renderer/lib/i18n/hu';
import { en } from '../../renderer/lib/i18n/en';
import { de } from '../../renderer/lib/i18n/de';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { i18n, t } = await import('../../renderer/lib/i18n/i18n.svelte');
const text = await import('../../renderer/lib/sync-text');

const nb = (s: string) => s.replace(/ /g, '\u00a0');

test.beforeEach(() => {
  i18n.lang = 'hu';
});

test('the dictionaries: the same keys in hu, en and de, and every translation keeps the Hungarian placeholders', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [name, dict] of [['en', en], ['de', de]] as const) {
    expect(Object.keys(dict).sort(), name).toEqual(Object.keys(hu).sort());
    for (const key of Object.keys(hu) as Array<keyof typeof hu>) {
      expect(placeholders(dict[key]), `${name} ${key}`).toEqual(placeholders(hu[key]));
      expect(dict[key].trim(), `${name} ${key}`).not.toBe('');
    }
  }
});

test('t fills the placeholders, leaves an unknown one visible, and follows the language', () => {
  expect(t('cli.deleteText', { name: 'Vevő Kft.' })).toBe('A(z) Vevő Kft. ügyfél eltűnik a listából. A már kiállított számlák megőrzik az adatait.');
  expect(t('inv.noNumber', { id: 12 })).toBe('Piszkozat #12');
  expect(t('inv.noNumber')).toBe('Piszkozat #{id}');
  expect(t('inv.noNumber', { other: 1 })).toBe('Piszkozat #{id}');
  i18n.lang = 'en';
  expect(t('inv.noNumber', { id: 12 })).toBe('Draft #12');
  i18n.lang = 'de';
  expect(t('inv.noNumber', { id: 12 })).toBe('Entwurf #12');
  // A key built at run time that the dictionary lacks falls back to the given text.
  expect(i18n.tDynamic('sync.entity.client', 'client')).toBe('Kunde');
  expect(i18n.tDynamic('sync.entity.gizmo', 'gizmo')).toBe('gizmo');
});

test('sync: the core’s English conflict reasons in Hungarian, unknown reasons and entities as they came', () => {
  expect(text.conflictReason('Changed on the remote and on this computer at the same time; the later change won')).toBe(hu['sync.reason.concurrent']);
  expect(text.conflictReason('Deleted on the remote while it was changed on this computer')).toBe(hu['sync.reason.deletedRemote']);
  expect(text.conflictReason('Something new')).toBe('Something new');
  expect(text.entityName('client')).toBe('Ügyfél');
  expect(text.entityName('gizmo')).toBe('gizmo');
  expect(text.operationName('gizmo.poke')).toBe('gizmo.poke');
  i18n.lang = 'en';
  expect(text.conflictReason('Deleted on the remote while it was changed on this computer')).toBe(en['sync.reason.deletedRemote']);
});

test('sync: a conflict’s record named and described by its main fields, in Hungarian forms, empty ones left out', () => {
  expect(text.recordTitle('client', { name: ' Vevő Kft. ' }, 3)).toBe('Vevő Kft.');
  expect(text.recordTitle('bank_account', { bank_name: 'OTP Bank' }, 3)).toBe('OTP Bank');
  expect(text.recordTitle('expense', {}, 7)).toBe('Költség #7');
  expect(text.versionFacts('product', { name: 'Tárhely', price: '4990', currency_code: 'HUF', vat_id: '1', unit: '', product_code: null })).toEqual([
    { label: 'Név', value: 'Tárhely' },
    { label: 'Nettó egységár', value: nb('4990 Ft') },
    { label: 'ÁFA', value: '27%' },
  ]);
  expect(text.versionFacts('expense', { name: 'Bérleti díj', gross_price: '190500', due_date: '2026-11-30' })).toEqual([
    { label: hu['field.name'], value: 'Bérleti díj' },
    { label: hu['field.gross_price'], value: nb('190 500 Ft') },
    { label: hu['field.due_date'], value: '2026. 11. 30.' },
  ]);
  expect(text.versionFacts('client', { name: 'A', billing_address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1' } })).toEqual([
    { label: 'Név', value: 'A' },
    { label: hu['cli.address'], value: '1051 Budapest, Fő utca 1' },
  ]);
  expect(text.versionFacts('gizmo', { name: 'x' })).toEqual([]);

  const conflict = { version: { attributes: { name: 'x' }, deleted: true } } as unknown as SyncConflict;
  expect(text.versionAttributes(conflict)).toEqual({ name: 'x' });
  expect(text.versionDeleted(conflict)).toBe(true);
  expect(text.versionAttributes({ version: null } as unknown as SyncConflict)).toEqual({});
});

test('sync: a refused payment in words, nothing when the issue carries none', () => {
  expect(text.issueDetail({ payment: { date: '2026-11-22', amount_milli: 1_234_567 } })).toBe('Az elutasított befizetés: 2026. 11. 22., 1234,567');
  expect(text.issueDetail({ payment: { date: '2026-11-22', amount_milli: 150_000_000 } })).toBe(`Az elutasított befizetés: 2026. 11. 22., ${nb('150 000')}`);
  expect(text.issueDetail({ payment: { date: '2026-11-22' } })).toBe('');
  expect(text.issueDetail(null)).toBe('');
  expect(milliString(-1)).toBe('-0.001');
});

test('addresses: one line in Hungarian order, empty parts left out; the form’s fields never undefined', () => {
  expect(addressLine({ postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', floor: '2. em.', door: '3', country: 'Magyarország' }))
    .toBe('1051 Budapest, Fő utca 1 2. em. 3, Magyarország');
  expect(addressLine({ city: 'Szeged', street_name: ' ' })).toBe('Szeged');
  expect(addressLine(undefined)).toBe('');
  expect(addressForm(undefined)).toEqual({ postcode: '', city: '', street_name: '', street_type: '', house_nr: '', country: '' });
});

test('invoice badges: from type, status, payments and due date', () => {
  const base = { type: INVOICE_TYPE.invoice, status: INVOICE_STATUS.unpaid, is_cancel_invoice: 0 as 0 | 1, due_date: '2026-11-30', total_paid: '0' };
  expect(badgeOf(base, '2026-11-22')).toBe('unpaid');
  expect(badgeOf(base, '2026-12-01')).toBe('overdue');
  // Due today is not overdue yet.
  expect(badgeOf(base, '2026-11-30')).toBe('unpaid');
  expect(badgeOf({ ...base, total_paid: '100.000' }, '2026-11-22')).toBe('partial');
  expect(badgeOf({ ...base, status: INVOICE_STATUS.paid }, '2026-12-31')).toBe('paid');
  expect(badgeOf({ ...base, status: INVOICE_STATUS.cancelled }, '2026-12-31')).toBe('cancelled');
  expect(badgeOf({ ...base, is_cancel_invoice: 1 as 0 | 1, status: INVOICE_STATUS.paid }, '2026-11-22')).toBe('cancelling');
  // a modifying invoice of a Folio invoice is paid through its original: no paid/unpaid of its own
  expect(badgeOf({ ...base, status: INVOICE_STATUS.paid, modifies_uid: 7 }, '2026-12-31')).toBe('settled');
  expect(badgeOf({ ...base, modifies_uid: null }, '2026-11-22')).toBe('unpaid');
  expect(badgeOf({ ...base, type: INVOICE_TYPE.draft }, '2026-12-31')).toBe('draft');
  expect(badgeOf({ ...base, type: INVOICE_TYPE.proforma }, '2026-12-31')).toBe('proforma');
  expect(badgeOf({ ...base, type: INVOICE_TYPE.proforma, status: INVOICE_STATUS.paid }, '2026-11-22')).toBe('paid');
  expect(badgeOf({ ...base, type: INVOICE_TYPE.proforma, status: INVOICE_STATUS.cancelled }, '2026-11-22')).toBe('voided');
  expect(displayNumber({ prefixed_invoice_no: 'ABC-2026-000001', uid: 5 }, (id) => t('inv.noNumber', { id }))).toBe('ABC-2026-000001');
  expect(displayNumber({ prefixed_invoice_no: null, uid: 5 }, (id) => t('inv.noNumber', { id }))).toBe('Piszkozat #5');
});

test('hash routes: screens by path, invoice ids, trailing slashes; anything else is "not found"', () => {
  expect(parseRoute('/')).toEqual({ name: 'dashboard' });
  expect(parseRoute('')).toEqual({ name: 'dashboard' });
  expect(parseRoute('/clients/')).toEqual({ name: 'clients' });
  expect(parseRoute('/invoices/new')).toEqual({ name: 'invoice-new' });
  expect(parseRoute('/invoices/12')).toEqual({ name: 'invoice', id: 12 });
  expect(parseRoute('/invoices/12/edit')).toEqual({ name: 'invoice-edit', id: 12 });
  expect(parseRoute('/invoices/12345678901')).toEqual({ name: 'not-found', path: '/invoices/12345678901' });
  expect(parseRoute('/invoices/abc')).toEqual({ name: 'not-found', path: '/invoices/abc' });
  expect(href('/invoices', { st: 'unpaid', q: 'vevő kft', page: 2, from: '', to: null })).toBe('#/invoices?st=unpaid&q=vev%C5%91+kft&page=2');
  expect(href('/clients')).toBe('#/clients');
});

test('invoice filters: read from the URL, unknown statuses dropped, invoice numbers read in the usual forms', () => {
  const f = filtersFromQuery(new URLSearchParams('st=unpaid&q=kft&nfrom=2026-000010&pm=2'));
  expect(f).toEqual({ ...EMPTY_FILTERS, st: 'unpaid', q: 'kft', nfrom: '2026-000010', pm: '2' });
  expect(filtersFromQuery(new URLSearchParams('st=everything')).st).toBe('');
  expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  expect(hasFilters({ ...EMPTY_FILTERS, q: '  ' })).toBe(false);
  expect(hasFilters(f)).toBe(true);

  expect(parseInvoiceNumber('2026-000012')).toEqual({ year: 2026, num: 12 });
  expect(parseInvoiceNumber('ABC / 2026-12')).toEqual({ year: 2026, num: 12 });
  expect(parseInvoiceNumber('2026/12')).toEqual({ year: 2026, num: 12 });
  expect(parseInvoiceNumber('12')).toBeNull();

  expect(queryInput(f, 2, 50)).toEqual({
    input: {
      page: 2, max_per_page: 50, start_date: '1900-01-01', end_date: '9999-12-31', year_start: 2026, num_start: 10,
      payment_method: '2', search: 'kft', status: INVOICE_STATUS.unpaid, type: INVOICE_TYPE.invoice,
    },
  });
  expect(queryInput({ ...EMPTY_FILTERS, nto: 'tizenkettő' }, 1, 50)).toEqual({ bad: 'nto' });
  expect(queryInput({ ...EMPTY_FILTERS, st: 'draft', from: '2026-01-01' }, 1, 50)).toEqual({
    input: { page: 1, max_per_page: 50, start_date: '2026-01-01', end_date: '9999-12-31', type: INVOICE_TYPE.draft },
  });
});

test('sync: the way out an issue names — an offsetting copy of the original, or the second invoice to open', () => {
  expect(text.issueWayOut({ offset_invoice_uid: 12 })).toEqual({
    hint: expect.stringContaining('állíts ki új számlát az eredeti tételeivel'),
    label: 'Új számla az eredeti tételeivel',
    href: '#/invoices/new?from=12',
  });
  expect(text.issueWayOut({ cancel_invoice_uid: 7 })).toEqual({ hint: expect.stringContaining('sztornózd'), label: 'Számla megnyitása', href: '#/invoices/7' });
  // no remedy named (or a malformed one): only the usual links
  expect(text.issueWayOut({ payment: { date: '2026-11-22', amount_milli: 1 } })).toBeNull();
  expect(text.issueWayOut({ offset_invoice_uid: '12' })).toBeNull();
  expect(text.issueWayOut(null)).toBeNull();
  expect(text.operationName('generate')).toBe('számla díjbekérőből');
});
