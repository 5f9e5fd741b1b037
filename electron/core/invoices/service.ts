// Invoices: the transitions (create, a draft's edit, issue, delete, cancel, generate from a proforma, pay, unpay,
// share) each in its own module, and the reads in ./queries.ts; this service only puts them together for the core.
// Every transition is one write transaction; issued invoices are sealed (./seal.ts) and then never change.
import type { InvoiceCreateInput, ModifyExternalInput, ModifyInput, PayInput, ReceiptCreateInput, ReceiptIssueInput, UnpayInput, RefundInput } from '../../../shared/contract/schemas';
import { modifyExternal, modifyInvoice } from './modify';
import type { CoreContext } from '../context';
import { cancelInvoice } from './cancel';
import { create, createAndRead, createIn } from './create';
import { deleteDraft, updateDraft } from './drafts';
import { checkInvoiceRequest } from './dry-run';
import { generateInvoice } from './generate';
import { issueDraft } from './issue';
import { pay, payIn, refund, unpay, unpayIn } from './payments';
import { createReceipt, issueReceipt } from './receipts';
import { createInvoiceQueries } from './queries';
import { exchangeRate } from './request';
import { revokeShareCode, shareCode } from './share';
import type { InvoiceValues } from './statements';
import type { InvoiceDeps, InvoiceEnv, RateQuote } from './types';
import type { InvoiceRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import type { PendingAudit } from '../users/audit';

export type { RateProvider, RateQuote, SealHook } from './types';
export { blindSealHook } from './types';

export function createInvoiceService(ctx: CoreContext, deps: InvoiceDeps = {}) {
  const env: InvoiceEnv = { ctx, rates: deps.rates, sealHooks: deps.sealHooks ?? [] };
  const queries = createInvoiceQueries(ctx);
  return {
    ...queries,
    create: (input: InvoiceCreateInput, extra?: Partial<InvoiceValues>, audit?: PendingAudit) => create(env, input, extra, audit),
    createAndRead: (input: InvoiceCreateInput, audit?: PendingAudit) => createAndRead(env, input, audit),
    /** the dry run of issuing: what refusing or warning would say, nothing written */
    check: (input: InvoiceCreateInput) => checkInvoiceRequest(env, input),
    /** creating inside the caller's transaction (the recurring scheduler) */
    createIn: (trx: WriteTx, input: InvoiceCreateInput, rate: RateQuote, extra?: Partial<InvoiceValues>): Promise<InvoiceRow> =>
      createIn(env, trx, input, rate, extra),
    exchangeRate: (currency: string, given: string | undefined, fulfillmentDate: string) => exchangeRate(env, currency, given, fulfillmentDate),
    async update(input: { id: number } & Partial<InvoiceCreateInput>) {
      await updateDraft(env, input);
      return queries.read(input.id);
    },
    async issue(input: { id: number; type?: 1 | 3 | undefined; deduct_unpaid_advances?: boolean | undefined }) {
      await issueDraft(env, input);
      return queries.read(input.id);
    },
    delete: (input: { id: number }) => deleteDraft(env, input),
    cancel: (input: { id: number; invoice_no?: string | undefined; date?: string | undefined }) => cancelInvoice(env, input),
    generate: (input: { id: number; advance?: number | undefined }) => generateInvoice(env, input),
    modify: (input: ModifyInput) => modifyInvoice(env, input),
    modifyExternal: (input: ModifyExternalInput) => modifyExternal(env, input),
    pay: (input: PayInput) => pay(env, input),
    unpay: (input: UnpayInput) => unpay(env, input),
    refund: (input: RefundInput) => refund(env, input),
    /** pay and unpay inside a caller's write transaction (a confirmed bank statement entry) */
    payIn: (trx: WriteTx, input: PayInput) => payIn(env, trx, input),
    unpayIn: (trx: WriteTx, input: UnpayInput) => unpayIn(env, trx, input),
    createReceipt: (input: ReceiptCreateInput) => createReceipt(env, input),
    issueReceipt: (input: ReceiptIssueInput) => issueReceipt(env, input),
    code: (input: { id: number }) => shareCode(env, input),
    revokeCode: (input: { id: number }) => revokeShareCode(env, input),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
