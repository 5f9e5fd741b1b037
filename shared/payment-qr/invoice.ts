// Which invoices carry a payment code, and the code of one. The PDF, the HTML view, the e-mail and the
// `invoices.paymentQr` operation all ask here, so they never disagree.
import type { InvoiceAttributes } from '../resources';
import { DEFAULT_TIME_ZONE } from '../dates';
import { paymentQr, type PaymentQr } from './payload';

/** The wire transfer (Átutalás): a code asks for a transfer, so only invoices to be paid by one carry it. */
export const TRANSFER_PAYMENT_METHOD = 2;

/** The kinds that ask to be paid: an invoice, a final invoice, a proforma (an advance request), an advance invoice. */
const PAYABLE_KINDS = new Set(['invoice', 'final', 'proforma', 'advance']);

export type PaymentQrAbsence = 'not_asked' | 'not_payable' | 'not_transfer';

/**
 * The invoice's code, or why it has none: `not_asked` (the invoice's flag is off), `not_payable` (a draft, a
 * cancelling or modifying invoice, a receipt), `not_transfer` (paid otherwise than by transfer). A refusal
 * (`ok: false`) is an invoice that asked for a code the standard cannot carry (an amount beyond its field, no IBAN…).
 */
export function invoicePaymentQr(invoice: InvoiceAttributes, timeZone = DEFAULT_TIME_ZONE): PaymentQr | { ok: null; absence: PaymentQrAbsence } {
  if (!invoice.payment_qr) return { ok: null, absence: 'not_asked' };
  if (!PAYABLE_KINDS.has(invoice.document_kind) || invoice.is_cancel_invoice) return { ok: null, absence: 'not_payable' };
  if (Number(invoice.payment_method?.id) !== TRANSFER_PAYMENT_METHOD) return { ok: null, absence: 'not_transfer' };
  const number = invoice.prefixed_invoice_no || invoice.invoice_no || '';
  return paymentQr({
    currency: invoice.currency,
    amount: invoice.total,
    beneficiary: invoice.seller.name,
    iban: invoice.seller.bank_iban ?? '',
    account_no: invoice.seller.bank_account_no ?? '',
    bic: invoice.seller.bank_swift ?? '',
    remittance: number,
    invoice_id: number,
    valid_until: invoice.due_date,
    time_zone: timeZone,
  });
}
