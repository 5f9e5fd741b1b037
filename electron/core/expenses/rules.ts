// The rules between an expense's fields, checked on what the expense will be once the input is applied (an update
// names only what changes): the amounts agree at the VAT rate (an expense without one VAT code keeps its own split
// of net and VAT), only a credit note is negative, the due date is not before the supplier's invoice date, a payment
// date means paid. Every broken rule is one field error, all at once,
// as a validation failure like a malformed field: the user fixes it at the field.
import type { ExpenseCreateInput, ExpenseUpdateInput } from '../../../shared/contract/schemas';
import { FolioError, type FieldError } from '../../../shared/errors';
import { expenseAmounts, netAndGrossAgree, type ExpenseAmounts } from '../../../shared/expense-amounts';
import { milliToString } from '../../../shared/money';
import { findVatCode } from '../../../shared/reference/vat-codes';
import type { ExpenseRow } from '../../db/schema';
import { storedAmounts } from './mapping';

export interface ExpenseValues {
  kind: 'invoice' | 'credit_note';
  vat_id: string | null;
  currency: string;
  invoice_date: string | null;
  due_date: string | null;
  payment_date: string | null;
  paid: number;
  amounts: ExpenseAmounts;
}

type Input = Partial<ExpenseCreateInput> | ExpenseUpdateInput;

/** What the expense becomes: `current` is the stored row on an update, undefined on a create. */
export function resolveExpense(input: Input, current: ExpenseRow | undefined): ExpenseValues {
  const errors: FieldError[] = [];
  const kind = input.kind ?? (current?.kind === 'credit_note' ? 'credit_note' : 'invoice');
  const vatId = input.vat ?? current?.vat_id ?? null;
  const currency = input.currency ?? current?.currency ?? 'HUF';
  const rate = (vatId && findVatCode(vatId)?.value) || '0';

  let amounts: ExpenseAmounts | undefined;
  if (input.net_price !== undefined && input.gross_price !== undefined && !vatId) {
    // no one VAT code: a document with several rates (an imported e-invoice) carries its own split of net and VAT
    const net = expenseAmounts({ net: input.net_price, rate: '0', currency }).net;
    const gross = expenseAmounts({ net: input.gross_price, rate: '0', currency }).net;
    amounts = { net, gross, vat: gross - net };
  } else if (input.net_price !== undefined && input.gross_price !== undefined) {
    if (!netAndGrossAgree(input.net_price, input.gross_price, rate, currency)) {
      const expected = expenseAmounts({ net: input.net_price, rate, currency }).gross;
      errors.push({ field: 'gross_price', message: `does not match the net amount at this VAT rate (net plus VAT is ${milliToString(expected)})` });
    } else {
      const fromGross = expenseAmounts({ gross: input.gross_price, rate, currency });
      amounts = { ...fromGross, net: expenseAmounts({ net: input.net_price, rate, currency }).net };
      amounts.vat = amounts.gross - amounts.net;
    }
  } else if (input.gross_price !== undefined) {
    amounts = expenseAmounts({ gross: input.gross_price, rate, currency });
  } else if (input.net_price !== undefined) {
    amounts = expenseAmounts({ net: input.net_price, rate, currency });
  } else if (current) {
    // the VAT code or currency may have changed: the document's gross stands, net and VAT follow it
    const kept = storedAmounts(current);
    amounts = input.vat !== undefined || input.currency !== undefined
      ? expenseAmounts({ gross: milliToString(kept.gross), rate, currency })
      : kept;
  } else {
    errors.push({ field: 'gross_price', message: 'is required (or give net_price)' });
  }

  if (amounts) {
    const amountField = input.gross_price === undefined && input.net_price !== undefined ? 'net_price' : 'gross_price';
    if (kind === 'invoice' && (amounts.gross < 0 || amounts.net < 0)) {
      errors.push({ field: amountField, message: "is negative: only a supplier's credit note has a negative amount" });
    }
    if (kind === 'credit_note' && (amounts.gross > 0 || amounts.net > 0)) {
      errors.push({ field: amountField, message: 'must be negative (or zero) on a credit note' });
    }
  }

  const invoiceDate = input.invoice_date === undefined ? (current?.invoice_date ?? null) : input.invoice_date;
  const dueDate = input.due_date === undefined ? (current?.due_date ?? null) : input.due_date;
  if (invoiceDate && dueDate && dueDate < invoiceDate) {
    errors.push({ field: 'due_date', message: 'is before the invoice date' });
  }

  let paymentDate = input.payment_date === undefined ? (current?.payment_date ?? null) : input.payment_date;
  if (input.paid === false && input.payment_date) {
    errors.push({ field: 'payment_date', message: 'is set, but the expense is marked unpaid' });
  }
  if (input.paid === false) paymentDate = null; // unpaid has no payment date
  const paid = input.paid ?? (input.payment_date ? true : current?.paid === 1);

  if (errors.length || !amounts) {
    throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }
  return { kind, vat_id: vatId, currency, invoice_date: invoiceDate, due_date: dueDate, payment_date: paymentDate, paid: paid ? 1 : 0, amounts };
}
