// When to try a message again, and which SMTP failures are worth retrying at all.
import type { MailFailureReason } from '../../shared/contract/areas/mail';
import { failureReasonOf } from './failure-reason';

export interface RetryPolicy {
  /** delay after the first failed attempt; doubles with each further failure */
  baseMs: number;
  /** the longest wait between two attempts */
  maxMs: number;
  /** attempts before a message that keeps failing is marked failed (72 ≈ three days at the defaults) */
  maxAttempts: number;
  /** how long one attempt may hold a message; a 'sending' message older than this was interrupted (crash) */
  leaseMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 72, leaseMs: 5 * 60_000 };

/** 30 s, 1 min, 2 min … capped at an hour: a laptop back online is served within the hour, a dead server is not hammered. */
export function retryDelay(attemptsMade: number, p: RetryPolicy): number {
  const exponent = Math.max(0, attemptsMade - 1);
  return Math.min(p.maxMs, p.baseMs * 2 ** Math.min(exponent, 30));
}

export interface SmtpFailure {
  /** retrying cannot help: the server refused this recipient or this message for good (5xx) */
  permanent: boolean;
  /** nothing can be sent right now (no route, refused, TLS or login failed): pause the whole queue, not one message */
  connection: boolean;
  reason: string;
  /** the same, as a code the UI puts into words */
  code: MailFailureReason;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET', 'ETLS', 'EAUTH', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL', 'ENOTFOUND']);

// What the user reads in the invoice's mail status: the cause in words, then the server's own text.
const HINTS: Record<string, string> = {
  ECONNECTION: 'Cannot reach the SMTP server:',
  ECONNREFUSED: 'Cannot reach the SMTP server:',
  ETIMEDOUT: 'The SMTP server did not answer in time:',
  EDNS: 'The SMTP server name was not found:',
  ENOTFOUND: 'The SMTP server name was not found:',
  ETLS: 'No secure connection (TLS/STARTTLS) to the SMTP server:',
  EAUTH: 'The SMTP server refused the login (check the user name and password):',
};

export function classifySmtpError(e: unknown): SmtpFailure {
  const err = (e ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string; command?: string };
  const code = err.code ?? '';
  const responseCode = typeof err.responseCode === 'number' ? err.responseCode : 0;
  const detail = (err.response || err.message || String(e)).trim();
  const hint = HINTS[code];
  const reason = `${hint ? `${hint} ` : ''}${code ? `(${code}) ` : ''}${detail}`.slice(0, 1000);
  // A 5xx to the envelope or the message itself is the server's final word (so is an envelope nodemailer refuses
  // before asking, e.g. no valid recipient); a 5xx to the login is a settings problem the user can fix, so it stays
  // queued (and pauses the queue) until they do.
  const permanent = (code === 'EENVELOPE' || code === 'EMESSAGE') && (responseCode >= 500 || responseCode === 0);
  return { permanent, connection: !permanent && CONNECTION_CODES.has(code), reason, code: failureReasonOf(e) };
}
