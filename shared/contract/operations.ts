// The contract: every operation of Folio declared once — name, input schema, output type and, where the interface
// has one, its HTTP method and path. The HTTP routes, the IPC handlers and the renderer's typed client all come from
// this table; adding an operation is one entry here and one handler in the core.
import { z } from 'zod';
import type { FieldError } from '../errors';
import { INVOICE_TYPE } from '../invoice-codes';
import type {
  BankAccountAttributes,
  ClientAttributes,
  ExpenseAttributes,
  ExpenseAttachmentFile,
  ExpenseTotals,
  ExpenseCategoryAttributes,
  InvoiceAttributes,
  InvoiceBlockAttributes,
  PaymentMethodAttributes,
  ProductAttributes,
  RecurringAttributes,
  Resource,
  SettingsData,
  VatCodeAttributes,
} from '../resources';
import * as s from './schemas';
import { del, get, op, post, put, type OperationDef } from './define';
import { areaOperations } from './areas';
import type { MailFailureReason } from './areas/mail';
import type { TaxNumberCheck } from '../tax-number-check';
export type { HttpBinding, HttpMethod, OperationDef, Reply } from './define';
import * as sync from './sync';

export interface Page<T> {
  items: T[];
  page: number;
  max_per_page: number;
  has_more: boolean;
}

/** rates.convert's answer: `rate` units of `to` for one `from`, exact; each leg's source and day ("MNB 2026-11-20"). */
export interface RateConversion {
  from: string;
  to: string;
  /** the day asked for */
  date: string;
  rate: string;
  from_source: string;
  to_source: string;
}

export interface InvoiceCreated {
  id: number;
  attributes: {
    uid: number;
    fulfillment_date: string;
    due_date: string;
    total: number;
    comment: string;
    currency: string;
    date: string;
    invoice_no: string | null;
    prefixed_invoice_no: string | null;
    client_uid: number;
    block_uid: number;
    type: number;
    status: number;
  };
}

/**
 * The dry run of issuing: what would refuse the invoice (errors) and what the user should confirm (warnings: a late
 * invoice), each at its field with a reason code (the legal checks' codes, see electron/core/invoices/legal/rules.ts).
 */
export interface InvoiceCheck {
  errors: FieldError[];
  warnings: Array<FieldError & { reason: string }>;
}

/** Continuing the numbering of the program used before Folio (a block's choice for one year). */
export interface NumberingContinuation {
  year: number;
  next_no: number;
  set_at: string;
  /** 'local': on this computer; else the device (sync) that set it */
  set_by: string;
}

export interface BlockNumbering {
  block_uid: number;
  /** the business year the figures below are for */
  year: number;
  /** the last normal or cancelling invoice number of that year in the block ('' before the first) */
  last_number: string;
  /** the number the next invoice of the block will take */
  next_number: string;
  continuation: NumberingContinuation | null;
  /** whether the numbering can still be continued this year (no invoice of the year yet, and numbered here) */
  can_continue: boolean;
}

export interface PaymentResult {
  fully_paid: boolean;
  outstanding: number;
}

export interface NavReportStatus {
  state: 'waiting' | 'sent' | 'done' | 'done_with_warnings' | 'aborted' | 'not_required';
  transaction_id: string | null;
  error_code: string | null;
  error_message: string | null;
  updated_at: string;
}

export interface InvoiceSummaryFigure {
  /** in HUF, the interface's 3-decimal form */
  total: string;
  count: number;
}

/** The dashboard's figures, in HUF: invoices in another currency count at their own exchange rate. */
export interface InvoiceSummary {
  /** the business day the figures are for */
  today: string;
  /** what unpaid normal invoices still owe */
  unpaid: InvoiceSummaryFigure;
  /** the part of `unpaid` past its due date */
  overdue: InvoiceSummaryFigure;
  /** net revenue of normal and cancelling invoices by the month they are dated in: the last 12 months, oldest first */
  months: Array<{ month: string; net: string; count: number }>;
}

export interface InvoiceDuties {
  /** false while the NAV technical user is not set up: reports wait in the queue */
  nav_enabled: boolean;
  nav: NavReportStatus | null;
  email: EmailDuty[];
}

/** One e-mail of an invoice: its state, and why it failed (the system's words, and a reason code for the UI's). */
export interface EmailDuty {
  state: string;
  to: string;
  error: string | null;
  reason: MailFailureReason | null;
  updated_at: string;
}

/**
 * Sync protocol version a Folio remote speaks; a device refuses a remote with another one.
 * 2: a device authenticates with the token its join gave it (X-Folio-Device-Token).
 */
export const SYNC_PROTOCOL = 2;

export interface SyncInfo {
  app: 'folio';
  protocol: number;
  last_seq: number;
  device: string | null;
}

export type ChangeEntityName = 'client' | 'product' | 'expense' | 'bank_account' | 'block' | 'invoice' | 'recurring' | 'quote' | 'delivery_note';

export interface ChangeEntry {
  seq: number;
  entity: ChangeEntityName;
  id: number;
  op: 'create' | 'update' | 'delete';
  origin: string;
  /** the record as it is now (null once deleted) */
  data: unknown;
  /** the devices whose concurrent versions of the record this change replaced (they lost: last writer wins) */
  overwrites?: string[];
}

export interface ChangeFeed {
  changes: ChangeEntry[];
  last_seq: number;
  has_more: boolean;
}

export interface PdfFile {
  filename: string;
  pdf: Uint8Array;
}

export interface EuVatResult {
  set_country: string;
  ip_country: string | null;
  country_match: boolean;
  company: { valid: boolean; name: string; address: string; country: string; vat_number: string } | null;
  company_error: string | null;
  tax_rate: number;
  tax_rate_as_of: string;
  rule: string;
  folio_vat: { id: number; value: string; description: string };
  billingo_vat: { id: number; value: string; description: string };
}

type Inv = Resource<InvoiceAttributes>;

/** The v2 door's reads show only the documents v2 knows: its clients were written for types 0, 1 and 3. */
const V2_ONLY = Object.freeze({ v2_only: 1 });

export const operations = {
  // invoices
  'invoices.list': op<Page<Inv>>()({
    name: 'invoices.list',
    summary: 'Invoices, newest first, paged',
    input: s.invoiceListInput,
    http: { ...get('/invoices', 'list', 'invoices'), fixed: V2_ONLY },
  }),
  'invoices.query': op<Page<Inv> & { total?: number }>()({
    name: 'invoices.query',
    summary: 'Invoices by issue date range, number range, payment method and block',
    input: s.invoiceQueryInput,
    http: { ...get('/invoices/query', 'list', 'invoices'), fixed: V2_ONLY },
  }),
  'invoices.blocks': op<Array<Resource<InvoiceBlockAttributes>>>()({
    name: 'invoices.blocks',
    summary: 'Invoice blocks (numbering sequences), the default block 0 first',
    input: z.object({}),
    http: get('/invoices/blocks', 'data', 'invoice_blocks'),
  }),
  'invoices.summary': op<InvoiceSummary>()({
    name: 'invoices.summary',
    summary: 'The dashboard: unpaid and overdue amounts and the net revenue of the last 12 months, in HUF',
    input: z.object({}),
  }),
  'invoices.get': op<Inv>()({
    name: 'invoices.get',
    summary: 'One invoice',
    input: s.invoiceGetInput,
    http: { ...get('/invoices/:id', 'data', 'invoices'), fixed: V2_ONLY },
  }),
  'receipts.create': op<Inv>()({
    name: 'receipts.create',
    summary: 'Issue a receipt (nyugta), paid on the spot and numbered in its own sequence; with draft=1 a draft that becomes one',
    input: s.receiptCreateInput,
  }),
  'receipts.issue': op<Inv>()({
    name: 'receipts.issue',
    summary: 'Issue a draft as a receipt',
    input: s.receiptIssueInput,
  }),
  'invoices.create': op<InvoiceCreated>()({
    name: 'invoices.create',
    summary: 'Create a draft (0), proforma (1) or normal invoice (3)',
    input: s.invoiceCreateInput,
    http: post('/invoices', 'data', 'invoices'),
  }),
  'invoices.createAndRead': op<Inv>()({
    name: 'invoices.createAndRead',
    summary: 'Create as invoices.create does, answering with the whole invoice (for a door that shows what it made)',
    input: s.invoiceCreateInput,
  }),
  'invoices.check': op<InvoiceCheck>()({
    name: 'invoices.check',
    summary: 'Check an invoice body as if it were issued now (legal checks included); writes nothing',
    input: s.invoiceCreateInput,
    http: post('/invoices/check', 'data', 'invoice_check'),
  }),
  'invoices.update': op<Inv>()({
    name: 'invoices.update',
    summary: 'Change a draft',
    input: s.invoiceUpdateInput,
    http: put('/invoices/:id', 'data', 'invoices'),
  }),
  'invoices.issue': op<Inv>()({
    name: 'invoices.issue',
    summary: 'Issue a draft as a normal invoice (takes its number now)',
    // deduct_unpaid_advances: issue 36, a draft final invoice deducting an advance not received in full (advances.ts)
    input: z.object({ id: s.idInput.shape.id, type: z.union([z.literal(INVOICE_TYPE.proforma), z.literal(INVOICE_TYPE.invoice)]).optional(), deduct_unpaid_advances: s.unpaidAdvancesFlag }),
    http: post('/invoices/:id/issue', 'data', 'invoices'),
  }),
  'invoices.delete': op<{ deleted: true }>()({
    name: 'invoices.delete',
    summary: 'Delete a draft',
    input: s.idInput,
    http: del('/invoices/:id', 'success'),
  }),
  'invoices.generate': op<{ id: number }>()({
    name: 'invoices.generate',
    summary: 'Make the normal invoice of a proforma (once), or with advance=1 the advance invoice of the advance it asked for',
    input: s.generateInput,
    http: get('/invoices/:id/generate', 'id'),
  }),
  'invoices.cancel': op<InvoiceCreated>()({
    name: 'invoices.cancel',
    summary: 'Cancel a normal invoice with a cancelling invoice (or void a proforma)',
    input: s.cancelInput,
    http: get('/invoices/:id/cancel', 'data', 'invoices'),
  }),
  'invoices.modify': op<InvoiceCreated>()({
    name: 'invoices.modify',
    summary: 'Issue a modifying invoice of an issued invoice: a reason and the changes (differences of its lines, new lines)',
    input: s.modifyInput,
    http: post('/invoices/:id/modify', 'data', 'invoices'),
  }),
  'invoices.modifyExternal': op<InvoiceCreated>()({
    name: 'invoices.modifyExternal',
    summary: 'Issue a modifying invoice of an invoice the previous program issued, given as it was',
    input: s.modifyExternalInput,
    http: post('/invoices/modify-external', 'data', 'invoices'),
  }),
  'invoices.pay': op<PaymentResult>()({
    name: 'invoices.pay',
    summary: 'Record a full or partial payment',
    input: s.payInput,
    http: post('/invoices/:id/pay', 'data', 'invoice_payment'),
  }),
  'invoices.unpay': op<PaymentResult>()({
    name: 'invoices.unpay',
    summary: 'Remove the payments of an invoice (or, with payment_id, that payment only)',
    input: s.unpayInput,
    http: del('/invoices/:id/pay', 'data', 'invoice_payment'),
  }),
  // issue 36: recording the refund of an overpayment
  'invoices.refund': op<PaymentResult>()({
    name: 'invoices.refund',
    summary: 'Record money paid back of an overpayment (a negative payment, at most the overpayment)',
    input: s.refundInput,
    http: post('/invoices/:id/refund', 'data', 'invoice_payment'),
  }),
  'invoices.code': op<{ code: string }>()({
    name: 'invoices.code',
    summary: 'The share code of an invoice (made on first request)',
    input: s.idInput,
    http: get('/invoices/:id/code', 'data', 'invoice_code'),
  }),
  'invoices.revokeCode': op<{ revoked: boolean }>()({
    name: 'invoices.revokeCode',
    summary: 'Revoke the share code; the next request makes a new one',
    input: s.idInput,
    http: del('/invoices/:id/code', 'success'),
  }),
  'invoices.download': op<PdfFile>()({
    name: 'invoices.download',
    summary: 'The invoice as PDF',
    input: s.idInput,
    http: get('/invoices/:id/download', 'pdf'),
  }),
  'invoices.send': op<{ queued: boolean; state: string }>()({
    name: 'invoices.send',
    summary: "Send the invoice to the client's e-mail address (or to the given recipients, with the given texts)",
    input: s.invoiceSendInput,
    http: get('/invoices/:id/send', 'success'),
  }),
  'invoices.duties': op<InvoiceDuties>()({
    name: 'invoices.duties',
    summary: "What happened to an issued invoice's NAV report and e-mail",
    input: s.idInput,
    http: get('/invoices/:id/duties', 'data', 'invoice_duties'),
  }),
  'nav.retry': op<InvoiceDuties>()({
    name: 'nav.retry',
    summary: "Queue an invoice's NAV report again: after an abort it is rebuilt and sent afresh; a waiting one goes now",
    input: s.idInput,
    http: post('/invoices/:id/nav/retry', 'data', 'invoice_duties'),
  }),
  'blocks.create': op<Resource<InvoiceBlockAttributes>>()({
    name: 'blocks.create',
    summary: 'Create an invoice block',
    input: s.blockCreateInput,
    http: post('/invoices/blocks', 'data', 'invoice_blocks'),
  }),
  'blocks.numbering': op<BlockNumbering[]>()({
    name: 'blocks.numbering',
    summary: "Each block's numbering this year: last and next number, and a continued sequence",
    input: z.object({}),
  }),
  'blocks.continueNumbering': op<BlockNumbering>()({
    name: 'blocks.continueNumbering',
    summary: 'Continue the numbering of the program used before: the next invoice number of a block this year',
    input: s.continueNumberingInput,
  }),
  'blocks.update': op<Resource<InvoiceBlockAttributes>>()({
    name: 'blocks.update',
    summary: 'Rename an invoice block',
    input: s.blockUpdateInput,
    http: put('/invoices/blocks/:id', 'data', 'invoice_blocks'),
  }),

  // clients
  'clients.list': op<Page<Resource<ClientAttributes>>>()({
    name: 'clients.list',
    summary: 'Clients, paged; q searches names, tax numbers and e-mails',
    input: s.clientListInput,
    http: get('/clients', 'list', 'clients'),
  }),
  'clients.get': op<Resource<ClientAttributes>>()({
    name: 'clients.get',
    summary: 'One client',
    input: s.idInput,
    http: get('/clients/:id', 'data', 'clients'),
  }),
  'clients.create': op<Resource<ClientAttributes>>()({
    name: 'clients.create',
    summary: 'Create a client (an identical one is returned instead unless force)',
    input: s.clientCreateInput,
    http: post('/clients', 'data', 'clients'),
  }),
  'clients.update': op<Resource<ClientAttributes>>()({
    name: 'clients.update',
    summary: 'Change a client',
    input: s.clientUpdateInput,
    http: put('/clients/:id', 'data', 'clients'),
  }),
  'clients.delete': op<{ deleted: true }>()({
    name: 'clients.delete',
    summary: 'Delete a client (invoices keep their copy)',
    input: s.idInput,
    http: del('/clients/:id', 'success'),
  }),

  // products
  'products.list': op<Page<Resource<ProductAttributes>>>()({
    name: 'products.list',
    summary: 'Products, paged',
    input: s.clientListInput,
    http: get('/products', 'list', 'products'),
  }),
  'products.get': op<Resource<ProductAttributes>>()({
    name: 'products.get',
    summary: 'One product',
    input: s.idInput,
    http: get('/products/:id', 'data', 'products'),
  }),
  'products.create': op<Resource<ProductAttributes>>()({
    name: 'products.create',
    summary: 'Create a product',
    input: s.productCreateInput,
    http: post('/products', 'data', 'products'),
  }),
  'products.update': op<Resource<ProductAttributes>>()({
    name: 'products.update',
    summary: 'Change a product',
    input: s.productUpdateInput,
    http: put('/products/:id', 'data', 'products'),
  }),
  'products.delete': op<{ deleted: true }>()({
    name: 'products.delete',
    summary: 'Delete a product (soft: deleted 1, deleted_at)',
    input: s.idInput,
    http: del(['/api/products/:id', '/products/:id'], 'success'),
  }),

  // expenses
  'expenses.list': op<Page<Resource<ExpenseAttributes>>>()({
    name: 'expenses.list',
    summary: 'Expenses, paged',
    input: s.pageInput,
    http: get('/expenses', 'list', 'expenses'),
  }),
  'expenses.get': op<Resource<ExpenseAttributes>>()({
    name: 'expenses.get',
    summary: 'One expense',
    input: s.idInput,
    http: get('/expenses/:id', 'data', 'expenses'),
  }),
  'expenses.create': op<Resource<ExpenseAttributes>>()({
    name: 'expenses.create',
    summary: 'Record an expense',
    input: s.expenseCreateInput,
    http: post('/expenses', 'data', 'expenses'),
  }),
  'expenses.update': op<Resource<ExpenseAttributes>>()({
    name: 'expenses.update',
    summary: 'Change an expense',
    input: s.expenseUpdateInput,
    http: put('/expenses/:id', 'data', 'expenses'),
  }),
  'expenses.delete': op<{ deleted: true }>()({
    name: 'expenses.delete',
    summary: 'Delete an expense',
    input: s.idInput,
    http: del('/expenses/:id', 'success'),
  }),
  'expenses.attach': op<Resource<ExpenseAttributes>>()({
    name: 'expenses.attach',
    summary: "Keep the supplier's document (PDF, PNG or JPEG, base64, at most 10 MB) with an expense, replacing any before",
    input: s.expenseAttachInput,
    http: post('/expenses/:id/attachment', 'data', 'expenses'),
  }),
  'expenses.attachment': op<ExpenseAttachmentFile>()({
    name: 'expenses.attachment',
    summary: "The supplier's document kept with an expense, base64-encoded",
    input: s.idInput,
    http: get('/expenses/:id/attachment', 'data', 'expense_attachment'),
  }),
  'expenses.detach': op<Resource<ExpenseAttributes>>()({
    name: 'expenses.detach',
    summary: "Remove the supplier's document from an expense",
    input: s.idInput,
    http: del('/expenses/:id/attachment', 'data', 'expenses'),
  }),
  'expenses.totals': op<ExpenseTotals>()({
    name: 'expenses.totals',
    summary: 'Net, VAT and gross of the expenses of a period, per currency',
    input: s.expenseTotalsInput,
    http: get('/expenses/totals', 'data', 'expense_totals'),
  }),
  'expenses.categories': op<Array<Resource<ExpenseCategoryAttributes, string>>>()({
    name: 'expenses.categories',
    summary: 'Expense categories (hu only)',
    input: s.expenseCategoriesInput,
    http: get('/expenses/categories/:lang', 'data', 'expense_categories'),
  }),

  // bank accounts
  'bankAccounts.list': op<Array<Resource<BankAccountAttributes>>>()({
    name: 'bankAccounts.list',
    summary: 'Bank accounts',
    input: z.object({}),
    http: get('/bank_accounts', 'data', 'bank_accounts'),
  }),
  'bankAccounts.get': op<Resource<BankAccountAttributes>>()({
    name: 'bankAccounts.get',
    summary: 'One bank account',
    input: s.idInput,
    http: get('/bank_accounts/:id', 'data', 'bank_accounts'),
  }),
  'bankAccounts.create': op<Resource<BankAccountAttributes>>()({
    name: 'bankAccounts.create',
    summary: 'Add a bank account',
    input: s.bankAccountCreateInput,
    http: post('/bank_accounts', 'data', 'bank_accounts'),
  }),
  'bankAccounts.update': op<Resource<BankAccountAttributes>>()({
    name: 'bankAccounts.update',
    summary: 'Change a bank account',
    input: s.bankAccountUpdateInput,
    http: put('/bank_accounts/:id', 'data', 'bank_accounts'),
  }),
  'bankAccounts.delete': op<{ deleted: true }>()({
    name: 'bankAccounts.delete',
    // Folio extension: v2 has no DELETE /bank_accounts/{id}; v3's DELETE /bank-accounts/{id} answers from it too
    summary: 'Delete a bank account no invoice, quote, settings default or sync names (for real)',
    input: s.idInput,
    http: del('/bank_accounts/:id', 'success'),
  }),

  // recurring profiles
  'recurring.list': op<Array<Resource<RecurringAttributes>>>()({
    name: 'recurring.list',
    summary: 'Recurring profiles',
    input: z.object({}),
    http: get('/recurring', 'data', 'recurring_profiles'),
  }),
  'recurring.get': op<Resource<RecurringAttributes>>()({
    name: 'recurring.get',
    summary: 'One recurring profile',
    input: s.idInput,
    http: get('/recurring/:id', 'data', 'recurring_profiles'),
  }),
  'recurring.create': op<Resource<Omit<RecurringAttributes, 'invoices'> & { invoice: Inv }>>()({
    name: 'recurring.create',
    summary: 'Create a recurring profile from a base invoice',
    input: s.recurringCreateInput,
    http: post('/recurring', 'data', 'recurring_profiles'),
  }),
  'recurring.update': op<Resource<RecurringAttributes>>()({
    name: 'recurring.update',
    summary: 'Change a recurring profile',
    input: s.recurringUpdateInput,
    http: put('/recurring/:id', 'data', 'recurring_profiles'),
  }),
  'recurring.stop': op<{ stopped: true }>()({
    name: 'recurring.stop',
    summary: 'Stop a recurring profile',
    input: s.idInput,
    http: post('/recurring/:id/stop', 'success'),
  }),
  'recurring.resume': op<{ stopped: false }>()({
    name: 'recurring.resume',
    summary: 'Resume a recurring profile from the next occurrence after today',
    input: s.idInput,
    http: post('/recurring/:id/resume', 'success'),
  }),

  // lookups
  'vat.list': op<Array<Resource<VatCodeAttributes, string>>>()({
    name: 'vat.list',
    summary: 'VAT codes; v filters on the rate, d on the description',
    input: s.vatListInput,
    http: get('/vat', 'data', 'vat'),
  }),
  'vat.eu': op<EuVatResult>()({
    name: 'vat.eu',
    summary: 'The VAT to apply to a sale to another EU country',
    input: s.vatEuInput,
    http: get('/vat/eu', 'data', 'vat_eu'),
  }),
  'rates.convert': op<RateConversion>()({
    name: 'rates.convert',
    summary: 'One unit of a currency in another on a day, from the official rates (X to Y through HUF)',
    input: s.rateConvertInput,
    // Folio extension: Billingo's /v3/currencies answers from the same operation
    http: get('/exchange_rates/:from/:to', 'data', 'exchange_rate'),
  }),
  'lookups.checkTaxNumber': op<TaxNumberCheck>()({
    name: 'lookups.checkTaxNumber',
    summary: "Check a Hungarian tax number: its check digit, and NAV's queryTaxpayer (name, addresses) when NAV is set up",
    input: s.taxNumberCheckInput,
    // Folio extension: Billingo's /utils/check-tax-number (the /v3 door) answers from the same operation
    http: get('/tax-numbers/:tax_number/check', 'data', 'tax_number_check'),
  }),
  'paymentMethods.list': op<Array<Resource<PaymentMethodAttributes, string>>>()({
    name: 'paymentMethods.list',
    summary: 'Payment methods in hu, en or de',
    input: s.langInput,
    http: get('/payment_methods/:lang', 'data', 'payment_methods'),
  }),

  // sync (extension): what a device needs to follow a Folio remote
  'sync.info': op<SyncInfo>()({
    name: 'sync.info',
    summary: 'The sync protocol this node speaks and its newest change',
    input: z.object({}),
    http: get('/sync/info', 'data', 'sync_info'),
  }),
  'sync.changes': op<ChangeFeed>()({
    name: 'sync.changes',
    summary: 'Changes after a sequence number, oldest first, with each record as it is now',
    input: s.changesInput,
    http: get('/sync/changes', 'data', 'changes'),
  }),
  'sync.join': op<sync.SyncJoinResult>()({
    name: 'sync.join',
    summary: 'A device joins: a block of its own, and the numbers it issued in the default block before joining',
    input: sync.syncJoinInput,
    http: post('/sync/join', 'data', 'sync_join'),
  }),
  'sync.pushInvoices': op<sync.PushInvoicesResult>()({
    name: 'sync.pushInvoices',
    summary: 'Store invoices a device issued in its own blocks, as records, in order',
    input: sync.pushInvoicesInput,
    http: post('/sync/invoices', 'data', 'sync_invoices'),
  }),
  'sync.shareCode': op<{ code: string | null }>()({
    name: 'sync.shareCode',
    summary: 'Set (or revoke, null) the share code a device made for an issued invoice, so the same link opens here',
    input: sync.shareCodeInput,
    http: put('/sync/invoices/:id/code', 'data', 'sync_share_code'),
  }),
  'sync.quoteCreate': op<{ id: number }>()({
    name: 'sync.quoteCreate',
    summary: "Store a quote a device made, numbered in that device's own series",
    input: sync.syncQuoteCreateInput,
    http: post('/sync/quotes', 'data', 'sync_quote'),
  }),
  'sync.quoteUpdate': op<{ id: number }>()({
    name: 'sync.quoteUpdate',
    summary: 'Replace a quote with the version a device changed (last writer wins); its number stays',
    input: sync.syncQuoteUpdateInput,
    http: put('/sync/quotes/:id', 'data', 'sync_quote'),
  }),
  'sync.quoteDelete': op<{ deleted: true }>()({
    name: 'sync.quoteDelete',
    summary: 'Delete a quote a device deleted (its number stays taken)',
    input: sync.syncQuoteDeleteInput,
    http: del('/sync/quotes/:id', 'success'),
  }),
  // issue 40: delivery documents travel as records (docs/sync.md "Delivery documents")
  'sync.deliveryNoteCreate': op<{ id: number }>()({
    name: 'sync.deliveryNoteCreate',
    summary: "Store a delivery note, order confirmation or completion certificate a device issued, numbered in its own series",
    input: sync.syncDeliveryNoteCreateInput,
    http: post('/sync/delivery-notes', 'data', 'sync_delivery_note'),
  }),
  'sync.deliveryNoteState': op<{ id: number }>()({
    name: 'sync.deliveryNoteState',
    summary: 'Cancel or invoice a delivery document as a device did; the first node to invoice or cancel it wins (409 for the other)',
    input: sync.syncDeliveryNoteStateInput,
    http: put('/sync/delivery-notes/:id', 'data', 'sync_delivery_note'),
  }),
  'sync.skipOwn': op<{ after: number }>()({
    name: 'sync.skipOwn',
    summary: "The feed cursor past the calling device's own changes (so it need not read them back)",
    input: sync.skipOwnInput,
    http: get('/sync/skip', 'data', 'sync_skip'),
  }),
  // sync, the device side (settings and status screens; IPC and /rpc only)
  'sync.status': op<sync.SyncStatus>()({
    name: 'sync.status',
    summary: 'Sync settings and state: last success, pending changes, last error, progress',
    input: z.object({}),
  }),
  'sync.configure': op<sync.SyncStatus>()({
    name: 'sync.configure',
    summary: "Set the remote's address and key, this device's name and block prefix; switch sync on or off",
    input: sync.syncConfigureInput,
  }),
  'sync.now': op<sync.SyncStatus>()({
    name: 'sync.now',
    summary: 'Sync now and answer when done (or failed)',
    input: z.object({}),
  }),
  'sync.conflicts': op<{ conflicts: sync.SyncConflict[]; issues: sync.SyncIssue[] }>()({
    name: 'sync.conflicts',
    summary: 'Overwritten versions of master data, and operations the remote refused',
    input: sync.conflictsInput,
  }),
  'sync.restoreConflict': op<sync.SyncConflict>()({
    name: 'sync.restoreConflict',
    summary: 'Bring an overwritten version back (as a new change of this device)',
    input: sync.restoreConflictInput,
  }),
  'sync.dismissIssue': op<sync.SyncIssue>()({
    name: 'sync.dismissIssue',
    summary: 'Mark a refused operation as seen',
    input: sync.dismissIssueInput,
  }),

  // settings (desktop and browser UI)
  'settings.get': op<SettingsData>()({
    name: 'settings.get',
    summary: "The seller's profile and defaults",
    input: z.object({}),
    http: get('/settings', 'data', 'settings'),
  }),
  'settings.update': op<SettingsData>()({
    name: 'settings.update',
    summary: "Change the seller's profile and defaults",
    input: s.settingsUpdateInput,
    http: put('/settings', 'data', 'settings'),
  }),

  // the business's setup screens (NAV, e-mail, data, import…): declared per area
  ...areaOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type InputOf<N extends OperationName> = z.input<Operations[N]['input']>;
export type ParsedInputOf<N extends OperationName> = z.output<Operations[N]['input']>;
export type OutputOf<N extends OperationName> = NonNullable<Operations[N]['output']>;

export const operationNames = Object.keys(operations) as OperationName[];
