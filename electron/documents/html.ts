// The same invoice as one self-contained HTML page: inline CSS, no scripts, no external resources (a CSP meta tag
// forbids any), built from the very view the PDF is built from. Used for an on-screen preview and by the benchmark
// that compares pdfmake with Chromium's print-to-PDF. Chromium repeats <thead> on every printed page by itself;
// page numbers come from page.pdf()'s footer template (see PRINT_FOOTER_TEMPLATE).
import type { InvoiceAttributes } from '../../shared/resources';
import { qrSvg } from './payment-qr/matrix';
import type { PaymentQrView } from './payment-qr/view';
import { buildInvoiceView, type AdvancesView, type Field, type InvoiceView, type PartyView, type ViewOptions } from './view';

export function invoiceHtml(invoice: InvoiceAttributes, opts: ViewOptions = {}): string {
  return viewHtml(buildInvoiceView(invoice, opts));
}

/** Footer for Chromium's page.pdf({ displayHeaderFooter: true, footerTemplate }): "1 / 3" like the PDF. */
export const PRINT_FOOTER_TEMPLATE =
  '<div style="font-size:7px;color:#6b7280;width:100%;text-align:right;padding:0 36px">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

const CSS = `
@page { size: A4; margin: 15mm 12.7mm 17mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Roboto, 'DejaVu Sans', Arial, sans-serif; font-size: 9pt; line-height: 1.25;
  color: #1f2937; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { margin: 0; }
.head { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 1.5pt solid #1e3a5f;
  padding-bottom: 8pt; margin-bottom: 14pt; }
h1 { margin: 0; font-size: 22pt; color: #1e3a5f; }
.notice { margin-top: 3pt; color: #1e3a5f; }
.notice.warning { font-weight: bold; color: #b42318; }
.notice.reference { font-weight: bold; font-size: 10pt; }
.ref { font-size: 7.5pt; font-weight: bold; color: #1e3a5f; }
.advances { font-size: 8pt; margin-bottom: 14pt; break-inside: avoid; }
.advances th { font-size: 7pt; color: #6b7280; border-bottom: .75pt solid #d5dae1; text-align: left; padding: 2pt 6pt 2pt 0; }
.advances td { padding: 2pt 6pt 2pt 0; }
.advances tr.total td { font-weight: bold; border-top: .75pt solid #d5dae1; }
.number { text-align: right; }
.number strong { display: block; font-size: 13pt; color: #1e3a5f; white-space: nowrap; }
.caption { font-size: 7pt; font-weight: bold; color: #6b7280; letter-spacing: .4pt; text-transform: uppercase; }
.parties { display: flex; gap: 14pt; margin-bottom: 12pt; }
.party { flex: 1; border: .75pt solid #d5dae1; padding: 8pt 9pt; }
.party .name { font-size: 11pt; font-weight: bold; margin: 3pt 0 2pt; }
.party .fields { margin-top: 3pt; }
.muted { color: #6b7280; }
.meta { display: grid; grid-template-columns: repeat(5, 1fr); gap: 4pt 16pt; background: #f3f5f8; padding: 7pt 8pt;
  margin-bottom: 14pt; }
.meta b { display: block; }
.meta > div:last-child { grid-column-end: -1; }
table { border-collapse: collapse; width: 100%; }
.items { font-size: 8pt; margin-bottom: 14pt; }
.items thead { display: table-header-group; }
.items th { background: #1e3a5f; color: #fff; font-size: 7pt; text-align: left; padding: 5pt 3pt; }
.items td { padding: 4pt 3pt; border-bottom: .5pt solid #d5dae1; vertical-align: top; }
.items tr { break-inside: avoid; }
.items tbody tr:last-child td { border-bottom: 1pt solid #1e3a5f; }
.num { text-align: right !important; white-space: nowrap; }
/* a bilingual header ("Nettó egységár / Net unit price") wraps, so the description keeps its room */
.items th.num, .items th.center { white-space: normal; }
.items td:first-child { min-width: 28%; }
.center { text-align: center !important; }
.legal { font-size: 7.5pt; color: #1e3a5f; }
.small { font-size: 7.5pt; color: #6b7280; }
.summary { display: flex; gap: 18pt; break-inside: avoid; margin-bottom: 14pt; }
.summary .vat { flex: 1; font-size: 8pt; }
.summary .vat th { font-size: 7pt; color: #6b7280; border-bottom: .75pt solid #d5dae1; text-align: left; padding: 2pt 6pt 2pt 0; }
.summary .vat td { padding: 2pt 6pt 2pt 0; }
.totals { width: 220pt; }
.totals td { padding: 2pt 6pt; }
.totals td:first-child { color: #6b7280; }
.totals tr.em td { font-size: 11pt; font-weight: bold; color: #1e3a5f; background: #f3f5f8;
  border-top: 1pt solid #1e3a5f; border-bottom: 1pt solid #1e3a5f; padding: 6pt; }
.totals tr.em td.long { font-size: 9pt; }
.notes { break-inside: avoid; margin-bottom: 14pt; }
.notes table { border-left: 1.5pt solid #1e3a5f; color: #1e3a5f; }
.notes td { padding: 1.5pt 4pt 1.5pt 6pt; vertical-align: top; }
.notes td.mark { font-weight: bold; white-space: nowrap; }
.payqr { display: flex; gap: 10pt; align-items: flex-start; break-inside: avoid; margin-bottom: 14pt; }
.payqr svg { flex: none; }
.payqr td { padding: 1pt 6pt 1pt 0; font-size: 8pt; }
.comment { break-inside: avoid; white-space: pre-wrap; }
.watermark { position: fixed; top: 45%; left: 0; right: 0; text-align: center; transform: rotate(-55deg);
  font-size: 44pt; font-weight: bold; color: rgba(180, 35, 24, .1); pointer-events: none; }
`;

export function viewHtml(view: InvoiceView): string {
  const c = view.columns;
  const items = view.items
    .map(
      (item) => `<tr><td>${esc(item.description)}${item.reference ? `<div class="ref">${esc(item.reference)}</div>` : ''}${item.comment ? `<div class="small">${esc(item.comment)}</div>` : ''}${
        item.legalText ? `<div class="legal">${esc(item.legalText)}</div>` : ''
      }</td><td class="num">${esc(item.qty)}</td><td>${esc(item.unit)}</td><td class="num">${esc(
        item.netUnitPrice,
      )}</td><td class="num">${esc(item.netAmount)}</td><td class="center">${esc(item.vatRate)}</td><td class="num">${esc(
        item.vatAmount,
      )}</td><td class="num"><b>${esc(item.grossAmount)}</b></td></tr>`,
    )
    .join('');
  const vat = view.vatSummary;
  const totals = view.totals
    .map(
      (t) =>
        // the PDF's rule: a long bilingual payable label is set smaller so it does not take three lines
        `<tr${t.emphasis ? ' class="em"' : ''}><td${t.emphasis && t.label.length > 30 ? ' class="long"' : ''}>${esc(t.label)}</td><td class="num">${esc(t.value)}</td></tr>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="${esc(view.info.language)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(view.info.title)}</title><style>${CSS}</style></head>
<body><div class="page">
${view.watermark ? `<div class="watermark">${esc(view.watermark)}</div>` : ''}
<div class="head"><div><h1>${esc(view.title)}</h1>${view.notices
    .map((n) => `<div class="notice ${n.tone}">${esc(n.text)}</div>`)
    .join('')}</div>
<div class="number"><div class="caption">${esc(view.numberLabel)}</div><strong>${esc(view.number)}</strong></div></div>
<div class="parties">${party(view.seller)}${view.buyer ? party(view.buyer) : ''}</div>
<div class="meta">${view.meta.map((f) => `<div><div class="caption">${esc(f.label)}</div><b>${esc(f.value)}</b></div>`).join('')}</div>
<table class="items"><thead><tr><th>${esc(c.description)}</th><th class="num">${esc(c.qty)}</th><th>${esc(
    c.unit,
  )}</th><th class="num">${esc(c.netUnitPrice)}</th><th class="num">${esc(c.netAmount)}</th><th class="center">${esc(
    c.vatRate,
  )}</th><th class="num">${esc(c.vatAmount)}</th><th class="num">${esc(c.grossAmount)}</th></tr></thead>
<tbody>${items}</tbody></table>
${view.advances ? advancesHtml(view.advances) : ''}
<div class="summary"><div class="vat"><div class="caption">${esc(vat.heading)}</div><table><thead><tr>${vat.columns
    .map((col, i) => `<th${i ? ' class="num"' : ''}>${esc(col)}</th>`)
    .join('')}</tr></thead><tbody>${vat.rows
    .map((row) => `<tr>${row.map((cell, i) => `<td${i ? ' class="num"' : ''}>${esc(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>
<table class="totals">${totals}</table></div>
${notesHtml(view)}
${view.paymentQr ? paymentQrHtml(view.paymentQr) : ''}
${view.comment ? `<div class="comment"><div class="caption">${esc(view.comment.label)}</div>${esc(view.comment.value)}</div>` : ''}
</div></body></html>`;
}

/** The payment code: an inline SVG (the page's CSP allows no image source) beside what it pays. */
function paymentQrHtml(qr: PaymentQrView): string {
  const rows = qr.lines.map((l) => `<tr><td class="muted">${esc(l.label)}</td><td><b>${esc(l.value)}</b></td></tr>`).join('');
  return `<div class="payqr" data-qr-kind="${qr.kind}">${qrSvg(qr.matrix, '38mm', qr.caption)}<div><div class="caption">${esc(
    qr.caption,
  )}</div><div>${esc(qr.hint)}</div><table>${rows}</table></div></div>`;
}

function advancesHtml(a: AdvancesView): string {
  const cell = (text: string, i: number, tag: 'td' | 'th') => `<${tag}${i >= 3 ? ' class="num"' : ''}>${esc(text)}</${tag}>`;
  const rows = a.rows.map((row) => `<tr>${row.map((c, i) => cell(c, i, 'td')).join('')}</tr>`).join('');
  const total = a.total ? `<tr class="total">${a.total.map((c, i) => cell(c, i, 'td')).join('')}</tr>` : '';
  return `<div class="advances"><div class="caption">${esc(a.heading)}</div><table><thead><tr>${a.columns
    .map((c, i) => cell(c, i, 'th'))
    .join('')}</tr></thead><tbody>${rows}${total}</tbody></table></div>`;
}

function notesHtml(view: InvoiceView): string {
  const { heading, entries } = view.legalNotes;
  if (!entries.length) return '';
  const marked = entries.some((e) => e.marks);
  const rows = entries
    .map((e) => `<tr>${marked ? `<td class="mark">${esc(e.marks)}</td>` : ''}<td>${esc(e.text)}</td></tr>`)
    .join('');
  return `<div class="notes"><div class="caption">${esc(heading)}</div><table>${rows}</table></div>`;
}

function party(p: PartyView): string {
  return `<div class="party"><div class="caption">${esc(p.heading)}</div><div class="name">${esc(p.name)}</div>${p.addressLines
    .map((l) => `<div>${esc(l)}</div>`)
    .join('')}${p.fields.length ? `<div class="fields">${p.fields.map(fieldHtml).join('')}</div>` : ''}</div>`;
}

function fieldHtml(f: Field): string {
  return `<div><span class="muted">${esc(f.label)}:</span> ${esc(f.value)}</div>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
