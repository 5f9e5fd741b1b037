// The operations of the setup screens, one table per area; operations.ts spreads them into the contract.
// Areas marked as runtime are carried out by services beside the core (NAV sender, mail outbox, backups), which
// the runtime hands to the core with `core.provide`.
import { navOperations } from './nav';
// NAV inbound invoices (issue 39)
import { navInboundOperations } from './nav-inbound';
import { mailOperations } from './mail';
import { dataOperations } from './data';
import { importOperations } from './import';
import { quoteOperations } from './quotes';
import { einvoiceOperations } from './einvoice';
import { expenseEinvoiceOperations } from './expense-einvoice';
import { reminderOperations } from './reminders';
import { bankOperations } from './bank';
import { reportOperations } from './reports';
import { userOperations } from './users';
// issue 40
import { paymentQrOperations } from './payment-qr';
import { deliveryNoteOperations } from './delivery-notes';
// NAV receipt data report (issue 35)
import { navReceiptOperations } from './nav-receipts';
// receipts at the counter: the days' list and printing (issue 35)
import { receiptOperations } from './receipts';

export const runtimeOperations = {
  ...navOperations,
  ...mailOperations,
  ...dataOperations,
  ...navReceiptOperations,
  ...navInboundOperations,
} as const;
export type RuntimeOperationName = keyof typeof runtimeOperations;

export const areaOperations = {
  ...runtimeOperations,
  ...importOperations,
  ...quoteOperations,
  ...einvoiceOperations,
  ...expenseEinvoiceOperations,
  ...reminderOperations,
  ...bankOperations,
  ...reportOperations,
  ...userOperations,
  // issue 40
  ...paymentQrOperations,
  ...deliveryNoteOperations,
  // receipts at the counter (issue 35)
  ...receiptOperations,
} as const;
