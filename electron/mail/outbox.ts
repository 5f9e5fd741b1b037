// The durable outbox: every state change of a message is one write transaction, so a message is never lost
// between "the user pressed Send" and "the SMTP server said 250", and two workers (the desktop and `serve` on one
// file) never take the same message: claiming runs under SQLite's write lock (BEGIN IMMEDIATE).
import type { EmailDuty } from '../../shared/contract/operations';
import { randomUUID } from 'node:crypto';
import type { Db, WriteTx } from '../db/types';
import { writeTransaction } from '../db/transaction';
import type { MailFailureReason } from '../../shared/contract/areas/mail';
import { mailDb, type EinvoiceMailFormat, type OutboxRow, type OutboxState } from './tables';

/** What the UI shows for one message (no attachment bytes). */
export interface OutboxEntry {
  id: number;
  /** the invoice the message carries, or null when it carries a quote */
  invoice_id: number | null;
  quote_id: number | null;
  state: OutboxState;
  recipients: string[];
  cc: string[];
  subject: string;
  message_id: string;
  attachment_name: string;
  attachment_size: number;
  attachment_sha256: string;
  /** what the message carries for the client's e-invoicing: 'facturx' (the PDF is one), 'ubl'/'cii' (XML beside it) */
  einvoice_format: EinvoiceMailFormat;
  /** the XML attachment's name, when there is one */
  xml_name: string | null;
  xml_size: number | null;
  attempts: number;
  /** attempts whose outcome was never recorded (the process died mid-send); the message was sent again */
  interrupted: number;
  /** why the last attempt failed (queued: it will be retried; failed: it will not) */
  last_error: string | null;
  /** last_error as a code the UI puts into words */
  reason: MailFailureReason | null;
  /** queued: when the next attempt is due */
  next_attempt_at: string | null;
  smtp_response: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** A message carries one document: an invoice or a quote. */
export interface NewMessage {
  invoice_id: number | null;
  quote_id: number | null;
  message_id: string;
  recipients: string[];
  cc?: string[];
  reply_to: string;
  lang: string;
  subject: string;
  body_text: string;
  attachment_name: string;
  attachment: Buffer;
  attachment_sha256: string;
  einvoice_format?: EinvoiceMailFormat;
  /** the UBL or CII XML beside the PDF */
  xml?: { name: string; content: Buffer; sha256: string };
  /** issue 40: the payment code's text, shown as an inline image in the HTML part */
  payment_qr?: string | null;
}

export function toEntry(r: Omit<OutboxRow, 'attachment' | 'xml_attachment' | 'xml_sha256' | 'purpose' | 'payment_qr'>): OutboxEntry {
  return {
    id: r.id,
    invoice_id: r.invoice_id,
    quote_id: r.quote_id,
    state: r.state,
    recipients: r.recipients.split(',').filter(Boolean),
    cc: r.cc.split(',').filter(Boolean),
    subject: r.subject,
    message_id: r.message_id,
    attachment_name: r.attachment_name,
    attachment_size: r.attachment_size,
    attachment_sha256: r.attachment_sha256,
    einvoice_format: r.einvoice_format,
    xml_name: r.xml_name,
    xml_size: r.xml_size,
    attempts: r.attempts,
    interrupted: r.interrupted,
    last_error: r.last_error,
    reason: (r.failure_reason as MailFailureReason | null) ?? null,
    next_attempt_at: r.state === 'queued' ? r.next_attempt_at : null,
    smtp_response: r.smtp_response,
    created_at: r.created_at,
    updated_at: r.updated_at,
    sent_at: r.sent_at,
  };
}

/** The `email` part of `invoices.duties` (shared/contract): one line per message, newest first. */
export function toDuty(e: OutboxEntry): EmailDuty {
  return { state: e.state, to: e.recipients.join(', '), error: e.last_error, reason: e.reason, updated_at: e.updated_at };
}

export const ENTRY_COLUMNS = [
  'id', 'invoice_id', 'quote_id', 'message_id', 'recipients', 'cc', 'reply_to', 'lang', 'subject', 'body_text', 'attachment_name',
  'attachment_sha256', 'attachment_size', 'einvoice_format', 'xml_name', 'xml_size', 'state', 'attempts', 'attempt_id', 'lease_until', 'interrupted',
  'next_attempt_at', 'last_error', 'failure_reason', 'smtp_response', 'created_at', 'updated_at', 'sent_at',
] as const;

/**
 * Queues a message in one transaction. A document whose previous message is still waiting gets that message back
 * instead of a second one, so a double click or a retried request never mails the client twice.
 */
export async function enqueue(db: Db, msg: NewMessage, now: Date): Promise<{ entry: OutboxEntry; created: boolean }> {
  return writeTransaction(db, async (trx) => {
    const t = mailDb(trx);
    const pending = await t
      .selectFrom('mail_outbox')
      .select(ENTRY_COLUMNS)
      .where((eb) => (msg.quote_id !== null ? eb('quote_id', '=', msg.quote_id) : eb('invoice_id', '=', msg.invoice_id ?? -1)))
      .where('state', 'in', ['queued', 'sending'])
      .where('purpose', '=', 'document')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (pending) return { entry: toEntry(pending), created: false };
    return { entry: await insertMessage(trx, msg, now), created: true };
  });
}

/**
 * Inserts a message, due now, inside the caller's write transaction: a payment reminder is queued in the same
 * transaction that records its step, so the two exist together or not at all.
 */
export async function insertMessage(trx: WriteTx, msg: NewMessage & { purpose?: 'document' | 'reminder' | 'accountant' }, now: Date): Promise<OutboxEntry> {
  const stamp = now.toISOString();
  const { xml, ...message } = msg;
  const inserted = await mailDb(trx)
    .insertInto('mail_outbox')
    .values({
      ...message,
      einvoice_format: msg.einvoice_format ?? 'none',
      xml_name: xml?.name ?? null,
      xml_attachment: xml?.content ?? null,
      xml_sha256: xml?.sha256 ?? null,
      xml_size: xml?.content.length ?? null,
      recipients: msg.recipients.join(','),
      cc: (msg.cc ?? []).join(','),
      attachment_size: msg.attachment.length,
      state: 'queued',
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
  return toEntry(inserted);
}

export type ClaimedMessage = OutboxRow & { attempt_id: string; attachment: Buffer; was_interrupted: boolean };

/**
 * Takes the next due message for one attempt: state 'sending', a fresh attempt id and a lease. A 'sending' message
 * whose lease ran out belonged to an attempt that died before recording its outcome; it is taken again (the
 * at-least-once edge, see docs/mail.md).
 */
export async function claimNext(db: Db, now: Date, leaseMs: number): Promise<ClaimedMessage | null> {
  return writeTransaction(db, async (trx) => {
    const t = mailDb(trx);
    const stamp = now.toISOString();
    const row = await t
      .selectFrom('mail_outbox')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', stamp)]),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', stamp)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const attemptId = randomUUID();
    const wasInterrupted = row.state === 'sending';
    await t
      .updateTable('mail_outbox')
      .set({
        state: 'sending',
        attempt_id: attemptId,
        attempts: row.attempts + 1,
        interrupted: row.interrupted + (wasInterrupted ? 1 : 0),
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: stamp,
      })
      .where('id', '=', row.id)
      .execute();
    return {
      ...row,
      state: 'sending',
      attempt_id: attemptId,
      attempts: row.attempts + 1,
      attachment: row.attachment ?? Buffer.alloc(0),
      was_interrupted: wasInterrupted,
    };
  });
}

/** Records an attempt's outcome; only the attempt that holds the message may. Returns false if it no longer does. */
async function settle(db: Db, id: number, attemptId: string, values: Record<string, unknown>): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const result = await mailDb(trx)
      .updateTable('mail_outbox')
      .set(values)
      .where('id', '=', id)
      .where('attempt_id', '=', attemptId)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

export function markSent(db: Db, id: number, attemptId: string, response: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  // The PDF (and XML) bytes are dropped once delivered: the sealed invoice renders the same document again and the hash
  // stays as the record of what was sent. This keeps the database (and every backup) small.
  return settle(db, id, attemptId, {
    state: 'sent',
    sent_at: stamp,
    updated_at: stamp,
    smtp_response: response.slice(0, 1000),
    lease_until: null,
    attachment: null,
    xml_attachment: null,
  });
}

export function markRetry(db: Db, id: number, attemptId: string, reason: string, code: MailFailureReason, nextAt: Date, now: Date): Promise<boolean> {
  return settle(db, id, attemptId, {
    state: 'queued',
    last_error: reason,
    failure_reason: code,
    next_attempt_at: nextAt.toISOString(),
    lease_until: null,
    updated_at: now.toISOString(),
  });
}

export function markFailed(db: Db, id: number, attemptId: string, reason: string, code: MailFailureReason, now: Date): Promise<boolean> {
  return settle(db, id, attemptId, { state: 'failed', last_error: reason, failure_reason: code, lease_until: null, updated_at: now.toISOString() });
}

/** Shows the reason on every waiting message when nothing can be tried (e-mail not set up), without using an attempt. */
export async function noteWaiting(db: Db, reason: string, code: MailFailureReason, now: Date): Promise<void> {
  await writeTransaction(db, (trx) =>
    mailDb(trx)
      .updateTable('mail_outbox')
      .set({ last_error: reason, failure_reason: code, updated_at: now.toISOString() })
      .where('state', '=', 'queued')
      .where((eb) => eb('last_error', 'is', null).or('last_error', '!=', reason))
      .execute(),
  );
}

/** Puts a failed message back in the queue, due now, with a fresh attempt budget. */
export async function requeue(db: Db, id: number, now: Date): Promise<OutboxEntry | null> {
  return writeTransaction(db, async (trx) => {
    const t = mailDb(trx);
    const stamp = now.toISOString();
    const r = await t
      .updateTable('mail_outbox')
      .set({ state: 'queued', attempts: 0, next_attempt_at: stamp, updated_at: stamp })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .returning(ENTRY_COLUMNS)
      .executeTakeFirst();
    return r ? toEntry(r) : null;
  });
}

/** Whether any message is due now: a cheap read, so an idle worker neither writes nor opens the SMTP settings. */
export async function hasDue(db: Db, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const row = await mailDb(db)
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', stamp)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', stamp)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The earliest moment any message becomes due (a retry, or an expired lease), or null when nothing waits. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const t = mailDb(db);
  const queued = await t.selectFrom('mail_outbox').select((eb) => eb.fn.min('next_attempt_at').as('at')).where('state', '=', 'queued').executeTakeFirst();
  const sending = await t.selectFrom('mail_outbox').select((eb) => eb.fn.min('lease_until').as('at')).where('state', '=', 'sending').executeTakeFirst();
  const times = [queued?.at, sending?.at].filter((x): x is string => typeof x === 'string').map((x) => new Date(x).getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/** An invoice's own messages (its reminders are listed with the reminders, docs/reminders.md). */
export async function entriesForInvoice(db: Db, invoiceId: number): Promise<OutboxEntry[]> {
  const rows = await mailDb(db)
    .selectFrom('mail_outbox')
    .select(ENTRY_COLUMNS)
    .where('invoice_id', '=', invoiceId)
    .where('purpose', '=', 'document')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toEntry);
}

export async function entriesForQuote(db: Db, quoteId: number): Promise<OutboxEntry[]> {
  const rows = await mailDb(db).selectFrom('mail_outbox').select(ENTRY_COLUMNS).where('quote_id', '=', quoteId).orderBy('id', 'desc').execute();
  return rows.map(toEntry);
}

export async function entryById(db: Db, id: number): Promise<OutboxEntry | null> {
  const r = await mailDb(db).selectFrom('mail_outbox').select(ENTRY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toEntry(r) : null;
}
