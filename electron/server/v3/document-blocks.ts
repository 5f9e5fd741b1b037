// /document-blocks: Folio's invoice blocks (numbering sequences). Every Folio block numbers invoices, so each is of
// type 'invoice'; a list filtered to another type is empty.
import type { InvoiceBlockAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { envelope } from './paging';
import { bodyOf, call, type V3Route } from './route';

export function documentBlockOf(b: Resource<InvoiceBlockAttributes>) {
  return { id: b.id, name: b.attributes.name, prefix: b.attributes.prefix, custom_field1: '', custom_field2: '', type: 'invoice' };
}

export const documentBlockRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/document-blocks',
    handler: async ({ core, req }) => {
      const type = (req.query as { type?: string }).type;
      const blocks = type && type !== 'invoice' ? [] : await call(core(), 'invoices.blocks', {});
      return envelope(req, blocks, documentBlockOf);
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
