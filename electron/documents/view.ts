// The printable content of an invoice, already translated and formatted: every string the PDF (layout.ts) and the
// HTML page (html.ts) show comes from here, so the two renderings cannot drift apart and the legal content is decided
// in one place (Áfa tv. 169. §: parties, tax numbers, dates, lines, VAT per rate, totals, HUF VAT of foreign invoices).
import { documentKindOf } from '../../shared/invoice-codes';
import { Big } from '../../shared/money';
import type { Address, DocumentKind, InvoiceAttributes, InvoiceItem } from '../../shared/resources';
import { invoiceLegalNotes, LEGAL_NOTE_TEXTS, lineLegalNote, type InvoiceLegalNote } from '../../shared/reference/legal-notes';
import { findPaymentMethod, printedPaymentMethodName } from '../../shared/reference/payment-methods';
import { findVatCode } from '../../shared/reference/vat-codes';
import { vatStatusOf } from '../../shared/seller';
import {
  formatAmount,
  formatCountry,
  formatDate,
  formatExchangeRate,
  formatMoney,
  formatPercent,
  formatQty,
  formatUnitPrice,
} from './format';
import { documentTitle, formatLang, label, modifiesLineNote, originalReference, pick, resolveDocLang, type DocLang } from './i18n';
import { paymentQrView, type PaymentQrView } from './payment-qr/view';

export interface Field {
  label: string;
  value: string;
}

export interface PartyView {
  heading: string;
  name: string;
  addressLines: string[];
  fields: Field[];
}

export interface ItemView {
  description: string;
  /** a modifying invoice's line that changes a line of the chain: "(2. sor módosítása)"; else empty */
  reference: string;
  /** the item's own comment, printed small under the description */
  comment: string;
  /**
   * The line's own legal note, printed under its description only when the VAT column's mark does not tell which
   * note of the notes block is the line's (one code, two reasons); otherwise empty and the notes block says it.
   */
  legalText: string;
  qty: string;
  unit: string;
  netUnitPrice: string;
  /** a line priced with VAT (receipts): the unit price as given, which the till roll prints (issue 35) */
  grossUnitPrice?: string;
  netAmount: string;
  vatRate: string;
  vatAmount: string;
  grossAmount: string;
}

export interface LegalNoteView {
  /** the VAT column's marks the note explains ("AAM", "EU, EUK"); empty for a note about the seller */
  marks: string;
  text: string;
}

export interface TotalLine extends Field {
  emphasis?: boolean;
}

/**
 * A line under the title. `reference`: what the document refers to (the original invoice), set in bold; `note`: what
 * the document is or why (an advance, the reason of a modification); `warning`: it is not an invoice (proforma, draft).
 */
export interface NoticeView {
  text: string;
  tone: 'reference' | 'note' | 'warning';
}

/** A final invoice's advances, one row each: number, issue date, date paid, net, VAT, gross; a total row for several. */
export interface AdvancesView {
  heading: string;
  columns: string[];
  rows: string[][];
  total: string[] | null;
}

export interface InvoiceView {
  lang: DocLang;
  kind: DocumentKind;
  title: string;
  number: string;
  numberLabel: string;
  /** printed under the title: the original a modifying or cancelling invoice refers to, what an advance, proforma or draft is */
  notices: NoticeView[];
  watermark: string | null;
  seller: PartyView;
  /** null: a receipt that names no buyer (a receipt needs none, Áfa tv. 166. §) */
  buyer: PartyView | null;
  meta: Field[];
  columns: Record<
    'description' | 'qty' | 'unit' | 'netUnitPrice' | 'netAmount' | 'vatRate' | 'vatAmount' | 'grossAmount',
    string
  >;
  items: ItemView[];
  /** a final invoice: the advances its deduction lines deduct */
  advances: AdvancesView | null;
  vatSummary: { heading: string; columns: string[]; rows: string[][] };
  totals: TotalLine[];
  /** the legal notes of the seller's scheme and of exempt, reverse-charge, margin and out-of-scope lines, each once */
  legalNotes: { heading: string; entries: LegalNoteView[] };
  comment: Field | null;
  /** the payment QR code (issue 40): an invoice, proforma or advance to be paid by transfer whose flag asks for it */
  paymentQr?: PaymentQrView | null;
  /** one line identifying the document on every page: "Számla 2026-000123" */
  runningTitle: string;
  /** PDF metadata; `created` is the invoice's own timestamp, so the same invoice always renders the same bytes */
  info: { title: string; author: string; subject: string; language: string; created: Date };
}

export interface ViewOptions {
  /** overrides the invoice's template_lang_code */
  lang?: DocLang;
}

export function buildInvoiceView(invoice: InvoiceAttributes, opts: ViewOptions = {}): InvoiceView {
  const lang = resolveDocLang(opts.lang, invoice.template_lang_code);
  const fmt = formatLang(lang);
  const currency = invoice.currency || 'HUF';
  // A resource from before the document set (an old sync record) has no document_kind: its type and cancel flag tell.
  const kind: DocumentKind = invoice.document_kind ?? documentKindOf(invoice);
  const title = documentTitle(lang, kind);
  const number = invoice.prefixed_invoice_no || invoice.invoice_no || label(lang, 'notIssued');
  const foreign = currency !== 'HUF';

  const notices = noticesOf(invoice, kind, lang);
  const notes = invoiceLegalNotes(vatStatusOf(invoice.seller), invoice.items);
  const unclearMarks = marksOfSeveralNotes(notes);

  // Both parties print their country only when the sale crosses a border; a domestic invoice needs none.
  const crossBorder = countryKey(invoice.seller.address.country) !== countryKey(invoice.client.billing_address.country);
  const seller = invoice.seller;
  const client = invoice.client;

  // a receipt is settled on the spot: it has its date, no separate fulfillment and no due date
  const receipt = kind === 'receipt' || kind === 'cancelling_receipt';
  const meta: Field[] = [
    { label: label(lang, 'issueDate'), value: formatDate(invoice.date, fmt) },
    ...(receipt ? [] : [
      { label: label(lang, 'fulfillmentDate'), value: formatDate(invoice.fulfillment_date, fmt) },
      { label: label(lang, 'dueDate'), value: formatDate(invoice.due_date, fmt) },
    ]),
    { label: label(lang, 'paymentMethod'), value: paymentMethodName(invoice, lang) },
    { label: label(lang, 'currency'), value: currency },
  ];
  if (foreign) {
    meta.push({
      label: label(lang, 'exchangeRate'),
      value: `1 ${currency} = ${formatExchangeRate(invoice.exchange_rate, fmt)} HUF${rateSource(invoice.exchange_rate_source)}`,
    });
  }
  if (invoice.period_start && invoice.period_end) {
    meta.push({
      label: label(lang, 'period'),
      value: `${formatDate(invoice.period_start, fmt)} – ${formatDate(invoice.period_end, fmt)}`,
    });
  }

  const vatColumns = [label(lang, 'vatRateColumn'), label(lang, 'net'), label(lang, 'vat'), label(lang, 'gross')];
  if (foreign) vatColumns.push(label(lang, 'vatHuf'));
  const vatRows = invoice.vat_summary.map((row) => {
    const cells = [
      vatRateText(row.vat_id, row.vat_rate, row.vat_description, fmt),
      formatAmount(row.net, currency, fmt),
      formatAmount(row.vat, currency, fmt),
      formatAmount(row.gross, currency, fmt),
    ];
    if (foreign) cells.push(formatAmount(row.vat_huf, 'HUF', fmt));
    return cells;
  });

  const totals: TotalLine[] = [
    { label: label(lang, 'netTotal'), value: formatMoney(invoice.net_total, currency, fmt) },
    { label: label(lang, 'vatTotal'), value: formatMoney(invoice.vat_total, currency, fmt) },
    { label: label(lang, 'grossTotal'), value: formatMoney(invoice.gross_total, currency, fmt) },
  ];
  if (!isZero(invoice.rounding)) {
    totals.push({ label: label(lang, 'rounding'), value: formatMoney(invoice.rounding, currency, fmt) });
  }
  totals.push({ label: payableLabel(kind, invoice.total, lang), value: formatMoney(invoice.total, currency, fmt), emphasis: true });
  if (foreign) {
    const vatHuf = invoice.vat_summary.reduce((sum, row) => sum.plus(toBig(row.vat_huf)), new Big(0));
    totals.push({ label: label(lang, 'vatTotalHuf'), value: formatMoney(vatHuf.toFixed(3), 'HUF', fmt) });
  }
  // Payments are deliberately not printed: an issued invoice is a fixed legal document, and re-rendering it after a
  // payment must give the very same PDF (the mail outbox keeps only the hash of what was sent).

  return {
    lang,
    kind,
    title,
    number,
    numberLabel: label(lang, 'number'),
    notices,
    watermark: kind === 'draft' ? label(lang, 'draftWatermark') : null,
    seller: {
      heading: label(lang, 'seller'),
      name: seller.name,
      addressLines: addressLines(seller.address, lang, crossBorder),
      fields: compact([
        [label(lang, 'taxNumber'), seller.taxcode],
        [label(lang, 'euTaxNumber'), seller.eu_taxcode],
        [label(lang, 'bank'), seller.bank_name],
        [label(lang, 'bankAccount'), seller.bank_account_no],
        [label(lang, 'iban'), seller.bank_iban],
        [label(lang, 'swift'), seller.bank_swift],
        [label(lang, 'email'), seller.email],
        [label(lang, 'phone'), seller.phone],
      ]),
    },
    buyer: receipt && !client.name.trim() ? null : {
      heading: label(lang, 'buyer'),
      name: client.name,
      addressLines: addressLines(client.billing_address, lang, crossBorder),
      fields: compact([
        [label(lang, 'taxNumber'), client.taxcode],
        [label(lang, 'euTaxNumber'), client.eu_taxcode],
      ]),
    },
    meta,
    columns: {
      description: label(lang, 'description'),
      qty: label(lang, 'qty'),
      unit: label(lang, 'unit'),
      netUnitPrice: label(lang, 'netUnitPrice'),
      netAmount: label(lang, 'netAmount'),
      vatRate: label(lang, 'vatRate'),
      vatAmount: label(lang, 'vatAmount'),
      grossAmount: label(lang, 'grossAmount'),
    },
    items: invoice.items.map((item) => itemView(item, currency, lang, unclearMarks, kind)),
    advances: kind === 'final' || kind === 'draft' ? advancesView(invoice, currency, lang) : null,
    vatSummary: { heading: label(lang, 'vatSummary'), columns: vatColumns, rows: vatRows },
    totals,
    legalNotes: {
      heading: label(lang, 'legalNotes'),
      entries: notes.map((note) => ({ marks: note.marks.join(', '), text: pick(lang, LEGAL_NOTE_TEXTS[note.key]) })),
    },
    comment: invoice.comment.trim() ? { label: label(lang, 'comment'), value: invoice.comment.trim() } : null,
    paymentQr: paymentQrView(invoice, lang),
    runningTitle: `${title} ${number}`,
    info: {
      title: `${title} ${number}`,
      author: seller.name,
      subject: `${title} ${number} – ${client.name}`,
      language: lang === 'en' ? 'en' : lang === 'de' ? 'de-DE' : 'hu-HU',
      created: sealedTimestamp(invoice),
    },
  };
}

/**
 * What the document refers to and what it is, under the title. A modifying invoice names its original (number and
 * date, Áfa tv. 170. § (1) b) and the reason; its chain index is a NAV detail (modificationIndex) and is not printed.
 * A cancelling invoice names its original the same way; one from before the document set knows only the number.
 */
function noticesOf(invoice: InvoiceAttributes, kind: DocumentKind, lang: DocLang): NoticeView[] {
  const fmt = formatLang(lang);
  const notices: NoticeView[] = [];
  if (kind === 'modifying' || kind === 'cancelling' || kind === 'cancelling_receipt') {
    const original = invoice.original;
    const originalNo = original?.invoice_no || invoice.connected_invoice_no;
    if (originalNo) {
      notices.push({ tone: 'reference', text: originalReference(lang, originalNo, original?.date ? formatDate(original.date, fmt) : '') });
    }
    const reason = invoice.modification_reason?.trim();
    if (reason) notices.push({ tone: 'note', text: `${label(lang, 'modificationReason')}: ${reason}` });
  }
  if (invoice.is_advance && kind !== 'cancelling' && kind !== 'proforma') notices.push({ tone: 'note', text: label(lang, 'advanceNotice') });
  if (kind === 'proforma') notices.push({ tone: 'warning', text: label(lang, 'proformaNotice') });
  if (kind === 'draft') notices.push({ tone: 'warning', text: label(lang, 'draftNotice') });
  return notices;
}

/**
 * The payable line. A modifying invoice states differences: "Fizetendő különbözet" when the buyer pays more, "Különbözet
 * a vevő javára" (with the negative amount, as its lines and totals are) when the price went down. A cancelling invoice
 * keeps "Fizetendő -X", as Hungarian stornos print it.
 */
function payableLabel(kind: DocumentKind, total: string, lang: DocLang): string {
  // a receipt was paid when it was issued: its total is what was paid
  if (kind === 'receipt' || kind === 'cancelling_receipt') return label(lang, 'receiptTotal');
  if (kind !== 'modifying') return label(lang, 'payable');
  const sign = toBig(total).cmp(0);
  return label(lang, sign > 0 ? 'differencePayable' : sign < 0 ? 'differenceCredited' : 'difference');
}

/** The advances a final invoice deducts (a draft final invoice already lists them); null when there are none. */
function advancesView(invoice: InvoiceAttributes, currency: string, lang: DocLang): AdvancesView | null {
  const deductions = invoice.advance_deductions ?? [];
  if (!deductions.length) return null;
  const fmt = formatLang(lang);
  const rows = deductions.map((d) => [
    d.prefixed_invoice_no,
    formatDate(d.date, fmt),
    // the days it was received; one deducted although not received says so instead of a date
    d.payment_dates?.length ? d.payment_dates.map((day) => formatDate(day, fmt)).join(', ') : d.payment_date ? formatDate(d.payment_date, fmt) : label(lang, 'advanceNotReceived'),
    formatAmount(d.net, currency, fmt),
    formatAmount(d.vat, currency, fmt),
    formatMoney(d.gross, currency, fmt),
  ]);
  const sum = (key: 'net' | 'vat' | 'gross') => deductions.reduce((acc, d) => acc.plus(toBig(d[key])), new Big(0)).toFixed(3);
  return {
    heading: label(lang, 'advancesDeducted'),
    columns: [
      label(lang, 'advanceInvoice'),
      label(lang, 'advanceDate'),
      label(lang, 'advancePaid'),
      label(lang, 'net'),
      label(lang, 'vat'),
      label(lang, 'gross'),
    ],
    rows,
    total:
      deductions.length > 1
        ? [label(lang, 'advancesTotal'), '', '', formatAmount(sum('net'), currency, fmt), formatAmount(sum('vat'), currency, fmt), formatMoney(sum('gross'), currency, fmt)]
        : null,
  };
}

function itemView(item: InvoiceItem, currency: string, lang: DocLang, unclearMarks: Set<string>, kind: DocumentKind): ItemView {
  const fmt = formatLang(lang);
  const note = lineLegalNote(item);
  const mark = findVatCode(item.vat_id)?.description ?? '';
  return {
    description: item.description,
    reference: kind === 'modifying' && item.modifies_line ? modifiesLineNote(lang, item.modifies_line) : '',
    comment: item.item_comment?.trim() ?? '',
    legalText: note && unclearMarks.has(mark) ? pick(lang, LEGAL_NOTE_TEXTS[note]) : '',
    qty: formatQty(item.qty, fmt),
    unit: item.unit,
    netUnitPrice: formatUnitPrice(item.net_unit_price, currency, fmt),
    ...(item.gross_unit_price ? { grossUnitPrice: formatUnitPrice(item.gross_unit_price, currency, fmt) } : {}),
    netAmount: formatAmount(item.net_amount, currency, fmt),
    vatRate: vatRateText(item.vat_id, item.vat_rate, item.vat_description, fmt),
    vatAmount: formatAmount(item.vat_amount, currency, fmt),
    grossAmount: formatAmount(item.gross_amount, currency, fmt),
  };
}

/**
 * The VAT column's marks that lead to more than one note: "AM" lines exempt for different reasons (TAM and NAM_1).
 * Their lines print their own note, so every line's legal reason can still be told (Áfa tv. 169. § m).
 */
function marksOfSeveralNotes(notes: InvoiceLegalNote[]): Set<string> {
  const seen = new Set<string>();
  const several = new Set<string>();
  for (const mark of notes.flatMap((n) => n.marks)) (seen.has(mark) ? several : seen).add(mark);
  return several;
}

/** "27%" for a rate; the code's name ("AAM", "F.AFA") for exempt and special codes; "19% (DE)" for OSS codes. */
function vatRateText(vatId: string, rate: string, description: string, fmt: ReturnType<typeof formatLang>): string {
  const code = findVatCode(vatId);
  if (code?.treatment === 'rate') return formatPercent(code.value, fmt);
  if (code?.treatment === 'foreign_rate') return `${formatPercent(code.value, fmt)} (${code.country})`;
  if (code) return code.description;
  return description || formatPercent(rate, fmt);
}

function paymentMethodName(invoice: InvoiceAttributes, lang: DocLang): string {
  const def = findPaymentMethod(invoice.payment_method.id);
  if (!def) return invoice.payment_method.name;
  return pick(lang, { hu: printedPaymentMethodName(def, 'hu'), en: printedPaymentMethodName(def, 'en'), de: printedPaymentMethodName(def, 'de') });
}

/**
 * The PDF's CreationDate. pdfkit would stamp the wall clock and derive the file ID from it, making every rendering
 * of one invoice different; the invoice's created_at (business-local time, recorded as if UTC: it is metadata, not a
 * legal date) keeps the output byte-for-byte reproducible.
 */
function sealedTimestamp(invoice: InvoiceAttributes): Date {
  for (const candidate of [invoice.created_at, invoice.date]) {
    const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/.exec(candidate ?? '');
    if (m) {
      const date = new Date(`${m[1]}T${m[2] ?? '00:00:00'}Z`);
      if (!Number.isNaN(date.getTime())) return date;
    }
  }
  return new Date(0);
}

function rateSource(source: string): string {
  const text = source?.trim();
  return text && text !== 'given' ? ` (${text})` : '';
}

/**
 * Hungarian addresses put the town first ("1051 Budapest" over "Nádor utca 12."), English and German ones the
 * street first. Block, staircase, floor and door follow the house number as written.
 */
export function addressLines(a: Address, lang: DocLang, withCountry: boolean): string[] {
  const floorDoor = a.floor && a.door ? `${a.floor}/${a.door}` : a.floor || a.door;
  const street = joinNonEmpty([a.street_name, a.street_type, a.house_nr, a.block, a.entrance, floorDoor]);
  const town = joinNonEmpty([a.postcode, joinNonEmpty([a.city, a.district], ', ')]);
  const lines = lang === 'hu' || lang === 'hu-en' ? [town, street] : [street, town];
  if (withCountry && a.country.trim()) lines.push(formatCountry(a.country, formatLang(lang)));
  return lines.filter(Boolean);
}

function countryKey(country: string): string {
  const c = country.trim().toUpperCase();
  return c === '' || c === 'MAGYARORSZÁG' || c === 'HUNGARY' ? 'HU' : c;
}

function compact(pairs: Array<[string, string | null | undefined]>): Field[] {
  return pairs.filter(([, value]) => value?.trim()).map(([label, value]) => ({ label, value: value!.trim() }));
}

function joinNonEmpty(parts: Array<string | null | undefined>, sep = ' '): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(sep);
}

function toBig(value: string): Big {
  try {
    return new Big(value);
  } catch {
    return new Big(0);
  }
}

function isZero(value: string | null | undefined): boolean {
  return !value || toBig(value).eq(0);
}
