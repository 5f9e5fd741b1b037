// /documents as data and transitions: Folio's invoices in v3's Document shape (document-map.ts), made, changed,
// issued, cancelled, modified, paid and copied through the core's own operations — no rule is repeated here.
import type { FastifyRequest } from 'fastify';
import type { InputOf } from '../../../shared/contract/operations';
import { notFound } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { currencyFromV3, languageFromV3, paymentMethodFromV3, paymentMethodToV3, roundFromV3, vatFromV3 } from '../../../shared/v3/enums';
import type { Core } from '../../core/index';
import { today } from '../../core/context';
import { documentOf } from './document-map';
import { v3Invalid, type FieldMap } from './errors';
import { pagingOf, searchOf } from './paging';
import { bodyOf, call, idOf, type V3Route } from './route';

type Inv = Resource<InvoiceAttributes>;

const FIELDS: FieldMap = {
  client_uid: 'partner_id',
  block_uid: 'block_id',
  bank_account_uid: 'bank_account_id',
  template_lang_code: 'language',
  electronic_invoice: 'electronic',
  exchange_rate: 'conversion_rate',
  round_to: 'settings.round',
  advance_invoice_uids: 'advance_invoice',
};

/** The reason a modifying invoice carries when v3's body (which has no reason field) gives no comment. */
export const DEFAULT_MODIFICATION_REASON = 'Módosítás';

const V3_INSERT_TYPES: Readonly<Record<string, { type: number; advance?: 1 }>> = {
  draft: { type: INVOICE_TYPE.draft },
  proforma: { type: INVOICE_TYPE.proforma },
  invoice: { type: INVOICE_TYPE.invoice },
  advance: { type: INVOICE_TYPE.invoice, advance: 1 },
};

const asText = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/** The numbers of the documents this one links to by id alone (its cancellation, proforma, invoice, …): a few reads. */
async function linkedNumbers(core: Core, a: InvoiceAttributes): Promise<Map<number, string>> {
  const ids = [a.cancels_uid, a.cancelled_by_uid, a.proforma_uid, a.generated_invoice_uid, a.modifies_uid, a.deducted_by_uid];
  const numbers = new Map<number, string>();
  for (const id of ids) {
    if (!id || numbers.has(id)) continue;
    const linked = await call(core, 'invoices.get', { id }).catch(() => undefined);
    numbers.set(id, linked?.attributes.prefixed_invoice_no ?? '');
  }
  return numbers;
}

async function docOf(core: Core, inv: Inv) {
  const numbers = await linkedNumbers(core, inv.attributes);
  return documentOf(inv, { today: today(core.ctx), numberOf: (id) => numbers.get(id) ?? '' });
}

async function read(core: Core, id: number) {
  return docOf(core, await call(core, 'invoices.get', { id }));
}

/** v3 items (DocumentProductData inline, DocumentItemData by product) → Folio's invoice lines. */
function linesOf(raw: unknown): Array<Record<string, unknown>> | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw v3Invalid('items', 'must be a list of items');
  return raw.map((item, i) => {
    if (!item || typeof item !== 'object') throw v3Invalid(`items.${i}`, 'must be an object');
    const it = item as Record<string, unknown>;
    const line: Record<string, unknown> = { qty: asText(it.quantity) };
    if (it.comment !== undefined) line.item_comment = asText(it.comment);
    if (it.product_id !== undefined && it.product_id !== null) return { ...line, product_uid: it.product_id };
    line.description = asText(it.name);
    line.unit = asText(it.unit) ?? '';
    if (it.vat !== undefined) {
      const vat = vatFromV3(String(it.vat));
      if (vat === undefined) throw v3Invalid(`items.${i}.vat`, 'is not a VAT value Folio knows');
      line.vat_id = vat;
    }
    if (it.unit_price_type !== 'gross' && it.unit_price_type !== 'net') throw v3Invalid(`items.${i}.unit_price_type`, 'must be gross or net');
    line[it.unit_price_type === 'gross' ? 'gross_unit_price' : 'net_unit_price'] = asText(it.unit_price);
    if (it.entitlement !== undefined && it.entitlement !== null) line.entitlement = it.entitlement;
    return line;
  });
}

/** A v3 DocumentInsert (whole for POST, partial for PUT) → Folio's invoice body; `type` is handled by the caller. */
function invoiceBodyOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  put('client_uid', body.partner_id);
  put('block_uid', body.block_id);
  put('bank_account_uid', body.bank_account_id);
  put('fulfillment_date', body.fulfillment_date);
  put('due_date', body.due_date);
  put('comment', asText(body.comment));
  put('vendor_id', asText(body.vendor_id));
  if (body.payment_method !== undefined) {
    const pm = typeof body.payment_method === 'string' ? paymentMethodFromV3(body.payment_method) : undefined;
    if (pm === undefined) throw v3Invalid('payment_method', 'is not a payment method v3 knows');
    out.payment_method = pm;
  }
  if (typeof body.language === 'string') out.template_lang_code = languageFromV3(body.language);
  if (typeof body.currency === 'string') out.currency = currencyFromV3(body.currency);
  // a rate of 1 on a HUF document is v3's default, not a rate given
  if (body.conversion_rate !== undefined && !(Number(body.conversion_rate) === 1 && (out.currency ?? 'HUF') === 'HUF')) {
    out.exchange_rate = asText(body.conversion_rate);
  }
  if (body.electronic !== undefined) out.electronic_invoice = body.electronic ? 1 : 0;
  const settings = body.settings as Record<string, unknown> | undefined;
  if (settings && typeof settings.round === 'string') {
    const r = roundFromV3(settings.round);
    if (r === undefined) throw v3Invalid('settings.round', 'must be none, one, five or ten');
    out.round_to = r;
  }
  if (body.advance_invoice !== undefined) out.advance_invoice_uids = body.advance_invoice;
  put('items', linesOf(body.items));
  return out;
}

function insertTypeOf(body: Record<string, unknown>) {
  const t = V3_INSERT_TYPES[String(body.type)];
  if (!t) throw v3Invalid('type', 'must be draft, invoice, proforma or advance');
  return t;
}

function paymentsOf(inv: Inv) {
  return inv.attributes.payments.map((p) => ({
    date: p.date,
    price: Number(p.amount),
    payment_method: paymentMethodToV3(p.payment_method),
    voucher_number: null,
    conversion_rate: Number(p.conversion_rate) || 1,
  }));
}

/** A v3 PaymentHistory entry → invoices.pay's input. */
function payOf(id: number, entry: unknown, i: number): InputOf<'invoices.pay'> {
  if (!entry || typeof entry !== 'object') throw v3Invalid(`${i}`, 'must be a payment object');
  const e = entry as Record<string, unknown>;
  const pm = typeof e.payment_method === 'string' ? paymentMethodFromV3(e.payment_method) : undefined;
  if (pm === undefined) throw v3Invalid(`${i}.payment_method`, 'is not a payment method v3 knows');
  const input: Record<string, unknown> = { id, date: e.date, amount: asText(e.price), payment_method: pm };
  if (e.conversion_rate !== undefined && e.conversion_rate !== null && Number(e.conversion_rate) !== 1) input.conversion_rate = asText(e.conversion_rate);
  return input as InputOf<'invoices.pay'>;
}

// ---- the list ----------------------------------------------------------------------------------------------------

const V3_TYPE_QUERY: Readonly<Record<string, Record<string, unknown>>> = {
  draft: { type: INVOICE_TYPE.draft },
  proforma: { type: INVOICE_TYPE.proforma },
  invoice: { type: INVOICE_TYPE.invoice },
  advance: { kind: 'advance' },
  cancellation: { kind: 'cancelling' },
  modification: { kind: 'modifying' },
};

const PAYMENT_STATUS_QUERY: Readonly<Record<string, Record<string, unknown>>> = {
  paid: { status: 1 },
  outstanding: { status: 2 },
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

async function listDocuments(core: Core, req: FastifyRequest) {
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

// ---- the routes --------------------------------------------------------------------------------------------------

export const documentRoutes: V3Route[] = [
  { method: 'GET', path: '/documents', handler: async ({ core, req }) => listDocuments(core(), req) },
  {
    method: 'POST',
    path: '/documents',
    status: 201,
    handler: async ({ core, req }) => {
      const c = core();
      const body = bodyOf(req);
      const t = insertTypeOf(body);
      const input = { ...invoiceBodyOf(body), type: t.type, ...(t.advance ? { advance: 1 } : {}) };
      const created = await call(c, 'invoices.create', input as InputOf<'invoices.create'>, FIELDS);
      if (body.paid === true && t.type === INVOICE_TYPE.invoice) {
        // v3's `paid: true`: the whole amount, paid today by the document's own method
        const inv = await call(c, 'invoices.get', { id: created.id });
        if (Number(inv.attributes.outstanding) > 0) {
          await call(c, 'invoices.pay', { id: created.id, date: today(c.ctx), amount: inv.attributes.outstanding, payment_method: inv.attributes.payment_method.id } as InputOf<'invoices.pay'>);
        }
      }
      return read(c, created.id);
    },
  },
  {
    // The document created with this vendor_id (the newest, should a caller have reused one).
    method: 'GET',
    path: '/documents/vendor/{vendor_id}',
    handler: async ({ core, req }) => {
      const c = core();
      const vendorId = (req.params as { vendor_id: string }).vendor_id; // Fastify has decoded it
      const page = await call(c, 'invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', vendor_id: vendorId, page: 1, max_per_page: 1 } as InputOf<'invoices.query'>);
      const found = page.items[0];
      if (!found) throw notFound(`Document with vendor_id ${vendorId}`);
      return docOf(c, found);
    },
  },
  { method: 'GET', path: '/documents/{id}', handler: async ({ core, req }) => read(core(), idOf(req)) },
  {
    // A draft changes; `type: invoice` (or proforma) in the body then issues it, as v3's draft → invoice does.
    method: 'PUT',
    path: '/documents/{id}',
    handler: async ({ core, req }) => {
      const c = core();
      const id = idOf(req);
      const body = bodyOf(req);
      // vendor_id is set when the document is created, never after
      const { vendor_id: _vendor, ...changes } = invoiceBodyOf(body);
      if (Object.keys(changes).length) await call(c, 'invoices.update', { ...changes, id } as InputOf<'invoices.update'>, FIELDS);
      if (body.type !== undefined && body.type !== 'draft') {
        const t = insertTypeOf(body);
        if (t.advance) throw v3Invalid('type', 'a draft is issued as invoice or proforma; an advance invoice is created with POST /documents');
        await call(c, 'invoices.issue', { id, type: t.type as 1 | 3 }, FIELDS);
      }
      return read(c, id);
    },
  },
  {
    method: 'DELETE',
    path: '/documents/{id}',
    status: 204,
    handler: async ({ core, req }) => {
      await call(core(), 'invoices.delete', { id: idOf(req) });
      return undefined;
    },
  },
  {
    method: 'POST',
    path: '/documents/{id}/cancel',
    handler: async ({ core, req }) => {
      const c = core();
      const cancelling = await call(c, 'invoices.cancel', { id: idOf(req) });
      return read(c, cancelling.id);
    },
  },
  {
    method: 'POST',
    path: '/documents/{id}/create-from-proforma',
    status: 201,
    handler: async ({ core, req }) => {
      const c = core();
      const made = await call(c, 'invoices.generate', { id: idOf(req) });
      return read(c, made.id);
    },
  },
  {
    // v3 has no reason field: the comment is the reason when given, else "Módosítás". v3 items cannot say which line
    // they change, so every item is a new line of the chain (docs/v3.md).
    method: 'POST',
    path: '/documents/{id}/create-modification-document',
    status: 201,
    handler: async ({ core, req }) => {
      const c = core();
      const body = bodyOf(req);
      const comment = asText(body.comment)?.trim();
      const input: Record<string, unknown> = { id: idOf(req), reason: comment || DEFAULT_MODIFICATION_REASON, items: linesOf(body.items) ?? [] };
      if (body.due_date !== undefined) input.due_date = body.due_date;
      if (comment) input.comment = comment;
      const made = await call(c, 'invoices.modify', input as InputOf<'invoices.modify'>, FIELDS);
      return read(c, made.id);
    },
  },
  {
    method: 'POST',
    path: '/documents/{id}/copy',
    handler: async ({ core, req }) => {
      const c = core();
      const a = (await call(c, 'invoices.get', { id: idOf(req) })).attributes;
      // the copy is a new draft with the same content, dated from today; deduction lines of a final invoice are left
      // out (the advances belong to the original), and each line keeps its own price
      const items = a.items
        .filter((it) => !it.advance_invoice_uid)
        .map((it) => ({
          description: it.description,
          qty: it.qty,
          unit: it.unit,
          vat_id: it.vat_id,
          item_comment: it.item_comment,
          entitlement: it.entitlement,
          ...(it.gross_unit_price !== null ? { gross_unit_price: it.gross_unit_price } : { net_unit_price: it.net_unit_price }),
        }));
      const input = {
        type: INVOICE_TYPE.draft,
        client_uid: a.client_uid,
        payment_method: a.payment_method.id,
        currency: a.currency,
        fulfillment_date: a.fulfillment_date,
        due_date: a.due_date,
        comment: a.comment,
        template_lang_code: a.template_lang_code,
        electronic_invoice: a.electronic_invoice,
        block_uid: a.block_uid,
        round_to: a.round_to,
        ...(a.bank_account_uid ? { bank_account_uid: a.bank_account_uid } : {}),
        ...(a.currency !== 'HUF' ? { exchange_rate: a.exchange_rate } : {}),
        items,
      };
      const made = await call(c, 'invoices.create', input as InputOf<'invoices.create'>, FIELDS);
      return read(c, made.id);
    },
  },
  { method: 'GET', path: '/documents/{id}/payments', handler: async ({ core, req }) => paymentsOf(await call(core(), 'invoices.get', { id: idOf(req) })) },
  {
    // The body is the whole new history: the old one is cleared, then each entry is recorded in order. Not one
    // transaction: an entry the core refuses stops there (422), and the entries before it stay recorded.
    method: 'PUT',
    path: '/documents/{id}/payments',
    handler: async ({ core, req }) => {
      const c = core();
      const id = idOf(req);
      if (!Array.isArray(req.body)) throw v3Invalid('payments', 'the body must be a JSON array of payments');
      const entries = (req.body as unknown[]).map((e, i) => payOf(id, e, i));
      await call(c, 'invoices.get', { id });
      await call(c, 'invoices.unpay', { id });
      for (const e of entries) await call(c, 'invoices.pay', e, { amount: 'price', conversion_rate: 'conversion_rate' });
      return paymentsOf(await call(c, 'invoices.get', { id }));
    },
  },
  {
    method: 'DELETE',
    path: '/documents/{id}/payments',
    handler: async ({ core, req }) => {
      const c = core();
      await call(c, 'invoices.unpay', { id: idOf(req) });
      return paymentsOf(await call(c, 'invoices.get', { id: idOf(req) }));
    },
  },
];
