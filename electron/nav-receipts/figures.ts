// A day's receipt figures as NAV's daily report states them, recomputed from the sealed receipts every time (never
// kept as running totals, so nothing can drift from the receipts themselves).
//
// Which documents belong to a day's report (docs/receipts.md "What a day's report holds"):
// - every receipt (type 5, not cancelling) dated that day: a sale document;
// - every cancelling receipt of such a receipt, dated before today: a modifying document of the day of the receipt
//   it cancels — cancelled the same day, it is in the first report; cancelled on a later day, that day's report is
//   modified (ModifyReceiptRequest) once the cancelling day has closed.
// Receipts are grouped by currency and exchange rate: one report states one currency and one rate.
// Amounts are gross (receipts are priced with VAT), per NAV VAT category, in the receipt's currency.
import type { Db } from '../db/types';
import { Big, fromMilli, roundTo } from '../../shared/money';
import { INVOICE_TYPE, prefixedNumber } from '../../shared/invoice-codes';
import { navVatRate, type NavVatRate } from '../nav/vat-rate';

export interface CategoryFigures {
  /** the category's name as Folio names it (27%, AAM…) until mapped onto NAV's list */
  vat: string;
  saleMilli: number;
  modifyingMilli: number;
}

export interface ReceiptFigures {
  day: string;
  currency: string;
  /** the rate as stored on the receipts ('1' for forints) */
  rate: string;
  /** the rate NAV is told: null for forints, else 4 decimals */
  exchangeRate: string | null;
  /** the number of the day's first receipt (in the order issued) */
  serialNumber: string;
  categories: CategoryFigures[];
  totalMilli: number;
  saleCount: number;
  modifyingCount: number;
}

/** Thrown for a day that cannot be reported as it stands (a rate NAV's schema does not take, a VAT line without a category). */
export class ReceiptDataError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** 12345 thousandths → "12.35" (half away from zero; receipts carry at most 2 decimals anyway). */
export function amount2(milli: number): string {
  return roundTo(fromMilli(milli), 2).toFixed(2);
}

/** The category name of a line's VAT marking: the percentage ("27%"), else NAV's case code (AAM, TAM, ATK…). */
export function categoryName(v: NavVatRate): string {
  switch (v.kind) {
    case 'vatPercentage':
      return `${new Big(v.percentage).times(100).toFixed()}%`;
    case 'vatExemption':
    case 'vatOutOfScope':
      return v.case;
    case 'vatDomesticReverseCharge':
      return 'FAFA';
    case 'marginSchemeIndicator':
      return v.case.replace(/_/g, ' ');
  }
}

export const groupKey = (g: { day: string; currency: string; rate: string }) => `${g.day}|${g.currency}|${g.rate}`;

/** The rate as the schema's ExchangeRateType takes it: 1–1000, at most 4 decimals. */
function reportedRate(currency: string, rate: string): string | null {
  if (currency === 'HUF') return null;
  const r = roundTo(new Big(rate || '0'), 4);
  if (r.lt(1) || r.gt(1000)) {
    throw new ReceiptDataError('exchange_rate', `A(z) ${currency} árfolyama (${rate}) nem adható meg NAV-nak (1 és 1000 között kell lennie)`);
  }
  return r.toFixed(4).replace(/\.?0+$/, '');
}

interface DocRow {
  id: number;
  date: string;
  currency: string;
  exchange_rate: string;
  is_cancel_invoice: number;
  cancels_id: number | null;
  prefix: string;
  invoice_no: string | null;
  issued_at: string | null;
  gross_milli: number;
}

const DOC_COLUMNS = ['id', 'date', 'currency', 'exchange_rate', 'is_cancel_invoice', 'cancels_id', 'prefix', 'invoice_no', 'issued_at', 'gross_milli'] as const;

/**
 * The days with something to report before `today` (exclusive), from `from` on: days with receipts issued in
 * [since, today), and the days of receipts cancelled in that span. `since` bounds the scan of each pass.
 */
export async function candidateDays(db: Db, from: string, since: string, today: string): Promise<string[]> {
  const start = since > from ? since : from;
  const sales = await db
    .selectFrom('invoices')
    .select('date')
    .distinct()
    .where('type', '=', INVOICE_TYPE.receipt)
    .where('sealed', '=', 1)
    .where('is_cancel_invoice', '=', 0)
    .where('date', '>=', start)
    .where('date', '<', today)
    .execute();
  const cancelled = await db
    .selectFrom('invoices as c')
    .innerJoin('invoices as o', 'o.id', 'c.cancels_id')
    .select('o.date')
    .distinct()
    .where('c.type', '=', INVOICE_TYPE.receipt)
    .where('c.sealed', '=', 1)
    .where('c.is_cancel_invoice', '=', 1)
    .where('c.date', '>=', start)
    .where('c.date', '<', today)
    .where('o.date', '>=', from)
    .execute();
  return [...new Set([...sales, ...cancelled].map((r) => r.date))].sort();
}

/** Every group's figures of one day, as of `today` (cancellations dated today wait until it has closed). */
export async function dayFigures(db: Db, day: string, today: string): Promise<ReceiptFigures[]> {
  const sales = (await db
    .selectFrom('invoices')
    .select(DOC_COLUMNS)
    .where('type', '=', INVOICE_TYPE.receipt)
    .where('sealed', '=', 1)
    .where('is_cancel_invoice', '=', 0)
    .where('date', '=', day)
    .orderBy('issued_at')
    .orderBy('id')
    .execute()) as DocRow[];
  if (sales.length === 0) return [];
  const cancelling = (await db
    .selectFrom('invoices as c')
    .innerJoin('invoices as o', 'o.id', 'c.cancels_id')
    .select(DOC_COLUMNS.map((c) => `c.${c}` as const))
    .where('c.type', '=', INVOICE_TYPE.receipt)
    .where('c.sealed', '=', 1)
    .where('c.is_cancel_invoice', '=', 1)
    .where('c.date', '<', today)
    .where('o.date', '=', day)
    .where('o.type', '=', INVOICE_TYPE.receipt)
    .execute()) as DocRow[];
  const byId = new Map(sales.map((s) => [s.id, s]));
  const docs = [...sales, ...cancelling];
  const lines = await linesOf(db, docs.map((d) => d.id));

  const groups = new Map<string, ReceiptFigures & { cats: Map<string, CategoryFigures> }>();
  for (const doc of docs) {
    // a cancelling receipt joins its original's group: it mirrors the original's currency and rate
    const anchor = doc.is_cancel_invoice ? (byId.get(doc.cancels_id!) ?? doc) : doc;
    const key = groupKey({ day, currency: anchor.currency, rate: anchor.exchange_rate });
    let g = groups.get(key);
    if (!g) {
      g = {
        day,
        currency: anchor.currency,
        rate: anchor.exchange_rate,
        exchangeRate: reportedRate(anchor.currency, anchor.exchange_rate),
        serialNumber: prefixedNumber(anchor.prefix, anchor.invoice_no) ?? '',
        categories: [],
        totalMilli: 0,
        saleCount: 0,
        modifyingCount: 0,
        cats: new Map(),
      };
      groups.set(key, g);
    }
    if (doc.is_cancel_invoice) g.modifyingCount++;
    else g.saleCount++;
    for (const [index, line] of (lines.get(doc.id) ?? []).entries()) {
      let name: string;
      try {
        name = categoryName(navVatRate(line, index + 1));
      } catch (e) {
        throw new ReceiptDataError(`receipts.${doc.id}.items.${index}.vat_id`, e instanceof Error ? e.message : String(e));
      }
      let c = g.cats.get(name);
      if (!c) g.cats.set(name, (c = { vat: name, saleMilli: 0, modifyingMilli: 0 }));
      if (doc.is_cancel_invoice) c.modifyingMilli += line.gross_milli;
      else c.saleMilli += line.gross_milli;
      g.totalMilli += line.gross_milli;
    }
  }
  return [...groups.values()].map(({ cats, ...g }) => ({
    ...g,
    categories: [...cats.values()].sort((a, b) => a.vat.localeCompare(b.vat, 'en')),
  }));
}

type Line = { invoice_id: number; vat_id: string; vat_rate: string; entitlement: string | null; gross_milli: number };

async function linesOf(db: Db, ids: number[]): Promise<Map<number, Line[]>> {
  const out = new Map<number, Line[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('invoice_items')
      .select(['invoice_id', 'vat_id', 'vat_rate', 'entitlement', 'gross_milli'])
      .where('invoice_id', 'in', ids.slice(i, i + 500))
      .orderBy('invoice_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const list = out.get(r.invoice_id) ?? [];
      list.push(r);
      out.set(r.invoice_id, list);
    }
  }
  return out;
}

/** What NAV is told, for comparing with what it holds: the names, amounts and counts. */
export function sameFigures(a: ReceiptFigures | null, b: ReceiptFigures | null): boolean {
  if (!a || !b) return a === b;
  const pick = (f: ReceiptFigures) => JSON.stringify([f.currency, f.exchangeRate, f.serialNumber, f.categories, f.totalMilli, f.saleCount, f.modifyingCount]);
  return pick(a) === pick(b);
}
