// NAV's receipt data report (nyugta adatszolgáltatás, docs/receipts.md): one row per reported group — a business day
// (Budapest), a currency and its exchange rate — with what NAV holds of it (its id and the figures it accepted) and
// the one request in flight (stored before it goes, so a crash can look it up at NAV instead of sending it twice).
// A single-row settings table (reporting on or off, the first day reported, the software registered with NAV) and a
// lease row like the invoice reporter's (0007): one process reports a database. Local to the device (not synced):
// the node that reports is the one holding every receipt, see docs/receipts.md "Which node reports".
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nav_receipt_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** the exchange rate of the group's receipts as stored on them ('1' for forints) */
    .addColumn('exchange_rate', 'text', (c) => c.notNull())
    /** waiting | reported | refused | invalidated */
    .addColumn('state', 'text', (c) => c.notNull())
    /** the id of the report NAV holds now (NNNNNNNN_NNNNNNNN_N); null: NAV holds none */
    .addColumn('nav_id', 'text')
    /** JSON: the figures NAV accepted last */
    .addColumn('reported_figures', 'text')
    /** CREATE | MODIFY | INVALIDATE: the request in flight, its XML and figures, stored before it goes */
    .addColumn('pending_operation', 'text')
    .addColumn('pending_request', 'text')
    .addColumn('pending_figures', 'text')
    /** set just before the request leaves; with no answer stored, the next run asks NAV whether it arrived */
    .addColumn('submitted_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    /** NAV's last answer as it came (XML) */
    .addColumn('last_response', 'text')
    /** JSON list of every exchange that ended: {operation, outcome, nav_id, code, message, at} */
    .addColumn('history', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nav_receipt_reports_group').unique().on('nav_receipt_reports').columns(['day', 'currency', 'exchange_rate']).execute();
  await db.schema
    .createTable('nav_receipt_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    /** the first business day reported (receipts before it are not) */
    .addColumn('from_day', 'text', (c) => c.notNull())
    /** "<taxpayer id>:<software name>" once CreateIssuingSoftwareRequest succeeded (or NAV listed it) */
    .addColumn('software_registered', 'text')
    /** the setup guide's answers: does the business give receipts (null: not asked yet), and is its activity on the
     * cash-register list (48/2013. NGM rendelet, 1. melléklet) — then its receipts must come from a cash register */
    .addColumn('gives_receipts', 'integer')
    .addColumn('cash_register_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('nav_receipt_settings').values({ id: 1, enabled: 1, from_day: '2026-09-01', software_registered: null, updated_at: '2026-12-02T00:00:00.000Z' }).execute();
  await db.schema
    .createTable('nav_receipt_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('owner', 'text')
    .addColumn('pid', 'integer')
    .addColumn('until', 'text')
    .execute();
  await db.insertInto('nav_receipt_lease').values({ id: 1, owner: null, pid: null, until: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['nav_receipt_lease', 'nav_receipt_settings', 'nav_receipt_reports']) await db.schema.dropTable(t).execute();
}
