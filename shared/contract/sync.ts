// The sync operations' inputs and outputs (docs/sync.md). Two sides:
// - the device's own operations, for the settings and status screens: status, configure, now, conflicts,
//   restoreConflict, dismissIssue (no REST paths: IPC and /rpc only);
// - the remote's extensions a device calls: join (a block of its own, and the numbers it issued in the default
//   block before joining), and storing the invoices it issued, as records.
import { z } from 'zod';
import { INVOICE_STATUS, INVOICE_TYPE, type NumberKind } from '../invoice-codes';
import { date, id, int, requiredText, text } from './fields';
import { invoiceClientSnapshot, sellerSnapshot } from './schemas';

// ---- device side ----------------------------------------------------------------------------------------------

const PREFIX_RE = /^[\p{L}\p{N}_.\-]+$/u;

export const syncConfigureInput = z.object({
  base_url: z
    .string()
    .trim()
    .max(500)
    .refine((u) => u === '' || /^https?:\/\/[^\s/]+/i.test(u), { message: 'must be an http:// or https:// address' })
    .optional(),
  /** the remote's API key; an empty string keeps the stored one */
  api_key: z.string().max(500).optional(),
  /** set to use the interface's JWT scheme (sub = this public key, signed with the API key); '' turns it off */
  public_key: z.string().max(500).optional(),
  device_name: text(100).optional(),
  /** the prefix of this device's own invoice block on the remote (chosen before the first sync) */
  block_prefix: z.string().trim().max(20).refine((p) => p === '' || PREFIX_RE.test(p), {
    message: 'may hold letters, digits, "-", "_" and "." only',
  }).optional(),
  enabled: z.boolean().optional(),
});
export type SyncConfigureInput = z.output<typeof syncConfigureInput>;

export interface SyncProgress {
  phase: 'connecting' | 'joining' | 'pulling' | 'pushing' | 'idle';
  done: number;
  total: number;
}

export interface SyncStatus {
  /** base_url, key and device name are set */
  configured: boolean;
  enabled: boolean;
  device_id: string;
  device_name: string;
  base_url: string;
  has_api_key: boolean;
  uses_jwt: boolean;
  block_prefix: string;
  joined: boolean;
  /** the local id of this device's own invoice block (issue new invoices there once joined) */
  own_block_uid: number | null;
  last_success_at: string | null;
  last_attempt_at: string | null;
  /** the last failure in plain words, null after a successful sync */
  last_error: string | null;
  last_error_code: string | null;
  /** local changes not yet accepted by the remote */
  pending_changes: number;
  running: boolean;
  progress: SyncProgress;
  next_attempt_at: string | null;
  open_conflicts: number;
  open_issues: number;
}

export interface SyncConflict {
  id: number;
  entity: string;
  local_uid: number;
  remote_uid: number | null;
  /** the version that lost, in the resource form of its entity */
  version: unknown;
  /** who won: 'remote' (a change accepted by the remote) or 'local' (this device's later change) */
  winner: string;
  reason: string;
  created_at: string;
  restored_at: string | null;
}

export interface SyncIssue {
  id: number;
  entity: string;
  local_uid: number | null;
  operation: string;
  message: string;
  data: unknown;
  created_at: string;
  dismissed_at: string | null;
}

export const restoreConflictInput = z.object({ id: id() });
export const dismissIssueInput = z.object({ id: id() });
export const conflictsInput = z.object({ include_closed: z.boolean().optional() });

// ---- remote side ----------------------------------------------------------------------------------------------

export const syncJoinInput = z.object({
  name: requiredText(100),
  prefix: z.string().trim().min(1, 'is required').max(20).regex(PREFIX_RE, 'may hold letters, digits, "-", "_" and "." only'),
  /** how far the device numbered in its own default block before joining, per kind and year */
  legacy: z
    .array(z.object({ kind: z.enum(['invoice', 'proforma', 'receipt']), year: int({ min: 1900, max: 9999 }), last_no: int({ min: 1, max: 999_999 }) }))
    .max(200)
    .default([]),
});
export type SyncJoinInput = z.output<typeof syncJoinInput>;

export interface SyncJoinResult {
  block: { id: number; name: string; prefix: string };
  claims: Array<{ kind: NumberKind; year: number; upto: number }>;
  /** true when this device had joined before (the answer repeats the first one) */
  rejoined: boolean;
  /**
   * The device's credential, to send as `X-Folio-Device-Token` on every request: answered only by the join that made
   * it (the remote keeps its hash), null when the device already holds one.
   */
  device_token: string | null;
}

/** An amount with 3 decimals, within the range the core prices exactly (10^12 units). */
const money = () => z.string().regex(/^-?\d{1,13}\.\d{3}$/, 'must be an amount with 3 decimals, below 10^13');
/** A quantity or unit price: an exact decimal of bounded length. */
const decimal = () => z.string().regex(/^-?\d{1,13}(\.\d{1,6})?$/, 'must be a decimal number');

const recordItem = z.object({
  description: text(500),
  qty: decimal(),
  unit: text(50),
  net_unit_price: decimal(),
  gross_unit_price: decimal().nullable(),
  vat_id: z.union([z.string().max(20), z.number().int()]).transform(String),
  vat_rate: z.string().max(20),
  entitlement: z.string().max(20).nullable(),
  item_comment: text(1000),
  net_amount: money(),
  vat_amount: money(),
  gross_amount: money(),
  product_uid: id().nullable(),
  /** the Hungarian document set (older nodes send neither) */
  modifies_line: int({ min: 1, max: 100_000 }).nullable().optional(),
  advance_invoice_uid: id().nullable().optional(),
});

const recordPayment = z.object({
  date: date(),
  amount: money(),
  payment_method: id(),
  conversion_rate: z.string().regex(/^\d{1,12}(\.\d{1,20})?$/),
});

/** An issued invoice as a record: everything that makes it the legal document it is, with the remote's ids. */
export const invoiceRecord = z.object({
  /** a receipt (5) travels like an invoice and keeps its own number ("NY-2026-000001"; older nodes send none) */
  type: z.union([z.literal(INVOICE_TYPE.proforma), z.literal(INVOICE_TYPE.invoice), z.literal(INVOICE_TYPE.receipt)]),
  status: z.union([z.literal(INVOICE_STATUS.paid), z.literal(INVOICE_STATUS.unpaid), z.literal(INVOICE_STATUS.cancelled)]),
  invoice_no: z.string().regex(/^(D-|NY-)?\d{4}-\d{6}$/),
  prefix: z.string().max(20),
  block_uid: int({ min: 0, max: 2_000_000_000 }),
  date: date(),
  fulfillment_date: date(),
  due_date: date(),
  client_uid: id(),
  client: invoiceClientSnapshot,
  seller: sellerSnapshot,
  payment_method: id(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  exchange_rate: z.string().regex(/^\d{1,12}(\.\d{1,20})?$/),
  exchange_rate_source: z.string().max(200),
  round_to: int({ min: 0, max: 10 }),
  rounding: money(),
  net_total: money(),
  vat_total: money(),
  gross_total: money(),
  total: money(),
  total_paid: money(),
  comment: text(5000),
  template_lang_code: z.string().max(10),
  electronic_invoice: int({ min: 0, max: 1 }),
  bank_account_uid: id().nullable(),
  is_cancel_invoice: int({ min: 0, max: 1 }),
  cancels_uid: id().nullable(),
  proforma_uid: id().nullable(),
  recurring_uid: id().nullable(),
  period_start: date().nullable(),
  period_end: date().nullable(),
  /** the Hungarian document set (older nodes send none of these) */
  modifies_uid: id().nullable().optional(),
  original: z.object({ invoice_no: z.string().max(60), date: date() }).nullable().optional(),
  modification_index: int({ min: 1, max: 100_000 }).nullable().optional(),
  modification_reason: text(500).nullable().optional(),
  is_advance: int({ min: 0, max: 1 }).optional(),
  /** the caller's own id given at creation (v3's vendor_id; older nodes send none) */
  vendor_id: text(100).nullable().optional(),
  /** issue 40: the document prints the payment QR code (older nodes send none) */
  payment_qr: z.union([z.literal(0), z.literal(1)]).nullable().optional(),
  /**
   * The original of a modifying invoice whose original Folio never issued (the previous program's), as the user gave
   * it: a JSON object (number, dates, currency, rate, whether NAV holds it, its lines and total). NAV's report of the
   * modification is built from it, so every node needs it as issued.
   */
  external_original: z.string().max(200_000).nullable().optional(),
  /** the quote the document was made from (docs/sync.md "Quotes"; older nodes send none) */
  quote_uid: id().nullable().optional(),
  items: z.array(recordItem).min(1).max(1000),
  payments: z.array(recordPayment).max(1000),
  created_at: z.string().max(30),
});
export type InvoiceRecord = z.output<typeof invoiceRecord>;

/**
 * PUT /sync/invoices/{id}/code: the share code a device made (or revoked, null) for an issued invoice, so that the
 * remote opens the same link (/access/c:{code}). The code is the device's own: 192 random bits, base64url.
 */
export const shareCodeInput = z.object({
  id: id(),
  code: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be a share code (32 characters of A-Z, a-z, 0-9, _ and -)').nullable(),
});
export type ShareCodeInput = z.output<typeof shareCodeInput>;

/** GET /sync/skip: the feed cursor a device may jump to, past changes it made itself. */
export const skipOwnInput = z.object({ after: int({ min: 0, max: Number.MAX_SAFE_INTEGER }) });

export const pushInvoicesInput = z.object({ records: z.array(invoiceRecord).min(1).max(500) });
export type PushInvoicesInput = z.output<typeof pushInvoicesInput>;

export type PushedInvoiceResult =
  | { status: 'stored' | 'exists'; id: number; warning?: string }
  | { status: 'refused'; message: string };

export interface PushInvoicesResult {
  results: PushedInvoiceResult[];
}

/** What the core needs from the device's sync service (injected by the runtime; absent on a build without sync). */
export interface SyncOperations {
  status(): Promise<SyncStatus>;
  configure(input: SyncConfigureInput): Promise<SyncStatus>;
  now(): Promise<SyncStatus>;
  conflicts(input: { include_closed?: boolean | undefined }): Promise<{ conflicts: SyncConflict[]; issues: SyncIssue[] }>;
  restoreConflict(input: { id: number }): Promise<SyncConflict>;
  dismissIssue(input: { id: number }): Promise<SyncIssue>;
}

/** A quote's line as it travels: the maker's pricing, with the line's amounts (docs/sync.md "Quotes"). */
const quoteRecordItem = recordItem.omit({ modifies_line: true, advance_invoice_uid: true });

/**
 * A quote as it travels between nodes (master data, last writer wins): its number in its maker's series, its
 * content, its lines and its state, with the receiving side's ids. A quote is an offer, not a tax document: it is
 * stored as sent, its number checked against the pushing device's own series.
 */
export const quoteRecord = z.object({
  quote_no: z.string().max(60),
  number_series: z.string().max(20),
  number_year: int({ min: 2000, max: 2999 }),
  number_seq: int({ min: 1, max: 999_999 }),
  client_uid: id(),
  client: z.record(z.string(), z.unknown()),
  seller: z.record(z.string(), z.unknown()),
  bank_account_uid: id().nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  exchange_rate: decimal().nullable(),
  payment_method: id(),
  date: date(),
  valid_until: date(),
  fulfillment_date: date().nullable(),
  due_date: date().nullable(),
  comment: text(5000),
  template_lang_code: z.string().max(10),
  round_to: int({ min: 0, max: 10 }),
  net_total: money(),
  vat_total: money(),
  gross_total: money(),
  rounding: money(),
  total: money(),
  status: z.enum(['open', 'sent', 'accepted', 'declined']),
  accepted_invoice_uid: id().nullable(),
  accepted_at: z.string().max(40).nullable(),
  sent_at: z.string().max(40).nullable(),
  created_at: z.string().max(40),
  updated_at: z.string().max(40),
  items: z.array(quoteRecordItem).min(1).max(1000),
});
export type QuoteRecord = z.output<typeof quoteRecord>;

/** POST /sync/quotes: a quote a device made; PUT /sync/quotes/{id}: its later version (with the remote's id). */
export const syncQuoteCreateInput = z.object({ record: quoteRecord });
export const syncQuoteUpdateInput = z.object({ id: id(), record: quoteRecord });
export const syncQuoteDeleteInput = z.object({ id: id() });

// ---- delivery documents (issue 40, docs/sync.md "Delivery documents") -------------------------------------------

/** A delivery document's line as it travels (a price and VAT code only where the document carries them). */
const deliveryNoteRecordItem = z.object({
  product_uid: id().nullable(),
  description: z.string().max(2000),
  qty: decimal(),
  unit: z.string().max(50),
  net_unit_price: decimal().nullable(),
  vat_id: z.string().max(40).nullable(),
});

/**
 * A delivery note, order confirmation or completion certificate as it travels: its number in its maker's series,
 * its content as issued (never edited afterwards) and its state, with the receiving side's ids. `invoice_uid` null
 * with status `invoiced`: covered by an invoice the receiving side does not have (yet): a draft, never synced.
 */
export const deliveryNoteRecord = z.object({
  kind: z.enum(['waybill', 'order_form', 'cert_of_completion']),
  note_no: z.string().max(60),
  number_series: z.string().max(20),
  number_year: int({ min: 2000, max: 2999 }),
  number_seq: int({ min: 1, max: 999_999 }),
  client_uid: id(),
  client: z.record(z.string(), z.unknown()),
  seller: z.record(z.string(), z.unknown()),
  quote_uid: id().nullable(),
  date: date(),
  delivery_address: z.record(z.string(), z.unknown()),
  show_prices: z.union([z.literal(0), z.literal(1)]),
  currency: z.string().regex(/^[A-Z]{3}$/),
  template_lang_code: z.string().max(10),
  comment: text(5000),
  status: z.enum(['issued', 'cancelled', 'invoiced']),
  invoice_uid: id().nullable(),
  cancelled_at: z.string().max(40).nullable(),
  created_at: z.string().max(40),
  updated_at: z.string().max(40),
  items: z.array(deliveryNoteRecordItem).min(1).max(1000),
});
export type DeliveryNoteRecord = z.output<typeof deliveryNoteRecord>;

/** POST /sync/delivery-notes: a document a device issued. */
export const syncDeliveryNoteCreateInput = z.object({ record: deliveryNoteRecord });
/**
 * PUT /sync/delivery-notes/{id}: what a device did with it since: cancelled it, or invoiced it (with the invoice in
 * the remote's ids once the remote has it). Only the state changes: an issued document's content never does.
 */
export const syncDeliveryNoteStateInput = z.object({
  id: id(),
  status: z.enum(['cancelled', 'invoiced']),
  invoice_uid: id().nullable(),
  cancelled_at: z.string().max(40).nullable(),
});
export type SyncDeliveryNoteStateInput = z.output<typeof syncDeliveryNoteStateInput>;
