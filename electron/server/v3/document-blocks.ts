// /document-blocks: Folio's invoice blocks (numbering sequences). Every Folio block numbers invoices and, in a
// sequence of their own, receipts: unfiltered, each is listed once as an `invoice` block; filtered to `receipt`, the
// same blocks (same ids) are listed as `receipt` blocks, for a receipt's block_id; any other type lists none.
import type { InvoiceBlockAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { envelope } from './paging';
import { bodyOf, call, type V3Route } from './route';

export function documentBlockOf(b: Resource<InvoiceBlockAttributes>, type: 'invoice' | 'receipt' = 'invoice') {
  return { id: b.id, name: b.attributes.name, prefix: b.attributes.prefix, custom_field1: '', custom_field2: '', type };
}

/** The block types a Folio block serves. */
const SERVED_TYPES = new Set(['invoice', 'receipt']);

export const documentBlockRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/document-blocks',
    handler: async ({ core, req }) => {
      const type = (req.query as { type?: string }).type || 'invoice';
      const blocks = SERVED_TYPES.has(type) ? await call(core(), 'invoices.blocks', {}) : [];
      return envelope(req, blocks, (b) => documentBlockOf(b, type as 'invoice' | 'receipt'));
    },
  },
  {
    method: 'POST',
    path: '/document-blocks',
    status: 201,
    handler: async ({ core, req }) => {
      const body = bodyOf(req);
      const input = { name: body.name, prefix: body.prefix ?? '' } as InputOf<'blocks.create'>;
      return documentBlockOf(await call(core(), 'blocks.create', input));
    },
  },
];
