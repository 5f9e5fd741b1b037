// Who may call what (docs/users.md): every operation of the contract has one permission class, and each role is
// the set of classes it may use. The core checks this table in `call`, so every door (HTTP, /rpc, v3, IPC, CLI) is
// held to the same rule; the type makes a new operation without a class a compile error.
import type { OperationName } from './operations';
import type { Role } from './areas/users';

export type PermissionClass =
  /** reads: lists, records, PDFs, lookups, checks that write nothing */
  | 'read'
  /** invoices, receipts, quotes, payments, clients, products, recurring profiles, sending and reminders of one invoice */
  | 'invoicing'
  /** expenses and the bank statements that pay invoices and record expenses */
  | 'bookkeeping'
  /** the business's setup: seller, blocks, bank accounts, NAV, mail, backups, sync settings, reminder rules */
  | 'settings'
  /** exports for the accountant and report files */
  | 'export'
  /** a sync device storing its records here (devices act for the user whose key they use) */
  | 'sync'
  /** users, keys and the audit log: the owner's alone */
  | 'admin';

export const ROLE_CLASSES: Readonly<Record<Role, ReadonlySet<PermissionClass>>> = {
  owner: new Set<PermissionClass>(['read', 'invoicing', 'bookkeeping', 'settings', 'export', 'sync', 'admin']),
  staff: new Set<PermissionClass>(['read', 'invoicing', 'sync']),
  accountant: new Set<PermissionClass>(['read', 'export']),
};

/** Classes whose successful calls are written to the audit log (reads and exports change nothing). */
export const AUDITED_CLASSES: ReadonlySet<PermissionClass> = new Set(['invoicing', 'bookkeeping', 'settings', 'sync', 'admin']);

export const PERMISSIONS: Readonly<Record<OperationName, PermissionClass>> = {
  'invoices.list': 'read',
  'invoices.query': 'read',
  'invoices.blocks': 'read',
  'invoices.summary': 'read',
  'invoices.get': 'read',
  'invoices.check': 'read',
  'invoices.download': 'read',
  'invoices.duties': 'read',
  'invoices.einvoice': 'read',
  'receipts.create': 'invoicing',
  'receipts.issue': 'invoicing',
  // receipts at the counter (issue 35): the days' list and a receipt's print
  'receipts.days': 'read',
  'receipts.print': 'read',
  'invoices.create': 'invoicing',
  'invoices.createAndRead': 'invoicing',
  'invoices.update': 'invoicing',
  'invoices.issue': 'invoicing',
  'invoices.delete': 'invoicing',
  'invoices.generate': 'invoicing',
  'invoices.cancel': 'invoicing',
  'invoices.modify': 'invoicing',
  'invoices.modifyExternal': 'invoicing',
  'invoices.pay': 'invoicing',
  'invoices.unpay': 'invoicing',
  // issue 36: a refund of an overpayment
  'invoices.refund': 'invoicing',
  // a share code is made on first request: a write
  'invoices.code': 'invoicing',
  'invoices.revokeCode': 'invoicing',
  'invoices.send': 'invoicing',
  'nav.retry': 'invoicing',
  'blocks.create': 'settings',
  'blocks.numbering': 'read',
  'blocks.continueNumbering': 'settings',
  'blocks.update': 'settings',
  'clients.list': 'read',
  'clients.get': 'read',
  'clients.create': 'invoicing',
  'clients.update': 'invoicing',
  'clients.delete': 'invoicing',
  'products.list': 'read',
  'products.get': 'read',
  'products.create': 'invoicing',
  'products.update': 'invoicing',
  'products.delete': 'invoicing',
  'expenses.list': 'read',
  'expenses.get': 'read',
  'expenses.attachment': 'read',
  'expenses.totals': 'read',
  'expenses.categories': 'read',
  'expenses.create': 'bookkeeping',
  'expenses.update': 'bookkeeping',
  'expenses.delete': 'bookkeeping',
  'expenses.attach': 'bookkeeping',
  'expenses.detach': 'bookkeeping',
  'expenses.einvoice': 'bookkeeping',
  'bankAccounts.list': 'read',
  'bankAccounts.get': 'read',
  'bankAccounts.create': 'settings',
  'bankAccounts.update': 'settings',
  'bankAccounts.delete': 'settings',
  'recurring.list': 'read',
  'recurring.get': 'read',
  'recurring.create': 'invoicing',
  'recurring.update': 'invoicing',
  'recurring.stop': 'invoicing',
  'recurring.resume': 'invoicing',
  'vat.list': 'read',
  'vat.eu': 'read',
  'rates.convert': 'read',
  'lookups.checkTaxNumber': 'read',
  'paymentMethods.list': 'read',
  'sync.info': 'read',
  'sync.changes': 'read',
  'sync.skipOwn': 'read',
  'sync.join': 'sync',
  'sync.pushInvoices': 'sync',
  'sync.shareCode': 'sync',
  'sync.quoteCreate': 'sync',
  'sync.quoteUpdate': 'sync',
  'sync.quoteDelete': 'sync',
  // issue 40: delivery documents' sync
  'sync.deliveryNoteCreate': 'sync',
  'sync.deliveryNoteState': 'sync',
  // this device's side of sync: its status is a read, the rest is its setup
  'sync.status': 'read',
  'sync.conflicts': 'read',
  'sync.configure': 'settings',
  'sync.now': 'settings',
  'sync.restoreConflict': 'settings',
  'sync.dismissIssue': 'settings',
  'settings.get': 'read',
  'settings.update': 'settings',
  'bankStatements.import': 'bookkeeping',
  'bankStatements.list': 'read',
  'bankStatements.csvMapping': 'read',
  'bankStatements.saveCsvMapping': 'bookkeeping',
  // the column form's look at a statement file (issue 37): reads it, changes nothing, so not audited
  'bankStatements.preview': 'read',
  'bankEntries.list': 'read',
  'bankEntries.confirm': 'bookkeeping',
  'bankEntries.confirmSuggested': 'bookkeeping',
  'bankEntries.undo': 'bookkeeping',
  'bankEntries.ignore': 'bookkeeping',
  'receivables.summary': 'read',
  'data.backupSettings': 'read',
  'data.saveBackupSettings': 'settings',
  'data.backupNow': 'settings',
  // both read files anywhere on the server's disk: the owner's alone
  'data.backups': 'settings',
  'data.inspectBackup': 'settings',
  'data.restore': 'settings',
  'data.exportStart': 'export',
  'data.accountantStart': 'export',
  'data.exportStatus': 'export',
  // importing clients and products from a file
  'import.analyze': 'invoicing',
  'import.preview': 'invoicing',
  'import.run': 'invoicing',
  'mail.settings': 'read',
  'mail.saveSettings': 'settings',
  'mail.test': 'settings',
  'mail.outbox': 'read',
  'mail.retry': 'invoicing',
  'mail.compose': 'read',
  'nav.settings': 'read',
  'nav.saveSettings': 'settings',
  'nav.check': 'settings',
  'nav.queue': 'read',
  'nav.retryRefused': 'invoicing',
  // issue 36: a saved NAV secret shown in clear — the owner's alone, and (an admin class) every showing is logged
  'nav.revealSecret': 'admin',
  // issue 40: payment QR codes
  'invoices.paymentQr': 'read',
  'deliveryNotes.list': 'read',
  'deliveryNotes.get': 'read',
  'deliveryNotes.download': 'read',
  'deliveryNotes.create': 'invoicing',
  'deliveryNotes.cancel': 'invoicing',
  'deliveryNotes.invoice': 'invoicing',
  // NAV receipt data report (issue 35)
  'navReceipts.days': 'read',
  'navReceipts.run': 'invoicing',
  'navReceipts.retry': 'invoicing',
  'navReceipts.invalidate': 'settings',
  'navReceipts.saveSettings': 'settings',
  // NAV inbound invoices (issue 39)
  'navInbound.status': 'read',
  'navInbound.list': 'read',
  'navInbound.get': 'read',
  'navInbound.start': 'bookkeeping',
  'navInbound.run': 'bookkeeping',
  'navInbound.ignore': 'bookkeeping',
  'quotes.list': 'read',
  'quotes.get': 'read',
  'quotes.download': 'read',
  'quotes.create': 'invoicing',
  'quotes.update': 'invoicing',
  'quotes.delete': 'invoicing',
  'quotes.send': 'invoicing',
  'quotes.accept': 'invoicing',
  'quotes.decline': 'invoicing',
  'reminders.settings': 'read',
  'reminders.client': 'read',
  'reminders.forInvoice': 'read',
  'reminders.saveSettings': 'settings',
  'reminders.setBaseRate': 'settings',
  'reminders.deleteBaseRate': 'settings',
  'reminders.setClient': 'invoicing',
  'reminders.stop': 'invoicing',
  'reminders.resume': 'invoicing',
  'reminders.remindNow': 'invoicing',
  'reminders.run': 'settings',
  'reports.vat': 'read',
  'reports.revenue': 'read',
  // issue 41: a revenue figure's documents, asked for when its list is opened
  'reports.revenueDocuments': 'read',
  'reports.export': 'export',
  'users.me': 'read',
  'users.list': 'admin',
  'users.create': 'admin',
  'users.update': 'admin',
  'users.disable': 'admin',
  'users.createKey': 'admin',
  'users.revokeKey': 'admin',
  'audit.list': 'admin',
};

/**
 * Reads in a writing class: the owner's reads of users and the log (reading the log must not write to it), and
 * (issue 36) looks that change nothing — an import's analysis and preview, the list of backups and a look inside
 * one, NAV's answer to the technical user's check.
 */
const ADMIN_READS: ReadonlySet<OperationName> = new Set<OperationName>([
  'users.list', 'audit.list',
  'import.analyze', 'import.preview', 'data.backups', 'data.inspectBackup', 'nav.check',
]);

/** Whether a successful call of the operation leaves an audit row. */
export function isAudited(name: OperationName): boolean {
  return AUDITED_CLASSES.has(PERMISSIONS[name]) && !ADMIN_READS.has(name);
}

export function mayCall(role: Role, name: OperationName): boolean {
  const cls = PERMISSIONS[name];
  return cls !== undefined && ROLE_CLASSES[role].has(cls);
}
