// reports.export: the VAT analysis or revenue and costs of a period as a CSV, XLSX or PDF file, named after the
// report and the period ("afa-analitika_2026-01-01_2026-03-31.xlsx").
import type { ReportExportInput, ReportExportFile } from '../../../../shared/contract/areas/reports';
import type { CoreContext } from '../../context';
import { revenueReport } from '../revenue';
import { vatAnalysis } from '../vat';
import { revenueTables, vatTables } from './tables';
import { exportWords } from './words';
import { documentNumbers } from './numbers';

const FILE_STEM = { vat: 'afa-analitika', revenue: 'bevetel-koltseg' } as const;
/** the file writers (the CSV and XLSX libraries) are loaded by the first export, not with the core */
const files = () => import('./files');

export async function exportReport(ctx: CoreContext, input: ReportExportInput): Promise<ReportExportFile> {
  const words = exportWords(input.lang);
  const period = { from: input.from, to: input.to };
  const vat = input.kind === 'vat' ? await vatAnalysis(ctx, period) : null;
  // documents by their numbers (issue 36); a Hungarian CSV with decimal commas, as Excel in Hungarian reads it
  const tables = vat ? vatTables(vat, words, await documentNumbers(ctx.db, vat)) : revenueTables(await revenueReport(ctx, { ...period, basis: input.basis }), words);
  const { CONTENT_TYPES, reportFile } = await files();
  const bytes = await reportFile(tables, input.format, { decimalComma: input.lang === 'hu' });
  return {
    filename: `${FILE_STEM[input.kind]}_${input.from}_${input.to}.${input.format}`,
    content_type: CONTENT_TYPES[input.format],
    content_base64: bytes.toString('base64'),
  };
}
