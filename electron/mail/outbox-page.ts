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
    quote_id: e.quote_id,
    state: e.state,
    recipients: e.recipients,
    cc: e.cc,
    subject: e.subject,
    attachment_name: e.attachment_name,
    einvoice_format: e.einvoice_format,
    xml_name: e.xml_name,
    attempts: e.attempts,
    reason: e.reason,
    last_error: e.last_error,
    next_attempt_at: e.next_attempt_at,
    created_at: e.created_at,
    updated_at: e.updated_at,
    sent_at: e.sent_at,
  };
}

type Carried = Pick<OutboxEntry, 'invoice_id' | 'quote_id'>;

/** The printed numbers of the documents on one page (the PDF bytes are never read for a list). */
async function documentNumbers(db: Db, entries: Carried[]): Promise<(e: Carried) => string | null> {
  const invoiceIds = [...new Set(entries.map((e) => e.invoice_id).filter((id): id is number => id !== null))];
  const quoteIds = [...new Set(entries.map((e) => e.quote_id).filter((id): id is number => id !== null))];
  const invoices = invoiceIds.length ? await db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('id', 'in', invoiceIds).execute() : [];
  const quotes = quoteIds.length ? await db.selectFrom('quotes').select(['id', 'quote_no']).where('id', 'in', quoteIds).execute() : [];
  const invoiceNo = new Map(invoices.map((r) => [r.id, prefixedNumber(r.prefix, r.invoice_no)]));
  const quoteNo = new Map(quotes.map((r) => [r.id, r.quote_no]));
  return (e) => (e.quote_id !== null ? (quoteNo.get(e.quote_id) ?? null) : e.invoice_id !== null ? (invoiceNo.get(e.invoice_id) ?? null) : null);
}

export async function outboxPage(
  db: Db,
  input: { page?: number | undefined; max_per_page?: number | undefined; state?: MailOutboxState | undefined },
): Promise<Page<MailOutboxItem>> {
  const w = pageWindow(input);
  let q = mailDb(db).selectFrom('mail_outbox').select(ENTRY_COLUMNS).orderBy('id', 'desc').limit(w.perPage + 1).offset(w.offset);
  if (input.state) q = q.where('state', '=', input.state);
  const rows = await q.execute();
  const numberOf = await documentNumbers(db, rows);
  return toPage(rows, w, (r) => toItem(toEntry(r), numberOf(r)));
}

export async function outboxItem(db: Db, entry: OutboxEntry): Promise<MailOutboxItem> {
  return toItem(entry, (await documentNumbers(db, [entry]))(entry));
}
