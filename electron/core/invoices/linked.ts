// What other documents say about an invoice, for its resource: the original a modifying or cancelling invoice refers
// to, the modifications of an original, the final invoice that deducted an advance, and the advances a final invoice
// deducts. Loaded for a page of rows at once, with a query only where a row can have such a link (a modified original
// has a current total; only an advance can be deducted; only a final invoice has deduction lines).
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import type { AdvanceDeduction, ModificationSummary, OriginalReference } from '../../../shared/resources';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';

/** The facts about an invoice that other documents hold: its chain, the advances it deducts, who deducted it. */
export interface LinkedDocuments {
  original: OriginalReference | null;
  modifications: ModificationSummary[];
  deducted_by_uid: number | null;
  advance_deductions: AdvanceDeduction[];
}

export async function linkedDocuments(db: Db, rows: InvoiceRow[], items: InvoiceItemRow[]): Promise<Map<number, LinkedDocuments>> {
  const out = new Map<number, LinkedDocuments>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { original: null, modifications: [], deducted_by_uid: null, advance_deductions: [] }));
    return e;
  };

  for (const r of rows) {
    if (!r.is_cancel_invoice && r.modification_index !== null && r.original_invoice_no !== null) {
      entry(r.id).original = { uid: r.modifies_id, invoice_no: r.original_invoice_no, date: r.original_date ?? '' };
    }
  }
  const cancelled = rows.filter((r) => r.is_cancel_invoice && r.cancels_id !== null);
  if (cancelled.length) {
    const originals = await db
      .selectFrom('invoices')
      .select(['id', 'prefix', 'invoice_no', 'date'])
      .where('id', 'in', cancelled.map((r) => r.cancels_id!))
      .execute();
    const byId = new Map(originals.map((o) => [o.id, o]));
    for (const r of cancelled) {
      const o = byId.get(r.cancels_id!);
      if (o) entry(r.id).original = { uid: o.id, invoice_no: prefixedNumber(o.prefix, o.invoice_no) ?? '', date: o.date };
    }
  }

  const modified = rows.filter((r) => r.current_total_milli !== null).map((r) => r.id);
  if (modified.length) {
    const mods = await db
      .selectFrom('invoices')
      .select(['id', 'modifies_id', 'prefix', 'invoice_no', 'date', 'modification_index', 'total_milli'])
      .where('modifies_id', 'in', modified)
      .where('is_cancel_invoice', '=', 0)
      .orderBy('modification_index', (ob) => ob.asc().nullsFirst())
      .execute();
    for (const m of mods) {
      const summary: ModificationSummary = {
        uid: m.id,
        prefixed_invoice_no: prefixedNumber(m.prefix, m.invoice_no) ?? '',
        date: m.date,
        modification_index: m.modification_index ?? 0,
        total: milliToString(m.total_milli),
      };
      entry(m.modifies_id!).modifications.push(summary);
    }
  }

  const advances = rows.filter((r) => r.is_advance && r.type === INVOICE_TYPE.invoice).map((r) => r.id);
  if (advances.length) {
    for (const d of await deductingInvoices(db, advances)) entry(d.advance_invoice_id).deducted_by_uid = d.invoice_id;
  }

  const deductionLines = items.filter((i) => i.advance_invoice_id !== null);
  if (deductionLines.length) {
    const advanceIds = [...new Set(deductionLines.map((i) => i.advance_invoice_id!))];
    const advanceRows = await db
      .selectFrom('invoices')
      .select(['id', 'prefix', 'invoice_no', 'date', 'fulfillment_date', 'exchange_rate'])
      .where('id', 'in', advanceIds)
      .execute();
    // the days the advance was received (issue 36: the real dates, never a date it was not paid on)
    const payments = await db
      .selectFrom('invoice_payments')
      .select(['invoice_id', 'date'])
      .where('invoice_id', 'in', advanceIds)
      .orderBy('date')
      .execute();
    const paidOn = new Map<number, string[]>();
    for (const p of payments) paidOn.set(p.invoice_id, [...(paidOn.get(p.invoice_id) ?? []), p.date]);
    const advanceById = new Map(advanceRows.map((a) => [a.id, a]));
    const sums = new Map<string, { invoice: number; advance: number; net: number; vat: number; gross: number }>();
    for (const line of deductionLines) {
      const key = `${line.invoice_id}:${line.advance_invoice_id}`;
      const s = sums.get(key) ?? { invoice: line.invoice_id, advance: line.advance_invoice_id!, net: 0, vat: 0, gross: 0 };
      // Deduction lines are negative on the final invoice; the deduction is stated as the advance's positive amounts.
      s.net -= line.net_milli;
      s.vat -= line.vat_milli;
      s.gross -= line.gross_milli;
      sums.set(key, s);
    }
    for (const s of sums.values()) {
      const a = advanceById.get(s.advance);
      if (!a) continue;
      const deduction: AdvanceDeduction = {
        advance_uid: a.id,
        prefixed_invoice_no: prefixedNumber(a.prefix, a.invoice_no) ?? '',
        date: a.date,
        payment_date: paidOn.get(a.id)?.at(-1) ?? null,
        payment_dates: [...new Set(paidOn.get(a.id) ?? [])],
        fulfillment_date: a.fulfillment_date,
        exchange_rate: a.exchange_rate,
        net: milliToString(s.net),
        vat: milliToString(s.vat),
        gross: milliToString(s.gross),
      };
      entry(s.invoice).advance_deductions.push(deduction);
    }
  }
  return out;
}

/**
 * The issued invoices that deduct these advances and still stand: a cancelled final invoice (and its storno, which
 * mirrors the deduction lines) gives its advances back.
 */
export async function deductingInvoices(db: Db, advanceIds: number[]): Promise<Array<{ advance_invoice_id: number; invoice_id: number }>> {
  const rows = await db
    .selectFrom('invoice_items as l')
    .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
    .select(['l.advance_invoice_id', 'i.id as invoice_id'])
    .where('l.advance_invoice_id', 'in', advanceIds)
    .where('i.type', '=', INVOICE_TYPE.invoice)
    .where('i.is_cancel_invoice', '=', 0)
    .where('i.status', '!=', INVOICE_STATUS.cancelled)
    .execute();
  return rows.map((r) => ({ advance_invoice_id: r.advance_invoice_id!, invoice_id: r.invoice_id }));
}
