// The VAT split of expenses that have no single VAT code or are not in forints, for the input side of the VAT
// analysis: an invoice received from NAV carries its split per VAT marking in forints as the supplier reported it
// (nav_inbound.parts, migration 0050), so it is counted in forints, not listed apart; an expense of several rates
// read from an e-invoice carries its split in expense_vat_rates. A split is used only while it still adds up to
// the expense as stored (an expense edited since keeps its own amounts).
import type { Db } from '../../db/types';
import { partVatCode, type VatPart } from '../expenses/vat-parts';

export interface CountedPart {
  vat_id: string;
  /** in forints */
  net: number;
  vat: number;
}

interface StoredNavPart extends VatPart {
  net: number;
  vat: number;
  net_huf: number;
  vat_huf: number;
}

const CHUNK = 500;

/**
 * Whether any expense may have a split: an invoice received from NAV linked to an expense, or an e-invoice's rates.
 * Most books have neither; then every expense counts as stored, and a period's expenses can be summed by SQL. One
 * probe of each table's index (conservative: a NAV invoice linked but not booked counts too).
 */
export async function anySplit(db: Db): Promise<boolean> {
  const t = db.withTables<{ nav_inbound: { expense_id: number | null } }>();
  if (await t.selectFrom('nav_inbound').select('expense_id').where('expense_id', 'is not', null).limit(1).executeTakeFirst()) return true;
  return !!(await db.selectFrom('expense_vat_rates').select('expense_id').limit(1).executeTakeFirst());
}

export async function splitsOf(db: Db, expenses: Array<{ id: number; currency: string; net: number; vat: number }>): Promise<Map<number, CountedPart[]>> {
  const out = new Map<number, CountedPart[]>();
  const byId = new Map(expenses.map((e) => [e.id, e]));
  const ids = expenses.map((e) => e.id);
  const t = db.withTables<{ nav_inbound: { expense_id: number | null; state: string; parts: string | null } }>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await t.selectFrom('nav_inbound').select(['expense_id', 'parts']).where('expense_id', 'in', chunk).where('state', '=', 'booked').execute();
    for (const r of rows) {
      const e = r.expense_id === null ? undefined : byId.get(r.expense_id);
      if (!e || !r.parts) continue;
      const parts = JSON.parse(r.parts) as StoredNavPart[];
      const net = parts.reduce((s, p) => s + p.net, 0);
      const vat = parts.reduce((s, p) => s + p.vat, 0);
      if (net !== e.net || vat !== e.vat) continue;
      out.set(e.id, parts.map((p) => ({ vat_id: partVatCode(p), net: p.net_huf, vat: p.vat_huf })));
    }
  }
  // forint expenses of several rates without NAV's split: their e-invoice breakdown
  const rest = expenses.filter((e) => !out.has(e.id) && e.currency === 'HUF').map((e) => e.id);
  for (let i = 0; i < rest.length; i += CHUNK) {
    const rows = await db.selectFrom('expense_vat_rates').selectAll().where('expense_id', 'in', rest.slice(i, i + CHUNK)).orderBy('expense_id').orderBy('position').execute();
    const grouped = new Map<number, typeof rows>();
    for (const r of rows) grouped.set(r.expense_id, [...(grouped.get(r.expense_id) ?? []), r]);
    for (const [id, parts] of grouped) {
      const e = byId.get(id)!;
      if (parts.reduce((s, p) => s + p.net_milli, 0) !== e.net || parts.reduce((s, p) => s + p.vat_milli, 0) !== e.vat) continue;
      out.set(id, parts.map((p) => ({ vat_id: partVatCode(p), net: p.net_milli, vat: p.vat_milli })));
    }
  }
  return out;
}
