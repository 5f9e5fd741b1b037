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
} as const;
