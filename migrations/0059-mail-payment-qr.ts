// The payment code in the invoice e-mail (issue 40): the code's text (the MNB's HCT or the EPC's SEPA payload) is
// kept with the message when it is queued, where the attached PDF carries one and the mail asks for payment. The
// worker draws it as an inline image of the message's HTML part, so every retry sends the same code. NULL: a message
// without a code (every message queued before this migration). Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('payment_qr', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('payment_qr').execute();
}
