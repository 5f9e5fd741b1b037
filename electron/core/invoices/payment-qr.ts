// The invoices.paymentQr operation: the code the invoice's PDF prints, or the reason it prints none (a 422 naming
// the field the standard refuses: the amount beyond its field, no IBAN, no BIC…).
import { rule } from '../../../shared/errors';
import type { PaymentQrAnswer } from '../../../shared/contract/areas/payment-qr';
import { invoicePaymentQr } from '../../../shared/payment-qr/invoice';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';

const ABSENT = {
  not_asked: 'the invoice was issued without a payment code (payment_qr is off)',
  not_payable: 'only an invoice, a proforma, an advance or a final invoice asks to be paid by a code',
  not_transfer: 'only an invoice paid by wire transfer carries a payment code',
} as const;

export function paymentQrAnswer(invoice: Resource<InvoiceAttributes>): PaymentQrAnswer {
  const qr = invoicePaymentQr(invoice.attributes);
  if (qr.ok === null) throw rule(ABSENT[qr.absence], 'payment_qr');
  if (!qr.ok) throw rule(qr.message, qr.field);
  return { kind: qr.kind, text: qr.text, fields: qr.fields, notes: qr.notes };
}
