// A report as titled tables: the one shape the CSV, XLSX and PDF writers read (a sheet per table, a section of
// the CSV, a table of the PDF). Amounts stay the exact 3-decimal strings of the report.
import type { RevenueFigure, RevenueReport, VatAnalysis, VatReportSide } from '../../../../shared/reports';
import type { ExportWords } from './words';

export interface ReportTable {
  title: string;
  header: string[];
  rows: Array<Array<string | number>>;
}

export interface ReportTables {
  title: string;
  subtitle: string;
  tables: ReportTable[];
}

/** The documents' numbers by id: the invoices' (output side) and the expenses' own invoice numbers (input side). */
export interface DocumentNumbers {
  output: ReadonlyMap<number, string>;
  input: ReadonlyMap<number, string>;
}

/** With `numbers` (issue 36) the documents are listed by their numbers, as an accountant looks them up; else by id. */
export function vatTables(r: VatAnalysis, w: ExportWords, numbers?: DocumentNumbers): ReportTables {
  const side = (title: string, s: VatReportSide, byId?: ReadonlyMap<number, string>): ReportTable => ({
    title,
    header: [w.code, w.description, w.net, w.vat, w.documents, byId ? w.numbers : w.ids],
    rows: [
      ...s.rows.map((row) => [row.vat_id, row.vat_description, row.net, row.vat, row.documents.length, byId ? row.documents.map((id) => byId.get(id) ?? `#${id}`).join(', ') : row.documents.join(' ')]),
      ['', w.total, s.net, s.vat, s.documents.length, ''],
    ],
  });
  const summary: ReportTable = {
    title: w.summary,
    header: [w.label, w.vat],
    rows: [
      [w.output, r.output.vat],
      [w.input, r.input.vat],
      [w.balance, r.balance],
      ...r.input.unconverted.map((u) => [`${w.unconverted}, ${u.currency}`, u.vat]),
    ],
  };
  return {
    title: w.vatTitle,
    subtitle: `${w.period}: ${r.from} – ${r.to}`,
    tables: [summary, side(w.output, r.output, numbers?.output), side(w.input, r.input, numbers?.input)],
  };
}

export function revenueTables(r: RevenueReport, w: ExportWords): ReportTables {
  const figures = (title: string, list: RevenueFigure[]): ReportTable => ({
    title,
    header: [w.key, w.label, w.amount, w.previous, w.documents],
    rows: list.map((f) => [f.key, f.label, f.amount, f.previous, f.count]),
  });
  return {
    title: w.revenueTitle,
    subtitle: `${w.period}: ${r.from} – ${r.to} (${w.basis}: ${r.basis === 'cash' ? w.cash : w.accrual})`,
    tables: [
      {
        title: w.summary,
        header: [w.label, w.amount, w.previous],
        rows: [
          [w.revenue, r.revenue.total, r.revenue.previous],
          [w.costs, r.costs.total, r.costs.previous],
          [w.result, r.result, r.previous_result],
        ],
      },
      figures(w.byMonth, r.revenue.by_month),
      figures(w.byClient, r.revenue.by_client),
      figures(w.byProduct, r.revenue.by_product),
      figures(w.costMonth, r.costs.by_month),
      figures(w.byCategory, r.costs.by_category),
    ],
  };
}
