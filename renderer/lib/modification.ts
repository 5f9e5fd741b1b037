// The modifying invoice as the UI builds it (docs/ui.md, "Modifying invoices"): the chain's lines, what the user
// typed against each (a quantity difference, a unit price difference) and new lines, turned into the request's items
// and priced by shared/totals.ts exactly as the core prices them. Plain functions: no Svelte, no calls.
import Big from 'big.js';
import type { InvoiceAttributes, InvoiceItem } from '../../shared/resources';
import { priceLine, sumExact, type ExactLineAmounts, type ExactTotals } from '../../shared/totals';
import { normalizeDecimal } from './format';
import { vatRate } from './reference';

/** One line of the chain, numbered as NAV numbers it (the original's lines, then each modification's new lines),
 * with its quantity and unit price as the chain's modifications left them. */
export interface ChainLine {
  n: number;
  description: string;
  qty: string;
  unit: string;
  net_unit_price: string;
  vat_id: string;
  entitlement: string | null;
}

/** What the user typed against a chain line (in the UI language's form; empty: no change). */
export interface LineChange {
  qty: string;
  price: string;
}

/** A new line of the modification. */
export interface NewLine {
  key: number;
  description: string;
  qty: string;
  unit: string;
  price: string;
  vat_id: string;
}

/** One item of the request and the field of the form it came from (where the core's message about it is shown). */
export interface ModificationItem {
  item: {
    modifies_line?: number;
    description: string;
    qty: string;
    unit: string;
    net_unit_price: string;
    vat_id: string;
    entitlement?: string;
  };
  /** `change.<n>.qty`, `change.<n>.price` or `new.<k>` */
  field: string;
}

const asLine = (it: Pick<InvoiceItem, 'description' | 'qty' | 'unit' | 'net_unit_price' | 'vat_id' | 'entitlement'>, n: number): ChainLine => ({
  n,
  description: it.description,
  qty: it.qty,
  unit: it.unit,
  net_unit_price: it.net_unit_price,
  vat_id: it.vat_id,
  entitlement: it.entitlement,
});

/**
 * The lines a modification may refer to, numbered as the core numbers them (electron/core/invoices/chain.ts): the
 * original's lines from 1, then every new line (no `modifies_line`) of its modifications, in chain order.
 */
/** What chainLines reads of a line. */
type LineSource = Pick<InvoiceItem, 'description' | 'qty' | 'unit' | 'net_unit_price' | 'vat_id' | 'entitlement' | 'modifies_line'>;

export function chainLines(original: { items: LineSource[] }, modifications: Array<{ items: LineSource[] } & Pick<InvoiceAttributes, 'modification_index'>>): ChainLine[] {
  const lines = original.items.map((it, i) => asLine(it, i + 1));
  const ordered = [...modifications].sort((x, y) => (x.modification_index ?? 0) - (y.modification_index ?? 0));
  for (const m of ordered) {
    for (const it of m.items) {
      if (it.modifies_line == null) lines.push(asLine(it, lines.length + 1));
      else {
        const line = lines[it.modifies_line - 1];
        if (line) Object.assign(line, afterChange(line, it));
      }
    }
  }
  return lines;
}

/**
 * A line as an earlier modification left it, read back the way this UI writes changes: an item at the line's unit
 * price changed its quantity; an item for the line's whole quantity changed its unit price. Anything else (another
 * program's way of writing it) leaves the line as it was shown.
 */
function afterChange(line: ChainLine, it: Pick<InvoiceItem, 'qty' | 'net_unit_price'>): Pick<ChainLine, 'qty' | 'net_unit_price'> {
  try {
    if (new Big(it.net_unit_price).eq(line.net_unit_price)) return { qty: new Big(line.qty).plus(it.qty).toFixed(), net_unit_price: line.net_unit_price };
    if (new Big(it.qty).eq(line.qty)) return { qty: line.qty, net_unit_price: new Big(line.net_unit_price).plus(it.net_unit_price).toFixed() };
  } catch {
    // an amount that cannot be read changes nothing here
  }
  return { qty: line.qty, net_unit_price: line.net_unit_price };
}

/** A typed amount as the core reads it, or null when empty; a leading "−" (typographic minus) counts as "-". */
export function typedDecimal(text: string): string | null {
  const s = text.trim().replace(/^[\u2212\u2013]/, '-');
  return s === '' ? null : normalizeDecimal(s);
}

const isZero = (d: string) => /^-?0*(\.0*)?$/.test(d);

/**
 * The request's items. A quantity difference is the line at its unit price with the difference as quantity
 * (−1 × 10 000 Ft). A unit price difference is the line's quantity after this change at the difference as unit
 * price (10 × −500 Ft). Both on one line give both items, which together make the line's new amount.
 */
export function modificationItems(lines: ChainLine[], changes: Record<number, LineChange>, added: NewLine[]): ModificationItem[] {
  const items: ModificationItem[] = [];
  for (const line of lines) {
    const change = changes[line.n];
    if (!change) continue;
    const common = {
      modifies_line: line.n,
      description: line.description,
      unit: line.unit,
      vat_id: line.vat_id,
      ...(line.entitlement ? { entitlement: line.entitlement } : {}),
    };
    const dq = typedDecimal(change.qty);
    const dp = typedDecimal(change.price);
    if (dq !== null && !isZero(dq)) items.push({ item: { ...common, qty: dq, net_unit_price: line.net_unit_price }, field: `change.${line.n}.qty` });
    if (dp !== null && !isZero(dp)) {
      let qty = line.qty;
      try {
        if (dq !== null) qty = new Big(line.qty).plus(dq).toFixed();
      } catch {
        // a malformed quantity difference is reported at its own field; the price change keeps the line's quantity
      }
      items.push({ item: { ...common, qty, net_unit_price: dp }, field: `change.${line.n}.price` });
    }
  }
  added.forEach((l, k) => {
    items.push({
      item: { description: l.description, qty: typedDecimal(l.qty) ?? '', unit: l.unit, net_unit_price: typedDecimal(l.price) ?? '', vat_id: l.vat_id },
      field: `new.${k}`,
    });
  });
  return items;
}

/** An item priced as the core prices it, or null while something in it cannot be read. */
function priced(item: ModificationItem['item'], currency: string): { vatId: string; vatRate: string; amounts: ExactLineAmounts } | null {
  const rate = vatRate(item.vat_id);
  if (!rate) return null;
  try {
    return { vatId: item.vat_id, vatRate: rate, amounts: priceLine({ qty: item.qty, vatRate: rate, vatId: item.vat_id, netUnitPrice: item.net_unit_price }, currency) };
  } catch {
    return null;
  }
}

export interface ModificationPreview {
  /** the modifying invoice's totals (rounded as its original is) */
  totals: ExactTotals;
  /** the original with every modification, this one too */
  resulting: string;
  /** some typed value cannot be read yet: the figures leave that item out */
  incomplete: boolean;
}

/** The modification's totals and what the original will be worth with it, from `current` (its current total). */
export function previewModification(items: ModificationItem[], currency: string, roundTo: number, current: string): ModificationPreview {
  const lines = items.map((i) => priced(i.item, currency));
  const totals = sumExact(lines.filter((l): l is NonNullable<typeof l> => l !== null), roundTo);
  return { totals, resulting: new Big(current).plus(totals.total).toFixed(3), incomplete: lines.some((l) => l === null) };
}

/** The total of lines typed as the original had them (a previous program's invoice), priced as the core prices. */
export function totalOfLines(lines: Array<{ qty: string; price: string; vat_id: string }>, currency: string): { total: string; incomplete: boolean } {
  const p = lines.map((l) => priced({ description: '', unit: '', qty: typedDecimal(l.qty) ?? '', net_unit_price: typedDecimal(l.price) ?? '', vat_id: l.vat_id }, currency));
  const totals = sumExact(p.filter((l): l is NonNullable<typeof l> => l !== null), 0);
  return { total: totals.total, incomplete: p.some((l) => l === null) };
}

/** Moves the core's item errors (`items.<i>.<field>`, `items.<i>`) to the form's fields they came from. */
export function formFieldOf(coreField: string, items: ModificationItem[]): string {
  const m = /^items\.(\d+)(?:\.(.+))?$/.exec(coreField);
  if (!m) return coreField;
  const from = items[Number(m[1])];
  if (!from) return coreField;
  // a new line's own fields keep their names; a change's message belongs to the input that made it
  if (from.field.startsWith('new.')) return m[2] ? `${from.field}.${m[2] === 'net_unit_price' ? 'price' : m[2]}` : `${from.field}.price`;
  return from.field;
}
