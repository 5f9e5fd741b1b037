// The invoice type and status names against the interface's numbers: the numbers cross every door, so a name that
// drifted from its number would silently change what is stored and sent.
import { expect, test } from '@playwright/test';
import {
  DOCUMENT_TITLES,
  documentKindOf,
  INVOICE_STATUS,
  INVOICE_TYPE,
  isCancelled,
  isDraft,
  isInvoiceType,
  isProforma,
  isV2Type,
  numberKindOf,
  STATUS_LABELS,
  statusForPaid,
  statusNameOf,
} from '../../shared/invoice-codes';

test('the names stand for the interface numbers: type 0/1/3 (and Folio\'s receipt 5), status 1/2/4', () => {
  expect(INVOICE_TYPE).toEqual({ draft: 0, proforma: 1, invoice: 3, receipt: 5 });
  expect(INVOICE_STATUS).toEqual({ paid: 1, unpaid: 2, cancelled: 4 });
  expect(Object.isFrozen(INVOICE_TYPE) && Object.isFrozen(INVOICE_STATUS)).toBe(true);
});

test('isInvoiceType accepts 0, 1, 3 and the receipt 5 (the interface rejects 2); isV2Type the interface\'s three', () => {
  expect([-1, 0, 1, 2, 3, 4, 5, 6, 1.5].filter(isInvoiceType)).toEqual([0, 1, 3, 5]);
  expect([-1, 0, 1, 2, 3, 4, 5, 6, 1.5].filter(isV2Type)).toEqual([0, 1, 3]);
});

test('a receipt numbers in its own kind; its kinds and titles', () => {
  expect(numberKindOf(INVOICE_TYPE.receipt)).toBe('receipt');
  expect(documentKindOf({ type: INVOICE_TYPE.receipt, is_cancel_invoice: 0 })).toBe('receipt');
  expect(documentKindOf({ type: INVOICE_TYPE.receipt, is_cancel_invoice: 1 })).toBe('cancelling_receipt');
  expect([DOCUMENT_TITLES.hu.receipt, DOCUMENT_TITLES.en.receipt, DOCUMENT_TITLES.de.receipt]).toEqual(['Nyugta', 'Receipt', 'Quittung']);
});

test('the predicates answer for their one code', () => {
  expect([0, 1, 3].map(isDraft)).toEqual([true, false, false]);
  expect([0, 1, 3].map(isProforma)).toEqual([false, true, false]);
  expect([1, 2, 4].map(isCancelled)).toEqual([false, false, true]);
});

test('numberKindOf: an invoice and a proforma count apart, a draft takes no number', () => {
  expect(numberKindOf(INVOICE_TYPE.invoice)).toBe('invoice');
  expect(numberKindOf(INVOICE_TYPE.proforma)).toBe('proforma');
  expect(numberKindOf(INVOICE_TYPE.draft)).toBeNull();
  expect(numberKindOf(2)).toBeNull();
});

test('statusNameOf names 1, 2 and 4 and nothing else', () => {
  expect([1, 2, 4].map(statusNameOf)).toEqual(['paid', 'unpaid', 'cancelled']);
  expect([0, 3, 5].map(statusNameOf)).toEqual([undefined, undefined, undefined]);
});

test('statusForPaid: paid once nothing is outstanding (overpaid too), else unpaid', () => {
  expect(statusForPaid(1000, 1000)).toBe(INVOICE_STATUS.paid);
  expect(statusForPaid(1500, 1000)).toBe(INVOICE_STATUS.paid);
  expect(statusForPaid(999, 1000)).toBe(INVOICE_STATUS.unpaid);
  expect(statusForPaid(0, 1000)).toBe(INVOICE_STATUS.unpaid);
  // a cancelling invoice's total is negative: nothing is owed on it
  expect(statusForPaid(0, -1000)).toBe(INVOICE_STATUS.paid);
});

test('documentKindOf: the type decides, and among normal invoices the cancel flag', () => {
  expect(documentKindOf({ type: INVOICE_TYPE.draft, is_cancel_invoice: 0 })).toBe('draft');
  expect(documentKindOf({ type: INVOICE_TYPE.proforma, is_cancel_invoice: 0 })).toBe('proforma');
  expect(documentKindOf({ type: INVOICE_TYPE.invoice, is_cancel_invoice: 0 })).toBe('invoice');
  expect(documentKindOf({ type: INVOICE_TYPE.invoice, is_cancel_invoice: 1 })).toBe('cancelling');
  expect(documentKindOf({ type: INVOICE_TYPE.invoice, is_cancel_invoice: true })).toBe('cancelling');
});

test('every language has a title for every kind and a label for every status', () => {
  for (const lang of ['hu', 'en', 'de'] as const) {
    for (const kind of ['draft', 'proforma', 'invoice', 'cancelling', 'receipt', 'cancelling_receipt'] as const) expect(DOCUMENT_TITLES[lang][kind]).toMatch(/\S/);
    for (const status of Object.values(INVOICE_STATUS)) expect(STATUS_LABELS[lang][status]).toMatch(/\S/);
  }
  expect(DOCUMENT_TITLES.hu).toEqual({
    draft: 'Piszkozat', proforma: 'Díjbekérő', invoice: 'Számla', cancelling: 'Sztornó számla', receipt: 'Nyugta', cancelling_receipt: 'Sztornó nyugta',
  });
});
