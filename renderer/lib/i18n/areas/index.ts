// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';
import { numberingMessages } from './numbering';
import { recurringMessages } from './recurring';
import { listsMessages } from './lists';
import { expenseMessages } from './expenses';
import { legalMessages } from './legal';
import { unsavedMessages } from './unsaved';
import { ratesMessages } from './rates';
import { amountMessages } from './amounts';
import { documentMessages } from './documents';
import { quoteMessages } from './quotes';
import { taxpayerMessages } from './taxpayer';
import { einvoiceImportMessages } from './einvoice-import';
import { eInvoicingMessages } from './e-invoicing';
import { reminderMessages } from './reminders';
import { bankMessages } from './bank';
import { reportMessages } from './reports';
import { userMessages } from './users';
import { companyMessages } from './companies';
// NAV receipt data report (issue 35)
import { receiptReportMessages } from './receipts';
// NAV inbound invoices (issue 39)
import { navInboundMessages } from './nav-inbound';
// issue 36: a newcomer's day, keyboard and phone
import { dayOneMessages } from './day-one';
// issue 36 (a newcomer's day)
import { newcomerMessages } from './newcomer';
// delivery documents (issue 40)
import { deliveryMessages } from './delivery';

export const AREA_MESSAGES = [
  navMessages,
  mailMessages,
  dataMessages,
  importMessages,
  setupMessages,
  numberingMessages,
  recurringMessages,
  listsMessages,
  expenseMessages,
  legalMessages,
  unsavedMessages,
  ratesMessages,
  amountMessages,
  documentMessages,
  quoteMessages,
  taxpayerMessages,
  einvoiceImportMessages,
  eInvoicingMessages,
  reminderMessages,
  bankMessages,
  reportMessages,
  userMessages,
  companyMessages,
  // NAV receipt data report (issue 35)
  receiptReportMessages,
  // NAV inbound invoices (issue 39)
  navInboundMessages,
  dayOneMessages, // issue 36
  newcomerMessages,
  deliveryMessages, // delivery documents (issue 40)
] as const;
/** Every area's keys (distributed over the areas: `keyof` of a union would keep only the keys they share). */
type KeysOf<T> = T extends { hu: infer H } ? keyof H : never;
export type AreaMessageKey = KeysOf<(typeof AREA_MESSAGES)[number]>;
