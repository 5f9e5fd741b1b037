// A delivery note (szállítólevél, issue 40) as PDF: the paper that travels with the goods. Seller, buyer and the
// delivery address; the lines with quantities and units, with their prices only when the note shows them ("hide
// prices"); "not an invoice"; the comment; two signature lines (handed over / received). A cancelled note prints
// a watermark. Same fonts, page and offline rules as the invoice (engine.ts).
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import Big from 'big.js';
import type { DeliveryNoteAttributes } from '../../shared/delivery-notes';
import { renderDocDefinition } from './engine';
import { FONT_FAMILY } from './fonts';
import { formatDate, formatMoney, formatQty, formatUnitPrice } from './format';
import { formatLang, pick, resolveDocLang, type DocLang } from './i18n';
import { addressLines } from './view';

const T = {
  title: { hu: 'Szállítólevél', en: 'Delivery note', de: 'Lieferschein' },
  number: { hu: 'Sorszám', en: 'Number', de: 'Nummer' },
  seller: { hu: 'Szállító', en: 'Supplier', de: 'Lieferant' },
  buyer: { hu: 'Vevő', en: 'Customer', de: 'Kunde' },
  deliverTo: { hu: 'Szállítási cím', en: 'Delivery address', de: 'Lieferadresse' },
  date: { hu: 'Kiszállítás dátuma', en: 'Delivery date', de: 'Lieferdatum' },
  taxNumber: { hu: 'Adószám', en: 'Tax number', de: 'Steuernummer' },
  notInvoice: {
    hu: 'A szállítólevél nem számla: az áruk átadását igazolja.',
    en: 'A delivery note is not an invoice: it records that the goods were handed over.',
    de: 'Ein Lieferschein ist keine Rechnung: Er bestätigt die Übergabe der Waren.',
  },
  description: { hu: 'Megnevezés', en: 'Description', de: 'Bezeichnung' },
  qty: { hu: 'Mennyiség', en: 'Quantity', de: 'Menge' },
  unit: { hu: 'Egység', en: 'Unit', de: 'Einheit' },
  unitPrice: { hu: 'Nettó egységár', en: 'Net unit price', de: 'Netto-Einzelpreis' },
  amount: { hu: 'Nettó érték', en: 'Net amount', de: 'Nettobetrag' },
  total: { hu: 'Nettó összesen', en: 'Net total', de: 'Netto gesamt' },
  comment: { hu: 'Megjegyzés', en: 'Notes', de: 'Anmerkungen' },
  handedOver: { hu: 'Átadó', en: 'Handed over by', de: 'Übergeben von' },
  received: { hu: 'Átvevő', en: 'Received by', de: 'Empfangen von' },
  signDate: { hu: 'Dátum, aláírás', en: 'Date, signature', de: 'Datum, Unterschrift' },
  cancelled: { hu: 'SZTORNÓZVA', en: 'CANCELLED', de: 'STORNIERT' },
  invoiced: { hu: 'Számlázva', en: 'Invoiced', de: 'Abgerechnet' },
} as const;

// What differs by kind: the title, what the document is, the date's name, who signs.
const KIND_TEXTS = {
  order_form: {
    title: { hu: 'Megrendelés-visszaigazolás', en: 'Order confirmation', de: 'Auftragsbestätigung' },
    notInvoice: {
      hu: 'A megrendelés visszaigazolása nem számla: a megrendelt tételeket és árakat rögzíti.',
      en: 'An order confirmation is not an invoice: it records the items and prices ordered.',
      de: 'Eine Auftragsbestätigung ist keine Rechnung: Sie hält die bestellten Positionen und Preise fest.',
    },
    date: { hu: 'Kelte', en: 'Date', de: 'Datum' },
    left: { hu: 'Szállító', en: 'Supplier', de: 'Lieferant' },
    right: { hu: 'Megrendelő', en: 'Customer', de: 'Auftraggeber' },
  },
  cert_of_completion: {
    title: { hu: 'Teljesítésigazolás', en: 'Certificate of completion', de: 'Abnahmebescheinigung' },
    notInvoice: {
      hu: 'A megrendelő igazolja, hogy a vállalkozó az alábbi munkákat elvégezte. A teljesítésigazolás nem számla.',
      en: 'The customer confirms that the contractor completed the work below. This certificate is not an invoice.',
      de: 'Der Auftraggeber bestätigt, dass der Auftragnehmer die folgenden Leistungen erbracht hat. Keine Rechnung.',
    },
    date: { hu: 'Teljesítés dátuma', en: 'Completion date', de: 'Abnahmedatum' },
    left: { hu: 'Vállalkozó', en: 'Contractor', de: 'Auftragnehmer' },
    right: { hu: 'Megrendelő', en: 'Customer', de: 'Auftraggeber' },
  },
} as const;

const MUTED = '#6b7280';
const ACCENT = '#1e3a5f';
const RULE = '#d5dae1';

export function deliveryNoteDocDefinition(note: DeliveryNoteAttributes, requested?: string): TDocumentDefinitions {
  const lang: DocLang = resolveDocLang(requested, note.template_lang_code);
  const fmt = formatLang(lang);
  const kindTexts = note.kind === 'waybill' ? null : KIND_TEXTS[note.kind];
  const l = (k: keyof typeof T) => {
    if (kindTexts) {
      if (k === 'title' || k === 'notInvoice' || k === 'date') return pick(lang, kindTexts[k]);
      if (k === 'handedOver' || k === 'seller') return pick(lang, kindTexts.left);
      if (k === 'received' || k === 'buyer') return pick(lang, kindTexts.right);
    }
    return pick(lang, T[k]);
  };
  const withPrices = note.show_prices === 1 && note.items.every((i) => i.net_unit_price !== null);
  const party = (heading: string, name: string, lines: string[]): Content => ({
    table: { widths: ['*'], body: [[{ stack: [{ text: heading.toLocaleUpperCase('hu'), style: 'caption' }, { text: name, bold: true, fontSize: 11, margin: [0, 3, 0, 2] }, ...lines.map((t) => ({ text: t }))] }]] },
    layout: { hLineColor: () => RULE, vLineColor: () => RULE, hLineWidth: () => 0.75, vLineWidth: () => 0.75, paddingLeft: () => 8, paddingRight: () => 8, paddingTop: () => 7, paddingBottom: () => 7 },
  });
  const tax = (t: string) => (t ? [`${l('taxNumber')}: ${t}`] : []);
  const header: TableCell[] = [l('description'), l('qty'), l('unit'), ...(withPrices ? [l('unitPrice'), l('amount')] : [])].map((text, i) => ({
    text, bold: true, color: '#ffffff', fontSize: 7, alignment: i === 1 || i >= 3 ? 'right' : 'left',
  }));
  let total = new Big(0);
  const rows: TableCell[][] = note.items.map((i) => {
    const cells: TableCell[] = [{ text: i.description }, { text: formatQty(i.qty, fmt), alignment: 'right' }, { text: i.unit }];
    if (withPrices) {
      const amount = new Big(i.qty).times(i.net_unit_price!).round(2, 1);
      total = total.plus(amount);
      cells.push({ text: formatUnitPrice(i.net_unit_price!, note.currency, fmt), alignment: 'right' }, { text: formatMoney(amount.toFixed(3), note.currency, fmt), alignment: 'right' });
    }
    return cells;
  });
  const signature = (label: string): Content => ({
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.75, lineColor: ACCENT }], margin: [0, 36, 0, 3] },
      { text: label, bold: true },
      { text: l('signDate'), style: 'caption' },
    ],
  });
  const content: Content[] = [
    {
      columns: [
        { text: l('title'), fontSize: 22, bold: true, color: ACCENT },
        { width: 'auto', alignment: 'right', stack: [{ text: l('number').toLocaleUpperCase('hu'), style: 'caption' }, { text: note.note_no, fontSize: 13, color: ACCENT, bold: true }] },
      ],
    },
    { text: l('notInvoice'), color: ACCENT, margin: [0, 3, 0, 0] },
    { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 523, y2: 6, lineWidth: 1.5, lineColor: ACCENT }], margin: [0, 0, 0, 12] },
    {
      columns: [
        party(l('seller'), note.seller.name, [...addressLines(note.seller.address, lang, false), ...tax(note.seller.taxcode)]),
        party(l('buyer'), note.client.name, [...addressLines(note.client.billing_address, lang, false), ...tax(note.client.taxcode)]),
        ...(note.kind === 'waybill' ? [party(l('deliverTo'), note.client.name, addressLines(note.delivery_address, lang, false))] : []),
      ],
      columnGap: 10,
      margin: [0, 0, 0, 12],
    },
    {
      table: { widths: ['*', '*'], body: [[{ stack: [{ text: l('date').toLocaleUpperCase('hu'), style: 'caption' }, { text: formatDate(note.date, fmt), bold: true }] }, note.status === 'invoiced' ? { stack: [{ text: l('invoiced').toLocaleUpperCase('hu'), style: 'caption' }, { text: '✓', bold: true }] } : { text: '' }]] },
      layout: { fillColor: () => '#f3f5f8', hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 8, paddingTop: () => 6, paddingBottom: () => 6 },
      margin: [0, 0, 0, 12],
    },
    {
      table: { headerRows: 1, dontBreakRows: true, widths: withPrices ? ['*', 60, 45, 80, 90] : ['*', 70, 60], body: [header, ...rows] },
      layout: { fillColor: (r: number) => (r === 0 ? ACCENT : null), hLineWidth: (i: number) => (i < 2 ? 0 : 0.5), vLineWidth: () => 0, hLineColor: () => RULE, paddingTop: () => 4, paddingBottom: () => 4 },
      fontSize: 9,
      margin: [0, 0, 0, 8],
    },
    ...(withPrices ? [{ text: `${l('total')}: ${formatMoney(total.toFixed(3), note.currency, fmt)}`, alignment: 'right' as const, bold: true, fontSize: 11, color: ACCENT, margin: [0, 0, 0, 12] as [number, number, number, number] }] : []),
    ...(note.comment.trim() ? [{ stack: [{ text: l('comment').toLocaleUpperCase('hu'), style: 'caption' }, { text: note.comment }], margin: [0, 0, 0, 12] as [number, number, number, number] }] : []),
    { columns: [signature(l('handedOver')), signature(l('received'))], columnGap: 60, unbreakable: true },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [36, 44, 36, 48],
    info: { title: `${l('title')} ${note.note_no}`, author: note.seller.name, creator: 'Folio', producer: 'Folio (pdfmake)', creationDate: new Date(note.created_at) },
    defaultStyle: { font: FONT_FAMILY, fontSize: 9, lineHeight: 1.2, color: '#1f2937' },
    styles: { caption: { fontSize: 7, color: MUTED, bold: true, characterSpacing: 0.4 } },
    watermark: note.status === 'cancelled' ? { text: l('cancelled'), color: '#b42318', opacity: 0.12, bold: true } : undefined,
    footer: (page: number, pages: number) => ({ text: `${note.seller.name} · ${l('title')} ${note.note_no} · ${page} / ${pages}`, fontSize: 7.5, color: MUTED, margin: [36, 16, 36, 0] }),
    content,
  };
}

export function renderDeliveryNotePdf(note: DeliveryNoteAttributes, lang?: string): Promise<Buffer> {
  return renderDocDefinition(deliveryNoteDocDefinition(note, lang));
}
