// /products: Folio's products in v3's Product shape (vat as a string enum, net_unit_price a number).
import type { ProductAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { ENTITLEMENTS_3014 } from '../../../shared/v3/entitlements';
import { currencyFromV3, currencyToV3, vatFromV3, vatToV3 } from '../../../shared/v3/enums';
import { FolioError } from '../../../shared/errors';
import { v3Invalid, type FieldMap } from './errors';
import { allPages, envelope, searchOf } from './paging';
import { bodyOf, call, idOf, type V3Route } from './route';

const FIELDS: FieldMap = {
  price: 'net_unit_price',
  vat_id: 'vat',
  currency_code: 'currency',
  fokonyv_arbev: 'general_ledger_number',
  fokonyv_afa: 'general_ledger_taxcode',
  product_code: 'sku',
  barcode: 'ean',
};

export function productOf(p: Resource<ProductAttributes>) {
  const a = p.attributes;
  return {
    id: p.id,
    name: a.name,
    comment: a.comment,
    currency: currencyToV3(a.currency_code),
    vat: vatToV3(a.vat_id) ?? '27%',
    net_unit_price: Number(a.price),
    unit: a.unit,
    general_ledger_number: a.fokonyv_arbev,
    general_ledger_taxcode: a.fokonyv_afa,
    // 3.0.15's product codes: Folio's product code and barcode
    sku: a.product_code,
    ean: a.barcode,
    ...(a.purchase_price !== null ? { purchase_price: Number(a.purchase_price) } : {}),
    ...(a.entitlement && ENTITLEMENTS_3014.has(a.entitlement) ? { entitlement: a.entitlement } : {}),
  };
}

function productInputOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.comment !== undefined) out.comment = body.comment;
  if (body.unit !== undefined) out.unit = body.unit;
  if (body.net_unit_price !== undefined) out.price = body.net_unit_price;
  if (body.general_ledger_number !== undefined) out.fokonyv_arbev = body.general_ledger_number;
  if (body.general_ledger_taxcode !== undefined) out.fokonyv_afa = body.general_ledger_taxcode;
  if (body.entitlement !== undefined) out.entitlement = body.entitlement;
  if (body.sku !== undefined) out.product_code = body.sku;
  if (body.ean !== undefined) out.barcode = body.ean;
  if (body.purchase_price !== undefined) out.purchase_price = body.purchase_price;
  if (body.currency !== undefined) {
    if (typeof body.currency !== 'string') throw v3Invalid('currency', 'must be a currency code');
    out.currency_code = currencyFromV3(body.currency);
  }
  if (body.vat !== undefined) {
    const id = typeof body.vat === 'string' ? vatFromV3(body.vat) : undefined;
    if (id === undefined) throw v3Invalid('vat', 'is not a VAT rate Folio knows');
    out.vat_id = id;
  }
  return out;
}

export const productRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/products',
    handler: async ({ core, req }) => {
      // v3 searches name, EAN and SKU; the core's search is by name, so the door filters the products itself
      const q = searchOf(req)?.toLowerCase();
      const items = await allPages((page, max_per_page) => call(core(), 'products.list', { page, max_per_page }));
      const hit = (p: Resource<ProductAttributes>) =>
        [p.attributes.name, p.attributes.barcode, p.attributes.product_code].some((t) => t.toLowerCase().includes(q!));
      return envelope(req, q ? items.filter(hit) : items, productOf);
    },
  },
  {
    method: 'POST',
    path: '/products',
    status: 201,
    handler: async ({ core, req }) => {
      const input = productInputOf(bodyOf(req));
      // net_unit_price is optional in v3: a product without a price costs 0
      return productOf(await call(core(), 'products.create', { price: 0, ...input } as InputOf<'products.create'>, FIELDS));
    },
  },
  {
    method: 'GET',
    path: '/products/{id}',
    handler: async ({ core, req }) => {
      const product = await call(core(), 'products.get', { id: idOf(req) });
      // v2 still reads a deleted product (its invoices name it); v3 knows no deleted products: gone is 404
      if (product.attributes.deleted === 1) throw new FolioError('not_found', 'Product not found');
      return productOf(product);
    },
  },
  {
    method: 'PUT',
    path: '/products/{id}',
    handler: async ({ core, req }) =>
      productOf(await call(core(), 'products.update', { ...productInputOf(bodyOf(req)), id: idOf(req) } as InputOf<'products.update'>, FIELDS)),
  },
  {
    method: 'DELETE',
    path: '/products/{id}',
    status: 204,
    handler: async ({ core, req }) => {
      await call(core(), 'products.delete', { id: idOf(req) });
      return undefined;
    },
  },
];
