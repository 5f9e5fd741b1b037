// The backup settings of this installation (one row): the folder, the daily schedule, how many automatic backups
// to keep, and how the last backup went. Machine-local like the SMTP account: sync never carries it, and a restore
// carries it over into the restored data (electron/data-ops/restore.ts). No row means the defaults.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('schedule_enabled', 'integer', (c) => c.notNull())
    // 'HH:MM' in the business's time zone
    .addColumn('schedule_time', 'text', (c) => c.notNull())
    .addColumn('keep', 'integer', (c) => c.notNull())
    // the last backup, by hand or scheduled: ISO instant, 1/0, its kind, file and size, or the failure's reason
    .addColumn('last_at', 'text')
    .addColumn('last_ok', 'integer')
    .addColumn('last_kind', 'text')
    .addColumn('last_file', 'text')
    .addColumn('last_bytes', 'integer')
    .addColumn('last_reason', 'text')
    .addColumn('last_detail', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_settings').execute();
}
