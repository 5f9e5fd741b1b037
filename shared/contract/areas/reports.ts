// Reports (issue 19): the VAT analysis and revenue and costs of a period, read by the core (electron/core/reports/).
import { z } from 'zod';
import type { RevenueReport, VatAnalysis } from '../../reports';
import { get, op } from '../define';
import { date } from '../fields';

const period = { from: date(), to: date() };

export const reportVatInput = z.object(period);
export const reportRevenueInput = z.object({
  ...period,
  /** accrual: invoices by fulfillment date, expenses by theirs; cash: money received and paid */
  basis: z.enum(['accrual', 'cash'], { error: 'must be accrual or cash' }).default('accrual'),
});

/** One figure of the revenue report of the period: which list it is in and its key (a month, `c<client id>`, …). */
export const reportRevenueDocumentsInput = reportRevenueInput.extend({
  list: z.enum(['revenue_month', 'revenue_client', 'revenue_product', 'costs_month', 'costs_category'], {
    error: 'must be revenue_month, revenue_client, revenue_product, costs_month or costs_category',
  }),
  key: z.string().min(1, 'is required').max(1000),
});

export const reportExportInput = z.object({
  ...period,
  kind: z.enum(['vat', 'revenue'], { error: 'must be vat or revenue' }),
  format: z.enum(['csv', 'xlsx', 'pdf'], { error: 'must be csv, xlsx or pdf' }),
  basis: z.enum(['accrual', 'cash'], { error: 'must be accrual or cash' }).default('accrual'),
  /** the language of the file's headings */
  lang: z.enum(['hu', 'en', 'de'], { error: 'must be hu, en or de' }).default('hu'),
});
export type ReportExportInput = z.output<typeof reportExportInput>;

/** A report file, base64-encoded so that it crosses every door (IPC, /rpc, REST) as JSON. */
export interface ReportExportFile {
  filename: string;
  content_type: string;
  content_base64: string;
}

export const reportOperations = {
  'reports.vat': op<VatAnalysis>()({
    name: 'reports.vat',
    summary: 'VAT analysis of a period: output VAT by VAT code (tax point), input VAT from expenses, the balance; each figure with its documents',
    input: reportVatInput,
    http: get('/reports/vat', 'data', 'vat_analysis'),
  }),
  'reports.revenue': op<RevenueReport>()({
    name: 'reports.revenue',
    summary: 'Revenue and costs of a period by month, client, product and expense category, with the same period a year earlier',
    input: reportRevenueInput,
    http: get('/reports/revenue', 'data', 'revenue_report'),
  }),
  'reports.revenueDocuments': op<{ documents: number[] }>()({
    name: 'reports.revenueDocuments',
    summary: 'The documents behind one figure of the revenue report (invoice ids, or expense ids on the costs side)',
    input: reportRevenueDocumentsInput,
    http: get('/reports/revenue/documents', 'data', 'revenue_documents'),
  }),
  'reports.export': op<ReportExportFile>()({
    name: 'reports.export',
    summary: 'A report of a period as a CSV, XLSX or PDF file (base64)',
    input: reportExportInput,
    http: get('/reports/export', 'data', 'report_file'),
  }),
} as const;
