// The invoice's pdfmake document definition: A4, one accent colour, numbers right-aligned in tabular columns.
// Pure: takes the formatted view (view.ts) and returns plain data plus a few layout callbacks; rendering happens in
// engine.ts. Long invoices flow over pages with the item table's header repeated and "page / pages" in the footer.
import type { Content, ContentTable, CustomTableLayout, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { InvoiceAttributes } from '../../shared/resources';
import { FONT_FAMILY } from './fonts';
import { paymentQrBlock } from './payment-qr/pdf';
import { breakLongWords, chunkBlocks, type TextBlock } from './text-fit';
import {
  buildInvoiceView,
  type AdvancesView,
  type Field,
  type InvoiceView,
  type LegalNoteView,
  type NoticeView,
  type PartyView,
  type ViewOptions,
} from './view';

const COLOR = {
  ink: '#1f2937',
  muted: '#6b7280',
  accent: '#1e3a5f',
  rule: '#d5dae1',
  fill: '#f3f5f8',
  warn: '#b42318',
  watermark: '#b42318',
};

const PAGE_MARGINS: [number, number, number, number] = [36, 44, 36, 48];
const META_PER_ROW = 5;

export function invoiceDocDefinition(invoice: InvoiceAttributes, opts: ViewOptions = {}): TDocumentDefinitions {
  return viewDocDefinition(buildInvoiceView(invoice, opts));
}

export function viewDocDefinition(view: InvoiceView): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: {
      title: view.info.title,
      author: view.info.author,
      subject: view.info.subject,
      creator: 'Folio',
      producer: 'Folio (pdfmake)',
      creationDate: view.info.created,
    },
    language: view.info.language,
    defaultStyle: { font: FONT_FAMILY, fontSize: 9, lineHeight: 1.2, color: COLOR.ink },
    styles: {
      title: { fontSize: 22, bold: true, color: COLOR.accent },
      caption: { fontSize: 7, color: COLOR.muted, bold: true, characterSpacing: 0.4 },
      th: { fontSize: 7, bold: true, color: '#ffffff' },
      small: { fontSize: 7.5, color: COLOR.muted },
    },
    watermark: view.watermark
      ? { text: view.watermark, color: COLOR.watermark, opacity: 0.1, bold: true }
      : undefined,
    header: (currentPage: number) =>
      currentPage > 1
        ? {
            text: view.runningTitle,
            style: 'small',
            alignment: 'right',
            margin: [PAGE_MARGINS[0], 22, PAGE_MARGINS[2], 0],
          }
        : null,
    footer: (currentPage: number, pageCount: number) => ({
      margin: [PAGE_MARGINS[0], 16, PAGE_MARGINS[2], 0],
      columns: [
        { text: `${view.seller.name} · ${view.runningTitle}`, style: 'small' },
        { text: `${currentPage} / ${pageCount}`, style: 'small', alignment: 'right', width: 'auto' },
      ],
    }),
    content: [
      titleBlock(view),
      parties(view),
      metaGrid(view.meta),
      itemsTable(view),
      // Between the lines and the totals: it explains the deduction lines just above and the payable amount below.
      ...(view.advances ? [advancesBlock(view.advances)] : []),
      summary(view),
      // Right under the totals they qualify, across the page: inside the unbreakable summary a long list of notes
      // (a bilingual invoice with five reasons) pushed the whole summary onto a page of its own.
      ...(view.legalNotes.entries.length ? [legalNotesBlock(view.legalNotes.heading, view.legalNotes.entries)] : []),
      // the payment code after what it pays and the notes that qualify it, before the free comment
      ...(view.paymentQr ? [paymentQrBlock(view.paymentQr)] : []),
      ...(view.comment ? [commentBlock(view.comment)] : []),
    ],
  };
}

function titleBlock(view: InvoiceView): Content {
  return {
    margin: [0, 0, 0, 14],
    stack: [
      {
        columns: [
          { text: view.title, style: 'title', width: '*' },
          {
            width: 'auto',
            alignment: 'right',
            stack: [
              { text: upper(view.numberLabel), style: 'caption' },
              { text: view.number, fontSize: 13, bold: true, color: COLOR.accent },
            ],
          },
        ],
      },
      ...view.notices.map(noticeLine),
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 523, y2: 0, lineWidth: 1.5, lineColor: COLOR.accent }],
        margin: [0, 8, 0, 0],
      },
    ],
  };
}

function noticeLine(notice: NoticeView): Content {
  const style =
    notice.tone === 'warning'
      ? { bold: true, color: COLOR.warn }
      : notice.tone === 'reference'
        ? { bold: true, fontSize: 10, color: COLOR.accent }
        : { color: COLOR.accent };
  return { text: glueReferences(breakLongWords(notice.text, 80)), ...style, margin: [0, 3, 0, 0] };
}

// One table row holds both cards so they share a height; the middle column is the gap between them.
function parties(view: InvoiceView): Content {
  const gap: TableCell = { text: '', border: [false, false, false, false] };
  return {
    table: { widths: ['*', 14, '*'], body: [[partyCell(view.seller), gap, view.buyer ? partyCell(view.buyer) : gap]] },
    layout: boxLayout,
    margin: [0, 0, 0, 12],
  };
}

function partyCell(party: PartyView): TableCell {
  return {
    border: [true, true, true, true],
    stack: [
      { text: upper(party.heading), style: 'caption', margin: [0, 0, 0, 3] },
      { text: fit(party.name, 24), fontSize: 11, bold: true, margin: [0, 0, 0, 2] },
      ...party.addressLines.map((line): Content => ({ text: fit(line, 32) })),
      ...party.fields.map((f, i): Content => fieldLine(f, i === 0 ? 6 : 0)),
    ],
  };
}

/**
 * Party card text: a half-page column (~236 pt) holds 35 of the widest capitals at 9 pt, 28 at 11 pt bold; longer
 * unbroken tokens may wrap. Ordinary e-mail addresses, tax numbers and IBANs (with spaces) are shorter.
 */
function fit(text: string, max: number): string {
  return breakLongWords(text, max);
}

function fieldLine(f: Field, marginTop: number): Content {
  return { text: [{ text: `${f.label}: `, color: COLOR.muted }, { text: fit(f.value, 32) }], margin: [0, marginTop, 0, 0] };
}

// Up to five facts side by side; a sixth or seventh (exchange rate, billing period) goes on a second row, its last
// cell spanning the rest so a long "1 EUR = 392,15 HUF (MNB …)" does not wrap.
function metaGrid(meta: Field[]): Content {
  const perRow = Math.min(META_PER_ROW, meta.length);
  const rows: TableCell[][] = [];
  for (let i = 0; i < meta.length; i += perRow) {
    const fields = meta.slice(i, i + perRow);
    const row: TableCell[] = fields.map((f, j) => ({
      colSpan: j === fields.length - 1 ? perRow - j : 1,
      stack: [
        { text: upper(f.label), style: 'caption' },
        { text: f.value, bold: true },
      ],
    }));
    while (row.length < perRow) row.push({ text: '' }); // placeholders covered by the colSpan
    rows.push(row);
  }
  return {
    table: { widths: Array(perRow).fill('*'), body: rows },
    layout: {
      fillColor: () => COLOR.fill,
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: (i: number) => (i === 0 ? 7 : 2),
      paddingBottom: (i: number, node: ContentTable) => (i === node.table.body.length - 1 ? 7 : 2),
    },
    margin: [0, 0, 0, 14],
  };
}

// Fixed widths keep the amount columns aligned from page to page; the description takes what is left.
const ITEM_WIDTHS = ['*', 30, 30, 56, 58, 38, 54, 60];
const A4_WIDTH = 595.28;
const ITEM_PADDING = 3 + 3; // itemsLayout's paddingLeft + paddingRight, per cell
/** What the description column ('*') gets: the page's text width less the fixed columns and every cell's padding. */
const DESCRIPTION_WIDTH =
  A4_WIDTH - PAGE_MARGINS[0] - PAGE_MARGINS[2] - (ITEM_WIDTHS.slice(1) as number[]).reduce((a, b) => a + b, 0) - ITEM_WIDTHS.length * ITEM_PADDING;

function itemsTable(view: InvoiceView): Content {
  const c = view.columns;
  const header: TableCell[] = [
    { text: c.description, style: 'th' },
    { text: c.qty, style: 'th', alignment: 'right' },
    { text: c.unit, style: 'th' },
    { text: c.netUnitPrice, style: 'th', alignment: 'right' },
    { text: c.netAmount, style: 'th', alignment: 'right' },
    { text: c.vatRate, style: 'th', alignment: 'center' },
    { text: c.vatAmount, style: 'th', alignment: 'right' },
    { text: c.grossAmount, style: 'th', alignment: 'right' },
  ];
  const body: TableCell[][] = [header];
  const continuation = new Set<number>(); // rows carrying the rest of a long description
  for (const item of view.items) {
    const blocks: TextBlock[] = [{ text: item.description, style: {} }];
    if (item.reference) blocks.push({ text: item.reference, style: REFERENCE_STYLE });
    if (item.comment) blocks.push({ text: item.comment, style: COMMENT_STYLE });
    if (item.legalText) blocks.push({ text: glueReferences(item.legalText), style: LEGAL_STYLE });
    const [first = [], ...rest] = chunkBlocks(blocks, DESCRIPTION_WIDTH);
    body.push([
      { stack: first.map((b): Content => ({ text: b.text, ...b.style })) },
      { text: item.qty, alignment: 'right' },
      { text: item.unit },
      { text: item.netUnitPrice, alignment: 'right' },
      { text: item.netAmount, alignment: 'right' },
      { text: item.vatRate, alignment: 'center' },
      { text: item.vatAmount, alignment: 'right' },
      { text: item.grossAmount, alignment: 'right', bold: true },
    ]);
    for (const chunk of rest) {
      continuation.add(body.length);
      body.push([{ stack: chunk.map((b): Content => ({ text: b.text, ...b.style })) }, '', '', '', '', '', '', '']);
    }
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ITEM_WIDTHS, body },
    layout: itemsLayout(continuation),
    fontSize: 8,
    margin: [0, 0, 0, 14],
  };
}

/** The advances a final invoice deducts, as a small table in the VAT summary's style; kept whole on one page. */
function advancesBlock(advances: AdvancesView): Content {
  const right = (i: number) => (i >= 3 ? 'right' : 'left');
  const body: TableCell[][] = [
    advances.columns.map((text, i): TableCell => ({ text, bold: true, color: COLOR.muted, fontSize: 7, alignment: right(i) })),
    ...advances.rows.map((row) => row.map((text, i): TableCell => ({ text, alignment: right(i), bold: i === 0 || i === 5 }))),
  ];
  if (advances.total) body.push(advances.total.map((text, i): TableCell => ({ text, alignment: right(i), bold: true })));
  return {
    unbreakable: true,
    stack: [
      { text: upper(advances.heading), style: 'caption', margin: [0, 0, 0, 3] },
      {
        table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body },
        layout: advancesLayout(advances.rows.length + 1),
        fontSize: 8,
      },
    ],
    margin: [0, 0, 0, 14],
  };
}

function summary(view: InvoiceView): Content {
  const vat = view.vatSummary;
  const vatTable: Content = {
    stack: [
      { text: upper(vat.heading), style: 'caption', margin: [0, 0, 0, 3] },
      {
        table: {
          headerRows: 1,
          widths: ['*', ...vat.columns.slice(1).map(() => 'auto' as const)],
          body: [
            vat.columns.map((text, i): TableCell => ({ text, bold: true, color: COLOR.muted, fontSize: 7, alignment: i ? 'right' : 'left' })),
            ...vat.rows.map((row) => row.map((text, i): TableCell => ({ text, alignment: i ? 'right' : 'left' }))),
          ],
        },
        layout: summaryLayout,
        fontSize: 8,
      },
    ],
  };
  const totalsTable: Content = {
    table: {
      widths: ['*', 'auto'],
      body: view.totals.map((t): TableCell[] =>
        t.emphasis
          ? [
              // a bilingual difference line ("Különbözet a vevő javára / Difference in the buyer's favour") would take three lines at 11 pt
              { text: t.label, bold: true, fontSize: t.label.length > 30 ? 9 : 11, color: COLOR.accent },
              { text: t.value, bold: true, fontSize: 11, color: COLOR.accent, alignment: 'right' },
            ]
          : [{ text: t.label, color: COLOR.muted }, { text: t.value, alignment: 'right' }],
      ),
    },
    layout: totalsLayout(view.totals.findIndex((t) => t.emphasis)),
  };
  return {
    columns: [vatTable, { width: 220, stack: [totalsTable] }],
    columnGap: 18,
    unbreakable: true,
    margin: [0, 0, 0, 14],
  };
}

/**
 * The notes may run onto the next page between two notes, never inside one; the caption is the table's header row, so
 * it stays with the first note and is repeated over the rest.
 */
function legalNotesBlock(heading: string, entries: LegalNoteView[]): Content {
  const marked = entries.some((e) => e.marks);
  const ruled = { border: [true, false, false, false] as [boolean, boolean, boolean, boolean] };
  const bare = { border: [false, false, false, false] as [boolean, boolean, boolean, boolean] };
  // the caption lines up with the other captions, left of the rule's padding
  const caption: TableCell = { text: upper(heading), style: 'caption', colSpan: marked ? 2 : 1, margin: [-7.5, 0, 0, 0], ...bare };
  const text = (e: LegalNoteView, first: boolean): TableCell => ({ text: glueReferences(e.text), color: COLOR.accent, ...(first ? ruled : bare) });
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: marked ? ['auto', '*'] : ['*'],
      body: [
        marked ? [caption, { text: '' }] : [caption],
        ...entries.map((e): TableCell[] =>
          marked ? [{ text: e.marks, bold: true, color: COLOR.accent, noWrap: true, ...ruled }, text(e, false)] : [text(e, true)],
        ),
      ],
    },
    layout: notesLayout,
    fontSize: 8,
    margin: [0, 0, 0, 14],
  };
}

/**
 * "Áfa tv. 98–109. §", "Section 187", "Art. 196": a legal reference split over two lines reads badly, so its words
 * are joined by no-break spaces (a reader copying the text still gets spaces).
 */
function glueReferences(text: string): string {
  return text.replace(/(Áfa|tv\.|§§?|Sections?|Art\.) (?=\S)/g, '$1\u00a0').replace(/(\d\.) (?=§)/g, '$1\u00a0');
}

function commentBlock(comment: Field): Content {
  return {
    unbreakable: true,
    stack: [
      { text: upper(comment.label), style: 'caption', margin: [0, 0, 0, 3] },
      { text: breakLongWords(comment.value, 80) },
    ],
  };
}

const boxLayout: CustomTableLayout = {
  hLineWidth: () => 0.75,
  vLineWidth: () => 0.75,
  hLineColor: () => COLOR.rule,
  vLineColor: () => COLOR.rule,
  paddingLeft: () => 9,
  paddingRight: () => 9,
  paddingTop: () => 8,
  paddingBottom: () => 8,
};

const COMMENT_STYLE = { fontSize: 7.5, color: COLOR.muted };
// "(2. sor módosítása)": which line of the original the difference belongs to, as visible as the legal texts.
const REFERENCE_STYLE = { fontSize: 7.5, color: COLOR.accent, bold: true };
// Legal texts are set apart by colour, not italics: every face a document uses is one more font subset to build
// and embed (~10 % of a one-page invoice's render time), and two faces serve the whole layout.
const LEGAL_STYLE = { fontSize: 7.5, color: COLOR.accent };

/** Thin rules between items; none above a continuation row, so a long description reads as one item. */
function itemsLayout(continuation: Set<number>): CustomTableLayout {
  return {
    fillColor: (row: number) => (row === 0 ? COLOR.accent : null),
    hLineWidth: (i: number, node: ContentTable) =>
      i === 0 || i === 1 || continuation.has(i) ? 0 : i === node.table.body.length ? 1 : 0.5,
    vLineWidth: () => 0,
    hLineColor: (i: number, node: ContentTable) => (i === node.table.body.length ? COLOR.accent : COLOR.rule),
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: (row: number) => (row === 0 ? 5 : continuation.has(row) ? 0 : 4),
    paddingBottom: (row: number) => (row === 0 ? 5 : continuation.has(row + 1) ? 0 : 4),
  };
}

const summaryLayout: CustomTableLayout = {
  hLineWidth: (i: number) => (i === 1 ? 0.75 : 0),
  vLineWidth: () => 0,
  hLineColor: () => COLOR.rule,
  paddingLeft: (i: number) => (i === 0 ? 0 : 6),
  paddingRight: (i: number, node: ContentTable) => (i === (node.table.widths?.length ?? 1) - 1 ? 0 : 6),
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

/** The summary's rules: under the header, and above the total row when there is one (`totalRow`: its index). */
function advancesLayout(totalRow: number): CustomTableLayout {
  return {
    ...summaryLayout,
    hLineWidth: (i: number, node: ContentTable) => (i === 1 || (i === totalRow && node.table.body.length > totalRow) ? 0.75 : 0),
  };
}

// A thin accent rule on the left sets the notes apart; the marks ("AAM", "EU") sit in a column of their own so the
// texts line up.
const notesLayout: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: (i: number) => (i === 0 ? 1.5 : 0),
  vLineColor: () => COLOR.accent,
  paddingLeft: (i: number) => (i === 0 ? 6 : 4),
  paddingRight: (i: number, node: ContentTable) => (i === (node.table.widths?.length ?? 1) - 1 ? 0 : 4),
  paddingTop: () => 1.5,
  paddingBottom: (row: number) => (row === 0 ? 3 : 1.5),
};

function totalsLayout(emphasisRow: number): CustomTableLayout {
  return {
    hLineWidth: (i: number) => (i === emphasisRow || i === emphasisRow + 1 ? 1 : 0),
    vLineWidth: () => 0,
    hLineColor: () => COLOR.accent,
    fillColor: (row: number) => (row === emphasisRow ? COLOR.fill : null),
    paddingLeft: () => 6,
    paddingRight: () => 6,
    paddingTop: (row: number) => (row === emphasisRow ? 6 : 2),
    paddingBottom: (row: number) => (row === emphasisRow ? 6 : 2),
  };
}

/** Captions are set in capitals; JavaScript upper-cases ő/ű to Ő/Ű correctly. */
function upper(text: string): string {
  return text.toLocaleUpperCase('hu');
}
