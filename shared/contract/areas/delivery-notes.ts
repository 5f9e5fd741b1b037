// Delivery notes (szállítólevél, issue 40): issued at once and numbered, cancelled (never deleted), printed in
// hu/en/de with or without prices; several notes of one client become one invoice, each note then naming it.
// Carried out by the core (electron/core/delivery-notes/).
import { z } from 'zod';
import { DELIVERY_DOCUMENT_KINDS, type DeliveryNoteAttributes } from '../../delivery-notes';
import type { Resource } from '../../resources';
import { get, op, post } from '../define';
import { currency, date, decimal, id, int, paging, text } from '../fields';
import { addressInput, TEMPLATE_LANGS, vatIdInput } from '../schemas';

const noteItem = z
  .object({
    product_uid: id().optional(),
    description: text(500).optional(),
    qty: decimal({ positive: true }),
    unit: text(50).optional(),
    net_unit_price: decimal().optional(),
    vat_id: vatIdInput.optional(),
  })
  .superRefine((item, ctx) => {
    if (item.product_uid === undefined && !item.description?.trim()) ctx.addIssue({ code: 'custom', path: ['description'], message: 'is required' });
  });

export const deliveryNoteCreateInput = z.object({
  /** waybill (default), order_form, cert_of_completion */
  kind: z.enum(DELIVERY_DOCUMENT_KINDS, { error: 'must be waybill, order_form or cert_of_completion' }).optional(),
  /** made from this quote: its client, currency, language and lines, unless the body gives them */
  quote_uid: id().optional(),
  client_uid: id().optional(),
  /** the delivery day; today when left out */
  date: date().optional(),
  /** where the goods go; the client's billing address when left out */
  delivery_address: addressInput.optional(),
  /** false: "hide prices" — the note is printed without them */
  show_prices: z.boolean({ error: 'must be true or false' }).optional(),
  currency: currency().optional(),
  template_lang_code: z.enum(TEMPLATE_LANGS, { error: 'must be hu, en, de or hu-en' }).optional(),
  comment: text(5000).optional(),
  items: z.array(noteItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000).optional(),
}).superRefine((v, ctx) => {
  // a note from a quote takes its client and lines from it; one from scratch names both
  if (v.quote_uid !== undefined) return;
  if (v.client_uid === undefined) ctx.addIssue({ code: 'custom', path: ['client_uid'], message: 'is required' });
  if (v.items === undefined) ctx.addIssue({ code: 'custom', path: ['items'], message: 'is required' });
});
export type DeliveryNoteCreateInput = z.output<typeof deliveryNoteCreateInput>;

export const deliveryNoteListInput = z.object({
  ...paging,
  client_uid: id().optional(),
  invoice_uid: id().optional(),
  status: z.enum(['issued', 'cancelled', 'invoiced']).optional(),
  kind: z.enum(DELIVERY_DOCUMENT_KINDS).optional(),
});

/** One invoice from several notes of one client: a draft (0) to review, a proforma (1) or an invoice (3). */
export const deliveryNoteInvoiceInput = z.object({
  note_uids: z.array(id(), { error: 'must be a list of delivery note ids' }).min(1, 'needs at least one delivery note').max(500),
  type: int().refine((t) => t === 0 || t === 1 || t === 3, { message: 'must be 0 (draft), 1 (proforma) or 3 (invoice)' }).optional(),
  payment_method: id().optional(),
  due_date: date().optional(),
  /** the invoice block (default: block 0, or a device's own block once it joined a remote) */
  block_uid: z.union([z.literal(0), id()]).optional(),
});

type Note = Resource<DeliveryNoteAttributes>;
interface NotePage {
  items: Note[];
  page: number;
  max_per_page: number;
  has_more: boolean;
}

export const deliveryNoteOperations = {
  'deliveryNotes.list': op<NotePage>()({
    name: 'deliveryNotes.list',
    summary: 'Delivery notes, newest first, paged; by client, by the invoice that covers them, by status',
    input: deliveryNoteListInput,
    http: get('/delivery-notes', 'list', 'delivery_notes'),
  }),
  'deliveryNotes.get': op<Note>()({
    name: 'deliveryNotes.get',
    summary: 'One delivery note',
    input: z.object({ id: id() }),
    http: get('/delivery-notes/:id', 'data', 'delivery_notes'),
  }),
  'deliveryNotes.create': op<Note>()({
    name: 'deliveryNotes.create',
    summary: 'Issue a delivery note (SZL-YYYY-NNNNNN); it is not an invoice and is never reported',
    input: deliveryNoteCreateInput,
    http: post('/delivery-notes', 'data', 'delivery_notes'),
  }),
  'deliveryNotes.cancel': op<Note>()({
    name: 'deliveryNotes.cancel',
    summary: 'Cancel a delivery note that no invoice covers (it is kept, marked cancelled)',
    input: z.object({ id: id() }),
    http: post('/delivery-notes/:id/cancel', 'data', 'delivery_notes'),
  }),
  'deliveryNotes.download': op<{ filename: string; pdf: Uint8Array }>()({
    name: 'deliveryNotes.download',
    summary: 'The delivery note as PDF (lang: hu, en, de, hu-en; else its own)',
    input: z.object({ id: id(), lang: z.enum(TEMPLATE_LANGS).optional() }),
    http: get('/delivery-notes/:id/download', 'pdf'),
  }),
  'deliveryNotes.invoice': op<{ invoice_uid: number; notes: Note[] }>()({
    name: 'deliveryNotes.invoice',
    summary: 'One invoice from delivery notes of one client; each note is then invoiced, linked both ways, never twice',
    input: deliveryNoteInvoiceInput,
    http: post('/delivery-notes/invoice', 'data', 'delivery_note_invoice'),
  }),
} as const;
