// Every change to the business data, in the order this node committed it: the outbox a device pushes from and the
// feed a remote serves to its devices (sync, docs/design.md §7). Written in the same transaction as the change itself.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_log')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    // 'local' for this node's own changes, else the id of the device whose request made it
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_log_entity').on('change_log').columns(['entity', 'entity_id']).execute();

  // Idempotency keys of the requests that changed something, stored in the transaction of their change, so a retry
  // of a request whose answer was lost gets the same answer instead of a second record.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('change_log').execute();
}
