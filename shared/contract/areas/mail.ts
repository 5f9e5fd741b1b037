// Operations of the mail area: the SMTP account, the test message, the outbox, and the e-mail an invoice would be
// sent with (for the send dialog). Carried out by the mail service beside the core (electron/mail/service.ts).
import { z } from 'zod';
import { op } from '../define';
import { id, int, paging, requiredText, text } from '../fields';

export const MAIL_SECURITIES = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITIES)[number];

/**
 * Why a message (or the test message) did not go out, as a code the UI puts into words:
 * refused — nothing listens on that host and port; not_found — no such server name; auth — the login was refused;
 * tls — the encryption does not match the server (TLS on a plain port, STARTTLS not offered, bad certificate);
 * timeout — the server did not answer in time; connection — the connection broke otherwise; rejected — the server
 * refused the sender, a recipient or the message; not_configured — no SMTP account; password_unreadable — the
 * stored password cannot be opened with this machine's key; other — anything else (the detail says what).
 */
export const MAIL_FAILURE_REASONS = [
  'refused', 'not_found', 'auth', 'tls', 'timeout', 'connection', 'rejected', 'not_configured', 'password_unreadable', 'other',
] as const;
export type MailFailureReason = (typeof MAIL_FAILURE_REASONS)[number];

export type MailOutboxState = 'queued' | 'sending' | 'sent' | 'failed';

/** One SMTP account as the settings screen shows it: never the password, only whether one is kept. */
export interface MailAccountView {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  sender_name: string;
  sender_address: string;
  has_password: boolean;
  /** when it was saved (null for the server's FOLIO_SMTP_URL) */
  updated_at: string | null;
}

export interface MailSettingsState {
  /** which account sends: the server's FOLIO_SMTP_URL (wins when set), the saved one, or none */
  source: 'env' | 'saved' | 'none';
  env: MailAccountView | null;
  saved: MailAccountView | null;
  /** false when this Folio has nowhere safe to keep a password, so nothing can be saved here */
  can_save: boolean;
}

export interface MailTestResult {
  sent: boolean;
  to: string;
  reason: MailFailureReason | null;
  /** the server's or the network's own words (English), for the curious and for support */
  detail: string;
}

export interface MailOutboxItem {
  id: number;
  /** the invoice the message carries; null for a quote's message (quote_id) */
  invoice_id: number | null;
  /** the printed number of the invoice, or the quote's number (null if the invoice has none) */
  invoice_no: string | null;
  quote_id: number | null;
  state: MailOutboxState;
  recipients: string[];
  cc: string[];
  subject: string;
  attachment_name: string;
  /** what the message carries for the client's e-invoicing (migration 0028): the PDF is a Factur-X, or an XML rides beside it */
  einvoice_format: 'none' | 'ubl' | 'cii' | 'facturx';
  xml_name: string | null;
  attempts: number;
  /** why the last attempt failed (queued: it will be retried; failed: it will not) */
  reason: MailFailureReason | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** One page of the outbox (the shape of every paged list; declared here, as operations.ts builds on this file). */
export interface MailOutboxPage {
  items: MailOutboxItem[];
  page: number;
  max_per_page: number;
  has_more: boolean;
}

/** What the send dialog starts from: the client's addresses and the texts in the invoice's language. */
export interface MailComposed {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  attachment_name: string;
  /** the client's e-invoice format as the message will carry it: 'facturx' — the PDF is a Factur-X; 'ubl' / 'cii' —
   * the XML goes beside the PDF as `xml_name` (docs/einvoice.md) */
  einvoice_format: 'none' | 'ubl' | 'cii' | 'facturx';
  xml_name: string | null;
  lang: 'hu' | 'en' | 'de' | 'hu-en';
  /** false while no SMTP account is set up: sending would be refused */
  configured: boolean;
}

// An address as the outbox sends it: no spaces, no list separators, a dot in the domain.
const ADDRESS_RE = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
export const isMailAddress = (s: string): boolean => ADDRESS_RE.test(s.trim());

/** Several addresses, as a list or as one text separated by commas, semicolons or spaces. */
export function splitAddresses(v: string | readonly string[]): string[] {
  return ([] as string[])
    .concat(v)
    .flatMap((part) => part.split(/[,;\s]+/))
    .map((a) => a.trim())
    .filter(Boolean);
}

/** A list of addresses; the first bad one is named in the field's message ('"x@" is not an e-mail address'). */
export const addressList = (opts: { required: boolean }) =>
  z
    .union([z.string(), z.array(z.string())], { error: 'must be a list of e-mail addresses' })
    .transform((v, ctx) => {
      const list = splitAddresses(v);
      if (opts.required && !list.length) {
        ctx.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      const bad = list.find((a) => !isMailAddress(a));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 80)}" is not an e-mail address` });
        return z.NEVER;
      }
      if (list.length > 50) {
        ctx.addIssue({ code: 'custom', message: 'must be at most 50 addresses' });
        return z.NEVER;
      }
      return [...new Set(list)];
    });

const oneAddress = () =>
  requiredText(254).refine((s) => s === '' || isMailAddress(s), { message: 'must be an e-mail address' });

const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;

export const mailSaveSettingsInput = z.object({
  host: requiredText(253).refine((s) => s === '' || HOST_RE.test(s), { message: 'must be a server name such as smtp.example.com' }),
  port: int({ min: 1, max: 65535 }),
  security: z.enum(MAIL_SECURITIES, { error: 'must be tls, starttls or none' }),
  user: text(254).transform((s) => s.trim()).default(''),
  /** empty or missing keeps the stored password */
  password: text(500).optional(),
  sender_name: text(100).transform((s) => s.trim().replace(/["<>]/g, '')).default(''),
  sender_address: oneAddress(),
});
export type MailSaveSettingsInput = z.output<typeof mailSaveSettingsInput>;

export const mailTestInput = z.object({
  to: oneAddress(),
  /** the language of the test message (the UI's) */
  lang: z.enum(['hu', 'en', 'de']).default('hu'),
});

export const mailOutboxInput = z.object({
  ...paging,
  state: z.enum(['queued', 'sending', 'sent', 'failed'], { error: 'must be queued, sending, sent or failed' }).optional(),
});

export const mailOperations = {
  'mail.settings': op<MailSettingsState>()({
    name: 'mail.settings',
    summary: 'The SMTP account in use: the server’s FOLIO_SMTP_URL or the saved one (never the password)',
    input: z.object({}),
  }),
  'mail.saveSettings': op<MailSettingsState>()({
    name: 'mail.saveSettings',
    summary: 'Save the SMTP account; the password is sealed, and an empty one keeps the stored password',
    input: mailSaveSettingsInput,
  }),
  'mail.test': op<MailTestResult>()({
    name: 'mail.test',
    summary: 'Send a test message now (not through the outbox) with the account in use, and say how it went',
    input: mailTestInput,
  }),
  'mail.outbox': op<MailOutboxPage>()({
    name: 'mail.outbox',
    summary: 'The outgoing messages, newest first, with their state and why a failed one failed',
    input: mailOutboxInput,
  }),
  'mail.retry': op<MailOutboxItem>()({
    name: 'mail.retry',
    summary: 'Put a failed message back in the queue, due now',
    input: z.object({ id: id() }),
  }),
  'mail.compose': op<MailComposed>()({
    name: 'mail.compose',
    summary: 'The e-mail an invoice would be sent with: the client’s addresses, subject and text in its language',
    input: z.object({ id: id() }),
  }),
} as const;
