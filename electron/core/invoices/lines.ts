// Resolves the items of an invoice request into priced lines: product lines take their data from the product,
// VAT codes give their rate, exempt codes get their legal reason, and shared/totals.ts computes the amounts.
import type { InvoiceItemInput } from '../../../shared/contract/schemas';
import { FolioError, type FieldError } from '../../../shared/errors';
import { AmountRangeError, computeLine as computeExactLine, computeTotals, type DocumentTotals, type LineAmounts, type PricedLine } from '../../../shared/totals';
import { findVatCode, type VatCodeDef } from '../../../shared/reference/vat-codes';
import type { WriteTx } from '../../db/types';
import type { ProductRow } from '../../db/schema';
import { parseJson } from '../json';
import { productById } from './statements';

/** Prices one line; an amount beyond the exact range is the field's error, never a rounded float. */
function computeLine(line: PricedLine, currency: string, field: string): LineAmounts {
  try {
    return computeExactLine(line, currency);
  } catch (e) {
    if (e instanceof AmountRangeError) throw new FolioError('validation_failed', `${field}: ${e.message}`, [{ field, message: e.message }]);
    throw e;
  }
}

export interface ResolvedLine {
  position: number;
  product_id: number | null;
  description: string;
  qty: string;
  unit: string;
  net_unit_price: string;
  gross_unit_price: string | null;
  vat_id: string;
  vat_rate: string;
  entitlement: string | null;
  item_comment: string;
  amounts: LineAmounts;
  /** a modifying invoice's line: the chain line it changes */
  modifies_line?: number | null;
  /** a final invoice's deduction line: the advance it deducts */
  advance_invoice_id?: number | null;
}

/** The legal reason of a 0 % line: the item's own, else the code's default (EU: services vs goods). */
function reasonFor(vat: VatCodeDef, given: string | null | undefined, isService: boolean): string | null {
  if (given) return given;
  if (vat.treatment === 'rate' || vat.treatment === 'foreign_rate' || vat.treatment === 'reverse_charge') return null;
  if (vat.id === '5') return isService ? 'EUFAD37' : 'KBAET';
  return vat.defaultEntitlement;
}

/** Prices the lines of a request, in the write transaction that stores them. */
export async function resolveLines(trx: WriteTx, items: InvoiceItemInput[], currency: string): Promise<ResolvedLine[]> {
  const byId = new Map<number, ProductRow>();
  for (const item of items) {
    if (item.product_uid === undefined || byId.has(item.product_uid)) continue;
    const product = await productById.get(trx, { id: item.product_uid });
    if (product) byId.set(product.id, product);
  }
  const errors: FieldError[] = [];
  // A product that exists but cannot be used (deleted, another currency) breaks a rule (422), not the form (400).
  const ruleErrors: FieldError[] = [];
  const lines: ResolvedLine[] = [];

  items.forEach((item, position) => {
    const at = `items.${position}`;
    if (item.product_uid !== undefined) {
      const product = byId.get(item.product_uid);
      if (!product) {
        errors.push({ field: `${at}.product_uid`, message: 'no such product' });
        return;
      }
      if (product.deleted_at) {
        ruleErrors.push({ field: `${at}.product_uid`, message: 'the product was deleted' });
        return;
      }
      if (product.currency_code !== currency) {
        ruleErrors.push({
          field: `${at}.product_uid`,
          message: `the product is priced in ${product.currency_code}, the invoice is in ${currency}`,
        });
        return;
      }
      const vatId = item.vat_id ?? product.vat_id;
      const vat = findVatCode(vatId)!;
      const isService = Boolean(parseJson<{ is_service?: number }>(product.attrs, {}).is_service);
      const priced = { qty: item.qty, vatRate: vat.value, vatId: vat.id, netUnitPrice: item.net_unit_price ?? product.price };
      lines.push({
        position,
        product_id: product.id,
        // text is kept exactly as given (issue 38); a blank one names the product
        description: item.description?.trim() ? item.description : product.name,
        qty: item.qty,
        unit: item.unit ?? product.unit,
        net_unit_price: priced.netUnitPrice,
        gross_unit_price: null,
        vat_id: vat.id,
        vat_rate: vat.value,
        entitlement: reasonFor(vat, item.entitlement ?? product.entitlement, isService),
        item_comment: item.item_comment ?? '',
        amounts: computeLine(priced, currency, at),
      });
      return;
    }
    const vat = findVatCode(item.vat_id!)!;
    const amounts = computeLine(
      {
        qty: item.qty,
        vatRate: vat.value,
        vatId: vat.id,
        ...(item.gross_unit_price !== undefined ? { grossUnitPrice: item.gross_unit_price } : { netUnitPrice: item.net_unit_price! }),
      },
      currency,
      at,
    );
    lines.push({
      position,
      product_id: null,
      description: item.description!, // exactly as given: the contract refused a blank one
      qty: item.qty,
      unit: item.unit ?? '',
      net_unit_price: amounts.netUnitPrice,
      gross_unit_price: item.gross_unit_price ?? null,
      vat_id: vat.id,
      vat_rate: vat.value,
      entitlement: reasonFor(vat, item.entitlement, false),
      item_comment: item.item_comment ?? '',
      amounts,
    });
  });

  if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  if (ruleErrors.length) throw new FolioError('rule_violation', ruleErrors.map((e) => `${e.field}: ${e.message}`).join('; '), ruleErrors);
  return lines;
}

export function totalsOf(lines: ResolvedLine[], roundTo: number): DocumentTotals {
  try {
    return totals(lines, roundTo);
  } catch (e) {
    if (e instanceof AmountRangeError) throw new FolioError('validation_failed', `items: ${e.message}`, [{ field: 'items', message: `the invoice total: ${e.message}` }]);
    throw e;
  }
}

function totals(lines: ResolvedLine[], roundTo: number): DocumentTotals {
  return computeTotals(
    lines.map((l) => ({ vatId: l.vat_id, vatRate: l.vat_rate, amounts: l.amounts })),
    roundTo,
  );
}
