// What the HTTP door remembers about clients, kept in the database so that several server processes behind one
// address share it (docs/team-server.md, issue 20): the share-link misses per client address (a sliding window, one
// row per miss) and the request counts of @fastify/rate-limit (a fixed window per key and route). Times are the real
// clock in milliseconds since 1970 (security time is never the business clock). Rows older than their window are
// pruned by the server; nothing here is business data (no change capture, no sync, not in exports).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_misses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    /** the client's address */
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_misses_client').on('access_misses').columns(['client', 'at_ms']).execute();
  await db.schema
    .createTable('rate_limit_hits')
    /** SHA-256 of the route and the limiter's key (an API key must not be stored as it is) */
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    /** when the window ends (ms) */
    .addColumn('reset_ms', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('access_misses').execute();
}
