// Static list of migrations, in order. Bundling and asar packaging break directory scanning, so each migration is
// imported here by hand. Names are frozen once released.
import type { Kysely, Migration } from 'kysely';
import { migrationDb } from './dialect';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-rates';
import * as m0003 from './0003-mail-outbox';
import * as m0004 from './0004-nav-reports';
import * as m0005 from './0005-change-log';
import * as m0006 from './0006-sync';
import * as m0007 from './0007-nav-reports-retry';
import * as m0008 from './0008-change-capture';
import * as m0009 from './0009-sync-devices';
import * as m0010 from './0010-document-references';
import * as m0011 from './0011-sync-overwrites';
import * as m0012 from './0012-nav-settings';
import * as m0013 from './0013-mail-copies-reasons';
import * as m0014 from './0014-backup-settings';
import * as m0015 from './0015-import-mappings';
import * as m0016 from './0016-seller-bank-and-share-codes';
import * as m0017 from './0017-number-continuations';
import * as m0018 from './0018-expense-bookkeeping';
import * as m0019 from './0019-recurring-templates';
import * as m0020 from './0020-invoice-total-index';
import * as m0021 from './0021-recurring-failures';
import * as m0022 from './0022-document-chains';
import * as m0023 from './0023-quotes';
import * as m0024 from './0024-quote-sync';
import * as m0025 from './0025-vendor-id';
import * as m0026 from './0026-client-einvoice';
import * as m0027 from './0027-expense-einvoice';
import * as m0028 from './0028-mail-einvoice';
import * as m0029 from './0029-receipts';
import * as m0030 from './0030-bank-statements';
import * as m0031 from './0031-reminders';
import * as m0032 from './0032-reports';
import * as m0033 from './0033-accountant-mail';
import * as m0034 from './0034-users-audit';
import * as m0035 from './0035-shared-limits';
import * as m0036 from './0036-export-jobs';
import * as m0037 from './0037-invoice-list-search';
import * as m0038 from './0038-dashboard-summaries';
import * as m0039 from './0039-vat-year-indexes';
import * as m0040 from './0040-search-at-seal';
// bank statement import of the files banks really give (issue 37)
import * as m0046 from './0046-bank-statement-differences';
// issue 40: payment QR codes, delivery documents
import * as m0053 from './0053-payment-qr';
import * as m0054 from './0054-delivery-notes';
import * as m0055 from './0055-delivery-document-kinds';
// NAV receipt data report (issue 35)
import * as m0041 from './0041-nav-receipt-reports';
// issue 38: a supplier's identifiers as its e-invoice gave them
import * as m0048 from './0048-expense-supplier-ids';
import * as m0049 from './0049-expense-payment-method';
// NAV inbound invoices (issue 39)
import * as m0050 from './0050-nav-inbound';
// issue 41: the revenue report's sums
import * as m0056 from './0056-revenue-summaries';
// the payment code in the invoice e-mail (issue 40)
import * as m0059 from './0059-mail-payment-qr';
import * as m0060 from './0060-delivery-note-sync';
// the revenue report's cash-basis sums (issue 41)
import * as m0062 from './0062-cash-revenue-summaries';
import * as m0063 from './0063-change-log-commit-order';
import * as m0068 from './0068-revenue-year-summaries';
import * as m0069 from './0069-unpaid-invoices-index';
import * as m0070 from './0070-revenue-foreign-summaries';
import * as m0071 from './0071-revenue-counts-and-cost-sums';
import * as m0072 from './0072-client-match-keys';
import * as m0073 from './0073-bank-screen-indexes';
import * as m0074 from './0074-vat-day-summaries';
import * as m0076 from './0076-invoice-counts';
import * as m0083 from './0083-vat-day-parts';

const written: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-rates': m0002,
  '0003-mail-outbox': m0003,
  '0004-nav-reports': m0004,
  '0005-change-log': m0005,
  '0006-sync': m0006,
  '0007-nav-reports-retry': m0007,
  '0008-change-capture': m0008,
  '0009-sync-devices': m0009,
  '0010-document-references': m0010,
  '0011-sync-overwrites': m0011,
  '0012-nav-settings': m0012,
  '0013-mail-copies-reasons': m0013,
  '0014-backup-settings': m0014,
  '0015-import-mappings': m0015,
  '0016-seller-bank-and-share-codes': m0016,
  '0017-number-continuations': m0017,
  '0018-expense-bookkeeping': m0018,
  '0019-recurring-templates': m0019,
  '0020-invoice-total-index': m0020,
  '0021-recurring-failures': m0021,
  '0022-document-chains': m0022,
  '0023-quotes': m0023,
  '0024-quote-sync': m0024,
  '0025-vendor-id': m0025,
  '0026-client-einvoice': m0026,
  '0027-expense-einvoice': m0027,
  '0028-mail-einvoice': m0028,
  '0029-receipts': m0029,
  '0030-bank-statements': m0030,
  '0031-reminders': m0031,
  '0032-reports': m0032,
  '0033-accountant-mail': m0033,
  '0034-users-audit': m0034,
  '0035-shared-limits': m0035,
  '0036-export-jobs': m0036,
  '0037-invoice-list-search': m0037,
  '0038-dashboard-summaries': m0038,
  '0039-vat-year-indexes': m0039,
  '0040-search-at-seal': m0040,
  // NAV receipt data report (issue 35)
  '0041-nav-receipt-reports': m0041,
  // bank statements of the files banks really give (issue 37)
  '0046-bank-statement-differences': m0046,
  // supplier identifiers by scheme (issue 38)
  '0048-expense-supplier-ids': m0048,
  // v3 spendings kept as given (issue 38)
  '0049-expense-payment-method': m0049,
  // NAV inbound invoices (issue 39)
  '0050-nav-inbound': m0050,
  // payment QR codes (issue 40)
  '0053-payment-qr': m0053,
  // delivery notes (issue 40)
  '0054-delivery-notes': m0054,
  // order confirmations and completion certificates (issue 40)
  '0055-delivery-document-kinds': m0055,
  // the revenue report's sums (issue 41)
  '0056-revenue-summaries': m0056,
  // the payment code in the invoice e-mail (issue 40)
  '0059-mail-payment-qr': m0059,
  // delivery documents travel with sync (issue 40)
  '0060-delivery-note-sync': m0060,
  // the revenue report's cash-basis sums (issue 41)
  '0062-cash-revenue-summaries': m0062,
  // the change log's ids in commit order while per-block writes overlap on PostgreSQL (issue 41, team server writes)
  '0063-change-log-commit-order': m0063,
  // the revenue report's sums rolled up per year and per month (issue 41, branch p4)
  '0068-revenue-year-summaries': m0068,
  // the unpaid invoices by due date (issue 41, branch p4)
  '0069-unpaid-invoices-index': m0069,
  // the revenue report's sums take the foreign-currency sales in, converted at their rate (issue 41, branch revenue)
  '0070-revenue-foreign-summaries': m0070,
  // the cash basis's count of an invoice paid in several months of a year kept per year; the costs per month and category (issue 41, branch revenue)
  '0071-revenue-counts-and-cost-sums': m0071,
  // each client's name and account keys for the bank screen's payers (issue 41, branch bank)
  '0072-client-match-keys': m0072,
  // the bank screen's payers' open invoices and unpaid expenses by index (issue 41, branch bank)
  '0073-bank-screen-indexes': m0073,
  // the VAT analysis's forint lines summed per tax day and VAT code (issue 41, branch vat)
  '0074-vat-day-summaries': m0074,
  // the invoice list's totals counted per block, type, state and the list's other equality filters (issue 41, branch v3)
  '0076-invoice-counts': m0076,
  // the VAT day sums in parts of ~128 invoice ids, so a busy day's seal rewrites a short list (issue 41)
  '0083-vat-day-parts': m0083,
};

/**
 * Each migration as written, given the Kysely that builds with SQLite's column shapes on either database
 * (./dialect.ts): on SQLite that is the Kysely itself, so what SQLite runs is exactly what the files say.
 */
export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(written).map(([name, m]) => [
    name,
    {
      up: (db: Kysely<any>) => m.up(migrationDb(db)),
      ...(m.down ? { down: (db: Kysely<any>) => m.down!(migrationDb(db)) } : {}),
    },
  ]),
);
