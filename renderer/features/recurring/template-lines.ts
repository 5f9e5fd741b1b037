// The lines of a profile's template as the form edits them (strings as typed) and as the core takes them.
import type { InvoiceItem, RecurringLine } from '../../../shared/resources';
import { isValidDate } from '../../../shared/dates';
import type { RecurringLineInput } from '../../../shared/contract/schemas';
import { normalizeDecimal } from '../../lib/format';

export interface FormLine {
  description: string;
  qty: string;
  unit: string;
  /** the net unit price, or the gross one for a line priced gross (kept as it was on the base) */
  price: string;
  gross: boolean;
  vat_id: string;
  entitlement: string;
  item_comment: string;
  product_uid: number | null;
}

/**
 * A stored decimal as a person types it: no trailing zeros ("1.000" would read as a thousand in Hungarian) and the
 * language's decimal comma; normalizeDecimal reads it back.
 */
export function typedDecimal(value: string, lang: string): string {
  const trimmed = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
  return lang === 'en' ? trimmed : trimmed.replace('.', ',');
}

export function fromProfileLine(l: RecurringLine, lang: string): FormLine {
  return {
    description: l.description,
    qty: typedDecimal(l.qty, lang),
    unit: l.unit ?? '',
    price: typedDecimal(l.gross_unit_price ?? l.net_unit_price ?? '', lang),
    gross: l.gross_unit_price !== undefined,
    vat_id: l.vat_id,
    entitlement: l.entitlement ?? '',
    item_comment: l.item_comment ?? '',
    product_uid: l.product_uid ?? null,
  };
}

export function fromInvoiceItem(i: InvoiceItem, lang: string): FormLine {
  return {
    description: i.description,
    qty: typedDecimal(i.qty, lang),
    unit: i.unit,
    price: typedDecimal(i.gross_unit_price ?? i.net_unit_price, lang),
    gross: i.gross_unit_price !== null,
    vat_id: i.vat_id,
    entitlement: i.entitlement ?? '',
    item_comment: i.item_comment,
    product_uid: i.product_uid,
  };
}

export function blankLine(vatId: string): FormLine {
  return { description: '', qty: '1', unit: '', price: '', gross: false, vat_id: vatId, entitlement: '', item_comment: '', product_uid: null };
}

/** The request form of a line: decimals with a point, only the fields that carry something. */
export function toRequestLine(l: FormLine): RecurringLineInput {
  const price = normalizeDecimal(l.price);
  return {
    description: l.description,
    qty: normalizeDecimal(l.qty),
    ...(l.unit.trim() ? { unit: l.unit.trim() } : {}),
    ...(l.gross ? { gross_unit_price: price } : { net_unit_price: price }),
    vat_id: l.vat_id,
    // an unknown code is the core's to refuse, at its field
    ...(l.entitlement ? { entitlement: l.entitlement as NonNullable<RecurringLineInput['entitlement']> } : {}),
    ...(l.item_comment ? { item_comment: l.item_comment } : {}),
    ...(l.product_uid !== null ? { product_uid: l.product_uid } : {}),
  };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether a field the core refused is right now (so its message can go as soon as it is fixed). */
export function lineFieldValid(l: FormLine, field: string): boolean {
  switch (field) {
    case 'description':
      return l.description.trim() !== '';
    case 'qty':
      return DECIMAL.test(normalizeDecimal(l.qty)) && Number(normalizeDecimal(l.qty)) > 0;
    case 'net_unit_price':
    case 'gross_unit_price':
      return DECIMAL.test(normalizeDecimal(l.price));
    case 'vat_id':
      return l.vat_id !== '';
    default:
      return false;
  }
}

export const isDate = (v: string) => isValidDate(v);
