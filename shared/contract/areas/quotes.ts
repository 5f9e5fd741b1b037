// Quotes (árajánlat, extension): offers that are not invoices. Their bodies are an invoice's create body without
// the invoice's own fields (type, block, numbers), plus how long the offer stands; their lines are invoice lines.
// Carried out by the core (electron/core/quotes/).
import { z } from 'zod';
import { INVOICE_TYPE } from '../../invoice-codes';
import type { QuoteAttributes } from '../../quotes';
import type { Resource } from '../../resources';
import { del, get, op, post, put } from '../define';
import { currency, date, decimal, id, int, paging, text } from '../fields';
import { invoiceItem, invoiceSendInput, TEMPLATE_LANGS } from '../schemas';

const quoteBody = {
  client_uid: id(),
  payment_method: id(),
  currency: currency(),
  /** the quote's date; today when left out */
  date: date().optional(),
  /** the last day the offer stands (not before the quote's date) */
  valid_until: date(),
  /** for the invoice made from the quote; left out: the day it is accepted, and that day + the client's terms */
  fulfillment_date: date().optional(),
  due_date: date().optional(),
  comment: text(5000).optional(),
  template_lang_code: z.enum(TEMPLATE_LANGS, { error: 'must be hu, en, de or hu-en' }).optional(),
  exchange_rate: decimal({ maxDecimals: 6, positive: true }).optional(),
  round_to: int().refine((r) => [0, 1, 5, 10].includes(r), { message: 'must be 0, 1, 5 or 10' }).optional(),
  bank_account_uid: id().optional(),
  items: z.array(invoiceItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000),
};

export const quoteCreateInput = z.object(quoteBody);
export type QuoteCreateInput = z.output<typeof quoteCreateInput>;

/** An edit: a partial body merged into the stored quote. */
export const quoteUpdateInput = z.object({
  id: id(),
  ...Object.fromEntries(Object.entries(quoteBody).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodType<{ id: number } & Partial<QuoteCreateInput>>;

/** Accepting makes a proforma (1) or a draft invoice (0) from the quote. */
export const quoteAcceptInput = z.object({
  id: id(),
  type: z.union([z.literal(INVOICE_TYPE.draft), z.literal(INVOICE_TYPE.proforma)], { error: 'must be 1 (proforma) or 0 (draft invoice)' }),
});

export const quoteListInput = z.object(paging);

type Quote = Resource<QuoteAttributes>;
/** the page form of every list (operations.ts `Page`, not imported: operations.ts spreads this table) */
interface QuotePage {
  items: Quote[];
  page: number;
  max_per_page: number;
  has_more: boolean;
}

export const quoteOperations = {
  'quotes.list': op<QuotePage>()({
    name: 'quotes.list',
    summary: 'Quotes, newest first, paged',
    input: quoteListInput,
    http: get('/quotes', 'list', 'quotes'),
  }),
  'quotes.get': op<Quote>()({
    name: 'quotes.get',
    summary: 'One quote',
    input: z.object({ id: id() }),
    http: get('/quotes/:id', 'data', 'quotes'),
  }),
  'quotes.create': op<Quote>()({
    name: 'quotes.create',
    summary: 'Create a quote (numbered AJ-YYYY-NNNNNN, on a device joined to a remote AJ-<its prefix>-YYYY-NNNNNN); it is not an invoice and is never reported',
    input: quoteCreateInput,
    http: post('/quotes', 'data', 'quotes'),
  }),
  'quotes.update': op<Quote>()({
    name: 'quotes.update',
    summary: 'Change a quote that was not accepted',
    input: quoteUpdateInput,
    http: put('/quotes/:id', 'data', 'quotes'),
  }),
  'quotes.delete': op<{ deleted: true }>()({
    name: 'quotes.delete',
    summary: 'Delete a quote that was not accepted',
    input: z.object({ id: id() }),
    http: del('/quotes/:id', 'success'),
  }),
  'quotes.download': op<{ filename: string; pdf: Uint8Array }>()({
    name: 'quotes.download',
    summary: 'The quote as PDF',
    input: z.object({ id: id() }),
    http: get('/quotes/:id/download', 'pdf'),
  }),
  'quotes.send': op<{ queued: boolean; state: string }>()({
    name: 'quotes.send',
    summary: "Send the quote to the client's e-mail address (or to the given recipients, with the given texts)",
    input: invoiceSendInput,
    http: get('/quotes/:id/send', 'success'),
  }),
  'quotes.accept': op<Quote>()({
    name: 'quotes.accept',
    summary: 'The client accepted: make a proforma (type 1) or a draft invoice (type 0) from the quote, once',
    input: quoteAcceptInput,
    http: post('/quotes/:id/accept', 'data', 'quotes'),
  }),
  'quotes.decline': op<Quote>()({
    name: 'quotes.decline',
    summary: 'The client declined the quote',
    input: z.object({ id: id() }),
    http: post('/quotes/:id/decline', 'data', 'quotes'),
  }),
} as const;
