// A report's tables as a pdfmake definition: a title, the period, then each table with its figures right-aligned
// and grouped like the UI shows them (1 234 567,000 stays exact: the 3-decimal string, with a thin space per group).
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FONT_FAMILY } from '../../../documents/fonts';
import type { ReportTables } from './tables';

const AMOUNT = /^-?\d+\.\d{3}$/;

function cell(value: string | number): { text: string; alignment?: 'right' } {
  if (typeof value === 'number') return { text: String(value), alignment: 'right' };
  if (AMOUNT.test(value)) {
    const [whole, part] = value.split('.') as [string, string];
    const sign = whole.startsWith('-') ? '−' : '';
    const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');
    return { text: `${sign}${grouped}${part === '000' ? '' : `,${part}`}`, alignment: 'right' };
  }
  return { text: value };
}

export function pdfDefinition(report: ReportTables): TDocumentDefinitions {
  const content: Content[] = [
    { text: report.title, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
    { text: report.subtitle, color: '#555555', margin: [0, 0, 0, 12] },
  ];
  for (const table of report.tables) {
    content.push({ text: table.title, fontSize: 12, bold: true, margin: [0, 10, 0, 4] });
    content.push({
      table: {
        headerRows: 1,
        widths: table.header.map((_, i) => (i === 1 || table.header.length === 2 ? '*' : 'auto')),
        body: [table.header.map((h) => ({ text: h, bold: true, fillColor: '#eef1f5' })), ...table.rows.map((r) => r.map(cell))],
      },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    });
  }
  return { pageSize: 'A4', pageMargins: [36, 36, 36, 36], defaultStyle: { font: FONT_FAMILY, fontSize: 9 }, content, info: { title: report.title } };
}
