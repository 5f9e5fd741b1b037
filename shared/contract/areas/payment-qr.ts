// Payment QR codes (issue 40): the code an invoice prints, field by field, or why it prints none. Carried out by the
// core from the invoice as it reads (shared/payment-qr/invoice.ts decides, as the PDF does).
import { z } from 'zod';
import type { PaymentQrKind, PaymentQrNote } from '../../payment-qr/payload';
import { get, op } from '../define';
import { id } from '../fields';

export interface PaymentQrAnswer {
  kind: PaymentQrKind;
  /** the code's exact text (its fields separated by line feeds) */
  text: string;
  fields: Record<string, string>;
  /** what was shortened or replaced to fit the standard */
  notes: PaymentQrNote[];
}

export const paymentQrOperations = {
  'invoices.paymentQr': op<PaymentQrAnswer>()({
    name: 'invoices.paymentQr',
    summary: "The invoice's payment QR code (MNB HCT for HUF, EPC for EUR) field by field; 422 with the reason when it prints none",
    input: z.object({ id: id() }),
    http: get('/invoices/:id/payment-qr', 'data', 'payment_qr'),
  }),
} as const;
