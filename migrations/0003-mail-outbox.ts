// E-mail delivery: the durable outbox of invoice e-mails and the desktop's SMTP settings. Frozen in time like every
// migration. Scheduling columns hold ISO 8601 UTC instants ("2026-03-15T09:00:00.000Z"), which sort as text, because
// retries and leases run on real elapsed time, not on the business clock.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    // fixed when the message is queued and reused by every attempt, so a re-send after a crash is recognisable
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text', (c) => c.notNull())
    // the PDF as rendered when queued; emptied once sent (the sealed invoice re-renders the same document)
    .addColumn('attachment', 'blob')
    .addColumn('attachment_sha256', 'text', (c) => c.notNull())
    .addColumn('attachment_size', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // set when an attempt claims the message; only that attempt may record the outcome
    .addColumn('attempt_id', 'text')
    // a 'sending' message whose lease ran out was interrupted (crash, power loss) and is taken up again
    .addColumn('lease_until', 'text')
    .addColumn('interrupted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_invoice').on('mail_outbox').columns(['invoice_id', 'id']).execute();

  // The desktop's SMTP account (one row). `npm run serve` takes FOLIO_SMTP_URL instead and never reads this table.
  await db.schema
    .createTable('mail_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('security', 'text', (c) => c.notNull().check(sql`security in ('tls', 'starttls', 'none')`))
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    // sealed by the injected secret box (Electron safeStorage on the desktop); never stored in the clear
    .addColumn('password_sealed', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_settings').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
