// Whether a field of the expense form is right as typed now: a message shown next to a field goes away as soon as
// this says so, without waiting for the next save. The core still judges everything on save.
import { isValidDate } from '../../../shared/dates';
import { isEuVatNumber, isHungarianTaxNumber } from '../../../shared/tax-numbers';
import { normalizeDate, normalizeDecimal } from '../../lib/format';

export interface ExpenseFormValues {
  name: string;
  kind: string;
  supplier_taxcode: string;
  amount: string;
  invoice_date: string;
  fulfillment_date: string;
  due_date: string;
  payment_date: string;
  paid: boolean;
}

const dateOk = (v: string) => !v.trim() || isValidDate(normalizeDate(v));

export function amountOk(v: string, kind: string): boolean {
  const s = normalizeDecimal(v.trim());
  if (!/^-?\d+(\.\d{1,3})?$/.test(s)) return false;
  return kind === 'credit_note' ? Number(s) <= 0 : Number(s) >= 0;
}

/** Field → is it right now. Fields the core names but this does not know are cleared when they are edited. */
export const FIELD_CHECKS: Record<string, (f: ExpenseFormValues) => boolean> = {
  name: (f) => f.name.trim() !== '',
  supplier_taxcode: (f) => {
    const v = f.supplier_taxcode.trim();
    return !v || isHungarianTaxNumber(v) || isEuVatNumber(v.toUpperCase());
  },
  gross_price: (f) => amountOk(f.amount, f.kind),
  net_price: (f) => amountOk(f.amount, f.kind),
  invoice_date: (f) => dateOk(f.invoice_date),
  fulfillment_date: (f) => dateOk(f.fulfillment_date),
  due_date: (f) =>
    dateOk(f.due_date) && (!f.due_date.trim() || !f.invoice_date.trim() || normalizeDate(f.due_date) >= normalizeDate(f.invoice_date)),
  payment_date: (f) => dateOk(f.payment_date) && (f.paid || !f.payment_date.trim()),
};
