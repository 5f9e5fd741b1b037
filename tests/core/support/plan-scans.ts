// Which lines of an EXPLAIN QUERY PLAN read a whole table that grows with the books (issue 24: "a test fails when a
// waited-for query plans a full scan"). SQLite names a table in a plan line by its alias when the query gives one
// ("SCAN i"), so the aliases are read back from the statement's text first.

/**
 * Tables a scan of is allowed, with why: they hold a fixed handful of rows whatever the size of the books (one row
 * of settings, a few numbering blocks), so reading all of them costs nothing at a million invoices. Every other
 * table — invoices and their items and payments, VAT lines, expenses, clients, products, bank entries, the change
 * and audit logs… — is assumed to grow, so a new table is checked until someone decides it is small.
 */
export const SMALL_TABLES: Readonly<Record<string, string>> = {
  settings: 'one row: the seller and the app settings',
  nav_settings: 'one row',
  mail_settings: 'one row',
  backup_settings: 'one row',
  reminder_settings: 'one row',
  invoice_blocks: 'the numbering blocks: a handful',
  number_counters: 'one row per block, kind and year: tens after ten years',
  number_continuations: 'one row per block continued from another program: a handful',
  reminder_base_rates: 'the central bank base rates the seller entered: a few a year',
  bank_accounts: "the seller's own bank accounts: a handful",
  users: 'the people of a team server: a handful',
  kysely_migration: 'one row per migration',
  reminder_client_optouts: 'the clients the user switched reminders off for, one by one: a handful',
  reminder_invoice_stops: 'the invoices the user stopped reminders for, one by one: a handful',
  rate_limit_hits: "the API's request counts of the current minute, per key: a handful (old minutes are deleted)",
  invoice_counts: 'one row per block, type, state, payment method and cancelling/advance/modifying that exists (migration 0076): tens, a few hundred at most',
};

/**
 * Scans of a growing table allowed by what they read, with why. The search box's "part of a client's name" is a
 * substring (LIKE '%…%'), which no b-tree index can seek: it reads the names' covering index, one entry per client
 * (5,000 at a million invoices, about a millisecond) — never the clients' rows, nor any invoice.
 */
export const ALLOWED_SCANS: ReadonlyArray<{ table: string; line: RegExp; sql?: RegExp; why: string }> = [
  { table: 'clients', line: /USING COVERING INDEX clients_name\b/, why: "a part of a client's name, over the names' index" },
  // The bank screen's suggestions are worked out over every invoice still owed (a suggestion claims what it pays, so
  // all open credits against all open invoices): the unpaid invoices' own index (migration 0069), never the paid ones.
  // They grow with what is owed, not with the books — though a business that leaves proformas open keeps many.
  { table: 'invoices', line: /USING (COVERING )?INDEX invoices_unpaid\b/, why: 'every unpaid invoice, along their own index (0069)' },
  // The same screen's debits against every unpaid expense: their own index (migration 0073), never the paid ones.
  { table: 'expenses', line: /USING (COVERING )?INDEX expenses_unpaid\b/, why: 'every unpaid expense, along their own index (0073)' },
  // A list's total (`with_total`, which the v3 door asks on every list) over every date is the sum of migration 0076's
  // counts when its other filters are equalities on their key (none, a block, a type, a state…: branch v3). Any other
  // filter (overdue, partly paid, a client's name, a search, a date range some invoices are outside) still counts
  // every invoice it names, along an index: NOT SOLVED for those (docs/million.md "Issue 41: every screen at a
  // million"); listed here so that the other statements of the v3 list stay checked.
  { table: 'invoices', line: /USING COVERING INDEX/, sql: /^select case when \(select min\(date\) from invoices\)/, why: "a list's total with a filter the kept counts cannot answer counts its invoices (not solved)" },
];

export interface Scan {
  table: string;
  line: string;
}

const KEYWORDS = new Set(['where', 'on', 'using', 'join', 'inner', 'left', 'cross', 'natural', 'group', 'order', 'limit', 'union', 'set', 'values', 'as', 'select']);

/** alias (or table name) → table, from every `from`/`join`/`update`/`into` of the statement */
export function tablesByAlias(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /\b(?:from|join|update|into)\s+"?([A-Za-z_][\w]*)"?(?:\s+(?:as\s+)?"?([A-Za-z_][\w]*)"?)?/gi;
  for (const m of sql.matchAll(re)) {
    const table = m[1]!;
    found.set(table, table);
    const alias = m[2];
    if (alias && !KEYWORDS.has(alias.toLowerCase())) found.set(alias, table);
  }
  return found;
}

/** Rows at most a statement with no condition reads in its scan's own order: its LIMIT plus OFFSET, when both are values. */
const MAX_BOUNDED_ROWS = 1000;

/**
 * Whether the statement's scans stop early by themselves: no WHERE anywhere, no sorting (the rows come in the scan's
 * order, e.g. the newest invoices first by id), and a LIMIT (+ OFFSET) small enough. The list's first page is such
 * a scan: it reads 50 rows of a million. A deep page's OFFSET reads everything before it, so it is not.
 */
function boundedScan(sql: string, plan: readonly string[], params: readonly unknown[]): boolean {
  // the list's page in two steps (its ids in a subquery, then those rows by id) has no condition of its own
  const plain = sql.replace(/\bwhere id in \(select id from/i, 'from').replace(/\bwhere 1 = 1\b/i, '');
  if (/\bwhere\b/i.test(plain) || plan.some((l) => l.includes('TEMP B-TREE'))) return false;
  const m = PAGE.exec(sql);
  if (!m) return false;
  const values = params.slice(m[1] ? -2 : -1).map(Number);
  return values.every(Number.isFinite) && values.reduce((a, b) => a + b, 0) <= MAX_BOUNDED_ROWS;
}

/**
 * A search's page is the union of each reading's newest matches, each cut at the page's end: sorting that union
 * sorts at most a few pages of ids, however many invoices match.
 */
function sortsLimitedParts(sql: string): boolean {
  const parts = sql.split(/\bunion\b/i);
  return parts.length > 1 && parts.every((p) => /\blimit \?/i.test(p));
}

/**
 * A page's ids walked along a covering index in the page's own order (no sort): the walk stops at the page's end, and
 * what it reads is index entries, never rows. How far it walks depends on how common its filter is; the filters that
 * name few invoices take an index of their own (electron/core/invoices/list-filter.ts).
 */
function walksIndexToPage(sql: string, line: string, plan: readonly string[]): boolean {
  return PAGE.test(sql) && /USING COVERING INDEX/.test(line) && !plan.some((l) => l.includes('TEMP B-TREE'));
}

/** A page's LIMIT (and OFFSET), last in the statement or in the subquery that picks the page's ids. */
const PAGE = /\blimit \?(\s+offset \?)?\s*(?:\)\s*order by [^?]*)?$/i;

/**
 * The plan lines that scan a growing table: `SCAN t` (in rowid order or through a whole index alike).
 * - An INSERT … VALUES plans no scan of its own: what its plan lists are the foreign-key checks, and the lookups
 *   into the tables that refer to the new row (unindexed ones show as SCAN) run only while a deferred foreign-key
 *   violation is pending — SQLite skips them otherwise, and Folio has no deferred foreign keys.
 * - A scan that stops early by itself (boundedScan) reads a fixed number of rows whatever the table's size.
 */
export function growingScans(sql: string, plan: readonly string[], realTables: ReadonlySet<string>, params: readonly unknown[] = []): Scan[] {
  if (/^\s*insert\b/i.test(sql) && /\)\s*values\s*\(/i.test(sql) && !/\bselect\b/i.test(sql)) return [];
  if (boundedScan(sql, plan, params)) return [];
  const tables = tablesByAlias(sql);
  const scans: Scan[] = [...pagingReads(sql, plan, tables, realTables, params)];
  for (const line of plan) {
    const m = /^SCAN (\S+)(.*)$/.exec(line.trim());
    if (!m) continue;
    const name = m[1]!;
    // a virtual table (FTS5) with a constraint is its own index search; with none ("INDEX 0:") it reads everything
    if (/VIRTUAL TABLE INDEX \d+:\S/.test(m[2]!)) continue;
    // a subquery's or a CTE's materialized rows, or a constant row: its own plan lines say what it read
    const table = tables.get(name);
    if (!table || !realTables.has(table) || table in SMALL_TABLES) continue;
    if (ALLOWED_SCANS.some((a) => a.table === table && a.line.test(line) && (!a.sql || a.sql.test(sql)))) continue;
    if (walksIndexToPage(sql, line, plan)) continue;
    scans.push({ table, line });
  }
  return scans;
}

/**
 * A page (a statement with a LIMIT) of a growing table that reads more than its page: sorted after reading every row
 * that matches (USE TEMP B-TREE FOR ORDER BY: its index gives the rows in another order), or skipping an OFFSET of
 * more than MAX_BOUNDED_ROWS rows, each of which is read to be dropped. Either grows with the books as a SCAN does.
 */
function pagingReads(sql: string, plan: readonly string[], tables: Map<string, string>, realTables: ReadonlySet<string>, params: readonly unknown[]): Scan[] {
  const page = PAGE.exec(sql);
  if (!page) return [];
  const growing = [...new Set(tables.values())].filter((t) => realTables.has(t) && !(t in SMALL_TABLES));
  if (!growing.length) return [];
  const table = growing.join(', ');
  const found: Scan[] = [];
  const sorted = plan.find((l) => l.includes('USE TEMP B-TREE FOR ORDER BY'));
  if (sorted && !sortsLimitedParts(sql)) found.push({ table, line: `${sorted} (a page sorted after reading every row that matches)` });
  const offset = page[1] ? Number(params[params.length - 1]) : 0;
  // skipped along a covering index, an OFFSET drops index entries (the page's ids), not rows: the two-step page
  const entriesOnly = plan.some((l) => /^\s*SCAN \S+ USING COVERING INDEX/.test(l)) && !plan.some((l) => /^\s*SCAN \S+\s*$/.test(l));
  if (offset > MAX_BOUNDED_ROWS && !entriesOnly) found.push({ table, line: `OFFSET ${offset} (every row before the page is read and dropped)` });
  return found;
}
