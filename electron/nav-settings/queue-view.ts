// The reporting queue as the settings screen shows it: how many reports are in each state, the newest problem a
// waiting report hit, and the refused (aborted) reports with NAV's words; plus queuing refused reports again and
// making waiting ones due at once after the technical user changed.
import { sql } from 'kysely';
import { prefixedNumber } from '../../shared/invoice-codes';
import type { NavQueueState, NavQueueView, NavRefusedReport, NavWaitingReport } from '../../shared/contract/areas/nav';
import type { Db } from '../db/types';
import { parseJson } from '../core/json';
import { pageWindow, toPage } from '../core/paging';
import { describeNavCode } from '../nav/messages';
import type { NavMessage } from '../nav/api';
import { navDb } from '../nav-queue/store';
import { navReasonOf } from './reasons';

const STATES: NavQueueState[] = ['waiting', 'sent', 'done', 'done_with_warnings', 'aborted'];

export async function navQueueView(db: Db, input: { page?: number | undefined; max_per_page?: number | undefined }): Promise<NavQueueView> {
  const q = navDb(db);
  const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<NavQueueState, number>;
  const rows = await q.selectFrom('nav_reports').select(['state', sql<number>`count(*)`.as('n')]).groupBy('state').execute();
  for (const r of rows) if (r.state in counts) counts[r.state as NavQueueState] = Number(r.n);

  const problem = await q
    .selectFrom('nav_reports')
    .select(['error_code', 'error_message', 'updated_at'])
    .where('state', 'in', ['waiting', 'sent'])
    .where('error_code', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();

  // the dashboard shows how long the oldest unreported invoices have waited (their issue date starts the duty)
  const oldest = await q
    .selectFrom('nav_reports as r')
    .innerJoin('invoices as i', 'i.id', 'r.invoice_id')
    .select(['r.invoice_id', 'i.prefix', 'i.invoice_no', 'i.client_snapshot', 'i.date'])
    .where('r.state', 'in', ['waiting', 'sent'])
    .orderBy('i.date')
    .orderBy('r.id')
    .limit(5)
    .execute();

  const w = pageWindow(input);
  const refused = await q
    .selectFrom('nav_reports as r')
    .innerJoin('invoices as i', 'i.id', 'r.invoice_id')
    .select(['r.invoice_id', 'r.error_code', 'r.error_message', 'r.messages', 'r.history', 'r.updated_at', 'i.prefix', 'i.invoice_no', 'i.client_snapshot'])
    .where('r.state', '=', 'aborted')
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(w.perPage + 1)
    .offset(w.offset)
    .execute();

  return {
    counts,
    oldest_waiting: oldest.map(
      (r): NavWaitingReport => ({
        invoice_id: r.invoice_id,
        invoice_number: prefixedNumber(r.prefix, r.invoice_no) ?? '',
        client_name: parseJson<{ name?: string }>(r.client_snapshot, {}).name ?? '',
        issued_on: r.date.slice(0, 10),
      }),
    ),
    waiting_problem: problem?.error_code
      ? { code: problem.error_code, reason: navReasonOf(problem.error_code), message: problem.error_message ?? '', at: problem.updated_at }
      : null,
    refused: toPage(refused, w, (r): NavRefusedReport => {
      const messages = parseJson<NavMessage[]>(r.messages, []);
      const code = r.error_code;
      // NAV's own words are those of the message the report was refused for (the stored message is Folio's).
      const navText = messages.find((m) => m.code === code)?.text ?? null;
      return {
        invoice_id: r.invoice_id,
        invoice_number: prefixedNumber(r.prefix, r.invoice_no) ?? '',
        client_name: parseJson<{ name?: string }>(r.client_snapshot, {}).name ?? '',
        error_code: code,
        nav_message: navText ?? r.error_message,
        described: {
          hu: code ? describeNavCode(code, 'hu', r.error_message ?? undefined) : (r.error_message ?? ''),
          en: code ? describeNavCode(code, 'en', r.error_message ?? undefined) : (r.error_message ?? ''),
        },
        messages: messages.map((m) => ({ severity: m.severity, code: m.code, text: m.text, ...(m.line ? { line: m.line } : {}) })),
        retries: parseJson<unknown[]>(r.history, []).length,
        refused_at: r.updated_at,
      };
    }),
  };
}

/** Invoice ids of the refused reports: the given ones that are refused, or all. */
export async function refusedInvoiceIds(db: Db, only?: number[]): Promise<number[]> {
  let query = navDb(db).selectFrom('nav_reports').select('invoice_id').where('state', '=', 'aborted');
  if (only) {
    if (only.length === 0) return [];
    query = query.where('invoice_id', 'in', only);
  }
  return (await query.orderBy('id').execute()).map((r) => r.invoice_id);
}

/**
 * After the technical user changed, reports waiting out a backoff (credentials refused: up to 15 minutes) are due
 * at once and start counting their tries afresh.
 */
export async function makeWaitingDue(db: Db): Promise<void> {
  await navDb(db)
    .updateTable('nav_reports')
    .set({ next_attempt_at: null, attempts: 0 })
    .where('state', 'in', ['waiting', 'sent'])
    .where('next_attempt_at', 'is not', null)
    .execute();
}
