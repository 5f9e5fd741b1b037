// Every row of a SQLite table in a fixed order, for digests that compare a database before and after. Most tables
// are read in rowid order; a WITHOUT ROWID table (the FTS5 search index's shadow tables) has no rowid, and is read
// ordered by all its columns.
import type BetterSqlite3 from 'better-sqlite3';

export function orderedSelect(db: BetterSqlite3.Database, table: string): string {
  const row = db.prepare(`select sql from sqlite_master where type = 'table' and name = ?`).get(table) as { sql: string | null } | undefined;
  if (!row?.sql || !/without\s+rowid/i.test(row.sql)) return `select * from "${table}" order by rowid`;
  const columns = (db.prepare(`select count(*) as n from pragma_table_info(?)`).get(table) as { n: number }).n;
  return `select * from "${table}" order by ${Array.from({ length: columns }, (_, i) => i + 1).join(', ')}`;
}
