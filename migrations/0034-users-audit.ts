// Users, their keys and the audit log (docs/users.md). A user has a role (owner, staff, accountant); a key belongs to
// one user and authenticates the HTTP door: X-API-KEY is looked up by its SHA-256 (`secret_hash`), a JWT by its
// `sub` (`public_id`). Every write operation leaves one audit_log row; the log is never changed afterwards.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgRefuse, pgTrigger } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'staff', 'accountant')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema
    .createTable('user_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** the JWT's `sub`: public, shown in the list */
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    /** SHA-256 of the secret, hex: what X-API-KEY is looked up by */
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    /** the secret sealed by the server's secret box, for verifying HS256 JWTs (null: JWT not available for this key) */
    .addColumn('jwt_secret_sealed', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('user_keys_user').on('user_keys').column('user_id').execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    /** null: the server's own API key (--api-key) or the local owner (desktop, CLI) */
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    /** the door: 'http', 'local' (IPC, CLI, the app's own jobs) */
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    /** JSON list of the record ids the operation touched (its input id, the id it answered with) */
    .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    /** the input as JSON, secrets redacted and long values shortened */
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('audit_log_operation').on('audit_log').columns(['operation', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  // a device belongs to the user whose key paired it (null: the server's own key, or paired before users existed)
  await db.schema.alterTable('sync_devices').addColumn('user_id', 'integer').execute();
  // The log is append-only, on either database.
  for (const action of ['UPDATE', 'DELETE']) {
    const name = `audit_log_no_${action.toLowerCase()}`;
    if (isPostgres(db)) {
      await pgTrigger(db, { name, table: 'audit_log', timing: 'BEFORE', events: action, body: pgRefuse('the audit log cannot be changed') });
    } else {
      await sql.raw(`CREATE TRIGGER ${name} BEFORE ${action} ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_devices').dropColumn('user_id').execute();
  for (const t of ['audit_log', 'user_keys', 'users']) await db.schema.dropTable(t).execute();
}
