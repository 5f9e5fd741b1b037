// Products from a file: a row becomes the input of products.create, judged by its schema and written by the product
// service's row builder. The interface has no rule for duplicate products; the name is what a user picks a product
// by on an invoice line, so two products of the same name are taken for the same one.
import { productCreateInput, type ProductCreateInput } from '../../../shared/contract/schemas';
import type { ImportField } from '../../../shared/contract/areas/import';
import { findVatCode } from '../../../shared/reference/vat-codes';
import type { ProductRow } from '../../db/schema';
import { productRowValues, type StoredAttrs } from '../products/service';
import { parseJson } from '../json';
import { decimalText, vatIdText } from './cells';
import { compact, shown, type ExistingRecord, type KindRules, type RawInput } from './kind';

const ERROR_FIELDS: Record<string, ImportField> = { vat_id: 'vat', currency_code: 'currency' };
const TEXT_ATTRS = ['comment', 'barcode', 'product_code'] as const;

export const productRules: KindRules<ProductCreateInput> = {
  schema: productCreateInput,

  read(cell) {
    return {
      name: cell('name'),
      ...compact({
        price: decimalText(cell('price')),
        vat_id: vatIdText(cell('vat')),
        unit: cell('unit'),
        currency_code: cell('currency').toUpperCase(),
        product_code: cell('product_code'),
        barcode: cell('barcode'),
        comment: cell('comment'),
      }),
    };
  },

  key: (input) => input.name.trim(),

  values(input) {
    const vat = input.vat_id === undefined ? undefined : findVatCode(String(input.vat_id));
    const values: Partial<Record<ImportField, string>> = {
      name: shown(input.name),
      price: shown(input.price),
      unit: shown(input.unit),
      vat: vat ? vat.description : shown(input.vat_id),
      currency: shown(input.currency_code ?? 'HUF'),
      product_code: shown(input.product_code),
      barcode: shown(input.barcode),
      comment: shown(input.comment),
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  },

  errorField: (path) => ERROR_FIELDS[path] ?? path,

  insertValues: (input, now) => productRowValues(input, now),

  updateValues(input, now, existing) {
    const row = existing.row as ProductRow;
    const { created_at: _created, deleted_at: _deleted, ...values } = productRowValues(input, now, parseJson<StoredAttrs>(row.attrs, {}));
    return { ...values, id: existing.id };
  },
};

export function existingProduct(row: ProductRow): ExistingRecord {
  return {
    id: row.id,
    name: row.name,
    key: row.name.trim(),
    row,
    input: (): RawInput => {
      const attrs = parseJson<StoredAttrs>(row.attrs, {});
      const text = Object.fromEntries(TEXT_ATTRS.map((k) => [k, attrs[k] === undefined || attrs[k] === null ? '' : String(attrs[k])]));
      return { name: row.name, price: row.price, unit: row.unit, vat_id: row.vat_id, currency_code: row.currency_code, entitlement: row.entitlement, ...text };
    },
  };
}
