// The reports' shapes (VAT analysis, revenue and costs), shared by the core, the doors and the Reports screen.
// Every amount is in forints as an exact 3-decimal string (the interface's money form); every figure carries the
// ids of the documents behind it, so the screen can open them.

export interface ReportPeriod {
  from: string;
  to: string;
}

/** One VAT code's line of the analysis. */
export interface VatReportRow {
  vat_id: string;
  /** "27%", "AAM", "19.0% - DE" */
  vat_description: string;
  vat_rate: string;
  /** the code's kind (shared/reference/vat-codes.ts): only 'rate' lines carry Hungarian VAT */
  treatment: string;
  net: string;
  vat: string;
  /** invoice ids (output side) or expense ids (input side) */
  documents: number[];
}

/** One side of the analysis: its lines by VAT code and their sums. */
export interface VatReportSide {
  rows: VatReportRow[];
  net: string;
  /** the Hungarian VAT of the side: the 'rate' lines only (OSS lines are another state's VAT) */
  vat: string;
  documents: number[];
}

/** Expenses in another currency: Folio keeps no rate for them, so they are listed, not converted. */
export interface UnconvertedExpenses {
  currency: string;
  vat: string;
  documents: number[];
}

export interface VatAnalysis extends ReportPeriod {
  /** whether the seller is on cash accounting now (pénzforgalmi elszámolás); each invoice follows its own snapshot */
  cash_accounting: boolean;
  output: VatReportSide;
  input: VatReportSide & { unconverted: UnconvertedExpenses[] };
  /** output VAT − input VAT: positive is payable, negative reclaimable */
  balance: string;
}

export type RevenueBasis = 'accrual' | 'cash';

/**
 * A figure of the revenue report: an amount in forints and how many documents make it. The documents themselves are
 * asked for when wanted (reports.revenueDocuments): a year's figures are read from sums, not from its documents.
 */
export interface RevenueFigure {
  key: string;
  label: string;
  amount: string;
  /** the same key's amount a year earlier */
  previous: string;
  /** how many documents (invoices on the revenue side, expenses on the costs side) the amount is of */
  count: number;
}

/** Which of the revenue report's lists a figure is of (reports.revenueDocuments). */
export type RevenueFigureList = 'revenue_month' | 'revenue_client' | 'revenue_product' | 'costs_month' | 'costs_category';

export interface RevenueReport extends ReportPeriod {
  basis: RevenueBasis;
  /** net revenue (accrual: by fulfillment date; cash: payments received, net part) */
  revenue: { total: string; previous: string; by_month: RevenueFigure[]; by_client: RevenueFigure[]; by_product: RevenueFigure[] };
  /** net costs (accrual: by fulfillment date; cash: by payment date) */
  costs: { total: string; previous: string; by_month: RevenueFigure[]; by_category: RevenueFigure[] };
  /** revenue − costs */
  result: string;
  previous_result: string;
}
