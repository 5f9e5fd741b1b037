// v3's document discount (`discount: {type: "percent", value}`) as Hungarian practice writes it: a discount line per
// VAT code (and price basis) of the lines it reduces, each the percentage of those lines' prices, negated. A line per
// VAT code keeps every rate's VAT exact and shows the buyer what was taken off; the core treats them like any other
// discount line (a negative price; the legal checks keep the total from going below zero).
import { Big } from '../../../shared/money';
import type { Core } from '../../core/index';
import { v3Invalid } from './errors';
import { call } from './route';

type Line = Record<string, unknown>;

const LABEL: Readonly<Record<string, string>> = { hu: 'Kedvezmény', en: 'Discount', de: 'Rabatt' };

/** The discount's percentage: undefined for none (absent, null or 0); anything but a percent from 0 to 100 is a 422. */
export function discountPercentOf(raw: unknown): Big | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw v3Invalid('discount', 'must be an object with type and value');
  const { type, value } = raw as { type?: unknown; value?: unknown };
  if (type !== 'percent') throw v3Invalid('discount.type', 'must be percent');
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw v3Invalid('discount.value', 'must be a percentage from 0 to 100');
  }
  return value === 0 ? undefined : new Big(value);
}

/** The lines of a Folio invoice body with the discount lines appended (products are read for their price and VAT). */
export async function withDiscountLines(core: Core, lines: Line[], percent: Big, lang: string): Promise<Line[]> {
  const groups = new Map<string, { vat_id: number; basis: 'net_unit_price' | 'gross_unit_price'; entitlement: unknown; sum: Big }>();
  for (const line of lines) {
    let vatId = line.vat_id as number | undefined;
    let basis: 'net_unit_price' | 'gross_unit_price' = line.gross_unit_price !== undefined ? 'gross_unit_price' : 'net_unit_price';
    let price = line[basis] as string | undefined;
    if (line.product_uid !== undefined) {
      // a product line's own price and VAT unless the line gives them (products are priced net)
      const product = await call(core, 'products.get', { id: Number(line.product_uid) }).catch(() => undefined);
      if (!product) continue; // the create refuses the line itself, with its own message
      vatId ??= product.attributes.vat_id;
      basis = 'net_unit_price';
      price ??= String(product.attributes.price);
    }
    if (vatId === undefined || price === undefined) continue; // an incomplete line: the create names what it lacks
    let amount: Big;
    try {
      amount = new Big(price).times(new Big(String(line.qty ?? '1')));
    } catch {
      continue; // not a number: the create refuses the line
    }
    const key = `${vatId}:${basis}:${JSON.stringify(line.entitlement ?? null)}`;
    const g = groups.get(key) ?? { vat_id: vatId, basis, entitlement: line.entitlement, sum: new Big(0) };
    g.sum = g.sum.plus(amount);
    groups.set(key, g);
  }
  const label = `${LABEL[lang] ?? LABEL.hu} ${percent.toString()}%`;
  const discounts: Line[] = [];
  for (const g of groups.values()) {
    const off = g.sum.times(percent).div(100).round(2, Big.roundHalfUp);
    if (off.eq(0)) continue;
    discounts.push({
      description: label,
      qty: '1',
      unit: '',
      vat_id: g.vat_id,
      [g.basis]: off.times(-1).toString(),
      ...(g.entitlement !== undefined ? { entitlement: g.entitlement } : {}),
    });
  }
  return [...lines, ...discounts];
}
