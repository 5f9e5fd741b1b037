// The SMTP account as the settings screen sees it: the sender as a name and an address (stored together as the
// From header), and never the password — only whether one is kept.
import type { MailAccountView, MailSaveSettingsInput } from '../../shared/contract/areas/mail';
import { invalid } from '../../shared/errors';
import type { MailSettingsInput, MailSettingsView } from './settings-store';
import { addressOf, type SmtpSettings } from './settings';

/** `"Minta Bt." <szamla@minta.hu>`: the name quoted, so dots and commas in a company name stay part of it. */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/["<>\\]/g, '').trim();
  return clean ? `"${clean}" <${address.trim()}>` : address.trim();
}

/** The name and the address of a From header (quoted or not, or a bare address). */
export function splitFrom(from: string): { sender_name: string; sender_address: string } {
  const address = addressOf(from);
  const m = /^(.*)<[^<>]+>\s*$/.exec(from.trim());
  const name = m ? m[1]!.trim().replace(/^"(.*)"$/, '$1').trim() : '';
  return { sender_name: name, sender_address: address };
}

export function envAccountView(s: SmtpSettings): MailAccountView {
  return { host: s.host, port: s.port, security: s.security, user: s.user, ...splitFrom(s.from), has_password: s.password !== '', updated_at: null };
}

export function savedAccountView(v: MailSettingsView): MailAccountView {
  return { host: v.host, port: v.port, security: v.security, user: v.user, ...splitFrom(v.from), has_password: v.has_password, updated_at: v.updated_at };
}

/**
 * What the store saves. An empty password keeps the stored one (the screen never has it to send back); without a
 * user name there is no login, so a stored password is dropped. A login name with no password at all is refused
 * at the password field.
 */
export function storeInput(input: MailSaveSettingsInput, saved: MailSettingsView | null): MailSettingsInput {
  const password = input.password ? input.password : undefined;
  if (input.user && !password && !saved?.has_password) throw invalid('password', 'is required');
  return {
    host: input.host,
    port: input.port,
    security: input.security,
    user: input.user,
    password: input.user ? password : null,
    from: fromHeader(input.sender_name, input.sender_address),
  };
}
