// The core: the whole invoicing domain, plain Node, no 'electron' import. Built by one factory with its
// dependencies injected; `call` is the single entry every door (IPC, HTTP, CLI) uses.
import { FolioError } from '../../shared/errors';
import { parseInput } from '../../shared/contract/validate';
import type { InvoiceDuties, OperationName, OutputOf, ParsedInputOf, PdfFile } from '../../shared/contract/operations';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { Db } from '../db/open';
import { systemClock, type Clock } from './clock';
import type { CoreContext } from './context';
import { nowStamp } from './context';
import { createBankAccountService } from './bank-accounts/service';
import { createClientService } from './clients/service';
import { createExpenseService, expenseCategories } from './expenses/service';
import { createBlockService, ensureDefaultBlock } from './invoices/blocks';
import { createInvoiceService, type RateProvider, type SealHook } from './invoices/service';
import { listPaymentMethods } from './lookups/payment-methods';
import { createProductService } from './products/service';
import { createRecurringService } from './recurring/service';
import { createSettingsService, readSettings } from './settings/service';
import { euVatLookup, listVatCodes, type EuVatDeps } from './vat/service';

/** Renders an invoice to PDF (the documents module). */
export type PdfRenderer = (invoice: Resource<InvoiceAttributes>) => Promise<Uint8Array>;

/** Sends an invoice to its client (the mail outbox). */
export type InvoiceSender = (invoice: Resource<InvoiceAttributes>) => Promise<{ queued: boolean; state: string }>;

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
}

type Handlers = { [N in OperationName]: (input: ParsedInputOf<N>) => Promise<OutputOf<N>> | OutputOf<N> };

export async function createCore(deps: CoreDeps) {
  const settings = await readSettings(deps.db);
  const ctx: CoreContext = { db: deps.db, clock: deps.clock ?? systemClock, timeZone: settings.time_zone };
  await ensureDefaultBlock(deps.db, nowStamp(ctx));

  const invoices = createInvoiceService(ctx, { ...(deps.rates ? { rates: deps.rates } : {}), sealHooks: deps.sealHooks ?? [] });
  const blocks = createBlockService(ctx);
  const clients = createClientService(ctx);
  const products = createProductService(ctx);
  const expenses = createExpenseService(ctx);
  const bankAccounts = createBankAccountService(ctx);
  const recurring = createRecurringService(ctx);
  const settingsService = createSettingsService(ctx);

  const notBuilt = (what: string) => () => {
    throw new FolioError('not_available', `${what} is not available in this build of Folio`);
  };

  const handlers: Handlers = {
    'invoices.list': invoices.list,
    'invoices.query': invoices.query,
    'invoices.blocks': blocks.list,
    'invoices.get': invoices.get,
    'invoices.create': (input) => invoices.create(input),
    'invoices.update': invoices.update,
    'invoices.issue': invoices.issue,
    'invoices.delete': invoices.delete,
    'invoices.generate': invoices.generate,
    'invoices.cancel': invoices.cancel,
    'invoices.pay': invoices.pay,
    'invoices.unpay': invoices.unpay,
    'invoices.code': invoices.code,
    'invoices.revokeCode': invoices.revokeCode,
    'invoices.download': deps.pdf
      ? async ({ id }): Promise<PdfFile> => {
          const invoice = await invoices.read(id);
          return { filename: pdfFileName(invoice), pdf: await deps.pdf!(invoice) };
        }
      : notBuilt('PDF download'),
    'invoices.send': deps.send ? async ({ id }) => deps.send!(await invoices.read(id)) : notBuilt('Sending invoices by e-mail'),
    'invoices.duties': async ({ id }) => {
      await invoices.read(id);
      return deps.duties ? deps.duties(id) : { nav_enabled: false, nav: null, email: [] };
    },
    'blocks.create': blocks.create,
    'blocks.update': blocks.update,
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
    'expenses.categories': ({ lang }) => expenseCategories(lang),
    'bankAccounts.list': bankAccounts.list,
    'bankAccounts.get': bankAccounts.get,
    'bankAccounts.create': bankAccounts.create,
    'bankAccounts.update': bankAccounts.update,
    'recurring.list': recurring.list,
    'recurring.get': recurring.get,
    'recurring.create': recurring.create,
    'recurring.update': recurring.update,
    'recurring.stop': recurring.stop,
    'recurring.resume': recurring.resume,
    'vat.list': listVatCodes,
    'vat.eu': (input) => euVatLookup(input, deps.euVat ?? {}),
    'paymentMethods.list': ({ lang }) => listPaymentMethods(lang),
    'settings.get': settingsService.get,
    'settings.update': settingsService.update,
  };

  /** Validates raw input against the contract and runs the operation. Throws FolioError for anything refused. */
  async function call<N extends OperationName>(name: N, raw: unknown): Promise<OutputOf<N>> {
    const handler = handlers[name] as ((input: unknown) => Promise<OutputOf<N>> | OutputOf<N>) | undefined;
    if (!handler) throw new FolioError('not_found', `Unknown operation ${String(name)}`);
    return handler(parseInput(name, raw));
  }

  return { ctx, call, handlers, invoices, blocks, clients, products, expenses, bankAccounts, recurring, settings: settingsService };
}

export type Core = Awaited<ReturnType<typeof createCore>>;

/** "Szamla-INV-2026-000001.pdf": readable, and safe on every file system. */
export function pdfFileName(invoice: Resource<InvoiceAttributes>): string {
  const a = invoice.attributes;
  const title = a.type === 1 ? 'proforma' : a.type === 0 ? 'draft' : a.is_cancel_invoice ? 'cancelling-invoice' : 'invoice';
  const number = (a.prefixed_invoice_no ?? `draft-${a.uid}`).replace(/[^\p{L}\p{N}-]+/gu, '-').replace(/-+/g, '-');
  return `${title}-${number}.pdf`;
}
