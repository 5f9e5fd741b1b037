// The core: the whole invoicing domain, plain Node, no 'electron' import. Built by one factory with its
// dependencies injected; `call` is the single entry every door (IPC, HTTP, CLI) uses.
import { FolioError } from '../../shared/errors';
import { invoicePdfFileName, quotePdfFileName } from '../documents/file-name';
import { parseInput } from '../../shared/contract/validate';
import type { InvoiceDuties, OperationName, OutputOf, ParsedInputOf, PdfFile } from '../../shared/contract/operations';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { InvoiceSendOptions } from '../../shared/contract/schemas';
import type { Db } from '../db/types';
import { systemClock, type Clock } from './clock';
import type { CoreContext } from './context';
import { nowStamp } from './context';
import { callContext, type CallContext } from './changes';
import { setChangeClock } from '../db/change-capture';
import { createdResponse } from './invoices/mapping';
import { createChangeFeed } from './sync/feed';
import { createSyncDeliveryNoteHandlers, readDeliveryNoteRecord } from './sync/delivery-note-record';
import { createSyncQuoteHandlers, readQuoteRecord } from './sync/quote-record';
import { createBankAccountService } from './bank-accounts/service';
import { createBankStatementService } from './bank-statements/service';
import { createClientService } from './clients/service';
import { createImportService } from './import/service';
import { clientResource as clientResourceOf } from './clients/mapping';
import { createExpenseService, expenseCategories } from './expenses/service';
import { createEinvoiceImport } from './expenses/einvoice';
import { createBlockService, ensureDefaultBlock } from './invoices/blocks';
import { createInvoiceService, type RateProvider, type SealHook } from './invoices/service';
import { invoiceSummary } from './invoices/summary';
import { listPaymentMethods } from './lookups/payment-methods';
import { checkTaxNumber } from './lookups/tax-number';
import { convertRate } from './rates/convert';
import type { TaxpayerLookup } from '../../shared/tax-number-check';
import { createProductService } from './products/service';
import { createRecurringService } from './recurring/service';
import { createSettingsService, readSettings } from './settings/service';
import { euVatLookup, listVatCodes, type EuVatDeps } from './vat/service';
import type { SyncOperations } from '../../shared/contract/sync';
import { runtimeOperations, type RuntimeOperationName } from '../../shared/contract/areas';
import { createJoinHandler } from './sync/join';
import { createStoreInvoicesHandler } from './sync/store-invoices';
import { createSkipOwnHandler } from './sync/skip-own';
import { createShareCodeHandler } from './sync/share-code';
import { createQuoteService } from './quotes/service';
import { paymentQrAnswer } from './invoices/payment-qr';
import { createDeliveryNoteService } from './delivery-notes/service';
import { invoiceNotes } from './delivery-notes/invoice';
import type { DeliveryNoteAttributes } from '../../shared/delivery-notes';
import type { QuoteAttributes } from '../../shared/quotes';
import { exportEinvoice, type FacturxRenderer } from './einvoice/export';
import { createReminderService, type ReminderPorts } from './reminders/service';
import { vatAnalysis } from './reports/vat';
import { revenueDocuments, revenueReport } from './reports/revenue';
import { exportReport } from './reports/export/index';
import type { SecretBox } from '../secrets/secret-box';
import { LOCAL_OWNER, type Caller } from '../db/call-context';
import { isAudited, mayCall } from '../../shared/contract/permissions';
import { createUserService } from './users/service';
import { createKeyLookup } from './users/keys';
import { listAudit, pendingAudit, writeAudit, type PendingAudit } from './users/audit';
// receipts at the counter (issue 35)
import { receiptDays } from './receipts/days';
import { printReceipt } from './receipts/print';

/** Renders an invoice to PDF (the documents module). */
export type PdfRenderer = (invoice: Resource<InvoiceAttributes>) => Promise<Uint8Array>;

/** Sends an invoice to its client (the mail outbox); the send dialog may give its own recipients and texts. */
export type InvoiceSender = (invoice: Resource<InvoiceAttributes>, options?: InvoiceSendOptions) => Promise<{ queued: boolean; state: string }>;

/** Renders a quote to PDF (the documents module). */
export type QuotePdfRenderer = (quote: Resource<QuoteAttributes>) => Promise<Uint8Array>;

/** Sends a quote to its client (the mail outbox). */
export type QuoteSender = (quote: Resource<QuoteAttributes>, options?: InvoiceSendOptions) => Promise<{ queued: boolean; state: string }>;

/** Reports what the delivery and reporting services did with an invoice (NAV queue, mail outbox). */
export type DutiesReader = (invoiceId: number) => Promise<InvoiceDuties>;

export interface CoreDeps {
  db: Db;
  clock?: Clock;
  rates?: RateProvider;
  sealHooks?: SealHook[];
  euVat?: EuVatDeps;
  pdf?: PdfRenderer;
  send?: InvoiceSender;
  duties?: DutiesReader;
  /** Queues an invoice's NAV report again (the NAV queue); answers with the duties as they are then. */
  navRetry?: DutiesReader;
  quotePdf?: QuotePdfRenderer;
  /** issue 40: a delivery note → PDF bytes (the runtime loads the documents module on first use) */
  deliveryNotePdf?: (note: DeliveryNoteAttributes, lang?: string) => Promise<Uint8Array>;
  /** issue 35: an invoice (a receipt) on a 58 or 80 mm till roll → PDF bytes (electron/documents/pos.ts) */
  rollPdf?: (invoice: Resource<InvoiceAttributes>, mm: 58 | 80) => Promise<Uint8Array>;
  sendQuote?: QuoteSender;
  /** packs an invoice's CII into its PDF as Factur-X; without it `invoices.einvoice` answers format=facturx with 501 */
  facturx?: FacturxRenderer;
  /** NAV's taxpayer lookup (electron/nav/taxpayer.ts); without it tax numbers are checked by their check digit only */
  taxpayer?: TaxpayerLookup;
  /** the device's sync service (settings, status, sync now); the runtime injects it */
  sync?: SyncOperations;
  /** the outbox's side of payment reminders (the runtime's mailer); without it only their settings work */
  reminders?: ReminderPorts;
  /** seals the users' key secrets for verifying their JWTs (without it a user key works as X-API-KEY only) */
  secretBox?: SecretBox;
  /**
   * The database in use when an operation ends: a restore (data.restore) replaces this core's database under it, and
   * its audit row belongs in the database restored, the one in use from then on. Default: this core's.
   */
  currentDb?: () => Db;
}

/**
 * A handler gets the parsed input and who calls (most need only the input; the data area records who started an export),
 * and for an audited operation its audit row to write in its own write transaction, if it makes its change in one
 * (users/audit.ts PendingAudit; a handler that does not leaves the row to `call`).
 */
type Handlers = { [N in OperationName]: (input: ParsedInputOf<N>, caller: Caller, audit?: PendingAudit) => Promise<OutputOf<N>> | OutputOf<N> };
/** The operations carried out beside the core (NAV settings, mail, backups); the runtime provides them. */
export type RuntimeHandlers = Pick<Handlers, RuntimeOperationName>;

export async function createCore(deps: CoreDeps) {
  const settings = await readSettings(deps.db);
  const ctx: CoreContext = { db: deps.db, clock: deps.clock ?? systemClock, timeZone: settings.time_zone };
  setChangeClock(deps.db, () => nowStamp(ctx));
  await ensureDefaultBlock(deps.db, nowStamp(ctx));

  const invoices = createInvoiceService(ctx, { ...(deps.rates ? { rates: deps.rates } : {}), sealHooks: deps.sealHooks ?? [] });
  const blocks = createBlockService(ctx);
  const clients = createClientService(ctx);
  const products = createProductService(ctx);
  const expenses = createExpenseService(ctx);
  const bankAccounts = createBankAccountService(ctx);
  const bankStatements = createBankStatementService(ctx, invoices, expenses);
  const recurring = createRecurringService(ctx);
  const settingsService = createSettingsService(ctx);
  const importer = createImportService(ctx);
  const quotes = createQuoteService(ctx, invoices);
  const deliveryNotes = createDeliveryNoteService(ctx);
  const users = createUserService(ctx, deps.secretBox);
  const userKeys = createKeyLookup(deps.db, deps.secretBox, () => nowStamp(ctx));
  const reminders = createReminderService(ctx, { ports: deps.reminders, rates: deps.rates, readInvoice: (id) => invoices.read(id) });

  const feed = createChangeFeed(deps.db, {
    client: async (id) => {
      const row = await deps.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { ...clientResourceOf(row), deleted: row.deleted_at !== null } : null;
    },
    product: (id) => products.get({ id }),
    expense: (id) => expenses.get({ id }),
    bank_account: (id) => bankAccounts.get({ id }),
    block: async (id) => (await blocks.list()).find((b) => b.id === id) ?? null,
    recurring: (id) => recurring.get({ id }),
    quote: async (id) => {
      const found = await readQuoteRecord(deps.db, id);
      return found ? { id, attributes: found.record, deleted: found.deleted } : null;
    },
    // issue 40: a delivery document as its record (docs/sync.md "Delivery documents")
    delivery_note: async (id) => {
      const record = await readDeliveryNoteRecord(deps.db, id);
      return record ? { id, attributes: record } : null;
    },
  });
  const syncQuotes = createSyncQuoteHandlers(ctx);
  const syncDeliveryNotes = createSyncDeliveryNoteHandlers(ctx);

  const notBuilt = (what: string) => () => {
    throw new FolioError('not_available', `${what} is not available in this build of Folio`);
  };
  const sync = (): SyncOperations => deps.sync ?? (notBuilt('Sync') as () => never)();

  const handlers: Omit<Handlers, RuntimeOperationName> = {
    'invoices.list': invoices.list,
    'invoices.query': invoices.query,
    'invoices.blocks': blocks.list,
    'invoices.summary': () => invoiceSummary(ctx),
    'invoices.get': invoices.get,
    // issue 40
    'invoices.paymentQr': async (input) => paymentQrAnswer(await invoices.read(input.id)),
    'deliveryNotes.list': deliveryNotes.list,
    'deliveryNotes.get': deliveryNotes.get,
    'deliveryNotes.create': deliveryNotes.create,
    'deliveryNotes.cancel': deliveryNotes.cancel,
    'deliveryNotes.download': deps.deliveryNotePdf
      ? async ({ id, lang }): Promise<PdfFile> => {
          const note = await deliveryNotes.read(id);
          return { filename: `${{ waybill: 'szallitolevel', order_form: 'megrendeles-visszaigazolas', cert_of_completion: 'teljesitesigazolas' }[note.attributes.kind]}-${note.attributes.note_no}.pdf`, pdf: await deps.deliveryNotePdf!(note.attributes, lang) };
        }
      : notBuilt('PDF download'),
    'deliveryNotes.invoice': async (input) => {
      const invoiceId = await invoiceNotes(ctx, invoices, input);
      return { invoice_uid: invoiceId, notes: (await deliveryNotes.list({ invoice_uid: invoiceId, max_per_page: 500 })).items };
    },
    'invoices.create': (input, _caller, audit) => invoices.create(input, undefined, audit),
    'invoices.createAndRead': (input, _caller, audit) => invoices.createAndRead(input, audit),
    'invoices.check': invoices.check,
    'invoices.update': invoices.update,
    'invoices.issue': invoices.issue,
    'invoices.delete': invoices.delete,
    'invoices.generate': invoices.generate,
    'invoices.cancel': invoices.cancel,
    'invoices.modify': invoices.modify,
    'invoices.modifyExternal': invoices.modifyExternal,
    'invoices.pay': invoices.pay,
    'invoices.unpay': invoices.unpay,
    'invoices.refund': invoices.refund,
    'receipts.create': invoices.createReceipt,
    'receipts.issue': invoices.issueReceipt,
    // receipts at the counter (issue 35): the days' list and a receipt's print
    'receipts.days': (input) => receiptDays(ctx, input),
    'receipts.print': async ({ id, paper }) =>
      printReceipt(await invoices.read(id), paper, { ...(deps.pdf ? { a4: deps.pdf } : {}), ...(deps.rollPdf ? { roll: deps.rollPdf } : {}) }),
    'invoices.code': invoices.code,
    'invoices.revokeCode': invoices.revokeCode,
    'invoices.download': deps.pdf
      ? async ({ id }): Promise<PdfFile> => {
          const invoice = await invoices.read(id);
          return { filename: pdfFileName(invoice), pdf: await deps.pdf!(invoice) };
        }
      : notBuilt('PDF download'),
    'invoices.send': deps.send ? async ({ id, ...options }) => deps.send!(await invoices.read(id), options) : notBuilt('Sending invoices by e-mail'),
    'invoices.duties': async ({ id }) => {
      await invoices.read(id);
      return deps.duties ? deps.duties(id) : { nav_enabled: false, nav: null, email: [] };
    },
    'nav.retry': deps.navRetry ? async ({ id }) => (await invoices.read(id), deps.navRetry!(id)) : notBuilt('NAV reporting'),
    'blocks.create': blocks.create,
    'blocks.update': blocks.update,
    'blocks.numbering': blocks.numbering,
    'blocks.continueNumbering': blocks.continueNumbering,
    'clients.list': clients.list,
    'clients.get': clients.get,
    'clients.create': clients.create,
    'clients.update': clients.update,
    'clients.delete': clients.delete,
    'products.list': products.list,
    'products.get': products.get,
    'products.create': products.create,
    'products.update': products.update,
    'products.delete': products.delete,
    'expenses.list': expenses.list,
    'expenses.get': expenses.get,
    'expenses.create': expenses.create,
    'expenses.update': expenses.update,
    'expenses.delete': expenses.delete,
    'expenses.attach': expenses.attach,
    'expenses.attachment': expenses.attachment,
    'expenses.detach': expenses.detach,
    'expenses.totals': expenses.totals,
    'expenses.categories': ({ lang }) => expenseCategories(lang),
    'expenses.einvoice': createEinvoiceImport(ctx),
    'bankAccounts.list': bankAccounts.list,
    'bankAccounts.get': bankAccounts.get,
    'bankAccounts.create': bankAccounts.create,
    'bankAccounts.update': bankAccounts.update,
    'bankAccounts.delete': bankAccounts.delete,
    'recurring.list': recurring.list,
    'recurring.get': recurring.get,
    'recurring.create': recurring.create,
    'recurring.update': recurring.update,
    'recurring.stop': recurring.stop,
    'recurring.resume': recurring.resume,
    'vat.list': listVatCodes,
    'vat.eu': (input) => euVatLookup(input, deps.euVat ?? {}),
    'paymentMethods.list': ({ lang }) => listPaymentMethods(lang),
    'rates.convert': (input) => convertRate(ctx, deps.rates, input),
    'lookups.checkTaxNumber': (input) => checkTaxNumber(input, deps.taxpayer),
    'sync.info': () => feed.info(),
    'sync.changes': (input) => feed.changes(input),
    'sync.join': createJoinHandler(ctx),
    'sync.pushInvoices': createStoreInvoicesHandler(ctx),
    'sync.skipOwn': createSkipOwnHandler(deps.db),
    'sync.shareCode': createShareCodeHandler(ctx),
    'sync.quoteCreate': syncQuotes.create,
    'sync.quoteUpdate': syncQuotes.update,
    'sync.quoteDelete': syncQuotes.delete,
    'sync.deliveryNoteCreate': syncDeliveryNotes.create,
    'sync.deliveryNoteState': syncDeliveryNotes.state,
    'sync.status': () => sync().status(),
    'sync.configure': (input) => sync().configure(input),
    'sync.now': () => sync().now(),
    'sync.conflicts': (input) => sync().conflicts(input),
    'sync.restoreConflict': (input) => sync().restoreConflict(input),
    'sync.dismissIssue': (input) => sync().dismissIssue(input),
    'settings.get': settingsService.get,
    'settings.update': settingsService.update,
    'import.analyze': importer.analyze,
    'import.preview': importer.preview,
    'import.run': importer.run,
    'bankStatements.import': bankStatements.import,
    'bankStatements.preview': bankStatements.preview,
    'bankStatements.list': bankStatements.statements,
    'bankStatements.csvMapping': bankStatements.csvMapping,
    'bankStatements.saveCsvMapping': bankStatements.saveCsvMapping,
    'bankEntries.list': bankStatements.entries,
    'bankEntries.confirm': bankStatements.confirm,
    'bankEntries.confirmSuggested': bankStatements.confirmSuggested,
    'bankEntries.undo': bankStatements.undo,
    'bankEntries.ignore': bankStatements.ignore,
    'receivables.summary': bankStatements.receivables,
    'reports.vat': (input) => vatAnalysis(ctx, input),
    'reports.revenue': (input) => revenueReport(ctx, input),
    'reports.revenueDocuments': (input) => revenueDocuments(ctx, input),
    'reports.export': (input) => exportReport(ctx, input),
    'quotes.list': quotes.list,
    'quotes.get': quotes.get,
    'quotes.create': quotes.create,
    'quotes.update': quotes.update,
    'quotes.delete': quotes.delete,
    'quotes.accept': quotes.accept,
    'quotes.decline': quotes.decline,
    'quotes.download': deps.quotePdf
      ? async ({ id }): Promise<PdfFile> => {
          const quote = await quotes.read(id);
          return { filename: quotePdfFileName(quote.attributes), pdf: await deps.quotePdf!(quote) };
        }
      : notBuilt('PDF download'),
    'invoices.einvoice': (input) => exportEinvoice(ctx, input, deps.facturx),
    'quotes.send': deps.sendQuote
      ? async ({ id, ...options }) => {
          const sent = await deps.sendQuote!(await quotes.read(id), options);
          await quotes.markSent(id);
          return sent;
        }
      : notBuilt('Sending quotes by e-mail'),
    'reminders.settings': reminders.settings,
    'reminders.saveSettings': reminders.saveSettings,
    'reminders.setBaseRate': reminders.setBaseRate,
    'reminders.deleteBaseRate': reminders.deleteBaseRate,
    'reminders.setClient': reminders.setClient,
    'reminders.client': reminders.client,
    'reminders.forInvoice': reminders.forInvoice,
    'reminders.stop': reminders.stop,
    'reminders.resume': reminders.resume,
    'reminders.remindNow': reminders.remindNow,
    'reminders.run': () => reminders.run(),
    'users.me': (_input, caller) => ({ user_id: caller.user_id, name: caller.name, role: caller.role }),
    'users.list': users.list,
    'users.create': users.create,
    'users.update': users.update,
    'users.disable': users.disable,
    'users.createKey': users.createKey,
    'users.revokeKey': users.revokeKey,
    'audit.list': (input) => listAudit(deps.db, input),
  };

  /**
   * Validates raw input against the contract and runs the operation. Throws FolioError for anything refused.
   * `origin` names the device a request came from; with an idempotency key, a request already carried out answers
   * as it did then, and the same key with a different request is refused. `overwrites` names the devices whose
   * concurrent versions the change replaces (noted with the change, for them to learn from the feed).
   */
  async function call<N extends OperationName>(
    name: N,
    raw: unknown,
    context: {
      origin?: string;
      idempotencyKey?: string;
      requestHash?: string;
      overwrites?: string;
      caller?: Caller;
      /** a background job's call is logged only when it did something (a reminder pass that queued nothing is not) */
      loggedIf?: (output: OutputOf<N>) => boolean;
    } = {},
  ): Promise<OutputOf<N>> {
    const handler = ((handlers as Partial<Handlers>)[name] ?? provided[name as RuntimeOperationName]) as ((input: unknown, caller: Caller, audit?: PendingAudit) => Promise<OutputOf<N>> | OutputOf<N>) | undefined;
    if (!handler) {
      throw name in runtimeOperations
        ? new FolioError('not_available', `${String(name)} is not available in this build of Folio`)
        : new FolioError('not_found', `Unknown operation ${String(name)}`);
    }
    // Roles are checked here, before the input is even read, so every door is held to the same table and a refused
    // call changes nothing. A call made inside another call acts for the same caller.
    const outer = callContext.getStore();
    const caller = context.caller ?? outer?.caller ?? LOCAL_OWNER;
    if (!mayCall(caller.role, name)) {
      throw new FolioError('forbidden', `The ${caller.role} role may not call ${String(name)}`);
    }
    const input = parseInput(name, raw);
    // A nested call (an operation made of others) is logged as the operation its caller asked for, not again.
    const audited = isAudited(name) && !outer?.audited;
    // The row is offered to the handler to write in its own transaction (a background call logged only when it did
    // something is decided here, after it, so it is not offered).
    const audit = audited && !context.loggedIf ? pendingAudit({ caller, operation: name, input: raw }, () => nowStamp(ctx)) : undefined;
    const done = audited
      ? async (output: OutputOf<N>): Promise<OutputOf<N>> => {
          if (context.loggedIf && !context.loggedIf(output)) return output;
          if (audit?.written) return output;
          // The operation is done and committed: a failed log write is reported, not turned into a failed answer
          // (a client told "failed" would do it again).
          await writeAudit(deps.currentDb?.() ?? deps.db, { at: nowStamp(ctx), caller, operation: name, input: raw, output }).catch((e: unknown) => {
            console.error(`folio: the audit row of ${String(name)} could not be written: ${e instanceof Error ? e.message : String(e)}`);
          });
          return output;
        }
      : (output: OutputOf<N>) => output;
    // A plain local call outside any other call's context needs no context of its own (no store reads as 'local'),
    // and entering one is not free: on Node 20 an AsyncLocalStorage in use hooks every promise the process makes.
    // The caller needs no context either: it is checked and logged here, and no handler calls another operation.
    if (context.origin === undefined && !context.idempotencyKey && outer === undefined) return done(await handler(input, caller, audit));
    const store: CallContext = { origin: context.origin ?? 'local', caller, ...(audited || outer?.audited ? { audited: true } : {}) };
    if (context.overwrites) store.overwrites = { devices: context.overwrites, stored: false };
    if (context.idempotencyKey) {
      const hash = context.requestHash ?? `${name}:${JSON.stringify(raw)}`;
      const seen = await deps.db.selectFrom('idempotency_keys').selectAll().where('key', '=', context.idempotencyKey).executeTakeFirst();
      if (seen) {
        if (seen.request_hash !== hash || seen.operation !== name) {
          throw new FolioError('rule_violation', 'This Idempotency-Key was already used for a different request');
        }
        return replay(name, seen.entity_id) as Promise<OutputOf<N>>;
      }
      store.idempotency = { key: context.idempotencyKey, hash, operation: name, stored: false };
    }
    return done(await callContext.run(store, () => handler(input, caller, audit)));
  }

  /** The answer a repeated request gets: the operation's answer rebuilt from the record it made. */
  async function replay(name: OperationName, entityId: number): Promise<unknown> {
    switch (name) {
      case 'invoices.createAndRead':
        return invoices.read(entityId);
      case 'invoices.create':
      case 'invoices.modify':
      case 'invoices.modifyExternal':
        return createdResponse(await deps.db.selectFrom('invoices').selectAll().where('id', '=', entityId).executeTakeFirstOrThrow());
      // The key is stored with the request's first change, which for these is the original's (the cancelled invoice,
      // the proforma); the answer is the invoice the request made from it (a voided proforma makes none: itself).
      case 'invoices.cancel': {
        const cancelling = await deps.db.selectFrom('invoices').selectAll().where('cancels_id', '=', entityId).executeTakeFirst();
        return createdResponse(cancelling ?? (await deps.db.selectFrom('invoices').selectAll().where('id', '=', entityId).executeTakeFirstOrThrow()));
      }
      case 'invoices.generate':
        return { id: (await deps.db.selectFrom('invoices').select('id').where('proforma_id', '=', entityId).executeTakeFirstOrThrow()).id };
      case 'invoices.pay':
      case 'invoices.unpay':
      case 'invoices.refund': {
        const inv = await invoices.read(entityId);
        return { fully_paid: inv.attributes.outstanding === '0.000', outstanding: Number(inv.attributes.outstanding) };
      }
      case 'clients.create':
      case 'clients.update':
        return clients.get({ id: entityId });
      case 'products.create':
      case 'products.update':
        return products.get({ id: entityId });
      case 'expenses.create':
      case 'expenses.update':
        return expenses.get({ id: entityId });
      case 'bankAccounts.create':
      case 'bankAccounts.update':
        return bankAccounts.get({ id: entityId });
      case 'recurring.update':
        return recurring.get({ id: entityId });
      case 'blocks.create':
      case 'blocks.update':
        return (await blocks.list()).find((b) => b.id === entityId);
      case 'clients.delete':
      case 'products.delete':
      case 'expenses.delete':
      case 'bankAccounts.delete':
        return { deleted: true };
      case 'recurring.stop':
        return { stopped: true };
      case 'recurring.resume':
        return { stopped: false };
      // a share code is logged as its invoice's change (migration 0016): a repeated request answers the code now
      case 'invoices.code':
        return invoices.code({ id: entityId });
      case 'invoices.revokeCode':
        return { revoked: true };
      // the first change accepting makes is the proforma's creation: the answer is its quote as it is now
      case 'quotes.accept': {
        const quote = await deps.db.selectFrom('quotes').select('id').where('accepted_invoice_id', '=', entityId).executeTakeFirstOrThrow();
        return quotes.get({ id: quote.id });
      }
      case 'sync.quoteCreate':
      case 'sync.quoteUpdate':
      case 'sync.deliveryNoteCreate':
      case 'sync.deliveryNoteState':
        return { id: entityId };
      case 'sync.quoteDelete':
        return { deleted: true };
      case 'sync.shareCode':
        return { code: (await deps.db.selectFrom('invoices').select('share_code').where('id', '=', entityId).executeTakeFirstOrThrow()).share_code };
      default:
        throw new FolioError('conflict', 'This request was already carried out');
    }
  }

  /** The runtime's services take their operations here once they exist (they need the core to be built first). */
  const provided: Partial<RuntimeHandlers> = {};
  function provide(more: Partial<RuntimeHandlers>): void {
    Object.assign(provided, more);
  }

  return { ctx, call, provide, userKeys, handlers, invoices, blocks, clients, products, expenses, bankAccounts, recurring, quotes, reminders, settings: settingsService };
}

export type Core = Awaited<ReturnType<typeof createCore>>;

/** The download's name, in the invoice's language: "szamla-2026-000001.pdf", "invoice-…", "rechnung-…". */
export function pdfFileName(invoice: Resource<InvoiceAttributes>): string {
  return invoicePdfFileName(invoice.attributes);
}
