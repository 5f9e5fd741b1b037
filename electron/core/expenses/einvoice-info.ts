// What an expense keeps of the supplier's e-invoice it was read from: the syntax and the VAT breakdown per rate,
// read for a page of expenses in one query (as attachments.ts reads their files' metadata).
import type { ExpenseEinvoiceInfo } from '../../../shared/resources';
import { milliToString } from '../../../shared/money';
import type { ExpenseRow } from '../../db/schema';
import type { Db } from '../../db/types';

export async function einvoiceInfoOf(db: Db, rows: ExpenseRow[]): Promise<Map<number, ExpenseEinvoiceInfo>> {
  const imported = rows.filter((r) => r.einvoice_syntax === 'ubl' || r.einvoice_syntax === 'cii');
  const out = new Map<number, ExpenseEinvoiceInfo>();
  if (!imported.length) return out;
  const rates = await db
    .selectFrom('expense_vat_rates')
    .selectAll()
    .where('expense_id', 'in', imported.map((r) => r.id))
    .orderBy('expense_id')
    .orderBy('position')
    .execute();
  for (const r of imported) out.set(r.id, { syntax: r.einvoice_syntax as 'ubl' | 'cii', vat_breakdown: [] });
  for (const r of rates) {
    out.get(r.expense_id)!.vat_breakdown.push({
      category: r.category,
      rate: r.rate,
      net: milliToString(r.net_milli),
      vat: milliToString(r.vat_milli),
      exemption_reason: r.exemption_reason,
    });
  }
  return out;
}
