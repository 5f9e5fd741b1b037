// One run of the inbound fetch: the invoices NAV took in for this business as buyer since the cursor, by insertion
// date (an invoice a supplier reports late still has a new insertion date, so none is missed), in windows of at
// most 35 days, page by page, each booked as an expense.
//
// Resumable and exactly once, by two rules:
// - a page's digests are stored as `new` rows (one per supplier + invoice number, a repeat ignored) in the same
//   transaction that moves the cursor past the page; the cursor never passes a digest not stored;
// - a `new` row becomes an expense in the transaction that marks it `booked` (book.ts).
// So a run killed anywhere leaves stored digests to book and a cursor at the first page not stored; the next run
// books the stored ones first and goes on from there. A page read twice (NAV's pages shift as invoices arrive)
// stores nothing twice.
//
// A modification or storno is booked after its chain's original: when the original is not among the rows,
// queryInvoiceChainDigest names the chain, its original is stored and booked first (whatever its insertion date:
// the chain must have its root), and the member is linked to the original's expense.
//
// Errors (NAV unreachable, the technical user without the right to query, a page refused) end the run with the
// cursor where it was, and are kept on the cursor row for the NAV screen.
import { timestampIn } from '../../shared/dates';
import { NavResponseError, newRequestId, type ParsedResponse } from '../nav/api';
import type { NavCredentials } from '../nav/sender';
import { callNav, NavCallError, type FetchLike, type NavOperationName } from '../nav/transport';
import {
  buildQueryInvoiceChainDigestRequest,
  buildQueryInvoiceDataRequest,
  buildQueryInvoiceDigestRequest,
  readInvoiceChainPage,
  readInvoiceData,
  readInvoiceDigestPage,
  type InvoiceDigest,
} from '../nav/query-api';
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';
import { bookMany, bookReceived, sameInvoiceExpense, type BookRequest } from './book';
import { NavInvoiceReadError, readNavInvoice } from './invoice-read';
import { inboundDb, type NavInboundRow } from './tables';

const DAY_MS = 86_400_000;
/** invoices booked in one transaction, and queryInvoiceData requests under way at once */
const BATCH = 100;
const PARALLEL = 6;

/** `work` over `items`, at most `limit` at a time, results in the items' order; the first failure fails it. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
/** NAV answers an insertion-date query of at most 35 days. */
export const WINDOW_DAYS = 35;

export interface InboundRunDeps {
  db: Db;
  credentials: () => Promise<NavCredentials | null>;
  fetch: FetchLike;
  /** the business clock: how far the windows go */
  now: () => Date;
  timeZone: () => string;
  timeoutMs?: number;
  /** how long before now a window ends: NAV shows an invoice shortly after its insertion instant (default 10 min) */
  lagMs?: number;
  /** told after each page is stored (the crash tests stop a run there) */
  onPage?: (page: { windowFrom: string; page: number; availablePage: number; digests: number }) => void | Promise<void>;
  /** told after each invoice is booked */
  onBooked?: (row: NavInboundRow) => void | Promise<void>;
}

export interface InboundRunResult {
  ran: boolean;
  /** digests stored as new rows in this run */
  fetched: number;
  booked: number;
  pages: number;
  /** what stopped the run, null when it went through */
  error: { code: string; message: string } | null;
}

/** A run's failure that ends it: kept on the cursor row in NAV's words, the cursor unchanged. */
export class InboundStop extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The first instant of a business day (00:00 in the business's time zone), as UTC. */
export function startOfDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const wall = new Date(`${timestampIn(guess, timeZone).replace(' ', 'T')}Z`);
  return new Date(guess.getTime() - (wall.getTime() - guess.getTime()));
}

/** A NAV query, signed with a fresh request id and NAV's real time (never a test's fixed business date). */
async function ask(deps: InboundRunDeps, creds: NavCredentials, operation: NavOperationName, build: (meta: { requestId: string; timestamp: Date }) => string): Promise<ParsedResponse> {
  const now = new Date();
  const body = build({ requestId: newRequestId(now), timestamp: now });
  try {
    return await callNav(deps.fetch, creds.baseUrl, operation, body, deps.timeoutMs ?? 30_000);
  } catch (error) {
    if (error instanceof NavCallError) throw new InboundStop(error.code, error.message);
    if (error instanceof NavResponseError) throw new InboundStop('BAD_RESPONSE', error.message);
    throw error;
  }
}

function rowValues(d: { supplierTaxNumber: string; invoiceNumber: string; operation: string; originalInvoiceNumber?: string; modificationIndex?: number; supplierName: string; issueDate: string; insDate: string }, now: string) {
  return {
    supplier_taxpayer_id: d.supplierTaxNumber,
    invoice_number: d.invoiceNumber,
    operation: d.operation,
    original_invoice_number: d.originalInvoiceNumber ?? null,
    modification_index: d.modificationIndex ?? null,
    supplier_name: d.supplierName,
    issue_date: d.issueDate,
    ins_date: d.insDate,
    created_at: now,
    updated_at: now,
  };
}

export function createInboundRun(deps: InboundRunDeps) {
  const stamp = () => timestampIn(deps.now(), deps.timeZone());

  /** The invoice's data from NAV, read; a refusal or an unreadable document is kept on the row as its problem. */
  async function fetchData(creds: NavCredentials, row: NavInboundRow) {
    const answer = readInvoiceData(
      await ask(deps, creds, 'queryInvoiceData', (meta) =>
        buildQueryInvoiceDataRequest(creds, creds.software, meta, { invoiceNumber: row.invoice_number, direction: 'INBOUND', supplierTaxNumber: row.supplier_taxpayer_id }),
      ),
    );
    if (!answer) throw new InboundStop('NOT_FOUND', `NAV holds no data of invoice ${row.invoice_number} (supplier ${row.supplier_taxpayer_id})`);
    return { xml: answer.xml, invoice: readNavInvoice(answer.xml) };
  }

  /** The row of the chain's original, stored (and booked) from queryInvoiceChainDigest when it is not here yet. */
  async function chainOriginal(creds: NavCredentials, member: NavInboundRow, depth: number): Promise<NavInboundRow | null> {
    const number = member.original_invoice_number;
    if (!number) return null;
    const q = inboundDb(deps.db);
    const find = () => q.selectFrom('nav_inbound').selectAll().where('supplier_taxpayer_id', '=', member.supplier_taxpayer_id).where('invoice_number', '=', number).executeTakeFirst();
    let original = await find();
    if (!original) {
      // NAV's chain: its CREATE element is the original (absent for a modification without master)
      for (let page = 1; ; page++) {
        const chain = readInvoiceChainPage(
          await ask(deps, creds, 'queryInvoiceChainDigest', (meta) =>
            buildQueryInvoiceChainDigestRequest(creds, creds.software, meta, { page, invoiceNumber: number, direction: 'INBOUND', taxNumber: member.supplier_taxpayer_id }),
          ),
        );
        const root = chain.elements.find((e) => e.operation === 'CREATE' && e.invoiceNumber === number && e.supplierTaxNumber === member.supplier_taxpayer_id);
        if (root) {
          await writeTransaction(deps.db, async (trx) => {
            await inboundDb(trx)
              .insertInto('nav_inbound')
              .values(rowValues({ ...root, supplierName: member.supplier_name, issueDate: member.issue_date }, stamp()))
              .onConflict((oc) => oc.columns(['supplier_taxpayer_id', 'invoice_number']).doNothing())
              .execute();
          });
          break;
        }
        if (page >= chain.availablePage) break;
      }
      original = await find();
    }
    if (original?.state === 'new' && depth < 3) await bookRow(creds, original, depth + 1);
    return (await find()) ?? null;
  }

  /** The row's data, or null when NAV's document cannot be read (kept on the row as its problem). */
  async function dataOrProblem(creds: NavCredentials, row: NavInboundRow) {
    try {
      return await fetchData(creds, row);
    } catch (error) {
      if (error instanceof NavInvoiceReadError) {
        await inboundDb(deps.db).updateTable('nav_inbound').set({ problem: error.message, updated_at: stamp() }).where('id', '=', row.id).execute();
        return null;
      }
      throw error;
    }
  }

  async function bookRow(creds: NavCredentials, row: NavInboundRow, depth = 0): Promise<boolean> {
    const data = await dataOrProblem(creds, row);
    if (!data) return false;
    let chainExpenseId: number | null = null;
    if (row.operation !== 'CREATE') {
      const original = await chainOriginal(creds, row, depth);
      chainExpenseId = original?.expense_id ?? null;
      // an original NAV does not hold (modified without master) may still be an expense typed in or imported
      if (chainExpenseId === null && row.original_invoice_number) {
        chainExpenseId = (await sameInvoiceExpense(deps.db, `HU${row.supplier_taxpayer_id}`, row.original_invoice_number))?.id ?? null;
      }
    }
    const outcome = await bookReceived(deps.db, { rowId: row.id, invoice: data.invoice, xml: data.xml, chainExpenseId, now: stamp() });
    if (outcome.booked) {
      const booked = await inboundDb(deps.db).selectFrom('nav_inbound').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      await deps.onBooked?.(booked);
    }
    return outcome.booked;
  }

  /** Every stored row still new and without a problem: originals first, then chain members by their index. */
  async function bookPending(creds: NavCredentials): Promise<number> {
    const rows = await inboundDb(deps.db)
      .selectFrom('nav_inbound')
      .selectAll()
      .where('state', '=', 'new')
      .where('problem', 'is', null)
      .orderBy('id')
      .execute();
    // originals: their data asked a few at a time, each page's worth booked in one transaction
    const originals = rows.filter((r) => r.operation === 'CREATE');
    let booked = 0;
    for (let i = 0; i < originals.length; i += BATCH) {
      const chunk = originals.slice(i, i + BATCH);
      const fetched = await mapLimit(chunk, PARALLEL, async (row) => {
        const data = await dataOrProblem(creds, row);
        return data ? { row, data } : null;
      });
      const requests: BookRequest[] = fetched.flatMap((f) => (f ? [{ rowId: f.row.id, invoice: f.data.invoice, xml: f.data.xml, chainExpenseId: null, now: stamp() }] : []));
      const outcomes = requests.length ? await bookMany(deps.db, requests) : [];
      for (const [k, outcome] of outcomes.entries()) {
        if (!outcome.booked) continue;
        booked++;
        if (deps.onBooked) await deps.onBooked(await inboundDb(deps.db).selectFrom('nav_inbound').selectAll().where('id', '=', requests[k]!.rowId).executeTakeFirstOrThrow());
      }
    }
    // modifications and stornos one by one, after their originals, in their chains' order
    const members = rows.filter((r) => r.operation !== 'CREATE').sort((a, b) => (a.modification_index ?? 0) - (b.modification_index ?? 0) || a.id - b.id);
    for (const row of members) {
      const current = await inboundDb(deps.db).selectFrom('nav_inbound').select('state').where('id', '=', row.id).executeTakeFirst();
      if (current?.state !== 'new') continue;
      if (await bookRow(creds, row)) booked++;
    }
    return booked;
  }

  async function storePage(windowFrom: string, nextWindowFrom: string | null, page: number, digests: InvoiceDigest[]): Promise<number> {
    return writeTransaction(deps.db, async (trx) => {
      const t = inboundDb(trx);
      let stored = 0;
      const now = stamp();
      for (const d of digests) {
        const r = await t
          .insertInto('nav_inbound')
          .values(rowValues(d, now))
          .onConflict((oc) => oc.columns(['supplier_taxpayer_id', 'invoice_number']).doNothing())
          .executeTakeFirst();
        stored += Number(r.numInsertedOrUpdatedRows ?? 0);
      }
      // the cursor moves past the page in the transaction that stored it
      await t
        .updateTable('nav_inbound_cursor')
        .set(nextWindowFrom ? { window_from: nextWindowFrom, next_page: 1, updated_at: now } : { next_page: page + 1, updated_at: now })
        .where('id', '=', 1)
        .where('window_from', '=', windowFrom)
        .execute();
      return stored;
    });
  }

  async function setError(error: { code: string; message: string } | null): Promise<void> {
    const now = stamp();
    await inboundDb(deps.db)
      .updateTable('nav_inbound_cursor')
      .set(error ? { error_code: error.code, error_message: error.message.slice(0, 1000), error_at: now, last_run_at: now, updated_at: now } : { error_code: null, error_message: null, error_at: null, last_run_at: now, last_done_at: now, updated_at: now })
      .where('id', '=', 1)
      .execute();
  }

  return async function run(): Promise<InboundRunResult> {
    const result: InboundRunResult = { ran: false, fetched: 0, booked: 0, pages: 0, error: null };
    const q = inboundDb(deps.db);
    const cursor = await q.selectFrom('nav_inbound_cursor').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!cursor) return result; // no start date chosen yet: the first run is the user's
    let creds: NavCredentials | null;
    try {
      creds = await deps.credentials();
    } catch (error) {
      result.error = { code: 'CREDENTIALS_UNREADABLE', message: (error as Error).message };
      await setError(result.error);
      return result;
    }
    if (!creds) {
      result.error = { code: 'NOT_SET_UP', message: 'No NAV technical user is set up' };
      await setError(result.error);
      return result;
    }
    result.ran = true;
    // counted from the rows: an original fetched through its chain counts like one of a page
    const tally = async () => {
      const rows = await q.selectFrom('nav_inbound').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
      return { all: rows.reduce((s, r) => s + Number(r.n), 0), booked: Number(rows.find((r) => r.state === 'booked')?.n ?? 0) };
    };
    const before = await tally();
    try {
      await bookPending(creds);
      const endAt = deps.now().getTime() - (deps.lagMs ?? 10 * 60_000);
      for (;;) {
        const state = await q.selectFrom('nav_inbound_cursor').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
        const from = new Date(state.window_from);
        if (from.getTime() > endAt) break;
        const to = new Date(Math.min(from.getTime() + WINDOW_DAYS * DAY_MS - 1, endAt));
        const page = state.next_page;
        const answer = readInvoiceDigestPage(
          await ask(deps, creds, 'queryInvoiceDigest', (meta) =>
            buildQueryInvoiceDigestRequest(creds!, creds!.software, meta, { page, direction: 'INBOUND', insFrom: from, insTo: to }),
          ),
        );
        const last = page >= answer.availablePage;
        const next = last ? new Date(to.getTime() + 1).toISOString() : null;
        await storePage(state.window_from, next, page, answer.digests);
        result.pages++;
        await deps.onPage?.({ windowFrom: state.window_from, page, availablePage: answer.availablePage, digests: answer.digests.length });
        await bookPending(creds);
      }
      await setError(null);
    } catch (error) {
      if (!(error instanceof InboundStop)) throw error;
      result.error = { code: error.code, message: error.message };
      await setError(result.error);
    }
    const after = await tally();
    result.fetched = after.all - before.all;
    result.booked = after.booked - before.booked;
    return result;
  };
}

/** The cursor's first window for a start date; used by the first run's choice. */
export function firstWindow(startDate: string, timeZone: string): string {
  return startOfDay(startDate, timeZone).toISOString();
}

