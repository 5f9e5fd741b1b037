// The outbox screen's list: every message newest first, one page at a time, with the invoice's printed number.
import type { MailOutboxItem, MailOutboxState } from '../../shared/contract/areas/mail';
import type { Page } from '../../shared/contract/operations';
import { prefixedNumber } from '../../shared/invoice-codes';
import { pageWindow, toPage } from '../core/paging';
import type { Db } from '../db/types';
import { ENTRY_COLUMNS, toEntry, type OutboxEntry } from './outbox';
import { mailDb } from './tables';

export function toItem(e: OutboxEntry, invoiceNo: string | null): MailOutboxItem {
  return {
    id: e.id,
    invoice_id: e.invoice_id,
    invoice_no: invoiceNo,
    state: e.state,
    recipients: e.recipients,
    cc: e.cc,
    subject: e.subject,
    attachment_name: e.attachment_name,
    attempts: e.attempts,
    reason: e.reason,
    last_error: e.last_error,
    next_attempt_at: e.next_attempt_at,
    created_at: e.created_at,
    updated_at: e.updated_at,
    sent_at: e.sent_at,
  };
}

/** The printed numbers of the invoices on one page (the PDF bytes are never read for a list). */
async function invoiceNumbers(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, prefixedNumber(r.prefix, r.invoice_no)]));
}

export async function outboxPage(
  db: Db,
  input: { page?: number | undefined; max_per_page?: number | undefined; state?: MailOutboxState | undefined },
): Promise<Page<MailOutboxItem>> {
  const w = pageWindow(input);
  let q = mailDb(db).selectFrom('mail_outbox').select(ENTRY_COLUMNS).orderBy('id', 'desc').limit(w.perPage + 1).offset(w.offset);
  if (input.state) q = q.where('state', '=', input.state);
  const rows = await q.execute();
  const numbers = await invoiceNumbers(db, rows.map((r) => r.invoice_id));
  return toPage(rows, w, (r) => toItem(toEntry(r), numbers.get(r.invoice_id) ?? null));
}

export async function outboxItem(db: Db, entry: OutboxEntry): Promise<MailOutboxItem> {
  const numbers = await invoiceNumbers(db, [entry.invoice_id]);
  return toItem(entry, numbers.get(entry.invoice_id) ?? null);
}
