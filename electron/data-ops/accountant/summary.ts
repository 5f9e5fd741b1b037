// The package's first page (osszesito.pdf): whose books, which period, what the archive holds and the VAT figures,
// so the accountant sees at a glance that nothing is missing.
import type { VatAnalysis } from '../../../shared/reports';
import { reportFile } from '../../core/reports/export/files';
import type { ReportTables } from '../../core/reports/export/tables';
import type { IssuedRow } from './parts';

export interface PackageContents {
  seller: string;
  taxcode: string;
  range: { from: string; to: string };
  invoices: number;
  pdfs: number;
  navXml: number;
  einvoices: number;
  expenseFiles: number;
  csvFiles: string[];
  skipped: Array<{ number: string; message: string }>;
  einvoiceSkipped: Array<{ number: string; message: string }>;
  /** every issued invoice and receipt of the period with NAV's state of it (issue 36) */
  issued?: IssuedRow[];
}

/** "47470.000" HUF → "47 470 HUF": the summary's amounts as a Hungarian reads them. */
function amountText(amount: string, currency: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const digits = (whole ?? '').replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = fraction.replace(/0+$/, '');
  return `${amount.startsWith('-') ? '−' : ''}${digits}${cents ? `,${cents}` : ''} ${currency}`;
}

/** The summary page (osszesito.pdf): what the package holds, the VAT balance, every issued document and its NAV state. */
export async function summaryPdf(c: PackageContents, vat: VatAnalysis): Promise<Buffer> {
  const report: ReportTables = {
    title: `Könyvelői csomag – ${c.seller}`,
    subtitle: `Adószám: ${c.taxcode} · Időszak: ${c.range.from} – ${c.range.to} (a bizonylatok kelte szerint; az áfa-analitika a teljesítés napja szerint)`,
    tables: [
      {
        title: 'Tartalom',
        header: ['Mappa vagy fájl', 'Darab'],
        rows: [
          ['szamlak/ – a kiállított számlák PDF-ben', c.pdfs],
          ['nav/ – a számlák NAV adatszolgáltatása (invoiceData XML)', c.navXml],
          ['e-szamla/ – a számlák EN 16931 e-számlája (UBL XML)', c.einvoices],
          ['koltsegek/ – a költségekhez csatolt bizonylatok', c.expenseFiles],
          ...c.csvFiles.map((f) => [`csv/${f}`, 1] as [string, number]),
          ['afa-analitika.pdf, .xlsx, .csv', 3],
        ],
      },
      {
        title: 'Áfa',
        header: ['Tétel', 'Összeg (Ft)'],
        rows: [
          ['Fizetendő áfa', vat.output.vat],
          ['Levonható áfa', vat.input.vat],
          ['Egyenleg (+ befizetendő, − visszaigényelhető)', vat.balance],
        ],
      },
      ...(c.issued
        ? [
            {
              title: `Kiállított bizonylatok és NAV-állapotuk (${c.issued.length} db)`,
              header: ['Sorszám', 'Bizonylat', 'Kelte', 'Vevő', 'Fizetendő', 'NAV'],
              rows: c.issued.map((r) => [r.number, r.kind, r.date, r.client, amountText(r.total, r.currency), r.nav]),
            },
          ]
        : []),
      ...(c.skipped.length
        ? [{ title: 'NAV XML nélkül maradt számlák', header: ['Számla', 'Ok'], rows: c.skipped.map((s) => [s.number, s.message]) }]
        : []),
      ...(c.einvoiceSkipped.length
        ? [{ title: 'E-számla nélkül maradt számlák', header: ['Számla', 'Ok'], rows: c.einvoiceSkipped.map((s) => [s.number, s.message]) }]
        : []),
    ],
  };
  return reportFile(report, 'pdf');
}
