// The send dialog and the outbox screen: a message may carry copies (Cc) besides its recipients, and a failed or
// waiting message keeps why it failed as a code the UI puts into words (the English `last_error` stays as the
// detail). Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // comma-separated addresses, like `recipients`
  await db.schema.alterTable('mail_outbox').addColumn('cc', 'text', (c) => c.notNull().defaultTo('')).execute();
  // refused, not_found, auth, tls, timeout, connection, rejected, not_configured, password_unreadable, other
  await db.schema.alterTable('mail_outbox').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('failure_reason').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('cc').execute();
}
