// Sync with a remote Folio (docs/design.md §7, docs/sync.md). Frozen in time like every migration.
//
// Device side: the settings and cursors (one row), the map between local and remote ids, the payments the remote
// already has, the journal of requests prepared before their first attempt (each with its idempotency key), the
// conflict log of overwritten master data, and the operations the remote refused (shown to the user).
// Remote side: the numbers a joining device reserved in the remote's default block for invoices it had issued there
// before it joined.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('api_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('public_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('block_prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // 'none' → 'joining' (block 0 handed over locally, the remote not yet answered) → 'joined'
    .addColumn('join_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('own_block_id', 'integer')
    .addColumn('push_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pull_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_success_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_map')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('remote_id', 'integer', (c) => c.notNull())
    // invoices: the status the remote last reported (a proforma's void is pushed once)
    .addColumn('remote_status', 'integer')
    .addPrimaryKeyConstraint('sync_map_pk', ['entity', 'local_id'])
    .execute();
  await db.schema.createIndex('sync_map_remote').unique().on('sync_map').columns(['entity', 'remote_id']).execute();

  await db.schema
    .createTable('sync_payments')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey())
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_payments_invoice').on('sync_payments').column('invoice_id').execute();

  await db.schema
    .createTable('sync_journal')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('first_seq', 'integer', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('idem_key', 'text')
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_conflicts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('remote_id', 'integer')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('winner', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('restored_at', 'text')
    .execute();

  await db.schema
    .createTable('sync_issues')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text')
    .execute();

  await db.schema
    .createTable('sync_claims')
    .addColumn('block_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('upto', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_claims_pk', ['block_id', 'kind', 'year'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sync_claims', 'sync_issues', 'sync_conflicts', 'sync_journal', 'sync_payments', 'sync_map', 'sync_state']) {
    await db.schema.dropTable(t).execute();
  }
}
