// /documents as data and transitions: Folio's invoices in v3's Document shape (document-map.ts), made, changed,
// issued, cancelled, modified, paid and copied through the core's own operations — no rule is repeated here.
import { createDeliveryDocument, DELIVERY_DRAFT_TYPES, DELIVERY_TYPES, isDeliveryId, listDeliveryDocuments, readDeliveryDocument } from './delivery-documents';
import type { InputOf } from '../../../shared/contract/operations';
import { notFound } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import type { Core } from '../../core/index';
import { today } from '../../core/context';
import { documentOf } from './document-map';
import { discountPercentOf, withDiscountLines } from './discount';
import { asText, FIELDS, insertTypeOf, invoiceBodyOf, linesOf, payOf, paymentsOf, withItemFields } from './document-input';
import { listDocuments } from './document-list';
import { v3Invalid } from './errors';
import { bodyOf, call, idOf, type V3Route } from './route';

type Inv = Resource<InvoiceAttributes>;

/** A core operation whose body carries lines: the lines' field names are answered in v3's words too. */
async function callWithItems<N extends 'invoices.create' | 'invoices.createAndRead' | 'invoices.update' | 'invoices.modify'>(core: Core, name: N, input: InputOf<N>) {
  try {
    return await call(core, name, input, FIELDS);
  } catch (err) {
    throw withItemFields(err);
  }
}

/** The reason a modifying invoice carries when v3's body (which has no reason field) gives no comment. */
export const DEFAULT_MODIFICATION_REASON = 'Módosítás';

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

/** A v3 document body in Folio's words, its percent discount as discount lines (./discount.ts). */
async function folioBodyOf(core: Core, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = invoiceBodyOf(body);
  const percent = discountPercentOf(body.discount);
  if (!percent) return out;
  if (!Array.isArray(out.items)) throw v3Invalid('discount', 'is given with the items it reduces');
  out.items = await withDiscountLines(core, out.items as Array<Record<string, unknown>>, percent, String(out.template_lang_code ?? 'hu'));
  return out;
}

// ---- the routes --------------------------------------------------------------------------------------------------

export const documentRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/documents',
    handler: async ({ core, req }) => {
      // issue 40: the delivery documents' types list those (./delivery-documents.ts)
      const type = (req.query as { type?: unknown }).type;
      if (typeof type === 'string' && DELIVERY_TYPES.has(type)) return listDeliveryDocuments(core(), req, type as 'waybill');
      return listDocuments(core(), req, docOf);
    },
  },
  {
    method: 'POST',
    path: '/documents',
    status: 201,
    handler: async ({ core, req }) => {
      const c = core();
      const body = bodyOf(req);
      // issue 40: a delivery note, order confirmation or completion certificate (./delivery-documents.ts)
      if (typeof body.type === 'string' && DELIVERY_TYPES.has(body.type)) return createDeliveryDocument(c, body);
      if (typeof body.type === 'string' && DELIVERY_DRAFT_TYPES.has(body.type)) {
        throw v3Invalid('type', `Folio issues ${body.type.replace(/^d(raft)?_/, '')} documents at once, with their number: send ${body.type.replace(/^d(raft)?_/, '')}`);
      }
      const t = insertTypeOf(body);
      const input = { ...(await folioBodyOf(c, body)), type: t.type, ...(t.advance ? { advance: 1 } : {}) };
      const created = await callWithItems(c, 'invoices.createAndRead', input as InputOf<'invoices.createAndRead'>);
      // v3's `paid: true`: the whole amount, paid today by the document's own method
      if (body.paid === true && t.type === INVOICE_TYPE.invoice && Number(created.attributes.outstanding) > 0) {
        const a = created.attributes;
        await call(c, 'invoices.pay', { id: created.id, date: today(c.ctx), amount: a.outstanding, payment_method: a.payment_method.id } as InputOf<'invoices.pay'>);
        return read(c, created.id);
      }
      return docOf(c, created);
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
  { method: 'GET', path: '/documents/{id}', handler: async ({ core, req }) => (isDeliveryId(idOf(req)) ? readDeliveryDocument(core(), idOf(req)) : read(core(), idOf(req))) },
  {
    // A draft changes; `type: invoice` (or proforma) in the body then issues it, as v3's draft → invoice does.
    method: 'PUT',
    path: '/documents/{id}',
    handler: async ({ core, req }) => {
      const c = core();
      const id = idOf(req);
      const body = bodyOf(req);
      // vendor_id is set when the document is created, never after
      const { vendor_id: _vendor, ...changes } = await folioBodyOf(c, body);
      if (Object.keys(changes).length) await callWithItems(c, 'invoices.update', { ...changes, id } as InputOf<'invoices.update'>);
      if (body.type !== undefined && body.type !== 'draft') {
        const t = insertTypeOf(body);
        if (t.advance) throw v3Invalid('type', 'a draft is issued as invoice or proforma; an advance invoice is created with POST /documents');
        await call(c, 'invoices.issue', { id, type: t.type as InputOf<'invoices.issue'>['type'] }, FIELDS);
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
      const made = await callWithItems(c, 'invoices.modify', input as InputOf<'invoices.modify'>);
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
      return docOf(c, await call(c, 'invoices.createAndRead', input as InputOf<'invoices.createAndRead'>, FIELDS));
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
