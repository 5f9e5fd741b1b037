// Reading invoices: one by id, the paged list, the interface's query (dates, number ranges, filters) and the share
// code's invoice. Rows become the interface's resource in ./mapping.ts.
import type { InvoiceQueryInput } from '../../../shared/contract/schemas';
import { notFound } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, isV2Type } from '../../../shared/invoice-codes';
import { firstDayOfMonth } from '../../../shared/dates';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';
import type { CoreContext } from '../context';
import { today } from '../context';
import { pageWindow, toPage } from '../paging';
import { loadInvoices } from './mapping';
import { numberedYears, searchCondition, searchTerms } from './search';
import { containsInsensitive } from '../../db/portable';

/** The stored row of an invoice, in `db` (a transaction reads its own writes); not found is the caller's 404. */
export async function invoiceRow(db: Db, id: number): Promise<InvoiceRow> {
  const r = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(`Invoice ${id}`);
  return r;
}

export function createInvoiceQueries(ctx: CoreContext) {
  const { db } = ctx;

  async function read(id: number) {
    const [res] = await loadInvoices(db, [await invoiceRow(db, id)]);
    return res!;
  }

  /** One invoice; for the v2 door (`v2_only`) a receipt is not there, as v2 knows no receipts. */
  async function get(input: { id: number; v2_only?: number | undefined }) {
    const row = await invoiceRow(db, input.id);
    if (input.v2_only && !isV2Type(row.type)) throw notFound(`Invoice ${input.id}`);
    const [res] = await loadInvoices(db, [row]);
    return res!;
  }

  /** A page of a query, newest first, as resources. */
  async function pageOf(q: ReturnType<typeof all>, w: ReturnType<typeof pageWindow>) {
    const rows = await q
      .orderBy('id', 'desc')
      .limit(w.perPage + 1)
      .offset(w.offset)
      .execute();
    const page = toPage(rows, w, (r) => r);
    return { ...page, items: await loadInvoices(db, page.items) };
  }

  const all = () => db.selectFrom('invoices').selectAll();

  async function list(input: { page?: number | undefined; max_per_page?: number | undefined; v2_only?: number | undefined }) {
    return pageOf(input.v2_only ? all().where('type', '!=', INVOICE_TYPE.receipt) : all(), pageWindow(input));
  }

  async function query(input: InvoiceQueryInput) {
    const w = pageWindow(input);
    let q = all();
    const byNumber = input.num_start !== undefined || input.num_end !== undefined;
    // Dates default to this month only when no number range is asked for: a number range names its own invoices.
    const start = input.start_date ?? (byNumber ? undefined : firstDayOfMonth(today(ctx)));
    const end = input.end_date ?? (byNumber ? undefined : today(ctx));
    if (start) q = q.where('date', '>=', start);
    if (end) q = q.where('date', '<=', end);
    if (byNumber) {
      q = q.where('number_kind', '=', 'invoice');
      // Row-value comparisons let SQLite use the (number_year, number_seq) index; an OR of years scans the table.
      if (input.num_start !== undefined) {
        const [y, n] = [input.year_start!, input.num_start];
        q = q.where((eb) => eb(eb.refTuple('number_year', 'number_seq'), '>=', eb.tuple(y, n)));
      }
      if (input.num_end !== undefined) {
        const [y, n] = [input.year_end!, input.num_end];
        q = q.where((eb) => eb(eb.refTuple('number_year', 'number_seq'), '<=', eb.tuple(y, n)));
      }
    }
    if (input.payment_method !== undefined) q = q.where('payment_method_id', '=', input.payment_method);
    if (input.block !== undefined) q = q.where('block_id', '=', input.block);
    if (input.status !== undefined) q = q.where('status', '=', input.status);
    if (input.type !== undefined) q = q.where('type', '=', input.type);
    if (input.v2_only) q = q.where('type', '!=', INVOICE_TYPE.receipt);
    if (input.client_uid !== undefined) q = q.where('client_id', '=', input.client_uid);
    if (input.kind === 'cancelling') q = q.where('is_cancel_invoice', '=', 1);
    if (input.kind === 'modifying') q = q.where('modification_index', 'is not', null).where('is_cancel_invoice', '=', 0);
    if (input.kind === 'advance') q = q.where('is_advance', '=', 1).where('is_cancel_invoice', '=', 0).where('type', '=', INVOICE_TYPE.invoice);
    if (input.kind === 'final') {
      q = q.where('is_cancel_invoice', '=', 0).where('id', 'in', db.selectFrom('invoice_items').select('invoice_id').where('advance_invoice_id', 'is not', null));
    }
    if (input.vendor_id?.trim()) q = q.where('vendor_id', '=', input.vendor_id.trim());
    if (input.payment_state === 'overdue') q = q.where('status', '=', INVOICE_STATUS.unpaid).where('type', '!=', INVOICE_TYPE.draft).where('due_date', '<', today(ctx));
    if (input.payment_state === 'partially_paid') q = q.where('status', '=', INVOICE_STATUS.unpaid).where('total_paid_milli', '>', 0);
    if (input.client?.trim()) {
      q = q.where('client_id', 'in', db.selectFrom('clients').select('id').where(containsInsensitive(db, 'name', input.client.trim())));
    }
    if (input.search?.trim()) {
      const terms = searchTerms(input.search);
      const years = terms.seq !== undefined ? await numberedYears(db) : [];
      q = q.where(searchCondition(db, terms, years));
    }
    const page = await pageOf(q, w);
    if (input.with_total !== 1) return page;
    const counted = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { ...page, total: Number(counted.n) };
  }

  async function byShareCode(code: string) {
    const r = await db.selectFrom('invoices').selectAll().where('share_code', '=', code).executeTakeFirst();
    if (!r) return undefined;
    const [res] = await loadInvoices(db, [r]);
    return res;
  }

  return { read, get, list, query, byShareCode };
}
