// A profile's own template: the client and lines it issues when they were edited on the profile (extension). The
// base invoice is never changed — it may be issued and sealed — so an edit lives on the profile; null in either
// column means "as on the base invoice", which is what every profile made before editing existed does.
import type { InvoiceCreateInput, RecurringLineInput } from '../../../shared/contract/schemas';
import type { RecurringLine } from '../../../shared/resources';
import { FolioError, type FieldError } from '../../../shared/errors';
import type { Db } from '../../db/types';
import type { InvoiceItemRow, RecurringRow } from '../../db/schema';
import { parseJson } from '../json';

type IssuedLine = InvoiceCreateInput['items'][number];

export function ownLines(p: Pick<RecurringRow, 'items_json'>): RecurringLine[] | null {
  return p.items_json === null ? null : parseJson<RecurringLine[]>(p.items_json, []);
}

/** Stored as given, minus absent keys, so a read gives back what was saved. */
export function linesJson(lines: RecurringLineInput[] | null): string | null {
  return lines === null ? null : JSON.stringify(lines.map((l) => JSON.parse(JSON.stringify(l)) as RecurringLine));
}

/**
 * The lines an occurrence issues. A line linking a product that still exists (in the invoice's currency) keeps the
 * link, at the template's own price; otherwise it is a plain line.
 */
export function issuedLines(own: RecurringLine[] | null, baseItems: InvoiceItemRow[], liveProducts: ReadonlySet<number>): IssuedLine[] {
  if (own) {
    return own.map(({ product_uid, ...line }) => ({
      ...line,
      entitlement: (line.entitlement ?? null) as IssuedLine['entitlement'],
      ...(product_uid !== undefined && liveProducts.has(product_uid) && line.gross_unit_price === undefined ? { product_uid } : {}),
    }));
  }
  return baseItems.map((i) => {
    const line = {
      description: i.description,
      vat_id: i.vat_id,
      qty: i.qty,
      unit: i.unit,
      item_comment: i.item_comment,
      entitlement: i.entitlement as IssuedLine['entitlement'],
    };
    if (i.gross_unit_price !== null) return { ...line, gross_unit_price: i.gross_unit_price };
    const product = i.product_id !== null && liveProducts.has(i.product_id) ? { product_uid: i.product_id } : {};
    return { ...line, ...product, net_unit_price: i.net_unit_price };
  });
}

/** The product ids the lines of an occurrence link. */
export function linkedProducts(own: RecurringLine[] | null, baseItems: InvoiceItemRow[]): number[] {
  const ids = own ? own.map((l) => l.product_uid) : baseItems.map((i) => i.product_id);
  return ids.filter((id): id is number => typeof id === 'number');
}

/** Refuses a template naming a client or product that does not exist; every problem at its field, nothing written. */
export async function checkTemplate(db: Db, input: { client_uid?: number | null; items?: RecurringLineInput[] | null }): Promise<void> {
  const errors: FieldError[] = [];
  if (typeof input.client_uid === 'number') {
    const c = await db.selectFrom('clients').select(['id', 'deleted_at']).where('id', '=', input.client_uid).executeTakeFirst();
    if (!c || c.deleted_at) errors.push({ field: 'client_uid', message: 'no such client' });
  }
  const productIds = [...new Set((input.items ?? []).map((l) => l.product_uid).filter((id): id is number => id !== undefined))];
  const found = productIds.length
    ? new Set((await db.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((r) => r.id))
    : new Set<number>();
  (input.items ?? []).forEach((l, i) => {
    if (l.product_uid !== undefined && !found.has(l.product_uid)) errors.push({ field: `items.${i}.product_uid`, message: 'no such product' });
  });
  if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}
