// The reminder tables (migration 0031), typed for Kysely beside the shared schema: `reminderDb(db)` is a view of the
// same connection that also knows them. (The outbox, whose messages the reminders are, is reached through its port.)
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/types';

export type ReminderSettingsTable = {
  id: number;
  enabled: number;
  steps: string;
  interest: number;
  recovery_cost: number;
  updated_at: string;
};

export type ReminderBaseRatesTable = { valid_from: string; rate: string; created_at: string };
export type ReminderClientOptoutsTable = { client_id: number; created_at: string };
export type ReminderInvoiceStopsTable = { invoice_id: number; stopped_at: string };

export type RemindersTable = {
  id: Generated<number>;
  invoice_id: number;
  step: string;
  offset_days: number | null;
  business_date: string;
  outbox_id: number | null;
  state: 'queued' | 'withdrawn';
  recipients: string;
  currency: string;
  outstanding_milli: number;
  days_late: number;
  interest_milli: number | null;
  recovery_cost: string | null;
  created_at: string;
  withdrawn_at: string | null;
};

export type ReminderTables = {
  reminder_settings: ReminderSettingsTable;
  reminder_base_rates: ReminderBaseRatesTable;
  reminder_client_optouts: ReminderClientOptoutsTable;
  reminder_invoice_stops: ReminderInvoiceStopsTable;
  reminders: RemindersTable;
};

export type ReminderRow = Selectable<RemindersTable>;
export type ReminderDb = Kysely<Database & ReminderTables>;

export function reminderDb(db: Db): ReminderDb {
  return db.withTables<ReminderTables>();
}
