// The Kysely view of the database. Amounts are integers in thousandths ("_milli"); exact decimals (quantities,
// unit prices, rates) are text; JSON objects (addresses, snapshots) are text holding JSON.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EinvoiceFormat } from '../../shared/resources';
import type { NumberKind } from '../../shared/invoice-codes';

export interface SettingsTable {
  key: string;
  value: string;
}

export interface InvoiceBlocksTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  owner: Generated<string>;
  created_at: string;
  updated_at: string;
}

/**
 * Numbers a device reserved in the remote's default block when it joined (numbers it had issued there before sync):
 * the remote's side of sync, written only by the numbering module.
 */
export interface SyncClaimsTable {
  block_id: number;
  kind: NumberKind;
  year: number;
  device: string;
  upto: number;
  created_at: string;
}

export interface NumberCountersTable {
  block_id: number;
  year: number;
  kind: NumberKind;
  last_no: number;
}

export interface NumberContinuationsTable {
  block_id: number;
  year: number;
  kind: 'invoice';
  next_no: number;
  set_at: string;
  set_by: string;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  email: string;
  taxcode: string;
  eu_taxcode: string;
  type: string;
  fokonyv_szam: string;
  phone: string;
  tax_type: string;
  address: string;
  bank: string;
  defaults: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** the e-invoice the client wants with its invoices (0026) */
  einvoice_format: Generated<EinvoiceFormat>;
  /** EN 16931 BT-10: the reference the buyer asks invoices to carry (a Leitweg-ID); null when none (0026) */
  buyer_reference: string | null;
}

export interface BankAccountsTable {
  id: Generated<number>;
  bank_name: string;
  account_no: string;
  account_no_iban: string;
  account_swift: string;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  price: string;
  unit: string;
  vat_id: string;
  currency_code: string;
  entitlement: string | null;
  /** the interface's many optional product attributes, as JSON */
  attrs: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExpensesTable {
  id: Generated<number>;
  categories_id: string;
  name: string;
  invoice_no: string;
  client_id: number | null;
  gross_price_milli: number;
  vat_id: string | null;
  currency: string;
  due_date: string | null;
  created_at: string;
  updated_at: string;
  kind: Generated<string>;
  supplier_name: Generated<string>;
  supplier_taxcode: Generated<string>;
  invoice_date: string | null;
  fulfillment_date: string | null;
  payment_date: string | null;
  paid: Generated<number>;
  net_price_milli: number | null;
  vat_amount_milli: number | null;
  /** 'ubl' | 'cii' when read from a supplier's e-invoice (0027) */
  einvoice_syntax: string | null;
  /** the supplier's tax number (else name) of an imported e-invoice: with invoice_no, unique (0027) */
  einvoice_supplier_key: string | null;
  supplier_iban: Generated<string>;
  /** migration 0048: the supplier's identifiers as its e-invoice gave them (BT-31, BT-32, BT-30 and its scheme, BT-29 as JSON) */
  supplier_vat_id: Generated<string>;
  supplier_tax_registration: Generated<string>;
  supplier_legal_registration: Generated<string>;
  supplier_legal_registration_scheme: Generated<string>;
  supplier_identifiers: Generated<string>;
  /** migration 0049: a v3 spending's payment method and category word as given ('' when none) */
  payment_method: Generated<string>;
  category_v3: Generated<string>;
}

/** An imported e-invoice's VAT breakdown, one row per category and rate (0027). */
export interface ExpenseVatRatesTable {
  expense_id: number;
  position: number;
  category: string;
  rate: string | null;
  net_milli: number;
  vat_milli: number;
  exemption_reason: string | null;
}

export interface ExpenseAttachmentsTable {
  expense_id: number;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  created_at: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  type: number;
  status: number;
  sealed: number;
  block_id: number;
  number_kind: NumberKind | null;
  number_year: number | null;
  number_seq: number | null;
  invoice_no: string | null;
  prefix: string;
  date: string;
  fulfillment_date: string;
  due_date: string;
  client_id: number;
  client_snapshot: string;
  seller_snapshot: string;
  payment_method_id: number;
  currency: string;
  exchange_rate: string;
  exchange_rate_source: string;
  round_to: number;
  net_milli: number;
  vat_milli: number;
  gross_milli: number;
  rounding_milli: number;
  total_milli: number;
  total_paid_milli: number;
  comment: string;
  template_lang_code: string;
  electronic_invoice: number;
  bank_account_id: number | null;
  is_cancel_invoice: number;
  cancels_id: number | null;
  cancelled_by_id: number | null;
  proforma_id: number | null;
  generated_invoice_id: number | null;
  recurring_id: number | null;
  period_start: string | null;
  period_end: string | null;
  share_code: string | null;
  issued_at: string | null;
  /** a modifying invoice: the Folio invoice it modifies (0022) */
  modifies_id: number | null;
  /** a modifying invoice: its original's number and issue date, as printed and reported */
  original_invoice_no: string | null;
  original_date: string | null;
  /** a modifying invoice of an invoice the previous program issued: that original as given (JSON) */
  external_original: string | null;
  /** a modifying or cancelling invoice: its place in the original's chain (NAV modificationIndex) */
  modification_index: number | null;
  modification_reason: string | null;
  is_advance: number;
  /** an original that was modified: its total as the modifications left it; null while unmodified */
  current_total_milli: number | null;
  created_at: string;
  updated_at: string;
  /** the quote this document was made from (migration 0023), written when it is inserted */
  quote_id: number | null;
  /** the caller's own id of the document, given at creation (v3's vendor_id; migration 0025) */
  vendor_id: string | null;
  /** 1: a draft made to become a receipt (migration 0029) */
  receipt_draft: number;
  /** 1: prints the payment QR code; NULL on invoices from before migration 0053 (none) */
  payment_qr: number | null;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  product_id: number | null;
  description: string;
  qty: string;
  unit: string;
  net_unit_price: string;
  gross_unit_price: string | null;
  vat_id: string;
  vat_rate: string;
  entitlement: string | null;
  item_comment: string;
  net_milli: number;
  vat_milli: number;
  gross_milli: number;
  /** a modifying invoice's line that changes a line of the chain (its number, from 1); null: a new line (0022) */
  modifies_line: number | null;
  /** a final invoice's deduction line: the advance invoice it deducts */
  advance_invoice_id: number | null;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  date: string;
  amount_milli: number;
  payment_method_id: number;
  conversion_rate: string;
  created_at: string;
}

export interface RecurringProfilesTable {
  id: Generated<number>;
  base_invoice_id: number;
  frequency: string;
  due_days: number;
  fulfillment_shift: number;
  send_invoice: number;
  max_qty: number;
  used_qty: number;
  comment: string;
  stopped: number;
  last_recurring_date: string | null;
  start_date: string;
  /** set on resume: occurrences on or before this day are not back-issued */
  resume_after: string | null;
  owner: Generated<string>;
  /** the profile's own client; null follows the base invoice's (0019) */
  client_id: Generated<number | null>;
  /** the profile's own lines as JSON (RecurringLineInput[]); null follows the base invoice's (0019) */
  items_json: Generated<string | null>;
  /** no occurrence after this day is issued (0019) */
  end_date: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface RecurringRunsTable {
  profile_id: number;
  occurrence_date: string;
  invoice_id: number | null;
  skipped: number;
  created_at: string;
}

/** Why a profile's next occurrence waits (migration 0021); gone once it is issued. */
export interface RecurringFailuresTable {
  profile_id: number;
  occurrence_date: string;
  code: string;
  message: string;
  /** the refusal's field errors, JSON */
  errors_json: string;
  failed_at: string;
}

export type ChangeEntity = 'client' | 'product' | 'expense' | 'bank_account' | 'block' | 'invoice' | 'recurring' | 'quote' | 'delivery_note';

export interface ChangeLogTable {
  seq: Generated<number>;
  entity: ChangeEntity;
  entity_id: number;
  op: 'create' | 'update' | 'delete';
  origin: string;
  created_at: string;
}

/** A change that replaced other devices' concurrent versions of its record (migrations/0011, docs/sync.md). */
export interface ChangeOverwritesTable {
  seq: number;
  /** the devices whose versions lost, comma-separated */
  devices: string;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  operation: string;
  entity: ChangeEntity;
  entity_id: number;
  created_at: string;
}

/** A named user of the HTTP door (migration 0034, docs/users.md). */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: Generated<string>;
  role: 'owner' | 'staff' | 'accountant';
  created_at: string;
  disabled_at: string | null;
}

/** A user's key: X-API-KEY is found by `secret_hash`, a JWT by `public_id` (its `sub`). */
export interface UserKeysTable {
  id: Generated<number>;
  user_id: number;
  public_id: string;
  secret_hash: string;
  jwt_secret_sealed: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** One write operation carried out (append-only: triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string;
  origin: string;
  operation: string;
  target_ids: Generated<string>;
  summary: string;
}

/** One unknown share code asked for (migration 0035): the server's limiter counts a client's recent ones. */
export interface AccessMissesTable {
  id: Generated<number>;
  client: string;
  /** real time, ms since 1970 */
  at_ms: number;
}

/** A rate limit's count in its current window (migration 0035), keyed by a hash of the route and the client. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  /** real time, ms since 1970: when the window ends */
  reset_ms: number;
}

/** An export job on the team server (migration 0036), shared by its server processes (data-ops/shared-export-jobs.ts). */
export interface ExportJobsTable {
  id: string;
  format: string;
  date_from: string;
  date_to: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error: string | null;
  filename: string | null;
  bytes: number | null;
  content_type: string | null;
  /** JSON */
  counts: string | null;
  /** JSON */
  skipped: string;
  /** JSON */
  email: string | null;
  started_by: string;
  started_by_user: number | null;
  process: string;
  /** real time, ms since 1970 */
  started_ms: number;
  heartbeat_ms: number;
  finished_ms: number | null;
}

/** A piece of a finished export's file (migration 0036); the file is the pieces in `seq` order. */
export interface ExportJobChunksTable {
  job_id: string;
  seq: number;
  data: Uint8Array;
}

export interface Database {
  export_jobs: ExportJobsTable;
  export_job_chunks: ExportJobChunksTable;
  access_misses: AccessMissesTable;
  rate_limit_hits: RateLimitHitsTable;
  users: UsersTable;
  user_keys: UserKeysTable;
  audit_log: AuditLogTable;
  change_log: ChangeLogTable;
  change_overwrites: ChangeOverwritesTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  invoice_blocks: InvoiceBlocksTable;
  number_counters: NumberCountersTable;
  sync_claims: SyncClaimsTable;
  number_continuations: NumberContinuationsTable;
  clients: ClientsTable;
  bank_accounts: BankAccountsTable;
  products: ProductsTable;
  expenses: ExpensesTable;
  expense_attachments: ExpenseAttachmentsTable;
  expense_vat_rates: ExpenseVatRatesTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  invoice_payments: InvoicePaymentsTable;
  recurring_profiles: RecurringProfilesTable;
  recurring_runs: RecurringRunsTable;
  recurring_failures: RecurringFailuresTable;
  quotes: QuotesTable;
  quote_items: QuoteItemsTable;
  // issue 40: delivery notes (migration 0054)
  delivery_notes: DeliveryNotesTable;
  delivery_note_items: DeliveryNoteItemsTable;
}

/** A delivery note (szállítólevél, migration 0054): not an invoice; cancelled, never deleted; invoiced once. */
export interface DeliveryNotesTable {
  id: Generated<number>;
  note_no: string;
  number_series: string;
  number_year: number;
  number_seq: number;
  client_id: number;
  client_snapshot: string;
  seller_snapshot: string;
  date: string;
  delivery_address: string;
  show_prices: number;
  currency: string;
  template_lang_code: string;
  comment: string;
  status: 'issued' | 'cancelled' | 'invoiced';
  invoice_id: number | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** migration 0055: waybill (szállítólevél), order_form (megrendelés-visszaigazolás), cert_of_completion (teljesítésigazolás) */
  kind: Generated<DeliveryDocumentKind>;
  /** migration 0055: the quote the document was made from */
  quote_id: number | null;
  /** migration 0060: on a remote, the device whose invoice covers it (null: this node's own, or none) */
  invoiced_by: Generated<string | null>;
}

export type DeliveryDocumentKind = 'waybill' | 'order_form' | 'cert_of_completion';

export interface DeliveryNoteItemsTable {
  id: Generated<number>;
  note_id: number;
  position: number;
  product_id: number | null;
  description: string;
  qty: string;
  unit: string;
  net_unit_price: string | null;
  vat_id: string | null;
}

export type InvoiceRow = Selectable<InvoicesTable>;
export type NewInvoice = Insertable<InvoicesTable>;
export type InvoiceUpdate = Updateable<InvoicesTable>;
export type InvoiceItemRow = Selectable<InvoiceItemsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ExpenseRow = Selectable<ExpensesTable>;
export type BankAccountRow = Selectable<BankAccountsTable>;
export type RecurringRow = Selectable<RecurringProfilesTable>;
export type PaymentRow = Selectable<InvoicePaymentsTable>;

/** A quote (migration 0023): an offer, not an invoice; never sealed, never reported. */
export interface QuotesTable {
  id: Generated<number>;
  quote_no: string;
  /** whose sequence numbered it (migration 0024): '' for a node's plain series, else the joined device's prefix */
  number_series: Generated<string>;
  number_year: number;
  number_seq: number;
  client_id: number;
  client_snapshot: string;
  seller_snapshot: string;
  bank_account_id: number | null;
  currency: string;
  /** the rate the user gave, if any */
  exchange_rate: string | null;
  payment_method_id: number;
  date: string;
  valid_until: string;
  fulfillment_date: string | null;
  due_date: string | null;
  comment: string;
  template_lang_code: string;
  round_to: number;
  net_milli: number;
  vat_milli: number;
  gross_milli: number;
  rounding_milli: number;
  total_milli: number;
  status: 'open' | 'sent' | 'accepted' | 'declined';
  accepted_invoice_id: number | null;
  accepted_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A quote's line: the columns of invoice_items, priced by the same code. */
export interface QuoteItemsTable extends Omit<InvoiceItemsTable, 'invoice_id' | 'modifies_line' | 'advance_invoice_id'> {
  quote_id: number;
}

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteItemRow = Selectable<QuoteItemsTable>;
