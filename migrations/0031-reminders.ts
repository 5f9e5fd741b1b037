// Payment reminders (docs/reminders.md): the company's rules, the central bank base rates the late-payment interest
// is computed with, the clients who get no reminders, the invoices whose reminders were stopped, and one row per
// reminder step an invoice was sent. The step row and its outbox message are written in one transaction, and
// (invoice_id, step) is unique, so a step is queued once however often a pass runs, in however many processes.
// The outbox learns what a message is for (`purpose`): an invoice's own "Send" must not take a waiting reminder for
// "the message already queued for this invoice". These tables are local to the device (not synced).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON list of whole days relative to the due date: -3 is three days before, 7 a week after */
    .addColumn('steps', 'text', (c) => c.notNull().defaultTo('[-3,7,21]'))
    .addColumn('interest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recovery_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reminder_base_rates')
    .addColumn('valid_from', 'text', (c) => c.primaryKey())
    /** percent a year, exact decimal text ("6.5") */
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reminder_client_optouts')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reminder_invoice_stops')
    // a stop is the invoice's own setting: a draft stopped and then deleted takes it along
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
    .addColumn('stopped_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reminders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    /** 'rule:+7', 'rule:-3' (a company rule), 'manual:2026-04-02' (remind now, once a day) */
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('offset_days', 'integer')
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'integer')
    /** queued: handed to the outbox; withdrawn: taken back unsent (paid, cancelled or stopped before it went) */
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'withdrawn')`))
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('outstanding_milli', 'integer', (c) => c.notNull())
    .addColumn('days_late', 'integer', (c) => c.notNull())
    /** null: no interest stated (before the due date, switched off, or no base rate known) */
    .addColumn('interest_milli', 'integer')
    .addColumn('recovery_cost', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('reminders_step').unique().on('reminders').columns(['invoice_id', 'step']).execute();
  await db.schema.alterTable('mail_outbox').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('document')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('purpose').execute();
  for (const t of ['reminders', 'reminder_invoice_stops', 'reminder_client_optouts', 'reminder_base_rates', 'reminder_settings']) {
    await db.schema.dropTable(t).execute();
  }
}
