// Folio's invoice → v3's Document (3.0.14). One mapping, shared by every /v3 route that answers a document. Money,
// quantities and rates are JSON numbers (Folio keeps them as exact decimal strings; the number is only the wire form).
// Only values 3.0.14's enums list are answered (docs/v3.md "Documents").
import type { Address, InvoiceAttributes, InvoiceItem, Resource } from '../../../shared/resources';
import { INVOICE_STATUS } from '../../../shared/invoice-codes';
import { ENTITLEMENTS_3014 } from '../../../shared/v3/entitlements';
import { currencyToV3, languageToV3, paymentMethodToV3, roundToV3, vatToV3 } from '../../../shared/v3/enums';
import { addressLine } from './partners';
import { countryCode } from '../../nav/country';

type Inv = Resource<InvoiceAttributes>;

const num = (v: string | number | null | undefined): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** document_kind → v3's DocumentType: a final invoice (végszámla) is an `invoice` in v3's words. */
export function documentTypeOf(a: InvoiceAttributes): string {
  switch (a.document_kind) {
    case 'draft': return 'draft';
    case 'proforma': return 'proforma';
    case 'advance': return 'advance';
    case 'cancelling': return 'cancellation';
    case 'modifying': return 'modification';
    case 'receipt': return 'receipt';
    case 'cancelling_receipt': return 'receipt_cancellation';
    default: return 'invoice';
  }
}

/**
 * v3's PaymentStatus: drafts and cancelled/cancelling documents are `none` (nothing is owed on them); otherwise paid,
 * or unpaid as `expired` once the due date has passed, `partially_paid` with some payment, else `outstanding`.
 */
export function paymentStatusOf(a: InvoiceAttributes, today: string): string {
  if (a.document_kind === 'draft' || a.document_kind === 'cancelling' || a.document_kind === 'cancelling_receipt' || a.status === INVOICE_STATUS.cancelled) return 'none';
  if (a.status === INVOICE_STATUS.paid) return 'paid';
  if (a.due_date < today) return 'expired';
  return num(a.total_paid) > 0 ? 'partially_paid' : 'outstanding';
}

export function addressOf(a: Address) {
  // the line as a v3 client wrote it while it still describes the street, else the parts joined (partners.ts)
  const line = addressLine(a);
  // 3.0.14's Country enum has no empty value; an address without a country is taken as Hungarian, Folio's default
  return { country_code: countryCode(a.country) ?? 'HU', post_code: a.postcode, city: a.city, address: line };
}

function itemOf(it: InvoiceItem) {
  const out: Record<string, unknown> = {
    product_id: it.product_uid ?? null,
    name: it.description,
    net_unit_amount: num(it.net_unit_price),
    quantity: num(it.qty),
    unit: it.unit,
    net_amount: num(it.net_amount),
    gross_amount: num(it.gross_amount),
    vat: vatToV3(it.vat_id) ?? '0%',
    vat_amount: num(it.vat_amount),
    comment: it.item_comment,
  };
  // an entitlement 3.0.14 does not list is left out rather than breaking the published clients
  if (it.entitlement && ENTITLEMENTS_3014.has(it.entitlement)) out.entitlement = it.entitlement;
  return out;
}

/** The documents related to this one: its original, its cancellation, its proforma or invoice, its modifications and advances. */
function relatedOf(a: InvoiceAttributes, numberOf: (uid: number) => string) {
  const out: Array<{ id: number; invoice_number: string }> = [];
  const add = (id: number | null | undefined, no?: string | null) => {
    if (id && !out.some((r) => r.id === id)) out.push({ id, invoice_number: no ?? numberOf(id) });
  };
  if (a.original?.uid) add(a.original.uid, a.original.invoice_no);
  add(a.modifies_uid);
  add(a.cancels_uid);
  add(a.cancelled_by_uid);
  add(a.proforma_uid);
  add(a.generated_invoice_uid);
  for (const m of a.modifications) add(m.uid, m.prefixed_invoice_no);
  for (const d of a.advance_deductions) add(d.advance_uid, d.prefixed_invoice_no);
  add(a.deducted_by_uid);
  return out;
}

export interface DocumentMapOptions {
  /** today's date (YYYY-MM-DD), for `expired` */
  today: string;
  /** the number of a related document the invoice itself does not name ('' when unknown) */
  numberOf?: (uid: number) => string;
}

export function documentOf(inv: Inv, opts: DocumentMapOptions) {
  const a = inv.attributes;
  const seller = a.seller;
  const client = a.client;
  const lastPayment = [...a.payments].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)).at(-1);
  const rate = num(a.exchange_rate) || 1;
  const local = (v: string) => Math.round(num(v) * rate * 100) / 100;
  const doc: Record<string, unknown> = {
    id: inv.id,
    invoice_number: a.prefixed_invoice_no ?? '',
    type: documentTypeOf(a),
    cancelled: a.status === INVOICE_STATUS.cancelled,
    block_id: a.block_uid,
    payment_status: paymentStatusOf(a, opts.today),
    payment_method: paymentMethodToV3(a.payment_method.id),
    gross_total: num(a.gross_total),
    currency: currencyToV3(a.currency),
    conversion_rate: rate,
    invoice_date: a.date,
    fulfillment_date: a.fulfillment_date,
    due_date: a.due_date,
    organization: {
      name: seller.name,
      tax_number: seller.taxcode,
      bank_account: { name: seller.bank_name || seller.bank_account_no || '-', account_number: seller.bank_account_no, account_number_iban: seller.bank_iban, swift: seller.bank_swift },
      address: addressOf(seller.address),
      small_taxpayer: seller.vat_status === 'exempt',
      eu_tax_number: seller.eu_taxcode,
      cash_settled: seller.vat_status === 'cash_accounting',
    },
    document_partner: {
      id: a.client_uid,
      name: client.name,
      address: addressOf(client.billing_address),
      emails: client.email ? [client.email] : [],
      taxcode: client.taxcode,
      iban: client.bank.iban,
      swift: client.bank.swift,
      account_number: client.bank.account_no,
      phone: '',
      tax_type: client.tax_type,
    },
    electronic: a.electronic_invoice === 1,
    comment: a.comment,
    tags: [],
    language: languageToV3(a.template_lang_code),
    items: a.items.map(itemOf),
    summary: {
      net_amount: num(a.net_total),
      net_amount_local: local(a.net_total),
      gross_amount_local: local(a.gross_total),
      vat_amount: num(a.vat_total),
      vat_amount_local: local(a.vat_total),
      vat_rate_summary: a.vat_summary.map((v) => ({
        vat_name: vatToV3(v.vat_id) ?? '0%',
        vat_percentage: Math.round(num(v.vat_rate) * 10000) / 100,
        vat_rate_net_amount: num(v.net),
        vat_rate_vat_amount: num(v.vat),
        vat_rate_vat_amount_local: num(v.vat_huf),
        vat_rate_gross_amount: num(v.gross),
      })),
    },
    settings: { round: roundToV3(a.round_to), selected_type: documentTypeOf(a), instant_payment: a.payment_qr === 1 },
    related_documents: relatedOf(a, opts.numberOf ?? (() => '')),
  };
  if (lastPayment) doc.paid_date = lastPayment.date;
  return doc;
}
