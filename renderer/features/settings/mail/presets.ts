// The common providers' outgoing servers, so most users pick one and type only their address and password.
import type { MailSecurity } from '../../../../shared/contract/areas/mail';
import type { MessageKey } from '../../../lib/i18n/i18n.svelte';

export type PresetId = 'gmail' | 'outlook' | 'other';

export interface Preset {
  id: PresetId;
  label: MessageKey;
  hint: MessageKey;
  /** what the preset fills in; "other" leaves the server to the user */
  server?: { host: string; port: number; security: MailSecurity };
}

export const PRESETS: readonly Preset[] = [
  { id: 'gmail', label: 'mail.preset.gmail', hint: 'mail.preset.gmailHint', server: { host: 'smtp.gmail.com', port: 465, security: 'tls' } },
  { id: 'outlook', label: 'mail.preset.outlook', hint: 'mail.preset.outlookHint', server: { host: 'smtp.office365.com', port: 587, security: 'starttls' } },
  { id: 'other', label: 'mail.preset.other', hint: 'mail.preset.otherHint' },
];

/** Which preset a saved server is (anything not a known provider's is "other"). */
export function presetOf(host: string): PresetId {
  return PRESETS.find((p) => p.server?.host === host.trim().toLowerCase())?.id ?? 'other';
}

export function isPresetHost(host: string): boolean {
  return PRESETS.some((p) => p.server?.host === host.trim().toLowerCase());
}
