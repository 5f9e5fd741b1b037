// Products: the price list invoice lines can be made from. Deleting is soft (deleted 1, deleted_at).
import type { ProductCreateInput, ProductUpdateInput } from '../../../shared/contract/schemas';
import type { ProductAttributes, Resource } from '../../../shared/resources';
import { notFound } from '../../../shared/errors';
import { findVatCode } from '../../../shared/reference/vat-codes';
import type { ProductRow } from '../../db/schema';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { parseJson } from '../json';
import { pageWindow, toPage } from '../paging';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { containsInsensitive } from '../../db/portable';

const NUMERIC_ATTRS = [
  'min_qty',
  'max_qty',
  'opt_qty',
  'sales_price',
  'purchase_price',
  'width',
  'height',
  'depth',
  'weight',
] as const;
const TEXT_ATTRS = ['comment', 'barcode', 'product_code', 'item_nr', 'fokonyv_arbev', 'fokonyv_afa'] as const;
const ID_ATTRS = ['categories_id', 'parent_product_id', 'master_variation_id'] as const;

export interface StoredAttrs {
  [key: string]: string | number | null | undefined;
}

function num(v: unknown): number | null {
  return v === null || v === undefined || v === '' ? null : Number(v);
}

export function productResource(row: ProductRow): Resource<ProductAttributes> {
  const a = parseJson<StoredAttrs>(row.attrs, {});
  const vat = findVatCode(row.vat_id);
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      name: row.name,
      comment: String(a.comment ?? ''),
      price: Number(row.price),
      unit: row.unit,
      vat_id: Number(row.vat_id),
      currency_code: row.currency_code,
      deleted: row.deleted_at ? 1 : 0,
      categories_id: num(a.categories_id),
      parent_product_id: num(a.parent_product_id),
      min_qty: num(a.min_qty),
      max_qty: num(a.max_qty),
      opt_qty: num(a.opt_qty),
      sales_price: num(a.sales_price),
      is_service: a.is_service ? 1 : 0,
      barcode: String(a.barcode ?? ''),
      product_code: String(a.product_code ?? ''),
      item_nr: String(a.item_nr ?? ''),
      width: num(a.width),
      height: num(a.height),
      depth: num(a.depth),
      weight: num(a.weight),
      deleted_at: row.deleted_at,
      archived_at: (a.archived_at as string | null | undefined) ?? null,
      created_at: row.created_at,
      updated_at: row.updated_at,
      description: vat?.infoText || vat?.description || '',
      master_variation_id: num(a.master_variation_id),
      purchase_price: num(a.purchase_price),
      fokonyv_arbev: String(a.fokonyv_arbev ?? ''),
      fokonyv_afa: String(a.fokonyv_afa ?? ''),
      vat: { id: Number(row.vat_id), value: Number(vat?.value ?? 0), description: vat?.description ?? '' },
      entitlement: row.entitlement,
    },
  };
}

function attrsFrom(input: Partial<ProductCreateInput>, base: StoredAttrs = {}): StoredAttrs {
  const out: StoredAttrs = { ...base };
  for (const k of [...NUMERIC_ATTRS, ...TEXT_ATTRS, ...ID_ATTRS, 'is_service'] as const) {
    const v = (input as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v as string | number | null;
  }
  return out;
}

/** The stored row of a new product (create, and the import's compiled insert); `base` keeps a merged product's attrs. */
export function productRowValues(input: ProductCreateInput, now: string, base: StoredAttrs = {}) {
  return {
    name: input.name,
    price: input.price,
    unit: input.unit ?? '',
    vat_id: input.vat_id,
    currency_code: input.currency_code ?? 'HUF',
    entitlement: input.entitlement ?? null,
    attrs: JSON.stringify(attrsFrom(input, base)),
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

export function createProductService(ctx: CoreContext) {
  const { db } = ctx;

  async function row(id: number, from: Db = db) {
    const r = await from.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Product ${id}`);
    return r;
  }

  return {
    row,

    async list(input: { page?: number | undefined; max_per_page?: number | undefined; q?: string | undefined }) {
      const w = pageWindow(input);
      let query = db.selectFrom('products').selectAll().where('deleted_at', 'is', null);
      const q = input.q?.trim();
      if (q) query = query.where(containsInsensitive(db, 'name', q));
      const rows = await query
        .orderBy('id', 'desc')
        .limit(w.perPage + 1)
        .offset(w.offset)
        .execute();
      return toPage(rows, w, productResource);
    },

    get: async (input: { id: number }) => productResource(await row(input.id)),

    async create(input: ProductCreateInput) {
      const values = productRowValues(input, nowStamp(ctx));
      const inserted = await writeTransaction(db, async (trx) => trx.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow());
      return productResource(inserted);
    },

    async update(input: ProductUpdateInput) {
      const now = nowStamp(ctx);
      const updated = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes, so that a concurrent update of other fields is not written over.
        const current = await row(input.id, trx);
        const r = await trx
          .updateTable('products')
          .set({
            name: input.name ?? current.name,
            price: input.price ?? current.price,
            unit: input.unit ?? current.unit,
            vat_id: input.vat_id ?? current.vat_id,
            currency_code: input.currency_code ?? current.currency_code,
            entitlement: input.entitlement === undefined ? current.entitlement : input.entitlement,
            attrs: JSON.stringify(attrsFrom(input, parseJson<StoredAttrs>(current.attrs, {}))),
            updated_at: now,
          })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return r;
      });
      return productResource(updated);
    },

    async delete(input: { id: number }) {
      const current = await row(input.id);
      if (!current.deleted_at) {
        const now = nowStamp(ctx);
        await writeTransaction(db, async (trx) => {
          await trx.updateTable('products').set({ deleted_at: now, updated_at: now }).where('id', '=', input.id).execute();
        });
      }
      return { deleted: true as const };
    },
  };
}
