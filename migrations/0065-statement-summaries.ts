// PostgreSQL's summary triggers once per statement instead of once per row (issue 41, team server writes).
//
// The summaries of 0038 (dashboard, receivables), 0032 (VAT lines), 0056 (accrual revenue) and 0062 (cash revenue,
// at the seal) were kept on PostgreSQL by row triggers, PL/pgSQL functions called for each invoice row a statement
// wrote, each running its own statements. Here each becomes a statement trigger reading the statement's rows from
// its transition tables (`new_rows`, `old_rows`): the sums are added per key over all the rows at once, one upsert
// per summary table, the tables' upserts of one trigger in one SQL statement (data-modifying WITH), so PostgreSQL
// plans and runs one statement where it ran four, and a statement of many rows (sync storing a push, the million
// builder) costs one call, not one per row. The names stay the SQLite triggers' (tests/pg/schema-parity.spec.ts).
//
// Exactness: a sum depends on its own row alone (0038), so what a statement changes in a sum is the sum over the rows
// as they are (new_rows) less the sum over the rows as they were (old_rows), key by key — pairing old and new rows is
// not needed, and a key whose change nets to nothing is not written. A sum left counting nothing with no money is
// removed, as 0038's row triggers remove it. The seal's sums add the invoices the statement sealed (sealed 0 → 1), as
// the row triggers added each. Transition tables come only without a column list (UPDATE, not UPDATE OF …): every
// UPDATE of invoices calls the update triggers, which first ask whether the statement changed anything they keep.
//
// SQLite has row triggers only; there the summaries of an invoice are already written once per invoice (its insert
// and its seal; the search document at the seal, 0040): nothing changes there.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgTrigger } from './dialect';
import { apply, changed, owed, receivable, revenue, SUMMED, TABLES, unpaid } from './0038-dashboard-summaries';
import { linesOf, pgLinesOf, SALES_LIST } from './0032-reports';
import { add } from './0056-revenue-summaries';
import { change, PAID_SALE, SEAL } from './0062-cash-revenue-summaries';

type Table = keyof typeof TABLES;

/** Each summary table of 0038: its key and sums as expressions of row `r`, and which rows count. */
const SUMS: Array<{ table: Table; key: (r: string) => string[]; sums: (r: string) => string[]; where: (r: string) => string }> = [
  { table: 'summary_revenue_days', key: (r) => [`${r}.date`], sums: (r) => ['1', `${r}.net_milli`], where: revenue },
  {
    table: 'summary_open_days',
    key: (r) => [`CASE WHEN ${receivable(r)} THEN 1 ELSE 0 END`, `${r}.due_date`],
    sums: (r) => ['1', owed(r)],
    where: unpaid,
  },
  { table: 'summary_open_clients', key: (r) => [`${r}.client_id`, `${r}.due_date`], sums: (r) => ['1', owed(r)], where: (r) => `${unpaid(r)} AND ${receivable(r)}` },
  { table: 'summary_open_client_totals', key: (r) => [`${r}.client_id`], sums: (r) => ['1', owed(r)], where: (r) => `${unpaid(r)} AND ${receivable(r)}` },
];

/** The rows of `rel` that count in `s`, as the table's columns, their sums negated when `sign` is -1. */
function rowsOf(s: (typeof SUMS)[number], rel: string, sign: 1 | -1): string {
  const { key, sums } = TABLES[s.table];
  const columns = [...s.key('r').map((e, i) => `${e} AS ${key[i]}`), ...s.sums('r').map((e, i) => `${sign === 1 ? '' : '-'}${e} AS ${sums[i]}`)];
  return `SELECT ${columns.join(', ')} FROM ${rel} r WHERE ${s.where('r')}`;
}

/** Adds to each table what the rows of `plus` less those of `minus` change in it: one statement for all four. */
function addAll(plus: string | null, minus: string | null): string {
  const upserts = SUMS.map((s) => {
    const { key, sums } = TABLES[s.table];
    const parts = [...(plus ? [rowsOf(s, plus, 1)] : []), ...(minus ? [rowsOf(s, minus, -1)] : [])];
    return `INSERT INTO ${s.table} (${[...key, ...sums].join(', ')})
      SELECT ${key.join(', ')}, ${sums.map((c) => `sum(${c})`).join(', ')} FROM (${parts.join(' UNION ALL ')}) d
      GROUP BY ${key.join(', ')} HAVING ${sums.map((c) => `sum(${c}) <> 0`).join(' OR ')}
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${s.table}.${c} + excluded.${c}`).join(', ')}`;
  });
  return withAll(upserts);
}

/** The sums the rows of `rel` (the rows as they were) counted in, removed where they count nothing any more. */
function dropEmpty(rel: string): string {
  const deletes = SUMS.map((s) => {
    const { key, sums } = TABLES[s.table];
    return `DELETE FROM ${s.table} WHERE (${key.join(', ')}) IN (SELECT ${s.key('r').join(', ')} FROM ${rel} r WHERE ${s.where('r')})
      AND ${sums.map((c) => `${c} = 0`).join(' AND ')}`;
  });
  return withAll(deletes);
}

/** Statements as one: all but the last in a WITH (PostgreSQL runs each data-modifying part exactly once). */
function withAll(statements: string[]): string {
  const last = statements[statements.length - 1]!;
  if (statements.length === 1) return last;
  return `WITH ${statements.slice(0, -1).map((q, i) => `w${i} AS (${q})`).join(',\n')}\n${last}`;
}

/** The cash sums of the payments the sales `where` selects (alias `i`) already have, as 0062's seal adds them. */
const cashOf = (where: string) => [
  ...change({
    from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id JOIN invoice_payments pay ON pay.invoice_id = i.id',
    where: `${where} AND ${PAID_SALE}`,
    date: 'pay.date',
    amount: 'pay.amount_milli',
    count: 'count(DISTINCT i.id)',
  }),
  `INSERT INTO summary_cash_foreign (date, payment_id)
    SELECT pay.date, pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
    WHERE ${where} AND ${PAID_SALE} AND i.currency <> 'HUF'`,
];

/**
 * The months of each forint sale `where` selects that is paid in more than one month (0062's summary_cash_split),
 * written after its rows were deleted (a sale sealed now has none: payments count only on sealed sales).
 */
const splitOf = (where: string, paymentsWhere: string) => `INSERT INTO summary_cash_split (invoice_id, month, client_id)
  SELECT DISTINCT i.id, substr(pay.date, 1, 7), i.client_id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
  WHERE ${where} AND ${PAID_SALE} AND i.currency = 'HUF'
    AND i.id IN (SELECT invoice_id FROM invoice_payments WHERE ${paymentsWhere} GROUP BY invoice_id HAVING count(DISTINCT substr(date, 1, 7)) > 1)`;

interface StatementTrigger {
  name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  /** PL/pgSQL variables */
  declare?: string;
  body: string;
}

export async function statementTrigger(db: Kysely<any>, t: StatementTrigger): Promise<void> {
  const referencing = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' }[t.event];
  await sql.raw(`CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $folio$\n${t.declare ? `DECLARE ${t.declare}\n` : ''}BEGIN\n${t.body}\nRETURN NULL;\nEND\n$folio$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${t.name} AFTER ${t.event} ON invoices REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${t.name}()`).execute(db);
}

/** A PL/pgSQL block of statements. */
const block = (statements: string[]) => statements.map((q) => `${q};`).join('\n');

/** The old rows whose sums the statement changed, and the new ones (a row whose id changed counts as both). */
const changedRows = (side: 'o' | 'n') => {
  const [from, other] = side === 'o' ? ['old_rows o', 'new_rows n'] : ['new_rows n', 'old_rows o'];
  const otherAlias = side === 'o' ? 'n' : 'o';
  return `SELECT ${side}.* FROM ${from} LEFT JOIN ${other} ON ${otherAlias}.id = ${side}.id
    WHERE ${otherAlias}.id IS NULL OR ${SUMMED.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ')}`;
};

/** The sales the statement sealed (sealed 0 → 1). */
const SEALED = `SELECT n.id, n.currency FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.sealed = 0 AND n.sealed = 1 AND n.type IN ${SALES_LIST}`;

/**
 * A statement of one row (issuing writes one invoice per statement) runs 0038's, 0032's, 0056's and 0062's own
 * statements for that row, with the row in a variable: statements that read no transition table keep their plans
 * between calls (a statement reading one is planned again on every call, which costs more than the work itself for a
 * row). A statement of many rows (sync storing a push, an import, the million builder) adds its sums per key, one
 * upsert per table for the whole statement.
 */
export const STATEMENT_TRIGGERS: StatementTrigger[] = [
  {
    name: 'summary_invoices_insert',
    event: 'INSERT',
    declare: 'one record; n_rows bigint;',
    body: `SELECT count(*) INTO n_rows FROM new_rows;
IF n_rows = 1 THEN
  SELECT * INTO one FROM new_rows;
  ${block(apply('one', 1))}
ELSIF n_rows > 1 THEN
  ${addAll('new_rows', null)};
END IF;`,
  },
  {
    name: 'summary_invoices_delete',
    event: 'DELETE',
    declare: 'one record; n_rows bigint;',
    body: `SELECT count(*) INTO n_rows FROM old_rows;
IF n_rows = 1 THEN
  SELECT * INTO one FROM old_rows;
  ${block(apply('one', -1))}
ELSIF n_rows > 1 THEN
  ${addAll(null, 'old_rows')};
  ${dropEmpty('old_rows')};
END IF;`,
  },
  {
    name: 'summary_invoices_update',
    event: 'UPDATE',
    declare: 'one record; n_rows bigint;',
    // most updates change nothing summed (the seal, a share code): one look at the transition tables
    body: `SELECT count(*) INTO n_rows FROM (${changedRows('o')}) c;
IF n_rows = 1 AND (SELECT count(*) FROM new_rows) = 1 THEN
  SELECT * INTO one FROM old_rows;
  ${block(apply('one', -1))}
  SELECT * INTO one FROM new_rows;
  ${block(apply('one', 1))}
ELSIF n_rows > 0 THEN
  ${addAll('new_rows', 'old_rows')};
  ${dropEmpty('old_rows')};
END IF;`,
  },
  // the seal's sums, for the sales the statement sealed: VAT lines (0032), accrual revenue (0056), and the cash
  // revenue of payments made before the seal (0062: a receipt's, a proforma's passed on, another node's invoice
  // stored by sync)
  {
    name: 'summary_invoices_seal',
    event: 'UPDATE',
    declare: 'one record; n_rows bigint;',
    body: `SELECT count(*) INTO n_rows FROM (${SEALED}) s;
IF n_rows = 1 THEN
  SELECT * INTO one FROM (${SEALED}) s;
  ${pgLinesOf('i.id = one.id')};
  IF one.currency = 'HUF' THEN
    ${block(add('i.id = one.id'))}
  END IF;
  IF EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = one.id) THEN
    ${block(SEAL.map((q) => q.replaceAll('NEW.id', 'one.id')))}
  END IF;
ELSIF n_rows > 1 THEN
  ${withAll([pgLinesOf(`i.id IN (SELECT id FROM (${SEALED}) s)`), ...add(`i.id IN (SELECT id FROM (${SEALED}) s WHERE s.currency = 'HUF')`)])};
  IF EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id IN (SELECT id FROM (${SEALED}) s)) THEN
    ${withAll([...cashOf(`i.id IN (SELECT id FROM (${SEALED}) s)`), `DELETE FROM summary_cash_split WHERE invoice_id IN (SELECT id FROM (${SEALED}) s)`])};
    ${splitOf(`i.id IN (SELECT id FROM (${SEALED}) s)`, `invoice_id IN (SELECT id FROM (${SEALED}) s)`)};
  END IF;
END IF;`,
  },
];

/**
 * PostgreSQL's summaries as row triggers of one SQL statement each (data-modifying WITH): the statements of 0038's
 * insert and delete, and the seal's of 0032, 0056 and 0062 in one trigger, as SQLite's summary_invoices_seal.
 */
export async function pgRowTriggers(db: Kysely<any>): Promise<void> {
  const sealed = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES_LIST}`;
  // apply(r, -1) is each table's upsert then its removal when empty; the removals must see the upserts
  const minus = (r: string) => {
    const qs = apply(r, -1);
    return [`${withAll(qs.filter((_, i) => i % 2 === 0))};`, `${withAll(qs.filter((_, i) => i % 2 === 1))};`];
  };
  await pgTrigger(db, { name: 'summary_invoices_insert', table: 'invoices', timing: 'AFTER', events: 'INSERT', body: `${withAll(apply('NEW', 1))};` });
  await pgTrigger(db, { name: 'summary_invoices_delete', table: 'invoices', timing: 'AFTER', events: 'DELETE', body: minus('OLD').join('\n') });
  await pgTrigger(db, {
    name: 'summary_invoices_update',
    table: 'invoices',
    timing: 'AFTER',
    events: `UPDATE OF ${SUMMED.join(', ')}`,
    when: changed,
    body: [...minus('OLD'), `${withAll(apply('NEW', 1))};`].join('\n'),
  });
  await pgTrigger(db, {
    name: 'summary_invoices_seal',
    table: 'invoices',
    timing: 'AFTER',
    events: 'UPDATE OF sealed',
    when: sealed,
    body: `${withAll([pgLinesOf('i.id = NEW.id'), ...add(`i.id = NEW.id AND i.currency = 'HUF'`)])};
IF EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = NEW.id) THEN
${block(SEAL)}
END IF;`,
  });
}

export async function dropStatementTriggers(db: Kysely<any>): Promise<void> {
  for (const t of STATEMENT_TRIGGERS) {
    await sql.raw(`DROP TRIGGER ${t.name} ON invoices`).execute(db);
    await sql.raw(`DROP FUNCTION ${t.name}()`).execute(db);
  }
}

/** The PostgreSQL row triggers replaced, as 0032, 0038, 0056 and 0062 named them. */
const ROW_TRIGGERS = ['summary_invoices_insert', 'summary_invoices_delete', 'summary_invoices_update', 'report_vat_lines_seal', 'summary_revenue_seal', 'summary_cash_seal'];
/** SQLite's three seal triggers, now one. */
const SQLITE_SEALS = ['report_vat_lines_seal', 'summary_revenue_seal', 'summary_cash_seal'];

/**
 * SQLite's seal of a sale: the three seal triggers' statements in one trigger (one trigger program run per seal instead
 * of three). The cash statements read the invoice's payments: with none (most invoices are sealed unpaid) each is one
 * probe of invoice_payments_invoice that finds nothing.
 */
const sqliteSeal = (db: Kysely<any>) => `CREATE TRIGGER summary_invoices_seal AFTER UPDATE OF sealed ON invoices
  WHEN OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES_LIST}
  BEGIN
    ${[
      linesOf(sql.raw('i.id = NEW.id')).compile(db).sql,
      ...add(`i.id = NEW.id AND i.currency = 'HUF'`),
      ...cashOf('i.id = NEW.id'),
      'DELETE FROM summary_cash_split WHERE invoice_id = NEW.id',
      splitOf('i.id = NEW.id', 'invoice_id = NEW.id'),
    ].join(';\n    ')};
  END`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of SQLITE_SEALS) await sql.raw(`DROP TRIGGER ${t}`).execute(db);
    await sql.raw(sqliteSeal(db)).execute(db);
    return;
  }
  for (const t of ROW_TRIGGERS) {
    await sql.raw(`DROP TRIGGER ${t} ON invoices`).execute(db);
    await sql.raw(`DROP FUNCTION ${t}()`).execute(db);
  }
  for (const t of STATEMENT_TRIGGERS) await statementTrigger(db, t);
}

/** The row triggers as 0032, 0038, 0056 and 0062 made them. */
export async function down(db: Kysely<any>): Promise<void> {
  const sealed = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES_LIST}`;
  if (!isPostgres(db)) {
    await sql.raw('DROP TRIGGER summary_invoices_seal').execute(db);
    await sql.raw(`CREATE TRIGGER report_vat_lines_seal AFTER UPDATE OF sealed ON invoices WHEN ${sealed}
    BEGIN
      ${linesOf(sql.raw('i.id = NEW.id')).compile(db).sql};
    END`).execute(db);
    await sql.raw(`CREATE TRIGGER summary_revenue_seal AFTER UPDATE OF sealed ON invoices WHEN ${sealed} AND NEW.currency = 'HUF'
    BEGIN
      ${add('i.id = NEW.id').join(';\n      ')};
    END`).execute(db);
    await sql.raw(`CREATE TRIGGER summary_cash_seal AFTER UPDATE OF sealed ON invoices WHEN ${sealed} AND EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = NEW.id)
      BEGIN
        ${SEAL.join(';\n        ')};
      END`).execute(db);
    return;
  }
  for (const t of STATEMENT_TRIGGERS) {
    await sql.raw(`DROP TRIGGER ${t.name} ON invoices`).execute(db);
    await sql.raw(`DROP FUNCTION ${t.name}()`).execute(db);
  }
  const body = (statements: string[]) => statements.map((q) => `${q};`).join('\n');
  await pgTrigger(db, { name: 'summary_invoices_insert', table: 'invoices', timing: 'AFTER', events: 'INSERT', body: body(apply('NEW', 1)) });
  await pgTrigger(db, { name: 'summary_invoices_delete', table: 'invoices', timing: 'AFTER', events: 'DELETE', body: body(apply('OLD', -1)) });
  await pgTrigger(db, {
    name: 'summary_invoices_update',
    table: 'invoices',
    timing: 'AFTER',
    events: `UPDATE OF ${SUMMED.join(', ')}`,
    when: changed,
    body: body([...apply('OLD', -1), ...apply('NEW', 1)]),
  });
  await pgTrigger(db, { name: 'report_vat_lines_seal', table: 'invoices', timing: 'AFTER', events: 'UPDATE OF sealed', when: sealed, body: `${pgLinesOf('i.id = NEW.id')};` });
  await pgTrigger(db, {
    name: 'summary_revenue_seal',
    table: 'invoices',
    timing: 'AFTER',
    events: 'UPDATE OF sealed',
    when: `${sealed} AND NEW.currency = 'HUF'`,
    body: body(add('i.id = NEW.id')),
  });
  await pgTrigger(db, {
    name: 'summary_cash_seal',
    table: 'invoices',
    timing: 'AFTER',
    events: 'UPDATE OF sealed',
    when: sealed,
    body: `IF EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = NEW.id) THEN\n${body(SEAL)}\nEND IF;`,
  });
}
