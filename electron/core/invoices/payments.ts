// Payments: `pay` adds one (never beyond what is outstanding), `unpay` removes them all, or the one named; the status
// follows what is paid (paid once nothing is outstanding). The `…In` forms run inside a caller's write transaction:
// a confirmed bank statement entry records its payments through them, so there is one rule for both. Drafts, cancelled and cancelling invoices take no payment, and a proforma
// that generated its invoice passes payments on to that invoice.
import type { PayInput, RefundInput, UnpayInput } from '../../../shared/contract/schemas';
import { invalid, rule } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, statusForPaid } from '../../../shared/invoice-codes';
import { milliToNumber, parseDecimal, toMilli } from '../../../shared/money';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { InvoiceRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { nowStamp } from '../context';
import { currentTotalMilli, outstandingMilli, overpaymentMilli } from './mapping';
import { invoiceRow } from './queries';
import type { InvoiceEnv } from './types';

export async function pay(env: InvoiceEnv, input: PayInput) {
  return writeTransaction(env.ctx.db, async (trx) => (await payIn(env, trx, input)).result);
}

/** Records one payment inside the caller's transaction; answers with the payment's id besides. */
export async function payIn(env: InvoiceEnv, trx: WriteTx, input: PayInput) {
  const invoice = await payable(trx, input.id);
  const amount = toMilli(parseDecimal(input.amount));
  const outstanding = outstandingMilli(invoice);
  if (amount > outstanding) {
    throw rule(`The payment (${input.amount}) is more than the outstanding amount (${milliToNumber(outstanding)} ${invoice.currency})`, 'amount');
  }
  const method = input.payment_method ?? invoice.payment_method_id;
  if (!findPaymentMethod(method)) throw invalid('payment_method', 'is not a payment method id');
  const inserted = await trx
    .insertInto('invoice_payments')
    .values({
      invoice_id: invoice.id,
      date: input.date,
      amount_milli: amount,
      payment_method_id: method,
      conversion_rate: input.conversion_rate ?? invoice.exchange_rate,
      created_at: nowStamp(env.ctx),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = await settle(env, trx, invoice, invoice.total_paid_milli + amount);
  return { result, payment_id: inserted.id };
}

/**
 * Records money paid back of an overpayment as a negative payment (issue 36): what was paid beyond the invoice's
 * current value, or part of it. More than that, or a refund where nothing was overpaid, is refused.
 */
export async function refund(env: InvoiceEnv, input: RefundInput) {
  return writeTransaction(env.ctx.db, async (trx) => {
    const invoice = await payable(trx, input.id);
    const overpaid = overpaymentMilli(invoice);
    if (overpaid <= 0) throw rule('Nothing was paid beyond what the invoice is worth: there is nothing to refund', 'amount');
    const amount = input.amount === undefined ? overpaid : toMilli(parseDecimal(input.amount));
    if (amount > overpaid) {
      throw rule(`The refund (${milliToNumber(amount)}) is more than the overpayment (${milliToNumber(overpaid)} ${invoice.currency})`, 'amount');
    }
    const method = input.payment_method ?? invoice.payment_method_id;
    if (!findPaymentMethod(method)) throw invalid('payment_method', 'is not a payment method id');
    await trx
      .insertInto('invoice_payments')
      .values({
        invoice_id: invoice.id,
        date: input.date,
        amount_milli: -amount,
        payment_method_id: method,
        conversion_rate: invoice.exchange_rate,
        created_at: nowStamp(env.ctx),
      })
      .execute();
    return settle(env, trx, invoice, invoice.total_paid_milli - amount);
  });
}

export async function unpay(env: InvoiceEnv, input: UnpayInput) {
  return writeTransaction(env.ctx.db, (trx) => unpayIn(env, trx, input));
}

/** Removes every payment of the invoice, or only the one named (a wrong bank match undone), in the caller's transaction. */
export async function unpayIn(env: InvoiceEnv, trx: WriteTx, input: UnpayInput) {
  const invoice = await payable(trx, input.id);
  if (input.payment_id === undefined) {
    await trx.deleteFrom('invoice_payments').where('invoice_id', '=', invoice.id).execute();
    return settle(env, trx, invoice, 0);
  }
  const removed = await trx
    .deleteFrom('invoice_payments')
    .where('invoice_id', '=', invoice.id)
    .where('id', '=', input.payment_id)
    .returning('amount_milli')
    .executeTakeFirst();
  if (!removed) throw invalid('payment_id', `is not a payment of invoice ${invoice.id}`);
  return settle(env, trx, invoice, invoice.total_paid_milli - removed.amount_milli);
}

/** Stores what has been paid and the status it makes. */
async function settle(env: InvoiceEnv, trx: WriteTx, invoice: InvoiceRow, paid: number) {
  const updated = await trx
    .updateTable('invoices')
    .set({ total_paid_milli: paid, status: statusForPaid(paid, currentTotalMilli(invoice)), updated_at: nowStamp(env.ctx) })
    .where('id', '=', invoice.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const outstanding = outstandingMilli(updated);
  return { fully_paid: outstanding === 0, outstanding: milliToNumber(outstanding) };
}

async function payable(trx: WriteTx, id: number): Promise<InvoiceRow> {
  const invoice = await invoiceRow(trx, id);
  if (invoice.type === INVOICE_TYPE.draft) throw rule('A draft cannot be paid; issue it first');
  // a receipt is paid when it is issued, on the spot; its payment is part of what it records
  if (invoice.type === INVOICE_TYPE.receipt) throw rule('A receipt is paid when it is issued; its payment does not change');
  if (invoice.is_cancel_invoice) throw rule('A cancelling invoice cannot be paid');
  if (invoice.modifies_id !== null) throw rule('A modifying invoice is settled through the invoice it modifies: record the payment there');
  if (invoice.status === INVOICE_STATUS.cancelled) throw rule('A cancelled invoice cannot be paid');
  // The payments of a proforma moved to the invoice generated from it; further ones belong there too.
  if (invoice.type === INVOICE_TYPE.proforma && invoice.generated_invoice_id) {
    throw rule(`An invoice (${invoice.generated_invoice_id}) was generated from this proforma; record payments on that invoice`);
  }
  return invoice;
}
