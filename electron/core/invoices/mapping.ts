// Invoice rows → the interface's invoice resource. Lists load items and payments for a whole page in two queries.
import type { InvoiceCreated } from '../../../shared/contract/operations';
import type {
  InvoiceAttributes,
  InvoiceClient,
  InvoiceItem,
  InvoiceStatus,
  InvoiceType,
  Resource,
  SellerSnapshot,
  VatSummaryLine,
} from '../../../shared/resources';
import { Big, decimalToString, milliToNumber, milliToString, roundTo, toMilli, fromMilli } from '../../../shared/money';
import { findPaymentMethod, type Lang } from '../../../shared/reference/payment-methods';
import { findVatCode } from '../../../shared/reference/vat-codes';
import type { Db } from '../../db/types';
import type { InvoiceItemRow, InvoiceRow, PaymentRow } from '../../db/schema';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import type { DocumentKind } from '../../../shared/resources';
import { linkedDocuments, type LinkedDocuments } from './linked';
import { parseJson } from '../json';
import { emptyAddress, emptyBank } from '../clients/mapping';
import { emptySellerSnapshot } from '../settings/service';

export function langOf(templateLang: string): Lang {
  return templateLang === 'en' || templateLang === 'de' ? templateLang : 'hu';
}

/** One line in the interface's form (quotes show theirs the same way). */
export function itemResource(row: Omit<InvoiceItemRow, 'id' | 'invoice_id' | 'modifies_line' | 'advance_invoice_id'> & Partial<Pick<InvoiceItemRow, 'modifies_line' | 'advance_invoice_id'>>): InvoiceItem {
  const vat = findVatCode(row.vat_id);
  return {
    description: row.description,
    net_unit_price: decimalToString(row.net_unit_price),
    qty: decimalToString(row.qty),
    unit: row.unit,
    vat_id: row.vat_id,
    item_comment: row.item_comment,
    entitlement: row.entitlement,
    product_uid: row.product_id,
    gross_unit_price: row.gross_unit_price === null ? null : decimalToString(row.gross_unit_price),
    vat_rate: row.vat_rate,
    vat_description: vat?.description ?? '',
    net_amount: milliToString(row.net_milli),
    vat_amount: milliToString(row.vat_milli),
    gross_amount: milliToString(row.gross_milli),
    modifies_line: row.modifies_line ?? null,
    advance_invoice_uid: row.advance_invoice_id ?? null,
  };
}

/** VAT in HUF at the invoice's rate, rounded to whole forints as Hungarian VAT returns require. */
export function toHuf(milli: number, rate: string): number {
  // a forint invoice's rate is "1": whole forints from whole thousandths, half away from zero, in integers (big.js
  // took ~8 µs of each invoice read; tests/unit/money.spec.ts compares the two)
  if (rate === '1') return Math.sign(milli) * Math.floor((Math.abs(milli) + 500) / 1000) * 1000 || 0;
  return toMilli(roundTo(fromMilli(milli).times(new Big(rate)), 0));
}

/** Net, VAT and gross per VAT code (a quote sums its lines the same way). */
export function vatSummary(items: Array<Pick<InvoiceItemRow, 'vat_id' | 'vat_rate' | 'net_milli' | 'vat_milli' | 'gross_milli'>>, rate: string): VatSummaryLine[] {
  const rows = new Map<string, { vatRate: string; net: number; vat: number; gross: number }>();
  for (const it of items) {
    const r = rows.get(it.vat_id) ?? { vatRate: it.vat_rate, net: 0, vat: 0, gross: 0 };
    r.net += it.net_milli;
    r.vat += it.vat_milli;
    r.gross += it.gross_milli;
    rows.set(it.vat_id, r);
  }
  return [...rows.entries()].map(([vatId, r]) => ({
    vat_id: vatId,
    vat_rate: r.vatRate,
    vat_description: findVatCode(vatId)?.description ?? '',
    net: milliToString(r.net),
    vat: milliToString(r.vat),
    gross: milliToString(r.gross),
    vat_huf: milliToString(toHuf(r.vat, rate)),
  }));
}

const NO_LINKS: LinkedDocuments = { original: null, modifications: [], deducted_by_uid: null, advance_deductions: [] };

/** The buyer a document's snapshot holds, every field present (snapshots of older versions may lack some). */
export function buyerOfSnapshot(snapshot: string): InvoiceClient {
  const client = parseJson<Partial<InvoiceClient>>(snapshot, {});
  return {
    name: client.name ?? '',
    email: client.email ?? '',
    taxcode: client.taxcode ?? '',
    eu_taxcode: client.eu_taxcode ?? '',
    billing_address: { ...emptyAddress(), ...client.billing_address },
    bank: { ...emptyBank(), ...client.bank },
    tax_type: client.tax_type ?? '',
  };
}

export function documentKind(row: Pick<InvoiceRow, 'type' | 'is_cancel_invoice' | 'modification_index' | 'is_cancel_invoice' | 'is_advance'>, items: Array<Pick<InvoiceItemRow, 'advance_invoice_id'>>): DocumentKind {
  if (row.type === INVOICE_TYPE.draft) return 'draft';
  if (row.type === INVOICE_TYPE.proforma) return 'proforma';
  if (row.type === INVOICE_TYPE.receipt) return row.is_cancel_invoice ? 'cancelling_receipt' : 'receipt';
  if (row.is_cancel_invoice) return 'cancelling';
  if (row.modification_index !== null) return 'modifying';
  if (row.is_advance) return 'advance';
  if (items.some((i) => i.advance_invoice_id !== null)) return 'final';
  return 'invoice';
}

/** What an invoice is worth now: its own total, or, once modified, the total its modifications left it at. */
export function currentTotalMilli(row: Pick<InvoiceRow, 'total_milli' | 'current_total_milli'>): number {
  return row.current_total_milli ?? row.total_milli;
}

export function invoiceResource(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  payments: PaymentRow[],
  links: LinkedDocuments = NO_LINKS,
): Resource<InvoiceAttributes> {
  const lang = langOf(row.template_lang_code);
  const method = findPaymentMethod(row.payment_method_id);
  const seller = parseJson<SellerSnapshot>(row.seller_snapshot, emptySellerSnapshot());
  const attributes: InvoiceAttributes = {
    uid: row.id,
    type: row.type as InvoiceType,
    status: row.status as InvoiceStatus,
    date: row.date,
    fulfillment_date: row.fulfillment_date,
    due_date: row.due_date,
    invoice_no: row.invoice_no,
    prefixed_invoice_no: prefixedNumber(row.prefix, row.invoice_no),
    prefix: row.prefix,
    total: milliToString(row.total_milli),
    total_paid: milliToString(row.total_paid_milli),
    comment: row.comment,
    currency: row.currency,
    client_uid: row.client_id,
    block_uid: row.block_id,
    items: items.map(itemResource),
    client: buyerOfSnapshot(row.client_snapshot),
    payment_method: {
      id: row.payment_method_id,
      lang_code: lang,
      name: method?.names[lang] ?? '',
      advance_paid: method?.advancePaid ? '1' : '0',
    },
    connected_invoice_no: null,
    is_cancel_invoice: row.is_cancel_invoice ? 1 : 0,
    template_lang_code: row.template_lang_code,
    electronic_invoice: row.electronic_invoice ? 1 : 0,
    exchange_rate: row.exchange_rate,
    exchange_rate_source: row.exchange_rate_source,
    round_to: row.round_to,
    rounding: milliToString(row.rounding_milli),
    net_total: milliToString(row.net_milli),
    vat_total: milliToString(row.vat_milli),
    gross_total: milliToString(row.gross_milli),
    outstanding: milliToString(outstandingMilli(row)),
    vat_summary: vatSummary(items, row.exchange_rate),
    bank_account_uid: row.bank_account_id,
    seller,
    payments: payments.map((p) => ({
      uid: p.id,
      date: p.date,
      amount: milliToString(p.amount_milli),
      payment_method: p.payment_method_id,
      conversion_rate: p.conversion_rate,
    })),
    cancelled_by_uid: row.cancelled_by_id,
    cancels_uid: row.cancels_id,
    generated_invoice_uid: row.generated_invoice_id,
    proforma_uid: row.proforma_id,
    recurring_uid: row.recurring_id,
    period_start: row.period_start,
    period_end: row.period_end,
    document_kind: documentKind(row, items),
    original: links.original,
    modifies_uid: row.modifies_id,
    modification_index: row.modification_index,
    modification_reason: row.modification_reason,
    modifications: links.modifications,
    current_total: milliToString(currentTotalMilli(row)),
    overpayment: milliToString(overpaymentMilli(row)),
    is_advance: row.is_advance ? 1 : 0,
    deducted_by_uid: links.deducted_by_uid,
    advance_deductions: links.advance_deductions,
    quote_uid: row.quote_id ?? null,
    vendor_id: row.vendor_id ?? null,
    payment_qr: row.payment_qr ? 1 : 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return { id: row.id, attributes };
}

type PaymentFacts = Pick<InvoiceRow, 'total_milli' | 'current_total_milli' | 'total_paid_milli' | 'status' | 'is_cancel_invoice'>;

export function outstandingMilli(row: PaymentFacts): number {
  if (row.status === INVOICE_STATUS.cancelled || row.is_cancel_invoice) return 0;
  return Math.max(0, currentTotalMilli(row) - row.total_paid_milli);
}

/** Paid beyond what the invoice is now worth (a modification lowered it below the payments): owed back. */
export function overpaymentMilli(row: PaymentFacts): number {
  if (row.status === INVOICE_STATUS.cancelled || row.is_cancel_invoice) return 0;
  return Math.max(0, row.total_paid_milli - Math.max(0, currentTotalMilli(row)));
}

/** Loads the items, payments and connected numbers of a page of invoice rows. */
export async function loadInvoices(db: Db, rows: InvoiceRow[]): Promise<Array<Resource<InvoiceAttributes>>> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, payments] = await Promise.all([
    db.selectFrom('invoice_items').selectAll().where('invoice_id', 'in', ids).orderBy('invoice_id').orderBy('position').execute(),
    db.selectFrom('invoice_payments').selectAll().where('invoice_id', 'in', ids).orderBy('id').execute(),
  ]);
  return invoicesOf(db, rows, items, payments);
}

/**
 * Invoice resources from their rows, lines (by invoice, then position) and payments (by id) already read; the few
 * other documents they name are read here.
 */
export async function invoicesOf(db: Db, rows: InvoiceRow[], items: InvoiceItemRow[], payments: PaymentRow[]): Promise<Array<Resource<InvoiceAttributes>>> {
  const cancelsIds = rows.map((r) => r.cancels_id).filter((x): x is number => x !== null);
  const connected = cancelsIds.length
    ? await db.selectFrom('invoices').select(['id', 'invoice_no', 'prefix']).where('id', 'in', cancelsIds).execute()
    : [];
  const connectedNo = new Map(connected.map((c) => [c.id, c.invoice_no]));
  const itemsBy = groupBy(items, (i) => i.invoice_id);
  const paymentsBy = groupBy(payments, (p) => p.invoice_id);
  const links = await linkedDocuments(db, rows, items);
  return rows.map((r) => {
    const res = invoiceResource(r, itemsBy.get(r.id) ?? [], paymentsBy.get(r.id) ?? [], links.get(r.id));
    if (r.cancels_id !== null) res.attributes.connected_invoice_no = connectedNo.get(r.cancels_id) ?? null;
    return res;
  });
}

function groupBy<T>(list: T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const t of list) {
    const k = key(t);
    const arr = out.get(k);
    if (arr) arr.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** The create and cancel responses: the listed attributes, `total` as a number. */
export function createdResponse(row: InvoiceRow): InvoiceCreated {
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      fulfillment_date: row.fulfillment_date,
      due_date: row.due_date,
      total: milliToNumber(row.total_milli),
      comment: row.comment,
      currency: row.currency,
      date: row.date,
      invoice_no: row.invoice_no,
      prefixed_invoice_no: prefixedNumber(row.prefix, row.invoice_no),
      client_uid: row.client_id,
      block_uid: row.block_id,
      type: row.type,
      status: row.status,
    },
  };
}
