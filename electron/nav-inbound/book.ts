// One received invoice booked as an expense, in one write transaction with its row's state: either the expense is
// written and the row says `booked`, or neither — so a run killed at any point books nothing twice.
// One expense per invoice whatever the door: the supplier (a Hungarian one by its 8-digit taxpayer id) and the
// invoice number, the rule the e-invoice import uses (expenses/einvoice.ts). When an expense for the same invoice is
// already there (typed in, imported from an e-invoice file, synced), NAV's data fills only what it lacks, and the
// row records where each field came from. A modification or storno is its own expense, linked to the expense of
// its chain's original, dated in its own period: its tax point is its issue date, so its fulfillment date is not
// copied (the VAT analysis takes an expense's fulfillment date first).
import { supplierKey } from '../core/expenses/einvoice-map';
import { partVatCode } from '../core/expenses/vat-parts';
import type { ExpenseRow } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import type { Db, WriteTx } from '../db/types';
import type { NavReceivedInvoice } from './invoice-read';
import { inboundDb } from './tables';

export const DEFAULT_CATEGORY = '16'; // Egyéb költség

export type FieldSource = 'nav' | 'einvoice' | 'manual';

/** The fields of an expense the screen tells the source of. */
export const SOURCED_FIELDS = [
  'supplier_name',
  'supplier_taxcode',
  'supplier_iban',
  'invoice_date',
  'fulfillment_date',
  'due_date',
  'amounts',
  'vat_breakdown',
  'attachment',
] as const;
export type SourcedField = (typeof SOURCED_FIELDS)[number];

export interface BookRequest {
  rowId: number;
  invoice: NavReceivedInvoice;
  xml: string;
  /** the expense of the chain's original, for a modification or storno */
  chainExpenseId: number | null;
  now: string;
}

export type BookOutcome = { booked: true; expenseId: number; merged: boolean } | { booked: false };

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/;

/** NAV's payment methods paid on the spot: the invoice is settled when issued. */
const PAID_ON_ISSUE = new Set(['CASH', 'CARD']);

/**
 * The categories of the earlier expenses per supplier (by its 8-digit taxpayer id: recorded from NAV or an e-invoice,
 * or typed in with its tax number), read once for a batch of bookings and kept up to date as it books.
 */
export class CategoryGuess {
  private constructor(private readonly bySupplier: Map<string, Map<string, { n: number; last: number }>>) {}

  static async read(db: Db): Promise<CategoryGuess> {
    const rows = await db.selectFrom('expenses').select(['id', 'categories_id', 'supplier_taxcode', 'einvoice_supplier_key']).where('supplier_taxcode', '!=', '').execute();
    const guess = new CategoryGuess(new Map());
    for (const r of rows) {
      const id = /^HU(\d{8})$/.exec(r.einvoice_supplier_key ?? '')?.[1] ?? /^(\d{8})-?\d-?\d{2}$/.exec(r.supplier_taxcode)?.[1];
      if (id) guess.note(id, r.categories_id, r.id);
    }
    return guess;
  }

  note(taxpayerId: string, category: string, expenseId: number): void {
    const counts = this.bySupplier.get(taxpayerId) ?? new Map<string, { n: number; last: number }>();
    const c = counts.get(category) ?? { n: 0, last: 0 };
    counts.set(category, { n: c.n + 1, last: Math.max(c.last, expenseId) });
    this.bySupplier.set(taxpayerId, counts);
  }

  /** The category this supplier's earlier expenses had most often (the newest wins a tie); else other costs. */
  of(taxpayerId: string): string {
    let best: [string, { n: number; last: number }] | null = null;
    for (const entry of this.bySupplier.get(taxpayerId) ?? []) {
      if (!best || entry[1].n > best[1].n || (entry[1].n === best[1].n && entry[1].last > best[1].last)) best = entry;
    }
    return best?.[0] ?? DEFAULT_CATEGORY;
  }
}

/** The expense already recorded for this invoice by another door, if any. */
export async function sameInvoiceExpense(db: Db, key: string, invoiceNo: string): Promise<ExpenseRow | undefined> {
  const rows = await db.selectFrom('expenses').selectAll().where('invoice_no', '=', invoiceNo).execute();
  return rows.find((r) => r.einvoice_supplier_key === key || supplierKey(r.supplier_taxcode, r.supplier_name) === key);
}

function vatIdOf(invoice: NavReceivedInvoice): string | null {
  const codes = new Set(invoice.parts.map(partVatCode));
  return codes.size === 1 ? [...codes][0]! : null;
}

function nameOf(invoice: NavReceivedInvoice): string {
  const named = invoice.lines.filter((l) => l.description);
  const base = named.length ? named[0]!.description + (named.length > 1 ? ' …' : '') : invoice.supplier.name || invoice.invoiceNumber;
  return base.slice(0, 255);
}

function fileName(invoiceNumber: string): string {
  return `NAV-${invoiceNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.xml`.slice(0, 120);
}

async function writeParts(trx: WriteTx, expenseId: number, invoice: NavReceivedInvoice): Promise<void> {
  if (!invoice.parts.length) return;
  await trx
    .insertInto('expense_vat_rates')
    .values(
      invoice.parts.map((p, position) => ({
        expense_id: expenseId,
        position,
        category: p.category,
        rate: p.rate,
        net_milli: p.net,
        vat_milli: p.vat,
        exemption_reason: p.exemption_reason,
      })),
    )
    .execute();
}

async function writeAttachment(trx: WriteTx, expenseId: number, request: BookRequest): Promise<void> {
  const bytes = Buffer.from(request.xml, 'utf8');
  await trx
    .insertInto('expense_attachments')
    .values({ expense_id: expenseId, file_name: fileName(request.invoice.invoiceNumber), content_type: 'application/xml', size: bytes.length, content: bytes, created_at: request.now })
    .execute();
}

export function bookReceived(db: Db, request: BookRequest): Promise<BookOutcome> {
  return writeTransaction(db, async (trx) => bookIn(trx, request, await CategoryGuess.read(trx)));
}

/** Several invoices in one transaction (a page's originals): one commit instead of one per invoice. */
export function bookMany(db: Db, requests: BookRequest[]): Promise<BookOutcome[]> {
  return writeTransaction(db, async (trx) => {
    const out: BookOutcome[] = [];
    const guess = await CategoryGuess.read(trx);
    for (const r of requests) out.push(await bookIn(trx, r, guess));
    return out;
  });
}

async function bookIn(trx: WriteTx, request: BookRequest, guess: CategoryGuess): Promise<BookOutcome> {
  const { invoice, now } = request;
  const key = `HU${invoice.supplier.taxpayerId}`;
  const chainMember = invoice.reference !== null;
  const iban = (invoice.supplier.bankAccount ?? '').replace(/\s+/g, '').toUpperCase();

  {
    const t = inboundDb(trx);
    const row = await t.selectFrom('nav_inbound').selectAll().where('id', '=', request.rowId).executeTakeFirst();
    // booked (or ignored) by an earlier run or another process meanwhile: nothing to do
    if (!row || row.state !== 'new') return { booked: false };

    const sources: Partial<Record<SourcedField, FieldSource>> = {};
    const existing = await sameInvoiceExpense(trx, key, invoice.invoiceNumber);
    let expenseId: number;
    if (existing) {
      const origin: FieldSource = existing.einvoice_syntax === 'ubl' || existing.einvoice_syntax === 'cii' ? 'einvoice' : existing.einvoice_syntax === 'nav' ? 'nav' : 'manual';
      const fill: Record<string, unknown> = {};
      const take = (field: SourcedField, has: boolean, values: Record<string, unknown> | null) => {
        if (has) sources[field] = origin;
        else if (values) {
          Object.assign(fill, values);
          sources[field] = 'nav';
        }
      };
      take('supplier_name', existing.supplier_name !== '', { supplier_name: invoice.supplier.name.slice(0, 255) });
      take('supplier_taxcode', existing.supplier_taxcode !== '', { supplier_taxcode: invoice.supplier.taxNumber });
      take('supplier_iban', existing.supplier_iban !== '', IBAN.test(iban) ? { supplier_iban: iban } : null);
      take('invoice_date', existing.invoice_date !== null, { invoice_date: invoice.issueDate });
      take('fulfillment_date', existing.fulfillment_date !== null, chainMember ? null : { fulfillment_date: invoice.deliveryDate });
      take('due_date', existing.due_date !== null, invoice.paymentDate ? { due_date: invoice.paymentDate } : null);
      // net and VAT only where they agree with the gross already recorded (a typed gross is the user's word)
      const sameGross = existing.currency === invoice.currency && existing.gross_price_milli === invoice.gross;
      take('amounts', existing.net_price_milli !== null, sameGross ? { net_price_milli: invoice.net, vat_amount_milli: invoice.vat } : null);
      if (existing.einvoice_supplier_key === null) fill.einvoice_supplier_key = key;
      if (Object.keys(fill).length) await trx.updateTable('expenses').set({ ...fill, updated_at: now }).where('id', '=', existing.id).execute();

      const rates = await trx.selectFrom('expense_vat_rates').select('position').where('expense_id', '=', existing.id).limit(1).execute();
      if (rates.length) sources.vat_breakdown = origin;
      else if (sameGross && invoice.parts.length) {
        await writeParts(trx, existing.id, invoice);
        sources.vat_breakdown = 'nav';
      }
      const file = await trx.selectFrom('expense_attachments').select('expense_id').where('expense_id', '=', existing.id).executeTakeFirst();
      if (file) sources.attachment = origin;
      else {
        await writeAttachment(trx, existing.id, request);
        sources.attachment = 'nav';
      }
      expenseId = existing.id;
    } else {
      const paidOnIssue = PAID_ON_ISSUE.has(invoice.paymentMethod ?? '') && invoice.gross > 0;
      const category = guess.of(invoice.supplier.taxpayerId);
      const inserted = await trx
        .insertInto('expenses')
        .values({
          categories_id: category,
          name: nameOf(invoice),
          invoice_no: invoice.invoiceNumber.slice(0, 100),
          client_id: null,
          kind: invoice.gross < 0 ? 'credit_note' : 'invoice',
          supplier_name: invoice.supplier.name.slice(0, 255),
          supplier_taxcode: invoice.supplier.taxNumber,
          supplier_iban: IBAN.test(iban) ? iban : '',
          invoice_date: invoice.issueDate,
          fulfillment_date: chainMember ? null : invoice.deliveryDate,
          due_date: invoice.paymentDate,
          payment_date: paidOnIssue ? (invoice.paymentDate ?? invoice.issueDate) : null,
          paid: paidOnIssue ? 1 : 0,
          currency: invoice.currency,
          vat_id: vatIdOf(invoice),
          gross_price_milli: invoice.gross,
          net_price_milli: invoice.net,
          vat_amount_milli: invoice.vat,
          einvoice_syntax: 'nav',
          einvoice_supplier_key: key,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expenseId = inserted.id;
      guess.note(invoice.supplier.taxpayerId, category, expenseId);
      await writeParts(trx, expenseId, invoice);
      await writeAttachment(trx, expenseId, request);
      for (const f of ['supplier_name', 'supplier_taxcode', 'invoice_date', 'amounts', 'attachment'] as const) sources[f] = 'nav';
      if (iban && IBAN.test(iban)) sources.supplier_iban = 'nav';
      if (!chainMember && invoice.deliveryDate) sources.fulfillment_date = 'nav';
      if (invoice.paymentDate) sources.due_date = 'nav';
      if (invoice.parts.length) sources.vat_breakdown = 'nav';
    }

    await t
      .updateTable('nav_inbound')
      .set({
        state: 'booked',
        // a chain's original stored from the chain digest knew neither its name nor its date until now
        supplier_name: invoice.supplier.name,
        issue_date: invoice.issueDate,
        expense_id: expenseId,
        chain_expense_id: request.chainExpenseId,
        payment_method: invoice.paymentMethod,
        currency: invoice.currency,
        exchange_rate: invoice.exchangeRate,
        net_milli: invoice.net,
        vat_milli: invoice.vat,
        gross_milli: invoice.gross,
        vat_huf_milli: invoice.vat_huf,
        parts: JSON.stringify(invoice.parts),
        lines: JSON.stringify(invoice.lines),
        sources: JSON.stringify(sources),
        problem: null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    return { booked: true, expenseId, merged: existing !== undefined };
  }
}
