// GET /documents: v3's filters onto invoices.query, one v3 page from whole core pages, and the exact total from the
// core's count (never the whole table per request).
import type { FastifyRequest } from 'fastify';
import type { InputOf } from '../../../shared/contract/operations';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { paymentMethodFromV3 } from '../../../shared/v3/enums';
import type { Core } from '../../core/index';
import { v3Invalid } from './errors';
import { pagingOf, searchOf } from './paging';
import { call } from './route';

type Inv = Resource<InvoiceAttributes>;

const V3_TYPE_QUERY: Readonly<Record<string, Record<string, unknown>>> = {
  draft: { type: INVOICE_TYPE.draft },
  proforma: { type: INVOICE_TYPE.proforma },
  invoice: { type: INVOICE_TYPE.invoice },
  advance: { kind: 'advance' },
  cancellation: { type: INVOICE_TYPE.invoice, kind: 'cancelling' },
  modification: { kind: 'modifying' },
  receipt: { type: INVOICE_TYPE.receipt },
  receipt_cancellation: { type: INVOICE_TYPE.receipt, kind: 'cancelling' },
};

const PAYMENT_STATUS_QUERY: Readonly<Record<string, Record<string, unknown>>> = {
  paid: { status: INVOICE_STATUS.paid },
  outstanding: { status: INVOICE_STATUS.unpaid },
  partially_paid: { payment_state: 'partially_paid' },
  expired: { payment_state: 'overdue' },
  none: { type: INVOICE_TYPE.draft },
};

function intParam(q: Record<string, unknown>, name: string): number | undefined {
  const raw = q[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,10}$/.test(String(raw))) throw v3Invalid(name, 'must be a whole number');
  return Number(raw);
}

/** v3's list filters → invoices.query's input (without the page). */
function queryOf(req: FastifyRequest): Record<string, unknown> {
  const q = req.query as Record<string, unknown>;
  const out: Record<string, unknown> = {
    // v3 lists every date when none is given; the core's query defaults to this month, so the range is made explicit
    start_date: (q.start_date as string) || '1900-01-01',
    end_date: (q.end_date as string) || '9999-12-31',
  };
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  put('block', intParam(q, 'block_id'));
  put('client_uid', intParam(q, 'partner_id'));
  put('num_start', intParam(q, 'start_number'));
  put('num_end', intParam(q, 'end_number'));
  put('year_start', intParam(q, 'start_year'));
  put('year_end', intParam(q, 'end_year'));
  put('search', searchOf(req));
  if (typeof q.payment_method === 'string' && q.payment_method) {
    const pm = paymentMethodFromV3(q.payment_method);
    if (pm === undefined) throw v3Invalid('payment_method', 'is not a payment method v3 knows');
    out.payment_method = pm;
  }
  if (typeof q.type === 'string' && q.type) {
    const t = V3_TYPE_QUERY[q.type];
    if (!t) throw v3Invalid('type', `Folio holds no documents of type ${q.type}`);
    Object.assign(out, t);
  }
  if (typeof q.payment_status === 'string' && q.payment_status) {
    const s = PAYMENT_STATUS_QUERY[q.payment_status];
    if (!s) throw v3Invalid('payment_status', 'must be paid, outstanding, partially_paid, expired or none');
    if (s.type !== undefined && out.type !== undefined && out.type !== s.type) throw v3Invalid('payment_status', 'none holds drafts only');
    Object.assign(out, s);
  }
  return out;
}

/** The largest page size the core serves (50) that divides v3's page size, so a v3 page is whole core pages. */
function corePageSize(perPage: number): number {
  for (let d = Math.min(perPage, 50); d > 1; d--) if (perPage % d === 0) return d;
  return 1;
}

export async function listDocuments(core: Core, req: FastifyRequest, docOf: (core: Core, inv: Inv) => Promise<unknown>) {
  const { page, perPage } = pagingOf(req);
  const filters = queryOf(req);
  const size = corePageSize(perPage);
  const per = perPage / size;
  const items: Inv[] = [];
  let total = 0;
  for (let k = 0; k < per; k++) {
    const p = await call(core, 'invoices.query', { ...filters, page: (page - 1) * per + k + 1, max_per_page: size, with_total: k === 0 ? 1 : 0 } as InputOf<'invoices.query'>);
    if (k === 0) total = p.total ?? 0;
    items.push(...p.items);
    if (!p.has_more) break;
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => {
    const [path, query = ''] = req.url.split('?');
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `${req.protocol}://${req.host}${path}?${params.toString()}`;
  };
  return {
    data: await Promise.all(items.map((i) => docOf(core, i))),
    total,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    prev_page_url: page > 1 ? url(Math.min(page - 1, lastPage)) : '',
    next_page_url: page < lastPage ? url(page + 1) : '',
  };
}
