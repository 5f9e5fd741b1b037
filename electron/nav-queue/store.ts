// The NAV report queue on the database: the seal hook that adds a report with each issued invoice, and the store
// the sender works through. The invoiceData XML is built on a report's first attempt from the sealed (immutable)
// invoice and stored, so issuing stays fast and every retry sends the very same bytes.
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { Kysely } from 'kysely';
import type { Db } from '../db/open';
import type { Database } from '../db/schema';
import type { InvoiceRow } from '../db/schema';
import { loadInvoices } from '../core/invoices/mapping';
import type { SealHook } from '../core/invoices/service';
import { navReportRequired, prepareNavReport } from '../nav/invoice-data';
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
  created_at: string;
  updated_at: string;
}

type NavDb = Kysely<Database & { nav_reports: NavReportsTable }>;

export function navDb(db: Db): NavDb {
  return db.withTables<{ nav_reports: NavReportsTable }>() as NavDb;
}

/** Normal and cancelling invoices (and those generated from proformas) are reported; drafts and proformas are not. */
export const navSealHook: SealHook = async (trx, invoice: InvoiceRow) => {
  if (invoice.type !== 3) return;
  const stamp = new Date().toISOString();
  await navDb(trx)
    .insertInto('nav_reports')
    .values({ invoice_id: invoice.id, state: 'waiting', attempts: 0, messages: '[]', created_at: stamp, updated_at: stamp } as never)
    .execute();
};

async function invoiceWithOriginal(db: Db, invoiceId: number) {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const rows = [row];
  if (row.cancels_id) rows.push(await db.selectFrom('invoices').selectAll().where('id', '=', row.cancels_id).executeTakeFirstOrThrow());
  const [invoice, original] = await loadInvoices(db, rows);
  return { invoice: invoice!, original };
}

export function navXmlOptions(original: Resource<InvoiceAttributes> | undefined) {
  return original ? { original: original.attributes, modificationIndex: 1 } : {};
}

export function createNavReportStore(db: Db): NavReportStore & { forInvoice(invoiceId: number): Promise<NavReportsTable | undefined> } {
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
      messages: JSON.parse(r.messages) as NavReport['messages'],
    };
  }

  return {
    async load(id) {
      const r = await q.selectFrom('nav_reports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      if (r.invoice_data === null) {
        const { invoice, original } = await invoiceWithOriginal(db, r.invoice_id);
        const stamp = new Date().toISOString();
        if (!navReportRequired(invoice.attributes)) {
          await q.updateTable('nav_reports').set({ state: 'not_required', updated_at: stamp }).where('id', '=', id).execute();
          return undefined;
        }
        let prepared;
        try {
          prepared = prepareNavReport(invoice.attributes, navXmlOptions(original));
        } catch (e) {
          // The sealed invoice lacks what NAV requires (e.g. the seller's tax number): retrying cannot help.
          const message = e instanceof Error ? e.message : String(e);
          await q.updateTable('nav_reports').set({ state: 'aborted', error_code: 'LOCAL_DATA', error_message: message, updated_at: stamp }).where('id', '=', id).execute();
          return undefined;
        }
        await q
          .updateTable('nav_reports')
          .set({ operation: prepared.operation, invoice_number: prepared.invoiceNumber, invoice_data: prepared.invoiceDataBase64, updated_at: stamp })
          .where('id', '=', id)
          .execute();
        return toReport({ ...r, operation: prepared.operation, invoice_number: prepared.invoiceNumber, invoice_data: prepared.invoiceDataBase64 });
      }
      return toReport(r);
    },

    async update(id, patch: NavReportPatch) {
      const set: Partial<NavReportsTable> = { updated_at: new Date().toISOString() };
      if (patch.state !== undefined) set.state = patch.state;
      if (patch.transactionId !== undefined) set.transaction_id = patch.transactionId;
      if (patch.submittedAt !== undefined) set.submitted_at = patch.submittedAt;
      if (patch.attempts !== undefined) set.attempts = patch.attempts;
      if (patch.nextAttemptAt !== undefined) set.next_attempt_at = patch.nextAttemptAt;
      if (patch.errorCode !== undefined) set.error_code = patch.errorCode;
      if (patch.errorMessage !== undefined) set.error_message = patch.errorMessage;
      if (patch.messages !== undefined) set.messages = JSON.stringify(patch.messages);
      await q.updateTable('nav_reports').set(set).where('id', '=', id).execute();
    },

    async due(now, limit) {
      const rows = await q
        .selectFrom('nav_reports')
        .select('id')
        .where('state', 'in', ['waiting', 'sent'])
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now.toISOString())]))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    forInvoice: (invoiceId) => q.selectFrom('nav_reports').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst(),
  };
}
