// Receipts at the counter (issue 35): the days' figures of the receipts list and a receipt's print (A4 or a till
// roll). Read by the core (electron/core/receipts/); docs/receipts.md "In the app".
import { z } from 'zod';
import { get, op } from '../define';
import { date, id } from '../fields';
import type { DownloadFile } from './einvoice';

/** One currency's receipts of one day, amounts gross with 3 decimals (as the interface's amounts are). */
export interface ReceiptDayCurrency {
  currency: string;
  /** receipts issued that day (not cancelling ones) */
  count: number;
  /** their gross total */
  gross: string;
  /** cancelling receipts issued that day, whichever day their original was */
  cancelled_count: number;
  /** their gross total (negative or zero) */
  cancelled: string;
  /** gross + cancelled: what the day leaves in that currency */
  net: string;
  /** the net by how it was paid: cash, bank card, anything else (a cancellation gives back by its original's method) */
  cash: string;
  card: string;
  other: string;
}

/** A business day (in the business's time zone) with receipts. */
export interface ReceiptDay {
  day: string;
  count: number;
  cancelled_count: number;
  currencies: ReceiptDayCurrency[];
}

export interface ReceiptDays {
  from: string;
  to: string;
  /** newest day first; days without receipts are left out */
  days: ReceiptDay[];
}

/** The longest span one request may cover. */
export const RECEIPT_DAYS_MAX_SPAN = 366;

export const receiptDaysInput = z
  .object({
    /** default: 30 days before `to` */
    from: date().optional(),
    /** default: today (the business day) */
    to: date().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  });
export type ReceiptDaysInput = z.output<typeof receiptDaysInput>;

export const RECEIPT_PAPERS = ['a4', '58', '80'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];

export const receiptPrintInput = z.object({
  id: id(),
  /** a4: the A4 page; 58 or 80: a till roll of that width in mm, one long page */
  paper: z.enum(RECEIPT_PAPERS, { error: 'must be a4, 58 or 80' }).default('a4'),
});

export const receiptOperations = {
  'receipts.days': op<ReceiptDays>()({
    name: 'receipts.days',
    summary: "Each business day's receipts: the count and, per currency, the gross, the cancellations and the net by cash, card and other",
    input: receiptDaysInput,
    http: get('/receipts/days', 'data', 'receipt_days'),
  }),
  'receipts.print': op<DownloadFile>()({
    name: 'receipts.print',
    summary: 'A receipt as PDF for printing: A4, or a 58 or 80 mm till roll',
    input: receiptPrintInput,
    http: get('/receipts/:id/print', 'file'),
  }),
} as const;
