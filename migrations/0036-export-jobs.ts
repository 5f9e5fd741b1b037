// Export jobs in the database (docs/team-server.md, issue 20): on the team server several server processes stand
// behind one address, so the job an export was started in one of them must answer its status poll and its download
// in any other. A job's state is a row of `export_jobs`; its finished file is stored in `export_job_chunks`, a few MiB
// a row, so that a process streams it back chunk by chunk. Times are the real clock in milliseconds since 1970.
// Bookkeeping, not business data: no change capture, no sync, not in exports; rows older than a day are pruned.
// The desktop (SQLite) keeps its jobs in memory and its files on disk, as before: the tables stay empty there.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_jobs')
    /** 32 random hex digits, the job's name in data.exportStatus and the download's path */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'done', 'failed')`))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    /** the finished file: its name, its bytes and what it is */
    .addColumn('filename', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('content_type', 'text')
    /** JSON: records by section, the NAV invoices left out, the e-mail of the accountant package */
    .addColumn('counts', 'text')
    .addColumn('skipped', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('email', 'text')
    /** who started it: the caller's name, and their user id (null for the server's own key) */
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_by_user', 'integer')
    /** the server process building it (host and pid), for the administrator */
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('started_ms', 'integer', (c) => c.notNull())
    /** the building process's last sign of life (progress, its heartbeat, the end); stale = that process is gone */
    .addColumn('heartbeat_ms', 'integer', (c) => c.notNull())
    .addColumn('finished_ms', 'integer')
    .execute();
  await db.schema.createIndex('export_jobs_heartbeat').on('export_jobs').column('heartbeat_ms').execute();
  await db.schema
    .createTable('export_job_chunks')
    .addColumn('job_id', 'text', (c) => c.notNull().references('export_jobs.id').onDelete('cascade'))
    /** 0, 1, 2 …: the file is the chunks in this order */
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('export_job_chunks_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_job_chunks').execute();
  await db.schema.dropTable('export_jobs').execute();
}
