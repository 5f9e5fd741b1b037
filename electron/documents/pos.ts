// The invoice on a receipt printer's roll: 58 mm or 80 mm wide paper, one long page, one column. Built from the same
// formatted view as the A4 PDF (view.ts), so the words, numbers and dates are the invoice's own in its language; only
// the arrangement differs: each line is its description, then "qty unit × unit price" and the gross on one row.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { InvoiceAttributes } from '../../shared/resources';
import { renderDocDefinition } from './engine';
import { FONT_FAMILY } from './fonts';
import { breakWideWords } from './text-fit';
import { buildInvoiceView, type Field, type InvoiceView, type ViewOptions } from './view';
import type { PosWidth } from './pos-widths';

export { POS_WIDTHS_MM, type PosWidth } from './pos-widths';

const PT_PER_MM = 72 / 25.4;
/** Receipt printers cannot print to the paper's edge; about 3 mm either side is lost. */
const SIDE_MARGIN_PT = 8;
/**
 * A dashed line across the roll between the receipt's parts, as till receipts print them: an empty one-cell table
 * whose bottom border is the line (a canvas line would confuse pdfmake's sizing of an 'auto'-height page).
 */
const RULE = (): Content => ({
  table: { widths: ['*'], body: [[{ text: '', fontSize: 1 }]] },
  layout: {
    hLineWidth: (i: number) => (i === 1 ? 0.5 : 0),
    vLineWidth: () => 0,
    hLineStyle: () => ({ dash: { length: 2, space: 1.5 } }),
    paddingTop: () => 0,
    paddingBottom: () => 0,
  },
  margin: [0, 2, 0, 4],
});

export function posPageWidth(mm: PosWidth): number {
  return mm * PT_PER_MM;
}

export function posDocDefinition(invoice: InvoiceAttributes, mm: PosWidth, opts: ViewOptions = {}): TDocumentDefinitions {
  return posViewDefinition(buildInvoiceView(invoice, opts), mm);
}

export async function renderPosPdf(invoice: InvoiceAttributes, mm: PosWidth, opts: ViewOptions = {}): Promise<Buffer> {
  return renderDocDefinition(posDocDefinition(invoice, mm, opts));
}

function posViewDefinition(view: InvoiceView, mm: PosWidth): TDocumentDefinitions {
  const width = posPageWidth(mm);
  const inner = width - 2 * SIDE_MARGIN_PT;
  const small = mm === 58 ? 6.5 : 7.5;
  const base = mm === 58 ? 7.5 : 8.5;
  // a word wider than the roll (a long e-mail or account number) is broken rather than run off the paper
  const fit = (text: string) => breakWideWords(text, inner, base);
  const pair = (f: Field, bold = false): Content => ({
    columns: [
      { text: fit(f.label), width: '*' },
      { text: f.value, width: 'auto', alignment: 'right' },
    ],
    bold,
    columnGap: 4,
  });
  const seller = view.seller;
  const content: Content[] = [
    { text: fit(seller.name), bold: true, alignment: 'center', fontSize: base + 1.5 },
    ...seller.addressLines.map((l): Content => ({ text: fit(l), alignment: 'center' })),
    ...seller.fields.map((f): Content => ({ text: fit(`${f.label}: ${f.value}`), alignment: 'center', fontSize: small })),
    RULE(),
    { text: view.title, bold: true, alignment: 'center', fontSize: base + 1.5 },
    { text: `${view.numberLabel}: ${view.number}`, alignment: 'center' },
    ...view.notices.map((n): Content => ({ text: fit(n.text), alignment: 'center', fontSize: small })),
    RULE(),
    // an invoice names its buyer, on a roll of paper too (Áfa tv. 169. § e); a receipt may name none
    ...(view.buyer
      ? [
          { text: view.buyer.heading, bold: true, fontSize: small },
          { text: fit(view.buyer.name), bold: true },
          ...view.buyer.addressLines.map((l): Content => ({ text: fit(l) })),
          ...view.buyer.fields.map((f): Content => ({ text: fit(`${f.label}: ${f.value}`), fontSize: small })),
          RULE(),
        ]
      : []),
    ...view.meta.map((f) => pair(f)),
    RULE(),
  ];
  for (const item of view.items) {
    content.push({ text: fit(item.description), bold: true, margin: [0, 2, 0, 0] });
    if (item.reference) content.push({ text: fit(item.reference), fontSize: small });
    content.push({
      columns: [
        // a line priced with VAT (every receipt's) shows that price, so that qty × price is the amount beside it
        { text: `${item.qty} ${item.unit} × ${item.grossUnitPrice ?? item.netUnitPrice}`.replace(/\s+/g, ' '), width: '*' },
        { text: item.grossAmount, width: 'auto', alignment: 'right' },
      ],
      columnGap: 4,
    });
    content.push({ text: `${view.columns.vatRate} ${item.vatRate}`, fontSize: small, color: '#444444' });
  }
  content.push(RULE(), { text: view.vatSummary.heading, bold: true });
  content.push({
    table: {
      widths: ['*', 'auto', 'auto', 'auto'],
      headerRows: 1,
      body: [
        view.vatSummary.columns.slice(0, 4).map((c) => ({ text: c, bold: true })),
        ...view.vatSummary.rows.map((r) => r.slice(0, 4).map((c, i) => ({ text: c, alignment: i === 0 ? 'left' : 'right' }))),
      ],
    },
    layout: 'noBorders',
    fontSize: small,
  } as Content);
  content.push(RULE(), ...view.totals.map((t) => pair(t, t.emphasis === true)));
  if (view.comment) content.push(RULE(), { text: fit(`${view.comment.label}: ${view.comment.value}`), fontSize: small });
  return {
    // one page as long as the receipt: pdfmake sizes an 'auto' height to the content
    pageSize: { width, height: 'auto' },
    pageMargins: [SIDE_MARGIN_PT, 10, SIDE_MARGIN_PT, 14],
    info: { title: view.info.title, author: view.info.author, subject: view.info.subject, creationDate: view.info.created },
    language: view.info.language,
    defaultStyle: { font: FONT_FAMILY, fontSize: base, lineHeight: 1.15, color: '#000000' },
    content,
  };
}
