// The outbox worker: takes due messages one at a time and hands them to SMTP. One run at a time per process;
// between runs it sleeps until the next retry is due (or `pollMs`, to notice messages another process queued).
import type nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailFailureReason } from '../../shared/contract/areas/mail';
import type { Clock } from '../core/clock';
import type { Db } from '../db/types';
import type { RunnerLock } from '../db/runner-lock';
import { claimNext, hasDue, markFailed, markRetry, markSent, nextDueAt, noteWaiting, type ClaimedMessage } from './outbox';
import { classifySmtpError, retryDelay, type RetryPolicy } from './retry-policy';
import { addressOf, transportOptionsFor, type SmtpSettings } from './settings';
import { PAYMENT_QR_CID, paymentQrHtml } from './html-part';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    // A sleeping worker must not keep a CLI or test process alive.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type MailEvent =
  | { type: 'sent'; id: number; invoiceId: number | null; messageId: string; response: string }
  | { type: 'retry'; id: number; invoiceId: number | null; reason: string; nextAt: string }
  | { type: 'failed'; id: number; invoiceId: number | null; reason: string }
  | { type: 'interrupted'; id: number; invoiceId: number | null; messageId: string }
  | { type: 'waiting'; reason: string };

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  policy: RetryPolicy;
  /** the SMTP settings as they are now (the desktop's may change between runs); null when not set up */
  settings: () => Promise<SmtpSettings | null>;
  timers: Timers;
  pollMs: number;
  onEvent?: (e: MailEvent) => void;
  /**
   * Who works the queue by itself when several processes share the database (the 'mail-outbox' runner lock): the
   * worker's own runs skip while another process holds it. A run asked for (runDue: "send now") needs no lock, since
   * each attempt claims its message first. Absent: every run goes ahead.
   */
  lock?: RunnerLock;
}

export class OutboxWorker {
  private started = false;
  private timer: unknown = null;
  private running: Promise<number> | null = null;
  private again = false;
  /** after a connection-level failure nothing is tried before this instant (the queue pauses, not each message) */
  private pausedUntil = 0;

  constructor(private readonly deps: WorkerDeps) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.clearTimer();
    // An attempt in flight finishes and records its outcome (SMTP timeouts bound the wait).
    await this.running?.catch(() => undefined);
    await this.deps.lock?.release().catch(() => undefined);
  }

  /** Something was queued: run soon (when started). */
  kick(): void {
    if (!this.started) return;
    this.pausedUntil = 0;
    if (this.running) this.again = true;
    else this.wake(0);
  }

  /** Sends every message that is due now; resolves with the number of attempts made. Runs never overlap. */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      let attempts = 0;
      do {
        this.again = false;
        attempts += await this.drain();
      } while (this.again);
      return attempts;
    })();
    this.running = run.finally(() => {
      this.running = null;
      if (this.started) void this.scheduleNext();
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    const { db, clock, policy } = this.deps;
    if (clock.now().getTime() < this.pausedUntil) return 0;
    if (!(await hasDue(db, clock.now()))) return 0;
    let settings: SmtpSettings | null;
    try {
      settings = await this.deps.settings();
    } catch (e) {
      settings = null;
      await this.waiting(e instanceof Error ? e.message : String(e), 'password_unreadable');
      return 0;
    }
    if (!settings) {
      await this.waiting('E-mail is not set up: messages wait until an SMTP server is configured', 'not_configured');
      return 0;
    }
    // nodemailer is loaded on the first delivery, not at start: most starts send nothing (and `serve` starts faster).
    const { createTransport } = (await import('nodemailer')).default;
    const transport = createTransport(transportOptionsFor(settings));
    let attempts = 0;
    try {
      for (;;) {
        const message = await claimNext(db, clock.now(), policy.leaseMs);
        if (!message) break;
        attempts += 1;
        const ok = await this.deliver(transport, settings, message);
        if (!ok) break;
      }
    } finally {
      transport.close();
    }
    return attempts;
  }

  /** One attempt. Returns false when the queue should pause (the server cannot be reached or refuses the login). */
  private async deliver(transport: nodemailer.Transporter<SMTPTransport.SentMessageInfo>, settings: SmtpSettings, m: ClaimedMessage): Promise<boolean> {
    const { db, clock } = this.deps;
    if (m.was_interrupted) this.emit({ type: 'interrupted', id: m.id, invoiceId: m.invoice_id, messageId: m.message_id });
    let info: SMTPTransport.SentMessageInfo;
    try {
      // issue 40: a message whose invoice carries a payment code gets an HTML part showing it (inline, by CID)
      // the QR encoder is loaded by the first message with a payment code, not with the server
      const qr = m.payment_qr ? await (await import('../documents/payment-qr/png')).qrPng(m.payment_qr) : null;
      info = await transport.sendMail({
        from: settings.from,
        to: m.recipients.split(','),
        ...(m.cc ? { cc: m.cc.split(',') } : {}),
        ...(m.reply_to && m.reply_to !== addressOf(settings.from) ? { replyTo: m.reply_to } : {}),
        subject: m.subject,
        text: m.body_text,
        ...(qr ? { html: paymentQrHtml(m.body_text, m.lang) } : {}),
        // The same Message-ID and Date on every attempt: a re-send after a crash is the same message to the
        // recipient's mail program, not a new one.
        messageId: m.message_id,
        date: new Date(m.created_at),
        attachments: [...attachmentsOf(m), ...(qr ? [{ filename: 'payment-qr.png', content: qr, contentType: 'image/png', cid: PAYMENT_QR_CID, contentDisposition: 'inline' as const }] : [])],
        headers: { 'X-Folio-Outbox-Id': String(m.id) },
      });
    } catch (e) {
      return this.failed(m, e);
    }
    // Outside the try: once the server has the message, a failure to record it must never lead to a retry from
    // here. If this write fails the message stays 'sending' and its lease decides (the documented edge).
    const response = [info.response, info.rejected?.length ? `rejected: ${info.rejected.join(', ')}` : ''].filter(Boolean).join('; ');
    await markSent(db, m.id, m.attempt_id, response, clock.now());
    this.emit({ type: 'sent', id: m.id, invoiceId: m.invoice_id, messageId: m.message_id, response });
    return true;
  }

  private async failed(m: ClaimedMessage, e: unknown): Promise<boolean> {
    const { db, clock, policy } = this.deps;
    const failure = classifySmtpError(e);
    const now = clock.now();
    if (failure.permanent || m.attempts >= policy.maxAttempts) {
      const reason = failure.permanent ? failure.reason : `Gave up after ${m.attempts} attempts: ${failure.reason}`;
      await markFailed(db, m.id, m.attempt_id, reason, failure.code, now);
      this.emit({ type: 'failed', id: m.id, invoiceId: m.invoice_id, reason });
      return true;
    }
    const nextAt = new Date(now.getTime() + retryDelay(m.attempts, policy));
    await markRetry(db, m.id, m.attempt_id, failure.reason, failure.code, nextAt, now);
    this.emit({ type: 'retry', id: m.id, invoiceId: m.invoice_id, reason: failure.reason, nextAt: nextAt.toISOString() });
    if (failure.connection) {
      this.pausedUntil = nextAt.getTime();
      return false;
    }
    return true;
  }

  private async waiting(reason: string, code: MailFailureReason): Promise<void> {
    await noteWaiting(this.deps.db, reason, code, this.deps.clock.now());
    this.emit({ type: 'waiting', reason });
  }

  private async scheduleNext(): Promise<void> {
    let due: Date | null = null;
    try {
      due = await nextDueAt(this.deps.db);
    } catch {
      // the database is closing; the next start() schedules again
    }
    if (!this.started) return;
    const now = this.deps.clock.now().getTime();
    const at = Math.max(due ? due.getTime() : Infinity, this.pausedUntil);
    this.wake(Math.min(this.deps.pollMs, Math.max(0, at - now)));
  }

  private wake(ms: number): void {
    this.clearTimer();
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      if (this.started) void this.ownRun().catch((e) => this.emit({ type: 'waiting', reason: String(e) }));
    }, ms);
  }

  /** The worker's own run, in the process that holds the runner lock; the others look again after a poll. */
  private async ownRun(): Promise<void> {
    if (this.deps.lock && !(await this.deps.lock.tryHold())) {
      if (this.started && this.timer === null && !this.running) this.wake(this.deps.pollMs);
      return;
    }
    if (!this.started) return void (await this.deps.lock?.release());
    await this.runDue();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(e: MailEvent): void {
    try {
      this.deps.onEvent?.(e);
    } catch {
      // a logging hook never stops delivery
    }
  }
}

/** The PDF (a Factur-X one, when the client asked for that), and the UBL or CII XML beside it when there is one; or a ZIP. */
function attachmentsOf(m: ClaimedMessage): { filename: string; content: Buffer; contentType: string }[] {
  // a PDF, or the accountant package's ZIP (docs/reports.md)
  const contentType = /\.zip$/i.test(m.attachment_name) ? 'application/zip' : 'application/pdf';
  const attachments = [{ filename: m.attachment_name, content: m.attachment, contentType }];
  if (m.xml_name && m.xml_attachment) attachments.push({ filename: m.xml_name, content: m.xml_attachment, contentType: 'application/xml' });
  return attachments;
}
