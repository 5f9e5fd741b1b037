// The resource objects of the interface, in their JSON read forms: what every door returns and the renderer shows.
// Amounts are decimal strings with 3 decimals ("4445.000"), ids are integers (strings in the lookups), dates are
// 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS'. Fields marked "extension" are Folio's additions.
import type { InvoiceStatus, InvoiceType } from './invoice-codes';
import type { Lang } from './reference/payment-methods';

export interface Resource<A, Id = number> {
  id: Id;
  attributes: A;
}

export interface Address {
  street_name: string;
  street_type: string;
  house_nr: string;
  block: string;
  entrance: string;
  floor: string;
  door: string;
  city: string;
  postcode: string;
  district: string;
  country: string;
  /** the street address as one line exactly as a v3 client gave it, beside its parts; absent when none was given */
  address_line?: string;
}

export interface BankDetails {
  iban: string;
  swift: string;
  account_no: string;
}

export type TaxType = '' | 'FOREIGN' | 'HAS_TAX_NUMBER' | 'NO_TAX_NUMBER';
export const TAX_TYPES: readonly TaxType[] = ['', 'FOREIGN', 'HAS_TAX_NUMBER', 'NO_TAX_NUMBER'];

export interface ClientDefaults {
  payment_method: string;
  electronic_invoice: '0' | '1';
  invoice_due_days: string;
  invoice_currency: string;
  invoice_template_lang_code: string;
}

/** The e-invoice a client wants with its invoices (extension): none, UBL, CII or Factur-X (docs/einvoice.md). */
export const EINVOICE_FORMATS = ['none', 'ubl', 'cii', 'facturx'] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

export interface ClientAttributes {
  uid: number;
  name: string;
  email: string;
  taxcode: string;
  /** extension: the buyer's EU VAT number (community tax number), for intra-EU sales and NAV reporting */
  eu_taxcode: string;
  type: string;
  fokonyv_szam: string;
  phone: string;
  tax_type: TaxType;
  billing_address: Address;
  bank: BankDetails;
  defaults: ClientDefaults;
  /** extension: the e-invoice the client wants with its invoices */
  einvoice_format: EinvoiceFormat;
  /** extension: EN 16931 BT-10, the reference the buyer asks invoices to carry (a Leitweg-ID); null when none */
  buyer_reference: string | null;
  created_at: string;
  updated_at: string;
}

/** The client as an invoice embeds it: a snapshot taken when the invoice was saved. */
export interface InvoiceClient {
  name: string;
  email: string;
  taxcode: string;
  eu_taxcode: string;
  billing_address: Address;
  bank: BankDetails;
  tax_type: TaxType;
}

/**
 * How the seller handles VAT (extension): 'normal'; 'exempt' — subjectively exempt ("alanyi adómentes", Áfa tv.
 * 187. §), its invoices carry the AAM code; 'cash_accounting' — "pénzforgalmi elszámolás" (Áfa tv. 196/B. §), which
 * every invoice must say and the NAV report marks.
 */
export const VAT_STATUSES = ['normal', 'exempt', 'cash_accounting'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

/** The seller's profile as the settings keep it: the bank details live in the bank accounts, not here. */
export interface SellerProfile {
  name: string;
  address: Address;
  taxcode: string;
  eu_taxcode: string;
  email: string;
  phone: string;
  vat_status: VatStatus;
  /** kept for older clients: true exactly when vat_status is 'exempt' */
  vat_exempt: boolean;
}

/**
 * The seller as it was when the invoice was issued (extension): the profile, with the bank details of the invoice's
 * bank account. Invoices issued before the VAT status existed have no `vat_status` (read it with vatStatusOf).
 */
export interface SellerSnapshot extends Omit<SellerProfile, 'vat_status'> {
  bank_name: string;
  bank_account_no: string;
  bank_iban: string;
  bank_swift: string;
  vat_status?: VatStatus;
}

export interface EmbeddedPaymentMethod {
  id: number;
  lang_code: Lang;
  name: string;
  advance_paid: '0' | '1';
}

export interface InvoiceItem {
  description: string;
  net_unit_price: string;
  qty: string;
  unit: string;
  vat_id: string;
  item_comment: string;
  entitlement: string | null;
  // extensions
  product_uid: number | null;
  gross_unit_price: string | null;
  vat_rate: string;
  vat_description: string;
  net_amount: string;
  vat_amount: string;
  gross_amount: string;
  /** a modifying invoice's line: the number (from 1) of the line of the chain it changes; null: a new line */
  modifies_line?: number | null;
  /** a final invoice's deduction line: the advance invoice it deducts */
  advance_invoice_uid?: number | null;
}

/** What kind of document an invoice is (derived from its type and links; docs/document-set.md). */
export type DocumentKind = 'draft' | 'proforma' | 'invoice' | 'cancelling' | 'modifying' | 'advance' | 'final' | 'receipt' | 'cancelling_receipt';

/** The invoice a modifying or cancelling invoice refers to, as printed on it. */
export interface OriginalReference {
  /** null when the original was issued by the previous program (not in Folio) */
  uid: number | null;
  invoice_no: string;
  date: string;
}

/** One modifying invoice of an original, in chain order. */
export interface ModificationSummary {
  uid: number;
  prefixed_invoice_no: string;
  date: string;
  modification_index: number;
  total: string;
}

/** An advance a final invoice deducts. */
export interface AdvanceDeduction {
  advance_uid: number;
  prefixed_invoice_no: string;
  date: string;
  /** the day the advance was received (its last payment's), null when nothing was received (issue 36) */
  payment_date: string | null;
  /** the days of every payment received on it, oldest first */
  payment_dates: string[];
  /** the advance invoice's own fulfillment date: the day it states the advance is received (Áfa tv. 58. §) */
  fulfillment_date: string;
  exchange_rate: string;
  net: string;
  vat: string;
  gross: string;
}

export interface VatSummaryLine {
  vat_id: string;
  vat_rate: string;
  vat_description: string;
  net: string;
  vat: string;
  gross: string;
  /** VAT in HUF at the invoice's exchange rate (equal to `vat` for HUF invoices) */
  vat_huf: string;
}

export interface InvoicePayment {
  uid: number;
  date: string;
  amount: string;
  payment_method: number;
  conversion_rate: string;
}

/** The numeric type and status codes, named in invoice-codes.ts. */
export type { InvoiceStatus, InvoiceType };

export interface InvoiceAttributes {
  uid: number;
  type: InvoiceType;
  status: InvoiceStatus;
  date: string;
  fulfillment_date: string;
  due_date: string;
  invoice_no: string | null;
  prefixed_invoice_no: string | null;
  prefix: string;
  total: string;
  total_paid: string;
  comment: string;
  currency: string;
  client_uid: number;
  block_uid: number;
  items: InvoiceItem[];
  client: InvoiceClient;
  payment_method: EmbeddedPaymentMethod;
  connected_invoice_no: string | null;
  is_cancel_invoice: 0 | 1;
  // extensions
  template_lang_code: string;
  electronic_invoice: 0 | 1;
  exchange_rate: string;
  /** where the rate came from: 'given', or the provider and the date of the published rate */
  exchange_rate_source: string;
  round_to: number;
  rounding: string;
  net_total: string;
  vat_total: string;
  gross_total: string;
  outstanding: string;
  vat_summary: VatSummaryLine[];
  bank_account_uid: number | null;
  seller: SellerSnapshot;
  payments: InvoicePayment[];
  /** the cancelling invoice of a cancelled invoice */
  cancelled_by_uid: number | null;
  /** the invoice cancelled by a cancelling invoice */
  cancels_uid: number | null;
  /** proforma → the normal invoice generated from it, and back */
  generated_invoice_uid: number | null;
  proforma_uid: number | null;
  /** recurring period covered, for invoices a recurring profile issued */
  recurring_uid: number | null;
  period_start: string | null;
  period_end: string | null;
  /** extension (the Hungarian document set): what kind of document this is */
  document_kind: DocumentKind;
  /** a modifying or cancelling invoice: the original it refers to */
  original: OriginalReference | null;
  modifies_uid: number | null;
  modification_index: number | null;
  modification_reason: string | null;
  /** an original that was modified: its modifying invoices in chain order */
  modifications: ModificationSummary[];
  /** the original with all its modifications: what is owed (`outstanding` follows it) */
  current_total: string;
  /** paid beyond the current total (a modification below what was paid): to refund */
  overpayment: string;
  is_advance: 0 | 1;
  /** an advance invoice: the final invoice that deducted it */
  deducted_by_uid: number | null;
  /** a final invoice: the advances it deducts */
  advance_deductions: AdvanceDeduction[];
  /** extension: the quote this document was made from */
  quote_uid: number | null;
  /** extension: the caller's own id of the document, given at creation (v3's vendor_id) */
  vendor_id: string | null;
  /**
   * extension (payment QR codes, issue 40): 1 when the document prints the payment code (the MNB's HCT code for HUF,
   * the EPC code for EUR); set at creation from the request (v3's instant_payment) or the company's setting
   */
  payment_qr?: 0 | 1;
  created_at: string;
  updated_at: string;
}

export interface InvoiceBlockAttributes {
  uid: number;
  name: string;
  prefix: string;
}

export interface ProductVat {
  id: number;
  value: number;
  description: string;
}

export interface ProductAttributes {
  uid: number;
  name: string;
  comment: string;
  price: number;
  unit: string;
  vat_id: number;
  currency_code: string;
  deleted: 0 | 1;
  categories_id: number | null;
  parent_product_id: number | null;
  min_qty: number | null;
  max_qty: number | null;
  opt_qty: number | null;
  sales_price: number | null;
  is_service: 0 | 1;
  barcode: string;
  product_code: string;
  item_nr: string;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  deleted_at: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  description: string;
  master_variation_id: number | null;
  purchase_price: number | null;
  fokonyv_arbev: string;
  fokonyv_afa: string;
  vat: ProductVat;
  entitlement: string | null;
}

export interface ExpenseAttributes {
  uid: number;
  categories_id: string;
  name: string;
  invoice_no: string;
  gross_price: string;
  vat: string;
  client_uid: number | null;
  client: Omit<InvoiceClient, 'tax_type' | 'eu_taxcode'> | null;
  currency: string;
  due_date: string | null;
  created_at: string;
  updated_at: string;
  // Folio's bookkeeping fields (additive: the interface's fields above keep their forms)
  /** 'invoice', or 'credit_note' for a supplier's credit note, the only kind with negative amounts */
  kind: 'invoice' | 'credit_note';
  supplier_name: string;
  supplier_taxcode: string;
  invoice_date: string | null;
  fulfillment_date: string | null;
  payment_date: string | null;
  paid: boolean;
  /** net and VAT in the 3-decimal read form; net + VAT = gross_price */
  net_price: string;
  vat_amount: string;
  /** the supplier's document kept with the expense (its bytes come from GET /expenses/{id}/attachment) */
  attachment: ExpenseAttachmentInfo | null;
  /** the supplier's payment account (IBAN), as its e-invoice gave it (BT-84); empty when unknown */
  supplier_iban: string;
  /**
   * The supplier's identifiers as its e-invoice gave them (migration 0048; empty for an expense typed in): BT-31 the
   * VAT id (spaces taken out), BT-32 the national tax registration as written, BT-30 the legal registration and BT-29
   * the seller identifiers, each with its scheme ("" when the file named none).
   */
  supplier_vat_id: string;
  supplier_tax_registration: string;
  supplier_legal_registration: { id: string; scheme: string } | null;
  supplier_identifiers: Array<{ id: string; scheme: string }>;
  /** how the expense is paid, as a v3 client gave it (`wire_transfer`); empty when never said (migration 0049) */
  payment_method: string;
  /** the v3 category word given with the expense when Folio's category says less (`tangible_assets`); else empty */
  category_v3: string;
  /** what an expense read from the supplier's e-invoice keeps of it (POST /expenses/einvoice); null otherwise */
  einvoice: ExpenseEinvoiceInfo | null;
}

export interface ExpenseEinvoiceInfo {
  syntax: 'ubl' | 'cii';
  /** the VAT breakdown per category and rate (BT-116…BT-120), signed like the expense's amounts */
  vat_breakdown: ExpenseVatBreakdown[];
}

export interface ExpenseVatBreakdown {
  /** EN 16931's VAT category (BT-118): S, Z, E, AE, K, G, O, L, M */
  category: string;
  /** the rate in percent ("27"), null for a category without one */
  rate: string | null;
  net: string;
  vat: string;
  exemption_reason: string | null;
}

export interface ExpenseAttachmentInfo {
  file_name: string;
  /** an e-invoice read into the expense is kept as it came: its XML, or the PDF (Factur-X) that carried it */
  content_type: 'application/pdf' | 'image/png' | 'image/jpeg' | 'application/xml';
  size: number;
}

export interface ExpenseAttachmentFile extends ExpenseAttachmentInfo {
  content_base64: string;
}

export interface ExpenseTotals {
  /** sums per currency over the period's expenses (credit notes count negative), in the 3-decimal read form */
  by_currency: Array<{ currency: string; count: number; net: string; vat: string; gross: string }>;
}

export interface BankAccountAttributes {
  uid: number;
  bank_name: string;
  account_no: string;
  account_no_iban: string;
  account_swift: string;
  currency: string;
}

/** A line of a recurring profile's own template (its net or its gross unit price, as typed). */
export interface RecurringLine {
  product_uid?: number;
  description: string;
  vat_id: string;
  qty: string;
  net_unit_price?: string;
  gross_unit_price?: string;
  unit?: string;
  item_comment?: string;
  entitlement?: string | null;
}

export interface RecurringFailure {
  occurrence_date: string;
  code: string;
  message: string;
  errors: Array<{ field: string; message: string; reason?: string }>;
  failed_at: string;
}

export interface RecurringAttributes {
  uid: number;
  base_invoice_uid: number;
  frequency: string;
  due_days: number;
  fulfillment_shift: number;
  send_invoice: boolean;
  max_qty: number;
  used_qty: number | null;
  comment: string;
  stopped: boolean;
  last_recurring_date: string | null;
  start_date: string;
  /** extension: the next occurrence that will be issued, null when stopped or used up */
  next_date: string | null;
  /** extension: the profile's own client, null when it follows the base invoice's */
  client_uid: number | null;
  /** extension: the profile's own lines, null when it follows the base invoice's */
  items: RecurringLine[] | null;
  /** extension: no occurrence after this day is issued; null: none */
  end_date: string | null;
  /** extension: the next (up to) three issue dates, as the scheduler will issue them */
  upcoming_dates: string[];
  /** extension: why the next occurrence is not issued yet (it is tried again on every pass); null when nothing waits */
  last_failure?: RecurringFailure | null;
  created_at: string;
  updated_at: string;
  invoices: Array<Resource<InvoiceAttributes>>;
}

export interface VatCodeAttributes {
  id: string;
  value: string;
  description: string;
  info_text: string | null;
}

export interface PaymentMethodAttributes {
  id: string;
  lang_code: Lang;
  name: string;
  advance_paid: '0' | '1';
}

export interface ExpenseCategoryAttributes {
  id: string;
  lang_code: 'hu';
  name: string;
}

/**
 * The steps of the setup guide a user may finish elsewhere or set aside, remembered in the settings; whether the
 * seller's profile is saved and a bank account exists is read from the data itself.
 */
export const SETUP_STEPS = ['bank', 'nav', 'email', 'numbering', 'import', 'backup'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
/** What the user said about an optional step: set up, or left for later. */
export type SetupStepState = 'done' | 'skipped';

export interface SettingsData {
  seller: SellerProfile;
  default_bank_account_uid: number | null;
  home_currency: string;
  time_zone: string;
  default_lang: Lang;
  default_due_days: number;
  default_payment_method: number;
  /**
   * Where customers reach this Folio from the internet ('' when it has none): share links are made with it, e.g.
   * https://folio.example.hu → https://folio.example.hu/access/c:{code}
   */
  public_base_url: string;
  /** the optional steps of the setup guide the user finished or set aside */
  setup_steps: Partial<Record<SetupStep, SetupStepState>>;
  /** who keeps the books: the accountant package can be e-mailed to this address ('' when none is set) */
  accountant: AccountantContact;
  /** issue 40: new documents print the payment QR code unless the request says otherwise (off by default) */
  payment_qr: boolean;
}

export interface AccountantContact {
  name: string;
  email: string;
}
