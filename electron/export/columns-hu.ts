// The tables of the accountant package as an accountant opens them (issue 36): Hungarian headers, invoice numbers
// rather than ids, payment methods and kinds in words, the same word in every table. The amounts stay the exact
// decimal strings here; the CSV writer gives them a decimal comma (csvAmount), the XLSX writer makes them numbers.
import { DOCUMENT_TITLES, STATUS_LABELS, type InvoiceStatus } from '../../shared/invoice-codes';
import { EXPENSE_CATEGORIES_HU } from '../../shared/reference/expense-categories';
import { findPaymentMethod } from '../../shared/reference/payment-methods';
import { findVatCode } from '../../shared/reference/vat-codes';
import type { DocumentKind, InvoiceAttributes } from '../../shared/resources';
import type { Column, Item, Payment } from './columns';
import type { SectionRecords } from './records';

/** One word for a payment method wherever it appears: its Hungarian name, by id. */
export function paymentMethodWord(id: number | string | undefined): string {
  return findPaymentMethod(Number(id))?.names.hu ?? String(id ?? '');
}

const KIND_WORDS: Readonly<Record<DocumentKind, string>> = {
  ...DOCUMENT_TITLES.hu,
  modifying: 'Módosító számla',
  advance: 'Előlegszámla',
  final: 'Végszámla',
};

const kindWord = (a: InvoiceAttributes) => KIND_WORDS[a.document_kind] ?? a.document_kind;
const statusWord = (status: number) => STATUS_LABELS.hu[status as InvoiceStatus] ?? String(status);
const vatWord = (id: string | number) => findVatCode(id)?.description ?? String(id);
const address = (a: { postcode: string; city: string; street_name: string; street_type: string; house_nr: string }) =>
  [a.postcode, a.city, [a.street_name, a.street_type, a.house_nr].filter(Boolean).join(' ')].filter(Boolean).join(' ');
const yesNo = (v: unknown) => (v ? 'igen' : 'nem');

export const HU_CLIENT_COLUMNS: Array<Column<SectionRecords['clients']>> = [
  ['Név', (r) => r.attributes.name],
  ['Adószám', (r) => r.attributes.taxcode],
  ['Közösségi adószám', (r) => r.attributes.eu_taxcode],
  ['Ország', (r) => r.attributes.billing_address.country],
  ['Cím', (r) => address(r.attributes.billing_address)],
  ['E-mail', (r) => r.attributes.email],
  ['Telefon', (r) => r.attributes.phone],
  ['Bankszámlaszám', (r) => r.attributes.bank.account_no],
  ['IBAN', (r) => r.attributes.bank.iban],
  ['Főkönyvi szám', (r) => r.attributes.fokonyv_szam],
  ['Törölve', (r) => (r.attributes.deleted_at ? r.attributes.deleted_at.slice(0, 10) : '')],
];

export const HU_PRODUCT_COLUMNS: Array<Column<SectionRecords['products']>> = [
  ['Megnevezés', (r) => r.attributes.name],
  ['Nettó egységár', (r) => r.attributes.price],
  ['Pénznem', (r) => r.attributes.currency_code],
  ['Mennyiségi egység', (r) => r.attributes.unit],
  ['Áfakulcs', (r) => vatWord(r.attributes.vat_id)],
  ['Cikkszám', (r) => r.attributes.product_code],
  ['Árbevétel főkönyvi szám', (r) => r.attributes.fokonyv_arbev],
  ['Áfa főkönyvi szám', (r) => r.attributes.fokonyv_afa],
];

export const HU_EXPENSE_COLUMNS: Array<Column<SectionRecords['expenses']>> = [
  ['Szállító', (r) => r.attributes.supplier_name || (r.attributes.client?.name ?? '')],
  ['Szállító adószáma', (r) => r.attributes.supplier_taxcode],
  ['Számlaszám', (r) => r.attributes.invoice_no],
  ['Megnevezés', (r) => r.attributes.name],
  ['Kategória', (r) => EXPENSE_CATEGORIES_HU.find((c) => c.id === String(r.attributes.categories_id))?.name ?? String(r.attributes.categories_id)],
  ['Számla kelte', (r) => r.attributes.invoice_date],
  ['Teljesítés', (r) => r.attributes.fulfillment_date],
  ['Fizetési határidő', (r) => r.attributes.due_date],
  ['Pénznem', (r) => r.attributes.currency],
  ['Nettó', (r) => r.attributes.net_price],
  ['Áfa', (r) => r.attributes.vat_amount],
  ['Bruttó', (r) => r.attributes.gross_price],
  ['Áfakulcs', (r) => vatWord(r.attributes.vat)],
  ['Fizetve', (r) => yesNo(r.attributes.paid)],
  ['Fizetés dátuma', (r) => r.attributes.payment_date],
];

export const HU_INVOICE_COLUMNS: Array<Column<SectionRecords['invoices']>> = [
  ['Sorszám', (r) => r.attributes.prefixed_invoice_no],
  ['Bizonylat', (r) => kindWord(r.attributes)],
  ['Állapot', (r) => statusWord(r.attributes.status)],
  ['Eredeti számla', (r) => r.attributes.original?.invoice_no ?? r.attributes.connected_invoice_no ?? ''],
  ['Kelte', (r) => r.attributes.date],
  ['Teljesítés', (r) => r.attributes.fulfillment_date],
  ['Fizetési határidő', (r) => r.attributes.due_date],
  ['Vevő', (r) => r.attributes.client.name],
  ['Vevő adószáma', (r) => r.attributes.client.taxcode],
  ['Vevő közösségi adószáma', (r) => r.attributes.client.eu_taxcode],
  ['Pénznem', (r) => r.attributes.currency],
  ['Árfolyam', (r) => r.attributes.exchange_rate],
  ['Nettó', (r) => r.attributes.net_total],
  ['Áfa', (r) => r.attributes.vat_total],
  ['Bruttó', (r) => r.attributes.gross_total],
  ['Kerekítés', (r) => r.attributes.rounding],
  ['Fizetendő', (r) => r.attributes.total],
  ['Fizetve', (r) => r.attributes.total_paid],
  ['Hátralék', (r) => r.attributes.outstanding],
  ['Fizetési mód', (r) => paymentMethodWord(r.attributes.payment_method.id)],
  ['Levont előlegszámlák', (r) => r.attributes.advance_deductions.map((d) => d.prefixed_invoice_no).join(', ')],
  ['Módosítás oka', (r) => r.attributes.modification_reason ?? ''],
  ['Megjegyzés', (r) => r.attributes.comment],
];

export const HU_ITEM_COLUMNS: Array<Column<Item>> = [
  ['Számla sorszáma', (r) => r.invoice.prefixed_invoice_no],
  ['Sor', (r) => r.line],
  ['Megnevezés', (r) => r.item.description],
  ['Mennyiség', (r) => r.item.qty],
  ['Mennyiségi egység', (r) => r.item.unit],
  ['Nettó egységár', (r) => r.item.net_unit_price],
  ['Áfakulcs', (r) => vatWord(r.item.vat_id)],
  ['Nettó', (r) => r.item.net_amount],
  ['Áfa', (r) => r.item.vat_amount],
  ['Bruttó', (r) => r.item.gross_amount],
  ['Pénznem', (r) => r.invoice.currency],
  ['Mentesség jogcíme', (r) => r.item.entitlement],
  ['Módosított sor', (r) => r.item.modifies_line],
  ['Levont előlegszámla', (r) => r.invoice.advance_deductions.find((d) => d.advance_uid === r.item.advance_invoice_uid)?.prefixed_invoice_no],
];

export const HU_PAYMENT_COLUMNS: Array<Column<Payment>> = [
  ['Számla sorszáma', (r) => r.invoice.prefixed_invoice_no],
  ['Vevő', (r) => r.invoice.client.name],
  ['Dátum', (r) => r.payment.date],
  ['Összeg', (r) => r.payment.amount],
  ['Pénznem', (r) => r.invoice.currency],
  ['Fizetési mód', (r) => paymentMethodWord(r.payment.payment_method)],
  ['Árfolyam', (r) => r.payment.conversion_rate],
];

/** "47470.000" → "47470", "-1234.570" → "-1234,57": what a spreadsheet in a Hungarian locale reads as a number. */
export function csvAmount(value: unknown): unknown {
  if (typeof value !== 'string' || !/^-?\d+\.\d+$/.test(value)) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '').replace('.', ',');
}

/** The Hungarian sheet names of the package's workbook, by table. */
export const HU_TABLE_TITLES = {
  clients: 'Ügyfelek',
  products: 'Termékek',
  expenses: 'Költségek',
  invoices: 'Számlák',
  invoice_items: 'Számlatételek',
  invoice_payments: 'Befizetések',
} as const;
