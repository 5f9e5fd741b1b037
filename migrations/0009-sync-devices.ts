// Device identity for sync (docs/sync.md "Device identity"). Frozen in time like every migration.
//
// Remote side: one credential per device, made when the device joins. Only the SHA-256 of its token is kept (the
// token itself is answered once, to the device); `used_at` stays empty until the device first authenticates with
// it, because until then the answer carrying the token may have been lost and a new join may replace it.
// Device side: the token this device received, sealed like the API key beside it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_devices')
    .addColumn('device', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.alterTable('sync_state').addColumn('device_token', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_state').dropColumn('device_token').execute();
  await db.schema.dropTable('sync_devices').execute();
}
