// Operations of the nav area: NAV Online Számla settings, connection check and the reporting queue. They are
// carried out beside the core (electron/nav-settings), which the runtime provides with `core.provide`.
import { z } from 'zod';
import { op } from '../define';
import { id, int, text } from '../fields';
import { NAV_EXCHANGE_KEY_LENGTH, NAV_SIGNATURE_KEY_LENGTH, navKeyProblem, navLoginProblem, navTaxNumberProblem, navTaxpayerId } from '../../nav-user';

/** NAV's two systems: the test system (for trying things out) and the live one, whose reports count. */
export const NAV_SYSTEMS = ['test', 'production'] as const;
export type NavSystem = (typeof NAV_SYSTEMS)[number];

/** Where the reporter's technical user comes from: FOLIO_NAV_* (servers; takes precedence), the screen, or nowhere. */
export type NavSettingsSource = 'environment' | 'settings' | 'none';

export interface NavSavedSettings {
  login: string;
  /** the taxpayer id the user reports for: the first 8 digits of the tax number */
  tax_number: string;
  system: NavSystem;
  /** secrets are never returned once saved: only whether each is stored */
  has_password: boolean;
  has_signature_key: boolean;
  has_exchange_key: boolean;
  updated_at: string;
}

export interface NavEnvironmentSettings {
  login: string;
  tax_number: string;
  url: string;
  /** which NAV system FOLIO_NAV_URL points at ('other': neither of NAV's addresses, e.g. a test stand-in) */
  system: NavSystem | 'other';
}

export interface NavSettingsView {
  source: NavSettingsSource;
  saved: NavSavedSettings | null;
  /** the FOLIO_NAV_* variables, without secrets, when all six are set */
  environment: NavEnvironmentSettings | null;
  /** FOLIO_NAV_* variables missing while others are set: the environment is ignored until all six are */
  environment_missing: string[];
  /** the seller's taxpayer id from Settings → Company (8 digits), for prefilling and comparing; null if none */
  seller_tax_number: string | null;
  /** false when stored secrets cannot be opened here (another computer, a lost key file): they must be typed again */
  secrets_readable: boolean;
}

/** A key pasted from NAV's page: surrounding blanks dropped; empty means "keep the stored one". */
const key = (length: number) =>
  z
    .string({ error: 'must be text' })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const problem = navKeyProblem(v, length);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional();

/** A text field checked by one of the rules in shared/nav-user.ts. */
const checked = (problem: (v: string) => string | null) =>
  z
    .string({ error: 'is required' })
    .trim()
    .superRefine((v, ctx) => {
      const p = problem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });

/** The technical user as typed on the screen; an empty or missing secret keeps the stored one. */
export const navSettingsInput = z.object({
  login: checked(navLoginProblem),
  password: text(200).optional(),
  signature_key: key(NAV_SIGNATURE_KEY_LENGTH),
  exchange_key: key(NAV_EXCHANGE_KEY_LENGTH),
  tax_number: checked(navTaxNumberProblem).transform((v) => navTaxpayerId(v) ?? v),
  system: z.enum(NAV_SYSTEMS, { error: 'must be test or production' }),
});
export type NavSettingsInput = z.input<typeof navSettingsInput>;
export type NavSettingsParsed = z.output<typeof navSettingsInput>;

/**
 * What the connection check found, as a reason code the UI words:
 * ok; wrong_login (login or password); wrong_signing_key; wrong_exchange_key (the token NAV sent cannot be opened
 * with it); not_authorised (the user may not report for this tax number); tax_number_unknown (no such taxpayer in
 * Online Számla); clock (the computer's clock is off); unreachable (no answer: network, address); nav_unavailable
 * (NAV answered with a server error or maintenance); not_set_up (nothing to check); nav_error (anything else).
 */
export const NAV_CHECK_REASONS = [
  'ok',
  'wrong_login',
  'wrong_signing_key',
  'wrong_exchange_key',
  'not_authorised',
  'tax_number_unknown',
  'clock',
  'unreachable',
  'nav_unavailable',
  'not_set_up',
  'nav_error',
] as const;
export type NavCheckReason = (typeof NAV_CHECK_REASONS)[number];

export interface NavCheckResult {
  ok: boolean;
  reason: NavCheckReason;
  /** whose values were checked */
  checked: 'typed' | NavSettingsSource;
  system: NavSystem | 'other' | null;
  /** NAV's own error code and message (or Folio's transport code), for the details */
  code: string | null;
  message: string | null;
  checked_at: string;
}

export const navCheckInput = z.object({
  /** the values typed on the screen (secrets left empty are taken from the stored ones); none = those in effect */
  settings: navSettingsInput.optional(),
});

export type NavQueueState = 'waiting' | 'sent' | 'done' | 'done_with_warnings' | 'aborted';

export interface NavQueueMessage {
  severity: string;
  code: string;
  text: string;
  line?: number;
}

export interface NavRefusedReport {
  invoice_id: number;
  invoice_number: string;
  client_name: string;
  /** NAV's code (or LOCAL_DATA: the invoice lacked data NAV requires) */
  error_code: string | null;
  /** NAV's own words, as it sent them */
  nav_message: string | null;
  /** Folio's words for the code in Hungarian and English (NAV's English where Folio has none) */
  described: { hu: string; en: string };
  messages: NavQueueMessage[];
  /** how many times it was queued again before */
  retries: number;
  refused_at: string;
}

/** A report not yet accepted by NAV (waiting or sent), with its invoice's issue date, for the dashboard's age. */
export interface NavWaitingReport {
  invoice_id: number;
  invoice_number: string;
  client_name: string;
  /** the invoice's issue date (YYYY-MM-DD): the reporting duty runs from it */
  issued_on: string;
}

export interface NavQueueView {
  counts: Record<NavQueueState, number>;
  /** the oldest reports not yet accepted (waiting or sent), oldest invoice first, at most 5 (issue 36) */
  oldest_waiting: NavWaitingReport[];
  /** the newest problem of a report still waiting (e.g. the credentials refused, NAV down); null when none */
  waiting_problem: { code: string; reason: NavCheckReason; message: string; at: string } | null;
  refused: { items: NavRefusedReport[]; page: number; max_per_page: number; has_more: boolean };
}

/** The saved secrets one may ask to see (issue 36): the owner's alone, each showing logged. */
export const NAV_SECRETS = ['password', 'signature_key', 'exchange_key'] as const;
export type NavSecret = (typeof NAV_SECRETS)[number];

/** A saved secret opened for the owner who asked for it. The input names it `which` (not `secret`): the audit log
 * keeps the input, and a field named like a secret would be written down as "[redacted]". */
export interface NavRevealedSecret {
  which: NavSecret;
  value: string;
}

export const navOperations = {
  'nav.settings': op<NavSettingsView>()({
    name: 'nav.settings',
    summary: 'The NAV technical user: where it comes from, the saved values (secrets only as stored or not)',
    input: z.object({}),
  }),
  'nav.saveSettings': op<NavSettingsView>()({
    name: 'nav.saveSettings',
    summary: 'Save the NAV technical user (secrets sealed; an empty secret keeps the stored one); waiting reports go out',
    input: navSettingsInput,
  }),
  'nav.check': op<NavCheckResult>()({
    name: 'nav.check',
    summary: "Check the technical user against NAV (tokenExchange): the typed values or those in effect, and what's wrong",
    input: navCheckInput,
  }),
  'nav.queue': op<NavQueueView>()({
    name: 'nav.queue',
    summary: 'The reporting queue: reports per state and the refused ones, newest first, paged',
    input: z.object({ page: int({ min: 1 }).optional(), max_per_page: int({ min: 1, max: 50 }).optional() }),
  }),
  'nav.retryRefused': op<{ retried: number }>()({
    name: 'nav.retryRefused',
    summary: 'Queue refused (aborted) reports again: the given invoices, or every refused one',
    input: z.object({ invoice_ids: z.array(id()).max(500).optional() }),
  }),
  // issue 36: a saved key shown on request
  'nav.revealSecret': op<NavRevealedSecret>()({
    name: 'nav.revealSecret',
    summary: "One saved secret of the NAV technical user in clear (the owner's alone; every showing is in the audit log)",
    input: z.object({ which: z.enum(NAV_SECRETS, { error: 'must be password, signature_key or exchange_key' }) }),
  }),
} as const;
