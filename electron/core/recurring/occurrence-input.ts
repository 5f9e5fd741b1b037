// The invoice an occurrence issues, as a create request: a copy of the base invoice (client, items at the same
// prices and VAT, payment method, currency, block, language) dated for the period it bills. Never backdated: the
// issue date is the day it is really issued; only the fulfillment date belongs to the period.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { addDays } from '../../../shared/dates';
import { INVOICE_TYPE, isDraft, type InvoiceType } from '../../../shared/invoice-codes';
import type { InvoiceRow, RecurringRow } from '../../db/schema';
import type { InvoiceValues } from '../invoices/statements';
import type { DueOccurrence } from './occurrences';

export interface OccurrenceInvoice {
  input: InvoiceCreateInput;
  /** the row fields that tie the invoice to its profile and period */
  extra: Partial<InvoiceValues>;
}

export function fulfillmentDateOf(occurrence: string, profile: Pick<RecurringRow, 'fulfillment_shift'>): string {
  return addDays(occurrence, profile.fulfillment_shift);
}

/** The columns of the base invoice a copy is made from (the snapshots are not: a copy takes today's). */
export const BASE_COLUMNS = [
  'id',
  'type',
  'client_id',
  'payment_method_id',
  'currency',
  'exchange_rate',
  'exchange_rate_source',
  'comment',
  'template_lang_code',
  'electronic_invoice',
  'block_id',
  'round_to',
  'bank_account_id',
] as const satisfies ReadonlyArray<keyof InvoiceRow>;

export type BaseInvoice = Pick<InvoiceRow, (typeof BASE_COLUMNS)[number]>;

/** @param lines what the occurrence bills: the profile's own lines or the base's (template.ts issuedLines) */
export function occurrenceInvoice(
  base: BaseInvoice,
  lines: InvoiceCreateInput['items'],
  profile: RecurringRow,
  occurrence: DueOccurrence,
  issueDate: string,
): OccurrenceInvoice {
  const comment = [base.comment, profile.comment].map((c) => c.trim()).filter(Boolean).join('\n');
  const input: InvoiceCreateInput = {
    // a draft is the usual base of a profile: what it issues is a normal invoice
    type: isDraft(base.type) ? INVOICE_TYPE.invoice : (base.type as InvoiceType),
    // the profile's own client when it was changed on the profile, else the base's
    client_uid: profile.client_id ?? base.client_id,
    payment_method: base.payment_method_id,
    currency: base.currency,
    // a rate typed on the base is the user's decision and is kept; a looked-up one is looked up again per period
    ...(base.exchange_rate_source === 'given' ? { exchange_rate: base.exchange_rate } : {}),
    fulfillment_date: fulfillmentDateOf(occurrence.date, profile),
    due_date: addDays(issueDate, profile.due_days),
    comment,
    template_lang_code: base.template_lang_code as InvoiceCreateInput['template_lang_code'],
    electronic_invoice: base.electronic_invoice,
    block_uid: base.block_id,
    round_to: base.round_to,
    ...(base.bank_account_id !== null ? { bank_account_uid: base.bank_account_id } : {}),
    items: lines,
  };
  return { input, extra: { recurring_id: profile.id, period_start: occurrence.date, period_end: occurrence.periodEnd } };
}
