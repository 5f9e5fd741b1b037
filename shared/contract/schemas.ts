// Input schemas of every operation, one per request body or query of the interface.
import { z } from 'zod';
import { Big } from '../money';
import { isInvoiceType, isV2Type } from '../invoice-codes';
import { ENTITLEMENT_CODES } from '../reference/entitlements';
import { findVatCode } from '../reference/vat-codes';
import { LANGS } from '../reference/payment-methods';
import { bool, countryCode, currency, date, decimal, email, id, int, paging, requiredText, text } from './fields';
import { isEuVatNumber, isHungarianPersonalTaxId, isHungarianTaxNumber } from '../tax-numbers';
import { addressList } from './areas/mail';
import { EINVOICE_FORMATS, SETUP_STEPS, VAT_STATUSES, type VatStatus } from '../resources';
import { normalizePublicBaseUrl } from '../seller';
// issue 36: account numbers and community VAT numbers that can exist
import { bankNumberProblems } from '../bank-account-numbers';
import { huVatNumberProblem } from '../hu-vat-number';

const vatId = () =>
  z
    .union([z.number(), z.string()], { error: 'must be a VAT code id' })
    .transform((v) => String(v).trim())
    .refine((v) => findVatCode(v) !== undefined, { message: 'is not a known VAT code (see GET /vat)' });

/** issue 40: the VAT code id and the address fields, for the delivery documents' own bodies */
export const vatIdInput = vatId();

const entitlement = () => z.enum(ENTITLEMENT_CODES, { error: 'is not a known entitlement code' }).nullable();

export const TEMPLATE_LANGS = ['hu', 'en', 'de', 'hu-en'] as const;

// ---- invoices -------------------------------------------------------------------------------------------------

/** The fields of an invoice line; a recurring profile's own lines (below) take the same, with words and VAT required. */
const lineFields = {
  product_uid: id().optional(),
  description: text(500).optional(),
  vat_id: vatId().optional(),
  qty: decimal({ positive: true }),
  net_unit_price: decimal().optional(),
  gross_unit_price: decimal().optional(),
  unit: text(50).optional(),
  item_comment: text(1000).optional(),
  entitlement: entitlement().optional(),
};

export const invoiceItem = z
  .object(lineFields)
  .superRefine((item, ctx) => {
    if (item.product_uid !== undefined) return; // a product line takes the rest from the product
    if (!item.description?.trim()) ctx.addIssue({ code: 'custom', path: ['description'], message: 'is required' });
    if (item.vat_id === undefined) ctx.addIssue({ code: 'custom', path: ['vat_id'], message: 'is required' });
    const prices = Number(item.net_unit_price !== undefined) + Number(item.gross_unit_price !== undefined);
    if (prices !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['net_unit_price'],
        message: 'give exactly one of net_unit_price and gross_unit_price',
      });
    }
  });

export type InvoiceItemInput = z.output<typeof invoiceItem>;

const invoiceBody = {
  client_uid: id(),
  payment_method: id(),
  currency: currency(),
  // a receipt (5) is made by receipts.create alone: the interface's invoice bodies know 0, 1 and 3
  type: int().refine(isV2Type, {
    message: 'must be 0 (draft), 1 (proforma) or 3 (normal invoice)',
  }),
  fulfillment_date: date(),
  due_date: date(),
  comment: text(5000).optional(),
  template_lang_code: z.enum(TEMPLATE_LANGS, { error: 'must be hu, en, de or hu-en' }).optional(),
  electronic_invoice: int({ min: 0, max: 1 }).optional(),
  exchange_rate: decimal({ maxDecimals: 6, positive: true }).optional(),
  block_uid: int({ min: 0, max: 2_000_000_000 }).optional(),
  round_to: int().refine((r) => [0, 1, 5, 10].includes(r), { message: 'must be 0, 1, 5 or 10' }).optional(),
  bank_account_uid: id().optional(),
  items: z.array(invoiceItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000),
  /** extension: an advance invoice (előlegszámla) for an advance received */
  advance: int({ min: 0, max: 1 }).optional(),
  /** extension: a final invoice (végszámla) deducting these advance invoices */
  advance_invoice_uids: z.array(id(), { error: 'must be a list of advance invoice ids' }).max(50).optional(),
  /** extension (issue 40): print the payment QR code; absent: the company's setting decides */
  payment_qr: bool().optional(),
  /** extension (issue 36): the user was told that an advance not received in full stays owed on it, and deducts it anyway */
  deduct_unpaid_advances: bool().optional(),
  /** sync extension: a device pushing an invoice it issued in its own block keeps its number and date */
  invoice_no: z.string().regex(/^(D-)?\d{4}-\d{6}$/, { message: 'must look like 2026-000001' }).optional(),
  date: date().optional(),
};

/** issue 36: the flag of invoices.issue, as the create body has it */
export const unpaidAdvancesFlag = bool().optional();

export const invoiceCreateInput = z.object({
  ...invoiceBody,
  /** extension: the caller's own id of the document (v3's vendor_id), kept as given; set at creation only */
  vendor_id: text(100).optional(),
});
export type InvoiceCreateInput = z.output<typeof invoiceCreateInput>;

/**
 * A receipt (nyugta, docs/document-set.md "Receipts"): a B2C document settled on the spot. Its prices include VAT
 * (a line gives gross_unit_price, or a product), the buyer is optional (a client, or only a name and an e-mail
 * address, or nobody), and it is dated, fulfilled and due today. `draft: 1` keeps it a draft that receipts.issue
 * turns into the receipt.
 */
const receiptItem = z
  .object({
    product_uid: id().optional(),
    description: text(500).optional(),
    vat_id: vatId().optional(),
    qty: decimal({ positive: true }).optional(),
    gross_unit_price: decimal().optional(),
    unit: text(50).optional(),
    item_comment: text(1000).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.product_uid !== undefined) return;
    if (!item.description?.trim()) ctx.addIssue({ code: 'custom', path: ['description'], message: 'is required' });
    if (item.vat_id === undefined) ctx.addIssue({ code: 'custom', path: ['vat_id'], message: 'is required' });
    if (item.gross_unit_price === undefined) ctx.addIssue({ code: 'custom', path: ['gross_unit_price'], message: 'is required' });
  });

export const receiptCreateInput = z.object({
  draft: int({ min: 0, max: 1 }).optional(),
  client_uid: id().optional(),
  /** the buyer as printed, when there is no client (or to print another name than the client's) */
  buyer_name: text(200).optional(),
  buyer_email: email().optional(),
  payment_method: id(),
  currency: currency(),
  exchange_rate: decimal({ maxDecimals: 6, positive: true }).optional(),
  block_uid: int({ min: 0, max: 2_000_000_000 }).optional(),
  comment: text(5000).optional(),
  template_lang_code: z.enum(TEMPLATE_LANGS, { error: 'must be hu, en, de or hu-en' }).optional(),
  electronic_invoice: int({ min: 0, max: 1 }).optional(),
  items: z.array(receiptItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000),
  vendor_id: text(100).optional(),
}).superRefine((receipt, ctx) => {
  // NAV receipt report (issue 35): a receipt records a sale; money given back is a cancelling receipt, so the
  // priced lines may not add up to less than nothing (lines from products are priced later and count as 0 here).
  let total = new Big(0);
  for (const item of receipt.items) {
    if (item.gross_unit_price !== undefined) total = total.plus(new Big(item.gross_unit_price).times(item.qty ?? '1'));
  }
  if (total.lt(0)) ctx.addIssue({ code: 'custom', path: ['items'], message: 'the total must not be negative (money given back is a cancelling receipt)' });
});
export type ReceiptCreateInput = z.output<typeof receiptCreateInput>;

/** Issuing a draft as a receipt; the buyer's printed name and e-mail may be given (else the draft's stand). */
export const receiptIssueInput = z.object({ id: id(), buyer_name: text(200).optional(), buyer_email: email().optional() });
export type ReceiptIssueInput = z.output<typeof receiptIssueInput>;

/** Draft update: a partial body; `type` may only stay a draft here (issuing is its own operation). */
export const invoiceUpdateInput = z.object({
  id: id(),
  ...Object.fromEntries(Object.entries(invoiceBody).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodType<{ id: number } & Partial<InvoiceCreateInput>>;

export const idInput = z.object({ id: id() });

/**
 * A line of a modifying invoice: an invoice line whose quantity (or price) may be negative — it carries the
 * difference — with `modifies_line`, the number of the chain's line it changes, or none for a new line.
 */
const modificationItem = z
  .object({
    ...lineFields,
    qty: decimal().refine((q) => q !== '0', { message: 'must not be 0' }),
    modifies_line: int({ min: 1, max: 100_000 }).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.product_uid !== undefined) return;
    if (!item.description?.trim()) ctx.addIssue({ code: 'custom', path: ['description'], message: 'is required' });
    if (item.vat_id === undefined) ctx.addIssue({ code: 'custom', path: ['vat_id'], message: 'is required' });
    const prices = Number(item.net_unit_price !== undefined) + Number(item.gross_unit_price !== undefined);
    if (prices !== 1) ctx.addIssue({ code: 'custom', path: ['net_unit_price'], message: 'give exactly one of net_unit_price and gross_unit_price' });
  });
export type ModificationItemInput = z.output<typeof modificationItem>;

const modificationBody = {
  reason: requiredText(500),
  items: z.array(modificationItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000),
  /** when the difference is due; default: the original's due date, or today when that has passed */
  due_date: date().optional(),
  comment: text(5000).optional(),
};

/** POST /invoices/{id}/modify: a modifying invoice of a Folio invoice. */
export const modifyInput = z.object({
  id: id(),
  ...modificationBody,
});
export type ModifyInput = z.output<typeof modifyInput>;

/** POST /invoices/modify-external: a modifying invoice of an invoice the previous program issued. */
export const modifyExternalInput = z.object({
  original: z.object({
    invoice_no: requiredText(50),
    date: date(),
    fulfillment_date: date(),
    client_uid: id(),
    items: z.array(invoiceItem, { error: 'must be a list of items' }).min(1, 'needs at least one item').max(1000),
    currency: currency().optional(),
    exchange_rate: decimal({ maxDecimals: 6, positive: true }).optional(),
    payment_method: id().optional(),
    due_date: date().optional(),
    /** whether NAV holds the original; default: issued on or after 2021-01-01, when every invoice became reportable */
    nav_reported: bool().optional(),
    /** the modifications the previous program already issued of it (their last index); default 0 */
    last_modification_index: int({ min: 0, max: 10_000 }).optional(),
    /** the highest line number its chain already has, when the previous program's modifications added lines */
    last_line_number: int({ min: 1, max: 100_000 }).optional(),
  }),
  ...modificationBody,
  payment_method: id().optional(),
});
export type ModifyExternalInput = z.output<typeof modifyExternalInput>;

/** Generate: the normal invoice of a proforma, or (advance=1) an advance invoice for the advance it asked for. */
export const generateInput = z.object({ id: id(), advance: int({ min: 0, max: 1 }).optional() });

/**
 * Send: the id alone mails the client's addresses with the texts in the invoice's language; the send dialog may
 * give its own recipients, copies, subject and message instead.
 */
export const invoiceSendInput = z.object({
  id: id(),
  to: addressList({ required: true }).optional(),
  cc: addressList({ required: false }).optional(),
  subject: requiredText(300).refine((v) => !/[\r\n]/.test(v), { message: 'must be one line' }).optional(),
  message: requiredText(20_000).optional(),
});
export type InvoiceSendOptions = Omit<z.output<typeof invoiceSendInput>, 'id'>;

/** Cancel; the sync extension lets the device owning the block push the number and date it issued offline. */
export const cancelInput = z.object({
  id: id(),
  invoice_no: z.string().regex(/^\d{4}-\d{6}$/, { message: 'must look like 2026-000001' }).optional(),
  date: date().optional(),
});

export const invoiceQueryInput = z
  .object({
    ...paging,
    start_date: date().optional(),
    end_date: date().optional(),
    num_start: int({ min: 0, max: 999_999 }).optional(),
    num_end: int({ min: 0, max: 999_999 }).optional(),
    year_start: int({ min: 1900, max: 9999 }).optional(),
    year_end: int({ min: 1900, max: 9999 }).optional(),
    payment_method: id().optional(),
    block: int({ min: 0, max: 2_000_000_000 }).optional(),
    /** extension: search in the client's name */
    client: text(200).optional(),
    /** extension: the list's search box — an invoice number ("417", "2026-000417", "WEB / 2026-000417"), part of a
     * client's name, or an amount ("190 500") */
    search: text(200).optional(),
    /** extension: 1 paid, 2 unpaid, 4 cancelled */
    status: int({ min: 1, max: 4 }).optional(),
    /** extension: invoice type (5: receipts) */
    type: int().refine(isInvoiceType, { message: 'must be 0, 1, 3 or 5' }).optional(),
    /** the v2 door's: only the types the v2 interface knows (no receipts); the door always sets it */
    v2_only: int({ min: 0, max: 1 }).optional(),
    /** extension: the documents of one kind (the Hungarian document set) */
    kind: z.enum(['modifying', 'advance', 'final', 'cancelling'], { error: 'must be modifying, advance, final or cancelling' }).optional(),
    /** extension: one client's invoices */
    client_uid: id().optional(),
    /** extension: the documents created with this vendor_id */
    vendor_id: text(100).optional(),
    /** extension: unpaid invoices past their due date (overdue), or unpaid ones with a payment recorded */
    payment_state: z.enum(['overdue', 'partially_paid'], { error: 'must be overdue or partially_paid' }).optional(),
    /** extension: 1 adds `total`, the exact count of matches, to the page (one COUNT query) */
    with_total: int({ min: 0, max: 1 }).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.num_start === undefined) !== (q.year_start === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['year_start'], message: 'year_start and num_start go together' });
    }
    if ((q.num_end === undefined) !== (q.year_end === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['year_end'], message: 'year_end and num_end go together' });
    }
  });
export type InvoiceQueryInput = z.output<typeof invoiceQueryInput>;

export const payInput = z.object({
  id: id(),
  date: date(),
  amount: decimal({ positive: true }),
  payment_method: id().optional(),
  conversion_rate: decimal({ maxDecimals: 6, positive: true }).optional(),
});
export type PayInput = z.output<typeof payInput>;
/** issue 36: the money paid back of an overpayment (a modification lowered the invoice below what was paid); the whole overpayment when no amount is given */
export const refundInput = z.object({
  id: id(),
  date: date(),
  amount: decimal({ positive: true }).optional(),
  payment_method: id().optional(),
});
export type RefundInput = z.output<typeof refundInput>;
/** without payment_id every payment of the invoice goes; with it, that one only (a wrong bank match undone) */
export const unpayInput = z.object({ id: id(), payment_id: id().optional() });
export type UnpayInput = z.output<typeof unpayInput>;

export const blockInput = z.object({ name: requiredText(100), prefix: text(20).regex(/^[\p{L}\p{N}_.\-]*$/u, {
  message: 'may hold letters, digits, "-", "_" and "." only',
}).optional() });
/** sync extension: a device brings the numbering it continued in its block (continuation.ts) */
const blockNumberingInput = z.array(z.object({ year: int({ min: 2000, max: 2999 }), next_no: int({ min: 1, max: 999_999 }) })).max(10).optional();
export const blockCreateInput = blockInput.extend({ numbering: blockNumberingInput });
export const blockUpdateInput = blockInput.partial().extend({ id: id(), numbering: blockNumberingInput });
export const continueNumberingInput = z.object({
  id: int({ min: 0, max: 2_000_000_000 }),
  next_no: int({ min: 1, max: 999_999 }),
  /** the business year; this year when left out */
  year: int({ min: 2000, max: 2999 }).optional(),
});

// ---- clients --------------------------------------------------------------------------------------------------

const address = z
  .object({
    street_name: text(200),
    street_type: text(50),
    house_nr: text(50),
    block: text(50),
    entrance: text(50),
    floor: text(50),
    door: text(50),
    city: text(100),
    postcode: text(20),
    district: text(50),
    country: text(100),
    // issue 38: the address as one line, exactly as a v3 client wrote it ("Kossuth Lajos utca 12."), beside the
    // parts above that the legal checks and NAV read (docs/v3.md "Addresses")
    address_line: text(255),
  })
  .partial();
/** issue 40: an address body, for the delivery documents */
export const addressInput = address;

const bank = z.object({ iban: text(40), swift: text(20), account_no: text(40) }).partial();

const clientDefaults = z
  .object({
    payment_method: z.union([z.string(), z.number()]).transform(String),
    electronic_invoice: z.union([z.string(), z.number()]).transform(String).refine((v) => v === '0' || v === '1', {
      message: 'must be 0 or 1',
    }),
    invoice_due_days: z.union([z.string(), z.number()]).transform(String).refine((v) => /^\d{0,3}$/.test(v), {
      message: 'must be a number of days',
    }),
    invoice_currency: text(3),
    invoice_template_lang_code: text(5),
  })
  .partial();

const clientFields = {
  name: requiredText(255),
  email: email().optional(),
  taxcode: text(30).optional(),
  eu_taxcode: text(20).optional(),
  type: z.union([z.string(), z.number()]).transform(String).optional(),
  fokonyv_szam: text(50).optional(),
  phone: text(50).optional(),
  tax_type: z.enum(['', 'FOREIGN', 'HAS_TAX_NUMBER', 'NO_TAX_NUMBER'], {
    error: 'must be one of "", FOREIGN, HAS_TAX_NUMBER, NO_TAX_NUMBER',
  }).optional(),
  billing_address: address.optional(),
  bank: bank.optional(),
  defaults: clientDefaults.optional(),
  force: bool().optional(),
  einvoice_format: z.enum(EINVOICE_FORMATS, { error: 'must be one of none, ubl, cii, facturx' }).optional(),
  // null or "" clears it
  buyer_reference: text(200).nullable().optional(),
};

/** Why a client's tax number is not acceptable for its tax type, or null. Shared with the update, which merges first. */
export function taxcodeProblem(taxcode: string | undefined, taxType: string | undefined): string | null {
  const code = taxcode?.trim() ?? '';
  if (!code || taxType === 'FOREIGN') return null;
  if (taxType === 'NO_TAX_NUMBER') {
    return isHungarianPersonalTaxId(code) ? null : 'is not a valid Hungarian personal tax id (8xxxxxxxxx)';
  }
  return isHungarianTaxNumber(code)
    ? null
    : 'is not a valid Hungarian tax number (12345678-1-12); use tax_type FOREIGN for a foreign one';
}

/** Why the seller's community VAT number does not go with its tax number: a Hungarian seller's is HU and its 8 digits. */
export function sellerVatNumberProblem(euTaxcode: string | undefined, taxcode: string | undefined): string | null {
  return huVatNumberProblem(euTaxcode, taxcode);
}

/** Why a client's community VAT number does not go with its tax number (a foreign client's is not judged by it), or null. */
export function clientVatNumberProblem(euTaxcode: string | undefined, taxcode: string | undefined, taxType: string | undefined): string | null {
  return huVatNumberProblem(euTaxcode, taxType === 'FOREIGN' || taxType === 'NO_TAX_NUMBER' ? '' : taxcode);
}

/** Every problem of a client's tax numbers and bank details, each at its field, so a form shows them all at once. */
function checkTaxcode(
  c: { taxcode?: string | undefined; tax_type?: string | undefined; eu_taxcode?: string | undefined; bank?: { iban?: string | undefined; account_no?: string | undefined } | undefined },
  ctx: z.RefinementCtx,
) {
  const problem = taxcodeProblem(c.taxcode, c.tax_type);
  if (problem) ctx.addIssue({ code: 'custom', path: ['taxcode'], message: problem });
  const vat = problem ? null : clientVatNumberProblem(c.eu_taxcode, c.taxcode, c.tax_type);
  if (vat) ctx.addIssue({ code: 'custom', path: ['eu_taxcode'], message: vat });
  if (c.bank) addBankIssues(ctx, bankNumberProblems(c.bank), { account_no: ['bank', 'account_no'], iban: ['bank', 'iban'] });
}

/** The problems bankNumberProblems found, as issues at the form's field names. */
function addBankIssues(ctx: z.RefinementCtx, problems: { account_no?: string; iban?: string }, paths: { account_no: string[]; iban: string[] }) {
  for (const key of ['account_no', 'iban'] as const) {
    const message = problems[key];
    if (message) ctx.addIssue({ code: 'custom', path: paths[key], message });
  }
}

export const clientCreateInput = z.object(clientFields).superRefine(checkTaxcode);
export type ClientCreateInput = z.output<typeof clientCreateInput>;
// The update's tax number is checked against the stored tax type when the request does not change it (the service).
export const clientUpdateInput = z.object({ id: id(), ...clientFields, name: requiredText(255).optional() });
export type ClientUpdateInput = z.output<typeof clientUpdateInput>;

// ---- products -------------------------------------------------------------------------------------------------

const optionalNumber = () => decimal().nullable().optional();
const productFields = {
  name: requiredText(255),
  price: decimal(),
  unit: text(50).optional(),
  currency_code: currency().optional(),
  vat_id: vatId(),
  fokonyv_arbev: text(50).optional(),
  fokonyv_afa: text(50).optional(),
  entitlement: entitlement().optional(),
  comment: text(2000).optional(),
  is_service: int({ min: 0, max: 1 }).optional(),
  barcode: text(100).optional(),
  product_code: text(100).optional(),
  item_nr: text(100).optional(),
  categories_id: id().nullable().optional(),
  min_qty: optionalNumber(),
  max_qty: optionalNumber(),
  opt_qty: optionalNumber(),
  sales_price: optionalNumber(),
  purchase_price: optionalNumber(),
  width: optionalNumber(),
  height: optionalNumber(),
  depth: optionalNumber(),
  weight: optionalNumber(),
};
export const productCreateInput = z.object(productFields);
export type ProductCreateInput = z.output<typeof productCreateInput>;
export const productUpdateInput = z.object(productFields).partial().extend({ id: id() });
export type ProductUpdateInput = z.output<typeof productUpdateInput>;

// ---- expenses -------------------------------------------------------------------------------------------------

/** A supplier's tax number: Hungarian (12345676-2-41) or a community VAT number (DE123456789); empty when unknown. */
const supplierTaxcode = () =>
  text(30).refine((v) => !v.trim() || isHungarianTaxNumber(v.trim()) || isEuVatNumber(v.trim().toUpperCase()), {
    message: 'is not a Hungarian tax number (like 12345676-2-41) or an EU VAT number (like DE123456789)',
  });

export const EXPENSE_KINDS = ['invoice', 'credit_note'] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];

// The interface's fields first, then the bookkeeping ones Folio adds. gross_price may be left out when net_price is
// given (the core computes it); the rules between fields (sign by kind, date order, paid) are the core's.
const expenseFields = {
  categories_id: z.union([z.number(), z.string()]).transform((v) => String(v).trim()),
  name: requiredText(255),
  invoice_no: text(100).optional(),
  client_uid: id().nullable().optional(),
  gross_price: decimal().optional(),
  vat: vatId().optional(),
  currency: currency().optional(),
  due_date: date().nullable().optional(),
  kind: z.enum(EXPENSE_KINDS, { error: 'must be invoice or credit_note' }).optional(),
  supplier_name: text(255).optional(),
  supplier_taxcode: supplierTaxcode().optional(),
  invoice_date: date().nullable().optional(),
  fulfillment_date: date().nullable().optional(),
  payment_date: date().nullable().optional(),
  paid: bool().optional(),
  net_price: decimal().optional(),
  /** the supplier's payment account, as on its invoice (an e-invoice's BT-84) */
  supplier_iban: text(42)
    .refine((v) => !v.trim() || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(v.replace(/\s+/g, '').toUpperCase()), { message: 'is not an IBAN' })
    .optional(),
  // issue 38: a v3 spending's words kept as given (docs/v3.md): its payment method, and its category word when it
  // says more than Folio's category does (v3's `tangible_assets` is Folio's "other")
  payment_method: text(40).optional(),
  category_v3: text(40).optional(),
  // issue 40: the supplier's identifiers as its e-invoice gave them (migration 0048; BT-31, BT-32, BT-30, BT-29), as
  // the expense's read form shows them, so that sync (or any client copying an expense) carries them whole
  supplier_vat_id: text(100).optional(),
  supplier_tax_registration: text(100).optional(),
  supplier_legal_registration: z.object({ id: text(200), scheme: text(50) }).nullable().optional(),
  supplier_identifiers: z.array(z.object({ id: text(200), scheme: text(50) })).max(50).optional(),
};
export const expenseCreateInput = z.object(expenseFields);
export type ExpenseCreateInput = z.output<typeof expenseCreateInput>;
export const expenseUpdateInput = z.object(expenseFields).partial().extend({ id: id() });
export type ExpenseUpdateInput = z.output<typeof expenseUpdateInput>;

/** The supplier's document for an expense: a PDF, PNG or JPEG, base64-encoded, at most EXPENSE_FILE_MAX_BYTES. */
export const EXPENSE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const expenseAttachInput = z.object({
  id: id(),
  file_name: requiredText(255),
  content_base64: z
    .string({ error: 'must be the file, base64-encoded' })
    .min(1, 'is empty')
    .refine((v) => v.length <= Math.ceil(EXPENSE_FILE_MAX_BYTES / 3) * 4 + 4, { message: 'is larger than 10 MB' })
    .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), { message: 'must be the file, base64-encoded' }),
});
export type ExpenseAttachInput = z.output<typeof expenseAttachInput>;
/** A period of expenses, by the date they belong to (fulfillment, else invoice date, else the day recorded). */
export const expenseTotalsInput = z.object({ from: date(), to: date() });

// ---- bank accounts ---------------------------------------------------------------------------------------------

const bankAccountFields = {
  bank_name: requiredText(100),
  account_no: text(40).optional(),
  account_no_iban: text(40).optional(),
  account_swift: text(20).optional(),
  currency: currency().optional(),
};
export const bankAccountCreateInput = z.object(bankAccountFields).superRefine((b, ctx) => {
  if (!b.account_no?.trim() && !b.account_no_iban?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['account_no'], message: 'give the account number or the IBAN' });
  }
  addBankIssues(ctx, bankNumberProblems({ account_no: b.account_no, iban: b.account_no_iban }), { account_no: ['account_no'], iban: ['account_no_iban'] });
});
export type BankAccountCreateInput = z.output<typeof bankAccountCreateInput>;
export const bankAccountUpdateInput = z.object(bankAccountFields).partial().extend({ id: id() });
export type BankAccountUpdateInput = z.output<typeof bankAccountUpdateInput>;

// ---- recurring ------------------------------------------------------------------------------------------------

export const FREQUENCY_RE = /^([1-9]\d{0,2})([DWMY])$/;

/**
 * A line of a profile's own template (extension). Unlike an invoice line it is whole on its own — words, VAT and one
 * price even when it links a product — because it is issued months later, when the product may have changed.
 */
const recurringLine = z
  .object({ ...lineFields, description: requiredText(500), vat_id: vatId() })
  .superRefine((item, ctx) => {
    if (Number(item.net_unit_price !== undefined) + Number(item.gross_unit_price !== undefined) !== 1) {
      ctx.addIssue({ code: 'custom', path: ['net_unit_price'], message: 'give exactly one of net_unit_price and gross_unit_price' });
    }
  });
export type RecurringLineInput = z.output<typeof recurringLine>;

const recurringFields = {
  base_invoice_uid: id(),
  frequency: z
    .string({ error: 'must be like 1M, 2W, 14D or 1Y' })
    .refine((f) => FREQUENCY_RE.test(f), { message: 'must be a count and a unit D, W, M or Y, like 1M, 2W, 14D or 1Y' }),
  due_days: int({ min: 0, max: 365 }).optional(),
  fulfillment_shift: int({ min: -365, max: 365 }).optional(),
  send_invoice: bool().optional(),
  max_qty: int({ min: 0, max: 100_000 }).optional(),
  comment: text(2000).optional(),
  stopped: bool().optional(),
  start_date: date(),
  /**
   * Extension: the number of invoices the save will issue at once, confirming it. Required (and must match) when a
   * profile would issue more than 31 at once, e.g. a daily profile whose start lies two years back.
   */
  confirm_catch_up: int({ min: 0, max: 1_000_000 }).optional(),
  /** Extension: the profile's own client; null (or absent on create) follows the base invoice's client. */
  client_uid: id().nullable().optional(),
  /** Extension: the profile's own lines; null (or absent on create) follows the base invoice's lines. */
  items: z.array(recurringLine).min(1, { message: 'needs at least one item' }).max(200).nullable().optional(),
  /** Extension: no occurrence after this day is issued; null: no end date (max_qty may still end it). */
  end_date: date().nullable().optional(),
};
export const recurringCreateInput = z.object(recurringFields);
export type RecurringCreateInput = z.output<typeof recurringCreateInput>;
export const recurringUpdateInput = z
  .object(recurringFields)
  .partial()
  .extend({
    id: id(),
    /**
     * Extension: the day of the next invoice. When it differs from the profile's next occurrence (or the frequency
     * changes with it), the occurrences are counted from this day on; it must lie after every period already run.
     */
    next_date: date().optional(),
  });
export type RecurringUpdateInput = z.output<typeof recurringUpdateInput>;

// ---- lookups, settings ----------------------------------------------------------------------------------------

export const vatListInput = z.object({ v: text(20).optional(), d: text(50).optional() });
/** rates.convert: one unit of `from` in `to` on a day (default: today) */
export const rateConvertInput = z.object({ from: currency(), to: currency(), date: date().optional() });
export type RateConvertInput = z.output<typeof rateConvertInput>;

export const vatEuInput = z.object({
  country: countryCode(),
  business_country: countryCode(),
  ip: text(64).optional(),
  vat_code: text(20).optional(),
  /** extension: 'service' (default, the spec's rule) or 'goods' */
  supply: z.enum(['service', 'goods']).optional(),
});
export type VatEuInput = z.output<typeof vatEuInput>;

export const langInput = z.object({
  lang: z.string().refine((l) => (LANGS as readonly string[]).includes(l), { message: 'must be hu, en or de' }),
});
export const expenseCategoriesInput = z.object({
  lang: z.string().refine((l) => l === 'hu', { message: 'only hu is supported' }),
});

export const pageInput = z.object(paging);
/** invoices.list and invoices.get: `v2_only` (set by the v2 door) leaves receipts out, as v2 clients know none */
export const invoiceListInput = z.object({ ...paging, v2_only: int({ min: 0, max: 1 }).optional() });
export const invoiceGetInput = z.object({ id: id(), v2_only: int({ min: 0, max: 1 }).optional() });
export const changesInput = z.object({
  after: int({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  limit: int({ min: 1, max: 1000 }).optional(),
});
export const clientListInput = z.object({ ...paging, q: text(200).optional() });
export const optionalIdInput = z.object({ id: id().optional() });

const taxTypes = ['', 'FOREIGN', 'HAS_TAX_NUMBER', 'NO_TAX_NUMBER'] as const;

/**
 * The client as an issued invoice keeps it (an invoice's `client`, and the snapshot a sync record carries): bounded
 * like the client form, but not re-checked against today's rules, because an invoice keeps what was true then.
 */
export const invoiceClientSnapshot = z.object({
  name: text(255),
  email: text(255),
  taxcode: text(30),
  eu_taxcode: text(20),
  billing_address: address,
  bank: bank,
  tax_type: z.enum(taxTypes),
});

/** The seller as an issued invoice keeps it, bounded like the settings form. */
export const sellerSnapshot = z.object({
  name: text(255),
  address: address,
  taxcode: text(30),
  eu_taxcode: text(20),
  email: text(255),
  phone: text(50),
  bank_name: text(100),
  bank_account_no: text(40),
  bank_iban: text(40),
  bank_swift: text(20),
  vat_exempt: z.boolean(),
  // absent on invoices issued before Folio kept the status (vat_exempt says it then)
  vat_status: z.enum(VAT_STATUSES).optional(),
});

/** The seller's bank details moved to the bank accounts; an old client sending them is told where they went. */
const SELLER_BANK_FIELDS = ['bank_name', 'bank_account_no', 'bank_iban', 'bank_swift'] as const;

export const settingsUpdateInput = z
  .object({
    seller: z
      .object({
        name: text(255),
        address: address,
        taxcode: text(30).refine((t) => t === '' || isHungarianTaxNumber(t), {
          message: 'is not a valid Hungarian tax number (12345678-1-12)',
        }),
        eu_taxcode: text(20),
        email: email(),
        phone: text(50),
        vat_status: z.enum(VAT_STATUSES, { error: 'must be normal, exempt or cash_accounting' }),
        vat_exempt: bool(),
        ...Object.fromEntries(SELLER_BANK_FIELDS.map((f) => [f, z.unknown()])),
      })
      .partial()
      .superRefine((seller, ctx) => {
        for (const field of SELLER_BANK_FIELDS) {
          if ((seller as Record<string, unknown>)[field] !== undefined) {
            ctx.addIssue({ code: 'custom', path: [field], message: 'is kept in a bank account now: add one (POST /bank_accounts) and set default_bank_account_uid' });
          }
        }
        // both given (the form): said here beside the other fields' problems; one alone is merged and checked by the service
        if (seller.eu_taxcode !== undefined && seller.taxcode !== undefined && (seller.taxcode === '' || isHungarianTaxNumber(seller.taxcode))) {
          const vat = sellerVatNumberProblem(seller.eu_taxcode, seller.taxcode);
          if (vat) ctx.addIssue({ code: 'custom', path: ['eu_taxcode'], message: vat });
        }
        if (seller.vat_status !== undefined && seller.vat_exempt !== undefined && seller.vat_exempt !== (seller.vat_status === 'exempt')) {
          ctx.addIssue({ code: 'custom', path: ['vat_exempt'], message: 'contradicts vat_status (true exactly when vat_status is exempt)' });
        }
      })
      .transform(({ name, address: a, taxcode, eu_taxcode, email: e, phone, vat_status, vat_exempt }) => ({ name, address: a, taxcode, eu_taxcode, email: e, phone, vat_status, vat_exempt }))
      .optional(),
    default_bank_account_uid: id().nullable().optional(),
    home_currency: currency().optional(),
    time_zone: text(64).optional(),
    default_lang: z.enum(['hu', 'en', 'de']).optional(),
    default_due_days: int({ min: 0, max: 365 }).optional(),
    default_payment_method: id().optional(),
    /** '' removes it; else an http(s) address customers can reach, e.g. https://folio.example.hu */
    public_base_url: z
      .string({ error: 'must be text' })
      .max(500, { message: 'must be at most 500 characters' })
      .refine((u) => u.trim() === '' || normalizePublicBaseUrl(u) !== null, { message: 'must be an http:// or https:// address' })
      .transform((u) => (u.trim() === '' ? '' : normalizePublicBaseUrl(u)!))
      .optional(),
    /** the optional setup steps to mark; null forgets a mark */
    setup_steps: z.partialRecord(z.enum(SETUP_STEPS), z.enum(['done', 'skipped']).nullable()).optional(),
    /** Folio's extension: the accountant the package is e-mailed to (docs/reports.md); '' clears a field */
    accountant: z.object({ name: text(255), email: email() }).partial().optional(),
    /** issue 40: new invoices, proformas and advances to be paid by transfer print the payment QR code */
    payment_qr: bool().optional(),
  });
export type SettingsUpdateInput = z.output<typeof settingsUpdateInput>;

/** A Hungarian tax number in any usual form; one in none of them is answered as not valid, not refused. */
export const taxNumberCheckInput = z.object({ tax_number: requiredText(40) });
