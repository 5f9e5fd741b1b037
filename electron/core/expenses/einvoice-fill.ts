// An e-invoice file for an invoice already booked from NAV's data (docs/nav-inbound.md): one expense per invoice
// whatever the door, so the file does not make a second expense, nor is it refused as imported before — it fills
// what NAV's data left empty (the supplier's IBAN, the due and fulfillment dates, the VAT split) and the received
// invoice's row records that those fields came from the e-invoice. Only an expense NAV's data made is filled; one
// typed in or imported from a file keeps the rule of the e-invoice import (409, imported before).
import type { ExpenseRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import type { ImportedExpense } from './einvoice-map';

type InboundRow = { expense_id: number | null; sources: string | null; updated_at: string };

export async function fillNavExpense(trx: WriteTx, existing: ExpenseRow, e: ImportedExpense, now: string): Promise<boolean> {
  if (existing.einvoice_syntax !== 'nav') return false;
  const fill: { supplier_iban?: string; due_date?: string; invoice_date?: string } = {};
  const filled: string[] = [];
  if (!existing.supplier_iban && e.supplier_iban) ((fill.supplier_iban = e.supplier_iban), filled.push('supplier_iban'));
  if (existing.due_date === null && e.due_date) ((fill.due_date = e.due_date), filled.push('due_date'));
  if (existing.invoice_date === null && e.invoice_date) ((fill.invoice_date = e.invoice_date), filled.push('invoice_date'));
  if (filled.length) await trx.updateTable('expenses').set({ ...fill, updated_at: now }).where('id', '=', existing.id).execute();
  const rates = await trx.selectFrom('expense_vat_rates').select('position').where('expense_id', '=', existing.id).limit(1).execute();
  if (!rates.length && e.breakdown.length && e.gross === existing.gross_price_milli) {
    await trx
      .insertInto('expense_vat_rates')
      .values(e.breakdown.map((b, position) => ({ expense_id: existing.id, position, category: b.category, rate: b.rate, net_milli: b.net, vat_milli: b.vat, exemption_reason: b.exemption_reason })))
      .execute();
    filled.push('vat_breakdown');
  }
  const t = trx.withTables<{ nav_inbound: InboundRow }>();
  const row = await t.selectFrom('nav_inbound').select(['sources']).where('expense_id', '=', existing.id).executeTakeFirst();
  if (row) {
    const sources = { ...(row.sources ? (JSON.parse(row.sources) as Record<string, string>) : {}) };
    for (const f of filled) sources[f] = 'einvoice';
    sources.einvoice_file = 'einvoice';
    await t.updateTable('nav_inbound').set({ sources: JSON.stringify(sources), updated_at: now }).where('expense_id', '=', existing.id).execute();
  }
  return true;
}
