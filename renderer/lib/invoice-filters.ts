// The invoice list's filters as they live in the URL ('#/invoices?st=unpaid&q=kft&page=2') and as the input of
// invoices.query. With no filter the list uses invoices.list, the cheapest newest-first page.
import type { InputOf } from '../../shared/contract/operations';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';

export interface InvoiceFilters {
  from: string;
  to: string;
  nfrom: string;
  nto: string;
  pm: string;
  block: string;
  st: '' | 'paid' | 'unpaid' | 'cancelled' | 'draft' | 'proforma';
  /** the Hungarian document set's kinds (the query's `kind`) */
  kind: '' | DocumentKindFilter;
  q: string;
}

/** The kinds the list filters by: the query's `kind`, and receipts (the query's type 5). */
export const KIND_FILTERS = ['modifying', 'advance', 'final', 'cancelling', 'receipt'] as const;
export type DocumentKindFilter = (typeof KIND_FILTERS)[number];

/** Rows per page of the invoice list: the DOM never holds more. */
export const INVOICE_PAGE_SIZE = 50;

export const EMPTY_FILTERS: InvoiceFilters = { from: '', to: '', nfrom: '', nto: '', pm: '', block: '', st: '', kind: '', q: '' };
const STATUSES = ['paid', 'unpaid', 'cancelled', 'draft', 'proforma'] as const;

export function filtersFromQuery(q: URLSearchParams): InvoiceFilters {
  const st = q.get('st') ?? '';
  const kind = q.get('kind') ?? '';
  return {
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
    nfrom: q.get('nfrom') ?? '',
    nto: q.get('nto') ?? '',
    pm: q.get('pm') ?? '',
    block: q.get('block') ?? '',
    st: (STATUSES as readonly string[]).includes(st) ? (st as InvoiceFilters['st']) : '',
    kind: (KIND_FILTERS as readonly string[]).includes(kind) ? (kind as DocumentKindFilter) : '',
    q: q.get('q') ?? '',
  };
}

export function hasFilters(f: InvoiceFilters): boolean {
  return Object.values(f).some((v) => v.trim() !== '');
}

/** "2026-000012", "ABC / 2026-12", "2026/12" → {year, num}; null when it is not a number of a year. */
export function parseInvoiceNumber(text: string): { year: number; num: number } | null {
  const m = /(\d{4})\s*[-/]\s*0*(\d{1,6})\s*$/.exec(text.trim());
  return m ? { year: Number(m[1]), num: Number(m[2]) } : null;
}

export type QueryInput = InputOf<'invoices.query'>;

/** The query input of the filters (paged), or the problem field when a number cannot be read. */
export function queryInput(f: InvoiceFilters, page: number, perPage: number): { input: QueryInput } | { bad: 'nfrom' | 'nto' } {
  // The query's dates default to this month; the list means "any time" unless dates are given.
  const input: QueryInput = {
    page,
    max_per_page: perPage,
    start_date: f.from || '1900-01-01',
    end_date: f.to || '9999-12-31',
  };
  if (f.nfrom.trim()) {
    const n = parseInvoiceNumber(f.nfrom);
    if (!n) return { bad: 'nfrom' };
    input.year_start = n.year;
    input.num_start = n.num;
  }
  if (f.nto.trim()) {
    const n = parseInvoiceNumber(f.nto);
    if (!n) return { bad: 'nto' };
    input.year_end = n.year;
    input.num_end = n.num;
  }
  if (f.pm) input.payment_method = f.pm;
  if (f.block) input.block = f.block;
  if (f.q.trim()) input.search = f.q.trim();
  if (f.kind === 'receipt') input.type = INVOICE_TYPE.receipt;
  else if (f.kind) input.kind = f.kind;
  switch (f.st) {
    case 'paid':
      Object.assign(input, { status: INVOICE_STATUS.paid, type: input.type ?? INVOICE_TYPE.invoice });
      break;
    case 'unpaid':
      Object.assign(input, { status: INVOICE_STATUS.unpaid, type: input.type ?? INVOICE_TYPE.invoice });
      break;
    case 'cancelled':
      input.status = INVOICE_STATUS.cancelled;
      break;
    case 'draft':
      input.type = INVOICE_TYPE.draft;
      break;
    case 'proforma':
      input.type = INVOICE_TYPE.proforma;
      break;
  }
  return { input };
}
