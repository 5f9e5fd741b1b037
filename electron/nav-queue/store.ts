// The NAV report queue on the database: the seal hook that adds a report with each issued invoice, and the store
// the sender works through. The invoiceData XML is built on a report's first attempt from the sealed (immutable)
// invoice and stored, so issuing stays fast and every retry sends the very same bytes.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { FolioError } from '../../shared/errors';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { InvoiceAttributes, InvoiceItem, Resource } from '../../shared/resources';
import type { Db } from '../db/types';
import type { Database, InvoiceRow } from '../db/schema';
import { chainState } from '../core/invoices/chain';
import { loadInvoices } from '../core/invoices/mapping';
import { parseJson } from '../core/json';
import { prepareStatement } from '../db/prepared';
import { blindSealHook, type SealHook } from '../core/invoices/service';
import type { InvoiceDataOptions, LineNature } from '../nav/invoice-data';
import type { NavMessage } from '../nav/api';
import type { NavReport, NavReportPatch, NavReportState, NavReportStore } from '../nav/sender';

export interface NavReportsTable {
  id: number;
  invoice_id: number;
  state: string;
  operation: string | null;
  invoice_number: string | null;
  invoice_data: string | null;
  transaction_id: string | null;
  submitted_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  error_code: string | null;
  error_message: string | null;
  messages: string;
  /** JSON: the outcomes of earlier tries a `retry` started afresh (migration 0007), oldest first */
  history: string;
  created_at: string;
  updated_at: string;
}

/** One earlier try of a report, kept when the report is queued again. */
export interface NavReportHistoryEntry {
  state: string;
  transaction_id: string | null;
  error_code: string | null;
  error_message: string | null;
  messages: NavMessage[];
  at: string;
}

export interface NavReporterLeaseTable {
  id: number;
  owner: string | null;
  pid: number | null;
  until: string | null;
}

type NavDb = Kysely<Database & { nav_reports: NavReportsTable; nav_reporter_lease: NavReporterLeaseTable }>;

export function navDb(db: Db): NavDb {
  return db.withTables<{ nav_reports: NavReportsTable; nav_reporter_lease: NavReporterLeaseTable }>() as NavDb;
}

/** Whether a process of this machine still runs (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The right to report this database (migration 0007): one sender per file, whichever process holds the lease.
 * Taking it is one conditional UPDATE, so two processes cannot both succeed. A holder that died (its pid is gone on
 * this machine — SQLite files are local) or let the lease expire is replaced at once.
 */
export function navReporterLease(db: Db, owner: string, ms: number) {
  const q = navDb(db);
  return {
    /** Takes or renews the lease; false while another live process holds it. */
    async hold(now = new Date()): Promise<boolean> {
      const until = new Date(now.getTime() + ms).toISOString();
      const mine = { owner, pid: process.pid, until };
      const taken = await q
        .updateTable('nav_reporter_lease')
        .set(mine)
        .where('id', '=', 1)
        .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', owner), eb('until', '<', now.toISOString())]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return true;
      const holder = await q.selectFrom('nav_reporter_lease').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!holder?.owner || holder.pid === null || processAlive(holder.pid)) return false;
      const replaced = await q
        .updateTable('nav_reporter_lease')
        .set(mine)
        .where('id', '=', 1)
        .where('owner', '=', holder.owner)
        .executeTakeFirst();
      return Number(replaced.numUpdatedRows) === 1;
    },
    async release(): Promise<void> {
      await q.updateTable('nav_reporter_lease').set({ owner: null, pid: null, until: null }).where('id', '=', 1).where('owner', '=', owner).execute();
    },
  };
}

/** NAV has the report's data (or has had its say): the next member of the chain may follow it. */
const REPORTED = ['done', 'done_with_warnings', 'not_required'];

/**
 * For the report `r` of invoice `i` (as named in `due`): an unfinished report of what must reach NAV before it —
 * its Folio original, or a member of the same chain (same Folio original, or same number of the previous program's
 * original) with a lower modification index (a legacy storno without one counts as 1).
 */
const pendingEarlierInChain = sql<SqlBool>`(
  select 1 from nav_reports p join invoices pi on pi.id = p.invoice_id
  where p.state not in (${sql.join(REPORTED)})
    and (
      pi.id = coalesce(i.modifies_id, case when i.is_cancel_invoice = 1 then i.cancels_id end)
      or (
        i.modification_index is not null and pi.id <> i.id
        and coalesce(pi.modification_index, 1) < i.modification_index
        and (
          (i.modifies_id is not null or (i.is_cancel_invoice = 1 and i.cancels_id is not null))
            and (pi.modifies_id = coalesce(i.modifies_id, i.cancels_id)
                 or (pi.is_cancel_invoice = 1 and pi.cancels_id = coalesce(i.modifies_id, i.cancels_id)))
          or (i.modifies_id is null and i.is_cancel_invoice = 0 and i.original_invoice_no is not null
              and pi.modifies_id is null and pi.is_cancel_invoice = 0 and pi.original_invoice_no = i.original_invoice_no)
        )
      )
    )
)`;

const queueReport = prepareStatement((db, p: { invoice_id: number; at: string }) =>
  navDb(db)
    .insertInto('nav_reports')
    .values({ invoice_id: p.invoice_id, state: 'waiting', attempts: 0, messages: '[]', created_at: p.at, updated_at: p.at } as never),
);

/** Normal and cancelling invoices (and those generated from proformas) are reported; drafts, proformas and receipts
 * (nyugta: Online Számla takes invoices only, a receipt is never reported) are not. */
export const navSealHook: SealHook = blindSealHook(async (trx, invoice: InvoiceRow) => {
  if (invoice.type !== INVOICE_TYPE.invoice) return;
  // a row the write only adds (no trigger, nothing reads it back in the write): on PostgreSQL it goes with the RELEASE
  await queueReport.runAtRelease(trx, { invoice_id: invoice.id, at: new Date().toISOString() });
});

export function navXmlOptions(original: Resource<InvoiceAttributes> | undefined) {
  return original ? { original: original.attributes, modificationIndex: 1 } : {};
}

/** What Folio kept of an original the previous program issued (invoices.external_original, see modify.ts). */
interface ExternalOriginal {
  invoice_no: string;
  line_count: number;
  nav_reported?: boolean;
}

/**
 * Where a modifying or cancelling invoice stands in its original's chain: its index, the chain's line count before
 * it (its new lines follow them), and whether NAV holds the original. NAV refuses a member reported out of this
 * order, which is why the queue sends the chain in index order (`due`).
 */
async function chainOptions(db: Db, row: InvoiceRow): Promise<InvoiceDataOptions> {
  const originalId = row.modifies_id ?? (row.is_cancel_invoice ? row.cancels_id : null);
  const index = row.modification_index ?? 1; // a storno from before chains were tracked was the first and only member
  if (originalId !== null) {
    return { modificationIndex: index, chainLineCount: (await chainState(db, { id: originalId }, index)).lineCount, modifyWithoutMaster: false };
  }
  const external = parseJson<ExternalOriginal | null>(row.external_original, null);
  if (row.modification_index === null || !external) return {};
  const before = await chainState(db, { invoiceNo: external.invoice_no, lines: Number(external.line_count) }, index);
  // nav_reported is decided when the modification is issued (modify.ts navHoldsExternal: from 2021 on NAV has it)
  return { modificationIndex: index, chainLineCount: before.lineCount, modifyWithoutMaster: external.nav_reported === false };
}

/**
 * PRODUCT or SERVICE for lines sold from a product, from the product's `is_service` when it was set (a product
 * never told is left to the unit-based inference). Deleted products still count: the invoice was issued with them.
 */
async function productNatures(db: Db, items: InvoiceItem[]): Promise<Map<number, LineNature>> {
  const ids = [...new Set(items.map((i) => i.product_uid).filter((id): id is number => typeof id === 'number'))];
  const natures = new Map<number, LineNature>();
  if (ids.length === 0) return natures;
  const rows = await db.selectFrom('products').select(['id', 'attrs']).where('id', 'in', ids).execute();
  for (const row of rows) {
    const flag = parseJson<{ is_service?: unknown }>(row.attrs, {}).is_service;
    if (flag === 1 || flag === true || flag === '1') natures.set(row.id, 'SERVICE');
    else if (flag === 0 || flag === false || flag === '0') natures.set(row.id, 'PRODUCT');
  }
  return natures;
}

/**
 * An issued invoice with what its invoiceData is built from: the original of a cancelling invoice and the line
 * natures of its products. The queue and `nav export` both build through this, so they write the same XML.
 */
export async function navReportSource(
  db: Db,
  invoiceId: number,
): Promise<{ invoice: Resource<InvoiceAttributes>; options: InvoiceDataOptions }> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const rows = [row];
  const originalId = row.modifies_id ?? row.cancels_id;
  if (originalId) rows.push(await db.selectFrom('invoices').selectAll().where('id', '=', originalId).executeTakeFirstOrThrow());
  const [invoice, original] = await loadInvoices(db, rows);
  const natures = await productNatures(db, [...invoice!.attributes.items, ...(original?.attributes.items ?? [])]);
  const options: InvoiceDataOptions = { ...navXmlOptions(original), ...(await chainOptions(db, row)) };
  if (natures.size > 0) options.lineNature = (item) => (item.product_uid == null ? undefined : natures.get(item.product_uid));
  return { invoice: invoice!, options };
}

/**
 * navReportSource for a page of issued invoices read already (their rows, and their resources in the same order):
 * what each is built from, the same as navReportSource gives, with the originals and the products' natures read once
 * for the page instead of once per invoice (a year's NAV export: 4–5 queries per invoice otherwise).
 */
export async function navReportSources(
  db: Db,
  rows: InvoiceRow[],
  invoices: Array<Resource<InvoiceAttributes>>,
): Promise<Array<{ invoice: Resource<InvoiceAttributes>; options: InvoiceDataOptions }>> {
  const originalIds = [...new Set(rows.map((r) => r.modifies_id ?? r.cancels_id).filter((id): id is number => id !== null))];
  const originalRows = originalIds.length ? await db.selectFrom('invoices').selectAll().where('id', 'in', originalIds).execute() : [];
  const loaded = await loadInvoices(db, originalRows);
  const originals = new Map(originalRows.map((r, i) => [r.id, loaded[i]!]));
  const natures = await productNatures(db, [...invoices, ...loaded].flatMap((i) => i.attributes.items));
  const out: Array<{ invoice: Resource<InvoiceAttributes>; options: InvoiceDataOptions }> = [];
  for (const [i, row] of rows.entries()) {
    const invoice = invoices[i]!;
    const originalId = row.modifies_id ?? row.cancels_id;
    const original = originalId === null ? undefined : originals.get(originalId);
    if (originalId !== null && !original) throw new Error(`The original (${originalId}) of invoice ${row.id} is missing`);
    const options: InvoiceDataOptions = { ...navXmlOptions(original), ...(await chainOptions(db, row)) };
    // as navReportSource: a nature function only when a line of this invoice or its original has one
    const own = [...invoice.attributes.items, ...(original?.attributes.items ?? [])];
    if (own.some((item) => item.product_uid != null && natures.has(item.product_uid))) {
      options.lineNature = (item) => (item.product_uid == null ? undefined : natures.get(item.product_uid));
    }
    out.push({ invoice, options });
  }
  return out;
}

/** SQLite's own failures (busy, I/O, full disk) are not the invoice's fault: the report stays queued. */
function isStorageError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

export type NavReportQueue = NavReportStore & {
  forInvoice(invoiceId: number): Promise<NavReportsTable | undefined>;
  /**
   * Queues an invoice's report again: an aborted report starts afresh (its data rebuilt from the invoice, NAV's
   * earlier answer kept in `history`), a waiting one is made due now. Refused for a report NAV has accepted.
   */
  retry(invoiceId: number): Promise<NavReportsTable>;
};

export function createNavReportStore(db: Db): NavReportQueue {
  const q = navDb(db);

  function toReport(r: NavReportsTable): NavReport {
    return {
      id: r.id,
      invoiceNumber: r.invoice_number ?? '',
      operation: (r.operation ?? 'CREATE') as NavReport['operation'],
      invoiceDataBase64: r.invoice_data ?? '',
      state: r.state as NavReportState,
      transactionId: r.transaction_id,
      submittedAt: r.submitted_at,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      errorCode: r.error_code,
      errorMessage: r.error_message,
      messages: parseJson<NavReport['messages']>(r.messages, []),
    };
  }

  async function setRow(id: number, set: Partial<NavReportsTable>) {
    await q
      .updateTable('nav_reports')
      .set({ ...set, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  const forInvoice = (invoiceId: number) => q.selectFrom('nav_reports').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();

  return {
    async load(id) {
      const r = await q.selectFrom('nav_reports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      if (r.invoice_data !== null) return toReport(r);
      if (r.state !== 'waiting') return undefined; // aborted or not required before it was ever built
      let prepared;
      try {
        // NAV's invoice data XML is built by the first report sent, not loaded at start
        const { navReportRequired, prepareNavReport } = await import('../nav/invoice-data');
        const { invoice, options } = await navReportSource(db, r.invoice_id);
        if (!navReportRequired(invoice.attributes)) {
          await setRow(id, { state: 'not_required' });
          return undefined;
        }
        prepared = prepareNavReport(invoice.attributes, options);
      } catch (e) {
        if (isStorageError(e)) throw e;
        // The sealed invoice lacks what NAV requires (e.g. the seller's tax number), or cannot be read as one:
        // the same invoice would fail the same way on every try, so it waits for a person (docs/nav.md).
        const message = e instanceof Error ? e.message : String(e);
        await setRow(id, { state: 'aborted', error_code: 'LOCAL_DATA', error_message: message });
        return undefined;
      }
      const built = { operation: prepared.operation, invoice_number: prepared.invoiceNumber, invoice_data: prepared.invoiceDataBase64 };
      await setRow(id, built);
      return toReport({ ...r, ...built });
    },

    async update(id, patch: NavReportPatch) {
      const set: Partial<NavReportsTable> = {};
      if (patch.state !== undefined) set.state = patch.state;
      if (patch.transactionId !== undefined) set.transaction_id = patch.transactionId;
      if (patch.submittedAt !== undefined) set.submitted_at = patch.submittedAt;
      if (patch.attempts !== undefined) set.attempts = patch.attempts;
      if (patch.nextAttemptAt !== undefined) set.next_attempt_at = patch.nextAttemptAt;
      if (patch.errorCode !== undefined) set.error_code = patch.errorCode;
      if (patch.errorMessage !== undefined) set.error_message = patch.errorMessage;
      if (patch.messages !== undefined) set.messages = JSON.stringify(patch.messages);
      await setRow(id, set);
    },

    async due(now, limit) {
      // A chain member (modifying or cancelling invoice) waits until NAV has its original and every member before
      // it: since 15 September 2025 NAV aborts a MODIFY/STORNO of an invoice it does not hold, or out of index
      // order. One already sent, or in doubt, is followed up. An original Folio has no report of (the previous
      // program's, or issued before reporting) holds nothing up.
      const rows = await q
        .selectFrom('nav_reports as r')
        .innerJoin('invoices as i', 'i.id', 'r.invoice_id')
        .select('r.id')
        .where('r.state', 'in', ['waiting', 'sent'])
        .where((eb) => eb.or([eb('r.next_attempt_at', 'is', null), eb('r.next_attempt_at', '<=', now.toISOString())]))
        .where((eb) =>
          eb.or([
            eb('r.state', '=', 'sent'),
            eb('r.submitted_at', 'is not', null),
            eb.not(eb.exists(pendingEarlierInChain)),
          ]),
        )
        .orderBy('r.id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    forInvoice,

    async retry(invoiceId) {
      return db.transaction().execute(async (trx) => {
        const t = navDb(trx);
        const r = await t.selectFrom('nav_reports').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
        const stamp = new Date().toISOString();
        if (!r) throw new FolioError('rule_violation', 'This invoice has no NAV report: only issued normal and cancelling invoices are reported');
        if (r.state === 'done' || r.state === 'done_with_warnings') {
          throw new FolioError('conflict', 'NAV has already accepted this invoice; a correction needs a new (cancelling) invoice');
        }
        if (r.state === 'not_required') throw new FolioError('rule_violation', 'This invoice does not have to be reported to NAV');
        if (r.state === 'waiting' || r.state === 'sent') {
          await t.updateTable('nav_reports').set({ next_attempt_at: null, updated_at: stamp }).where('id', '=', r.id).execute();
        } else {
          const history = parseJson<NavReportHistoryEntry[]>(r.history, []);
          history.push({
            state: r.state,
            transaction_id: r.transaction_id,
            error_code: r.error_code,
            error_message: r.error_message,
            messages: parseJson<NavMessage[]>(r.messages, []),
            at: r.updated_at,
          });
          // A submission still in doubt (marker without transaction id) keeps its marker and its bytes, so the
          // sender first looks for it at NAV instead of sending the invoice a second time.
          const inDoubt = r.submitted_at !== null && r.transaction_id === null && r.invoice_data !== null;
          await t
            .updateTable('nav_reports')
            .set({
              state: 'waiting',
              ...(inDoubt ? {} : { operation: null, invoice_number: null, invoice_data: null, submitted_at: null }),
              transaction_id: null,
              attempts: 0,
              next_attempt_at: null,
              error_code: null,
              error_message: null,
              messages: '[]',
              history: JSON.stringify(history),
              updated_at: stamp,
            })
            .where('id', '=', r.id)
            .execute();
        }
        return (await t.selectFrom('nav_reports').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow()) as NavReportsTable;
      });
    },
  };
}
