// SMTP settings: one shape for both sources (FOLIO_SMTP_URL for `npm run serve`, the settings table on the desktop)
// and its translation to nodemailer's transport options.
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { invalid } from '../../shared/errors';
import type { SmtpSecurity } from './tables';

export type { SmtpSecurity };
export const SMTP_SECURITIES: readonly SmtpSecurity[] = ['tls', 'starttls', 'none'];

export interface SmtpSettings {
  host: string;
  port: number;
  /** tls: TLS from the first byte (465); starttls: plain connect, STARTTLS required (587); none: never encrypted */
  security: SmtpSecurity;
  user: string;
  password: string;
  /** the From header: "Name <address>" or a bare address */
  from: string;
  /** accept a self-signed certificate (a relay on the LAN, tests); off unless asked for */
  allowInvalidCertificate?: boolean;
}

const DEFAULT_PORT: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };
// the address rule lives in shared/ (the reminders in the core check addresses too); the mail modules read it here
import { addressOf, isEmailAddress } from '../../shared/email-address';

export { addressOf, isEmailAddress };

/**
 * Reads a nodemailer-style connection URL: `smtps://user:pass@host[:465]`, `smtp://user:pass@host[:587]` (STARTTLS
 * required), `smtp://host:1025?security=none` (plain, for a local relay). nodemailer's own `ignoreTLS=true`,
 * `requireTLS=true`, `secure=true` and `tls.rejectUnauthorized=false` are understood too.
 */
export function smtpSettingsFromUrl(url: string, from?: string): SmtpSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('FOLIO_SMTP_URL', 'not a URL (expected smtp://user:password@host:587 or smtps://…)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw invalid('FOLIO_SMTP_URL', `unsupported scheme ${parsed.protocol} (use smtp: or smtps:)`);
  }
  const q = parsed.searchParams;
  let security: SmtpSecurity = parsed.protocol === 'smtps:' || q.get('secure') === 'true' ? 'tls' : 'starttls';
  if (q.get('ignoreTLS') === 'true') security = 'none';
  const named = q.get('security');
  if (named) {
    if (!(SMTP_SECURITIES as readonly string[]).includes(named)) invalidSecurity('FOLIO_SMTP_URL');
    security = named as SmtpSecurity;
  }
  const user = decodeURIComponent(parsed.username);
  const settings: SmtpSettings = {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : DEFAULT_PORT[security],
    security,
    user,
    password: decodeURIComponent(parsed.password),
    // Without FOLIO_MAIL_FROM the login name is the sender when it is an address (most providers require that).
    from: from?.trim() || q.get('from') || (isEmailAddress(user) ? user : ''),
    ...(q.get('tls.rejectUnauthorized') === 'false' ? { allowInvalidCertificate: true } : {}),
  };
  validateSmtpSettings(settings, 'FOLIO_SMTP_URL');
  return settings;
}

/** FOLIO_SMTP_URL + FOLIO_MAIL_FROM, or null when e-mail is not configured. */
export function smtpSettingsFromEnv(env: Record<string, string | undefined>): SmtpSettings | null {
  const url = env.FOLIO_SMTP_URL?.trim();
  if (!url) return null;
  return smtpSettingsFromUrl(url, env.FOLIO_MAIL_FROM);
}

export function validateSmtpSettings(s: SmtpSettings, field = 'smtp'): void {
  if (!s.host) throw invalid(`${field}.host`, 'the SMTP server name is missing');
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535) throw invalid(`${field}.port`, `not a port: ${s.port}`);
  if (!SMTP_SECURITIES.includes(s.security)) invalidSecurity(`${field}.security`);
  if (!isEmailAddress(addressOf(s.from))) {
    throw invalid(`${field}.from`, 'the sender address is missing or not an e-mail address (set FOLIO_MAIL_FROM)');
  }
}

function invalidSecurity(field: string): never {
  throw invalid(field, `security must be one of ${SMTP_SECURITIES.join(', ')}`);
}

/** nodemailer options. Timeouts are bounded so an attempt always ends well inside the outbox's lease. */
export function transportOptionsFor(s: SmtpSettings): SMTPTransport.Options {
  return {
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    ...(s.user ? { auth: { user: s.user, pass: s.password } } : {}),
    ...(s.allowInvalidCertificate ? { tls: { rejectUnauthorized: false } } : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    // Messages are built from our own data only: never let a field pull in a local file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** For logs and the UI: the settings without the password. */
export function describeSmtp(s: SmtpSettings): string {
  return `${s.security === 'tls' ? 'smtps' : 'smtp'}://${s.user ? `${s.user}@` : ''}${s.host}:${s.port} (${s.security})`;
}
