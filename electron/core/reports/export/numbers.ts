// The numbers of the documents behind a VAT analysis (issue 36): an accountant finds an invoice by its number, not by
// Folio's id; an expense by its supplier's invoice number (its id only when it has none).
import { prefixedNumber } from '../../../../shared/invoice-codes';
import type { VatAnalysis } from '../../../../shared/reports';
import type { Db } from '../../../db/types';
import type { DocumentNumbers } from './tables';

const CHUNK = 500;

async function chunked<T>(ids: number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

export async function documentNumbers(db: Db, r: VatAnalysis): Promise<DocumentNumbers> {
  const invoiceIds = [...new Set(r.output.rows.flatMap((row) => row.documents))];
  const expenseIds = [...new Set([...r.input.rows.flatMap((row) => row.documents), ...r.input.unconverted.flatMap((u) => u.documents)])];
  const invoices = await chunked(invoiceIds, (part) => db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('id', 'in', part).execute());
  const expenses = await chunked(expenseIds, (part) => db.selectFrom('expenses').select(['id', 'invoice_no']).where('id', 'in', part).execute());
  return {
    output: new Map(invoices.map((i) => [i.id, prefixedNumber(i.prefix, i.invoice_no) ?? `#${i.id}`])),
    input: new Map(expenses.map((e) => [e.id, e.invoice_no.trim() || `#${e.id}`])),
  };
}
