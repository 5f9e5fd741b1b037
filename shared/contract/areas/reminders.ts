// Payment reminders (extension): the company's rules, the base rate the late-payment interest is computed with,
// a client's "no reminders", and per invoice "remind now" / "stop" / its history. Carried out by the core
// (electron/core/reminders/); the messages go through the mail outbox. docs/reminders.md.
import { z } from 'zod';
import { get, op, post, put } from '../define';
import { bool, date, decimal, id, int } from '../fields';

/** Rule days lie between 60 days before and a year after the due date. */
export const REMINDER_STEP_MIN = -60;
export const REMINDER_STEP_MAX = 365;
export const REMINDER_STEPS_MAX = 10;

/** One base rate of the central bank (MNB alapkamat) and the day it applies from. */
export interface BaseRate {
  valid_from: string;
  /** percent a year, exact decimal text */
  rate: string;
}

export interface ReminderSettings {
  enabled: boolean;
  /** days relative to the due date, ascending: -3 is three days before it, 7 a week after */
  steps: number[];
  /** state the late-payment interest (Ptk. 6:155: base rate + 8 percentage points) after the due date */
  interest: boolean;
  /** claim the EUR 40 recovery cost (behajtási költségátalány) after the due date */
  recovery_cost: boolean;
  /** newest first */
  base_rates: BaseRate[];
  /** clients who get no reminders */
  opted_out: Array<{ client_id: number; name: string }>;
}

export type ReminderState = 'queued' | 'withdrawn';

/** One reminder an invoice was sent (or was about to be sent and was taken back). */
export interface ReminderEntry {
  id: number;
  invoice_id: number;
  /** 'rule:+7', 'rule:-3', 'manual:2026-04-02' */
  step: string;
  /** days relative to the due date for a rule's step; null for "remind now" */
  offset_days: number | null;
  business_date: string;
  state: ReminderState;
  recipients: string[];
  currency: string;
  outstanding: string;
  days_late: number;
  /** the interest stated in the message; null when none was */
  interest: string | null;
  /** the recovery cost stated ("40 EUR", or with its value in the invoice's currency) */
  recovery_cost: string | null;
  created_at: string;
  /** the outbox message: its state there (null once withdrawn) */
  mail_state: 'queued' | 'sending' | 'sent' | 'failed' | null;
  sent_at: string | null;
}

/** What the invoice screen shows about its reminders. */
export interface InvoiceReminders {
  invoice_id: number;
  /** whether reminders can apply at all: an issued, unpaid, not cancelled invoice */
  eligible: boolean;
  stopped: boolean;
  client_opted_out: boolean;
  enabled: boolean;
  /** the next rule step and its day, when one is still to come */
  next: { step: string; offset_days: number; date: string } | null;
  /** the late-payment interest as of today (null before the due date or without a base rate) */
  interest_today: string | null;
  history: ReminderEntry[];
}

export interface ReminderPass {
  date: string;
  queued: ReminderEntry[];
  withdrawn: number;
  /** invoices that were due a reminder but could not get one (no e-mail address, e-mail not set up) */
  skipped: Array<{ invoice_id: number; reason: string }>;
}

const stepList = z
  .array(int({ min: REMINDER_STEP_MIN, max: REMINDER_STEP_MAX }), { error: 'must be a list of days' })
  .max(REMINDER_STEPS_MAX, { message: `must be at most ${REMINDER_STEPS_MAX} days` })
  .transform((steps) => [...new Set(steps)].sort((a, b) => a - b));

export const reminderSettingsInput = z.object({
  enabled: bool(),
  steps: stepList,
  interest: bool(),
  recovery_cost: bool(),
});
export type ReminderSettingsInput = z.output<typeof reminderSettingsInput>;

export const baseRateInput = z.object({
  valid_from: date(),
  rate: decimal({ maxDecimals: 2 }).refine((r) => Number(r) >= 0 && Number(r) <= 100, { message: 'must be between 0 and 100' }),
});

export const reminderOperations = {
  'reminders.settings': op<ReminderSettings>()({
    name: 'reminders.settings',
    summary: 'The reminder rules, the base rates, and the clients who get no reminders',
    input: z.object({}),
    http: get('/reminders/settings', 'data', 'reminder_settings'),
  }),
  'reminders.saveSettings': op<ReminderSettings>()({
    name: 'reminders.saveSettings',
    summary: 'Save the reminder rules (days relative to the due date), interest and recovery cost',
    input: reminderSettingsInput,
    http: put('/reminders/settings', 'data', 'reminder_settings'),
  }),
  'reminders.setBaseRate': op<ReminderSettings>()({
    name: 'reminders.setBaseRate',
    summary: 'Record the central bank base rate from a day on (a second one for the same day replaces it)',
    input: baseRateInput,
    http: post('/reminders/base-rates', 'data', 'reminder_settings'),
  }),
  'reminders.deleteBaseRate': op<ReminderSettings>()({
    name: 'reminders.deleteBaseRate',
    summary: 'Remove a base rate entered by mistake',
    input: z.object({ valid_from: date() }),
  }),
  'reminders.setClient': op<{ client_id: number; opted_out: boolean }>()({
    name: 'reminders.setClient',
    summary: 'Whether a client (id) gets no reminders',
    input: z.object({ id: id(), opted_out: bool() }),
    http: put('/clients/:id/reminders', 'data', 'client_reminders'),
  }),
  'reminders.client': op<{ client_id: number; opted_out: boolean }>()({
    name: 'reminders.client',
    summary: 'Whether a client gets no reminders',
    input: z.object({ id: id() }),
    http: get('/clients/:id/reminders', 'data', 'client_reminders'),
  }),
  'reminders.forInvoice': op<InvoiceReminders>()({
    name: 'reminders.forInvoice',
    summary: "An invoice's reminders: sent so far, the next one, stopped or not, the interest as of today",
    input: z.object({ id: id() }),
    http: get('/invoices/:id/reminders', 'data', 'invoice_reminders'),
  }),
  'reminders.stop': op<InvoiceReminders>()({
    name: 'reminders.stop',
    summary: 'Send this invoice no more reminders (a reminder still waiting in the outbox is taken back)',
    input: z.object({ id: id() }),
    http: post('/invoices/:id/reminders/stop', 'data', 'invoice_reminders'),
  }),
  'reminders.resume': op<InvoiceReminders>()({
    name: 'reminders.resume',
    summary: 'Send this invoice reminders again by the rules',
    input: z.object({ id: id() }),
    http: post('/invoices/:id/reminders/resume', 'data', 'invoice_reminders'),
  }),
  'reminders.remindNow': op<InvoiceReminders>()({
    name: 'reminders.remindNow',
    summary: 'Queue a reminder for this invoice now (once a day: a second request the same day answers with the first)',
    input: z.object({ id: id() }),
    http: post('/invoices/:id/remind', 'data', 'invoice_reminders'),
  }),
  'reminders.run': op<ReminderPass>()({
    name: 'reminders.run',
    summary: 'Queue the reminders due today now (the background pass does this by itself)',
    input: z.object({}),
  }),
} as const;
