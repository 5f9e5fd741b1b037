// The CSV files and their columns. Amounts are the exact decimal strings of the API ("1270.000", a dot for the
// decimal point) so a spreadsheet or an accountant's import reads them without locale guessing.
import { documentKindOf, statusNameOf } from '../../shared/invoice-codes';
import { milliToString, parseDecimal, toMilli } from '../../shared/money';
import type { InvoiceAttributes } from '../../shared/resources';
import type { SectionRecords } from './records';

type Column<R> = [header: string, value: (r: R) => unknown];

function street(a: { street_name: string; street_type: string; house_nr: string; block: string; entrance: string; floor: string; door: string }): string {
  return [a.street_name, a.street_type, a.house_nr, a.block, a.entrance, a.floor, a.door].filter(Boolean).join(' ');
}

export const CLIENT_COLUMNS: Array<Column<SectionRecords['clients']>> = [
  ['id', (r) => r.id],
  ['name', (r) => r.attributes.name],
  ['email', (r) => r.attributes.email],
  ['taxcode', (r) => r.attributes.taxcode],
  ['eu_taxcode', (r) => r.attributes.eu_taxcode],
  ['tax_type', (r) => r.attributes.tax_type],
  ['phone', (r) => r.attributes.phone],
  ['country', (r) => r.attributes.billing_address.country],
  ['postcode', (r) => r.attributes.billing_address.postcode],
  ['city', (r) => r.attributes.billing_address.city],
  ['address', (r) => street(r.attributes.billing_address)],
  ['iban', (r) => r.attributes.bank.iban],
  ['account_no', (r) => r.attributes.bank.account_no],
  ['created_at', (r) => r.attributes.created_at],
  ['updated_at', (r) => r.attributes.updated_at],
  ['deleted_at', (r) => r.attributes.deleted_at],
];

export const PRODUCT_COLUMNS: Array<Column<SectionRecords['products']>> = [
  ['id', (r) => r.id],
  ['name', (r) => r.attributes.name],
  ['price', (r) => r.attributes.price],
  ['currency', (r) => r.attributes.currency_code],
  ['unit', (r) => r.attributes.unit],
  ['vat_id', (r) => r.attributes.vat_id],
  ['vat', (r) => r.attributes.vat.description],
  ['entitlement', (r) => r.attributes.entitlement],
  ['product_code', (r) => r.attributes.product_code],
  ['comment', (r) => r.attributes.comment],
  ['created_at', (r) => r.attributes.created_at],
  ['deleted_at', (r) => r.attributes.deleted_at],
];

export const EXPENSE_COLUMNS: Array<Column<SectionRecords['expenses']>> = [
  ['id', (r) => r.id],
  ['category_id', (r) => r.attributes.categories_id],
  ['name', (r) => r.attributes.name],
  ['invoice_no', (r) => r.attributes.invoice_no],
  ['gross_price', (r) => r.attributes.gross_price],
  ['currency', (r) => r.attributes.currency],
  ['vat_id', (r) => r.attributes.vat],
  ['due_date', (r) => r.attributes.due_date],
  ['client_id', (r) => r.attributes.client_uid],
  ['client_name', (r) => r.attributes.client?.name ?? ''],
  ['created_at', (r) => r.attributes.created_at],
];

/** The type column in words: draft, proforma, invoice, cancelling invoice, receipt or cancelling receipt. */
function typeText(a: InvoiceAttributes): string {
  const kind = documentKindOf(a);
  if (kind === 'cancelling') return 'cancelling invoice';
  return kind === 'cancelling_receipt' ? 'cancelling receipt' : kind;
}

export const INVOICE_COLUMNS: Array<Column<SectionRecords['invoices']>> = [
  ['id', (r) => r.id],
  ['invoice_no', (r) => r.attributes.prefixed_invoice_no],
  ['type', (r) => typeText(r.attributes)],
  ['status', (r) => statusNameOf(r.attributes.status)],
  ['cancels_invoice_no', (r) => r.attributes.connected_invoice_no],
  ['date', (r) => r.attributes.date],
  ['fulfillment_date', (r) => r.attributes.fulfillment_date],
  ['due_date', (r) => r.attributes.due_date],
  ['client_id', (r) => r.attributes.client_uid],
  ['client_name', (r) => r.attributes.client.name],
  ['client_taxcode', (r) => r.attributes.client.taxcode],
  ['currency', (r) => r.attributes.currency],
  ['exchange_rate', (r) => r.attributes.exchange_rate],
  ['net_total', (r) => r.attributes.net_total],
  ['vat_total', (r) => r.attributes.vat_total],
  ['gross_total', (r) => r.attributes.gross_total],
  ['rounding', (r) => r.attributes.rounding],
  ['total', (r) => r.attributes.total],
  ['total_paid', (r) => r.attributes.total_paid],
  ['outstanding', (r) => r.attributes.outstanding],
  ['payment_method', (r) => r.attributes.payment_method.name],
  ['block_id', (r) => r.attributes.block_uid],
  ['language', (r) => r.attributes.template_lang_code],
  ['comment', (r) => r.attributes.comment],
  ['created_at', (r) => r.attributes.created_at],
  // The Hungarian document set, after every earlier column so that imports reading columns by position still work
  ['document_kind', (r) => r.attributes.document_kind],
  ['original_invoice_no', (r) => r.attributes.original?.invoice_no],
  ['original_date', (r) => r.attributes.original?.date],
  ['modification_index', (r) => r.attributes.modification_index],
  ['modification_reason', (r) => r.attributes.modification_reason],
  ['current_total', (r) => r.attributes.current_total],
  ['is_advance', (r) => r.attributes.is_advance],
  ['deducted_advances', (r) => r.attributes.advance_deductions.map((d) => d.prefixed_invoice_no).join(' ')],
  ['deducted_advances_gross', (r) => deductedGross(r.attributes)],
];

/** What a final invoice deducts for its advances, gross, in its currency (empty when it deducts none). */
function deductedGross(a: InvoiceAttributes): string {
  if (!a.advance_deductions.length) return '';
  return milliToString(a.advance_deductions.reduce((sum, d) => sum + toMilli(parseDecimal(d.gross)), 0));
}

type Item = { invoice: InvoiceAttributes; item: InvoiceAttributes['items'][number]; line: number };

export const ITEM_COLUMNS: Array<Column<Item>> = [
  ['invoice_id', (r) => r.invoice.uid],
  ['invoice_no', (r) => r.invoice.prefixed_invoice_no],
  ['line', (r) => r.line],
  ['description', (r) => r.item.description],
  ['qty', (r) => r.item.qty],
  ['unit', (r) => r.item.unit],
  ['net_unit_price', (r) => r.item.net_unit_price],
  ['vat_id', (r) => r.item.vat_id],
  ['vat_rate', (r) => r.item.vat_rate],
  ['net_amount', (r) => r.item.net_amount],
  ['vat_amount', (r) => r.item.vat_amount],
  ['gross_amount', (r) => r.item.gross_amount],
  ['currency', (r) => r.invoice.currency],
  ['entitlement', (r) => r.item.entitlement],
  ['product_id', (r) => r.item.product_uid],
  ['comment', (r) => r.item.item_comment],
  // the line of the chain a modifying invoice's line changes; the advance a final invoice's deduction line deducts
  ['modifies_line', (r) => r.item.modifies_line],
  ['advance_invoice_id', (r) => r.item.advance_invoice_uid],
  ['advance_invoice_no', (r) => r.invoice.advance_deductions.find((d) => d.advance_uid === r.item.advance_invoice_uid)?.prefixed_invoice_no],
];

type Payment = { invoice: InvoiceAttributes; payment: InvoiceAttributes['payments'][number] };

export const PAYMENT_COLUMNS: Array<Column<Payment>> = [
  ['payment_id', (r) => r.payment.uid],
  ['invoice_id', (r) => r.invoice.uid],
  ['invoice_no', (r) => r.invoice.prefixed_invoice_no],
  ['date', (r) => r.payment.date],
  ['amount', (r) => r.payment.amount],
  ['currency', (r) => r.invoice.currency],
  ['payment_method', (r) => r.payment.payment_method],
  ['conversion_rate', (r) => r.payment.conversion_rate],
];

export type { Column, Item, Payment };
