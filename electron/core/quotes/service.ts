// Quotes (árajánlat): the reads and the transitions, put together for the core. A quote is not an invoice: it is
// numbered in its own yearly sequence, never sealed and never reported; accepting it makes a proforma or a draft.
import type { QuoteCreateInput } from '../../../shared/contract/areas/quotes';
import type { InvoiceType } from '../../../shared/invoice-codes';
import type { CoreContext } from '../context';
import type { InvoiceService } from '../invoices/service';
import { acceptQuote } from './accept';
import { createQuoteQueries } from './queries';
import { createQuote, declineQuote, deleteQuote, markQuoteSent, updateQuote } from './write';

export function createQuoteService(ctx: CoreContext, invoices: InvoiceService) {
  const queries = createQuoteQueries(ctx);
  return {
    ...queries,
    create: async (input: QuoteCreateInput) => queries.read(await createQuote(ctx, input)),
    async update(input: { id: number } & Partial<QuoteCreateInput>) {
      await updateQuote(ctx, input);
      return queries.read(input.id);
    },
    delete: (input: { id: number }) => deleteQuote(ctx, input.id),
    async decline(input: { id: number }) {
      await declineQuote(ctx, input.id);
      return queries.read(input.id);
    },
    async accept(input: { id: number; type: InvoiceType }) {
      await acceptQuote(ctx, invoices, input);
      return queries.read(input.id);
    },
    markSent: (id: number) => markQuoteSent(ctx, id),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
