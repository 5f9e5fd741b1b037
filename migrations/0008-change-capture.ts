// The change log is written by triggers, not by the services: every write of a record that sync carries adds its
// change-log row (migrations/0005) by construction, in the statement that makes the change (docs/sync.md "How
// changes are captured"). What the database cannot know is read from SQL functions Folio registers on every handle
// it opens (electron/db/change-capture.ts): the origin of the change (the device whose request made it, 'local' for
// this node's own users), the business clock (for a change that leaves no row to date it by), and the request's
// idempotency key, which is stored with the first change the request makes.
//
// The rules, the same as when each service wrote its change by hand:
// - an insert is a 'create'; an update is a change when it writes updated_at (every business write does; a write
//   of bookkeeping columns alone, like a block's owner or an invoice's share code, is none); it is a 'delete' when
//   it sets a new deleted_at (clients and products are deleted softly); an expense deleted for real is a 'delete';
// - block 0 is made by every node itself on its first start: its insert is no change;
// - an invoice enters the log when it is sealed (a draft never does): the seal is its 'create', and a later change
//   of a sealed invoice (payment, cancellation, the invoice generated from it) its 'update';
// - the change row is dated by the row's updated_at, which the write set from the business clock.
// The list of tables is frozen here, as a migration must be; tests/core/change-capture.spec.ts checks it against
// the tables sync carries.
import { sql, type Kysely } from 'kysely';
import { isPostgres, PG_CHANGE_ORIGIN, PG_CHANGE_TIME, pgClaim, pgIdempotency, pgTrigger, pgUnclaimed, type PgTrigger } from './dialect';

const MASTER_TABLES: Array<{ table: string; entity: string; softDelete: boolean; hardDelete: boolean; skipInsert?: string }> = [
  { table: 'clients', entity: 'client', softDelete: true, hardDelete: false },
  { table: 'products', entity: 'product', softDelete: true, hardDelete: false },
  { table: 'expenses', entity: 'expense', softDelete: false, hardDelete: true },
  { table: 'bank_accounts', entity: 'bank_account', softDelete: false, hardDelete: false },
  { table: 'invoice_blocks', entity: 'block', softDelete: false, hardDelete: false, skipInsert: 'NEW.id = 0' },
  { table: 'recurring_profiles', entity: 'recurring', softDelete: false, hardDelete: false },
];

const LOG = 'INSERT INTO change_log (entity, entity_id, op, origin, created_at)';
const ORIGIN = 'folio_change_origin()';

function statements(): string[] {
  const out: string[] = [];
  for (const t of MASTER_TABLES) {
    out.push(
      `CREATE TRIGGER change_capture_${t.table}_insert AFTER INSERT ON ${t.table}
       ${t.skipInsert ? `WHEN NOT (${t.skipInsert})` : ''}
       BEGIN ${LOG} VALUES ('${t.entity}', NEW.id, 'create', ${ORIGIN}, NEW.updated_at); END`,
    );
    const op = t.softDelete
      ? `CASE WHEN NEW.deleted_at IS NOT NULL AND NEW.deleted_at IS NOT OLD.deleted_at THEN 'delete' ELSE 'update' END`
      : `'update'`;
    out.push(
      `CREATE TRIGGER change_capture_${t.table}_update AFTER UPDATE OF updated_at ON ${t.table}
       BEGIN ${LOG} VALUES ('${t.entity}', NEW.id, ${op}, ${ORIGIN}, NEW.updated_at); END`,
    );
    if (t.hardDelete) {
      out.push(
        `CREATE TRIGGER change_capture_${t.table}_delete AFTER DELETE ON ${t.table}
         BEGIN ${LOG} VALUES ('${t.entity}', OLD.id, 'delete', ${ORIGIN}, folio_change_time()); END`,
      );
    }
  }
  out.push(
    // An invoice is written whole before it is sealed (a sync path may insert it sealed): the seal is its creation.
    `CREATE TRIGGER change_capture_invoices_insert AFTER INSERT ON invoices WHEN NEW.sealed = 1
     BEGIN ${LOG} VALUES ('invoice', NEW.id, 'create', ${ORIGIN}, NEW.updated_at); END`,
    `CREATE TRIGGER change_capture_invoices_seal AFTER UPDATE OF sealed ON invoices WHEN OLD.sealed = 0 AND NEW.sealed = 1
     BEGIN ${LOG} VALUES ('invoice', NEW.id, 'create', ${ORIGIN}, NEW.updated_at); END`,
    `CREATE TRIGGER change_capture_invoices_update AFTER UPDATE OF updated_at ON invoices WHEN OLD.sealed = 1
     BEGIN ${LOG} VALUES ('invoice', NEW.id, 'update', ${ORIGIN}, NEW.updated_at); END`,
    // A request with an idempotency key stores it with its first change (folio_claim_idempotency answers 1 once per
    // request), in the same transaction: a retry of a request whose answer was lost is answered from that record.
    `CREATE TRIGGER change_capture_idempotency AFTER INSERT ON change_log WHEN folio_claim_idempotency() = 1
     BEGIN
       INSERT INTO idempotency_keys (key, request_hash, operation, entity, entity_id, created_at)
       VALUES (folio_idempotency('key'), folio_idempotency('hash'), folio_idempotency('operation'), NEW.entity, NEW.entity_id, NEW.created_at);
     END`,
  );
  return out;
}

/** The same triggers in PL/pgSQL, reading what the SQLite functions answer from the transaction's settings. */
function pgTriggers(): PgTrigger[] {
  const log = (entity: string, id: string, op: string, at: string) => `${LOG} VALUES ('${entity}', ${id}, ${op}, ${PG_CHANGE_ORIGIN}, ${at});`;
  const out: PgTrigger[] = [];
  for (const t of MASTER_TABLES) {
    out.push({
      name: `change_capture_${t.table}_insert`,
      table: t.table,
      timing: 'AFTER',
      events: 'INSERT',
      ...(t.skipInsert ? { when: `NOT (${t.skipInsert})` } : {}),
      body: log(t.entity, 'NEW.id', `'create'`, 'NEW.updated_at'),
    });
    const op = t.softDelete
      ? `CASE WHEN NEW.deleted_at IS NOT NULL AND NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN 'delete' ELSE 'update' END`
      : `'update'`;
    out.push({ name: `change_capture_${t.table}_update`, table: t.table, timing: 'AFTER', events: 'UPDATE OF updated_at', body: log(t.entity, 'NEW.id', op, 'NEW.updated_at') });
    if (t.hardDelete) {
      out.push({ name: `change_capture_${t.table}_delete`, table: t.table, timing: 'AFTER', events: 'DELETE', body: log(t.entity, 'OLD.id', `'delete'`, PG_CHANGE_TIME) });
    }
  }
  out.push(
    { name: 'change_capture_invoices_insert', table: 'invoices', timing: 'AFTER', events: 'INSERT', when: 'NEW.sealed = 1', body: log('invoice', 'NEW.id', `'create'`, 'NEW.updated_at') },
    {
      name: 'change_capture_invoices_seal',
      table: 'invoices',
      timing: 'AFTER',
      events: 'UPDATE OF sealed',
      when: 'OLD.sealed = 0 AND NEW.sealed = 1',
      body: log('invoice', 'NEW.id', `'create'`, 'NEW.updated_at'),
    },
    {
      name: 'change_capture_invoices_update',
      table: 'invoices',
      timing: 'AFTER',
      events: 'UPDATE OF updated_at',
      when: 'OLD.sealed = 1',
      body: log('invoice', 'NEW.id', `'update'`, 'NEW.updated_at'),
    },
    {
      name: 'change_capture_idempotency',
      table: 'change_log',
      timing: 'AFTER',
      events: 'INSERT',
      body: `IF ${pgUnclaimed('idempotency')} THEN
         ${pgClaim('idempotency')}
         INSERT INTO idempotency_keys (key, request_hash, operation, entity, entity_id, created_at)
         VALUES (${pgIdempotency('key')}, ${pgIdempotency('hash')}, ${pgIdempotency('operation')}, NEW.entity, NEW.entity_id, NEW.created_at);
       END IF;`,
    },
  );
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const trigger of pgTriggers()) await pgTrigger(db, trigger);
    return;
  }
  for (const statement of statements()) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_capture_%'`.execute(db);
  for (const t of triggers.rows) await sql.raw(`DROP TRIGGER ${t.name}`).execute(db);
}
