// The data an export reads: its own read-only connection inside one read transaction, so the files describe one
// moment of the database (an invoice never appears without its items) while the app goes on writing beside it.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Db } from '../db/types';
import type { Database } from '../db/schema';

export async function withSnapshot<T>(dbFile: string, work: (db: Db) => Promise<T>): Promise<T> {
  const sqlite = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`commit`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    await db.destroy();
  }
}

export const SECTIONS = ['clients', 'products', 'expenses', 'bank_accounts', 'invoices'] as const;
export type Section = (typeof SECTIONS)[number];

export async function countRows(db: Db): Promise<Record<Section, number>> {
  const out = {} as Record<Section, number>;
  for (const t of SECTIONS) {
    const r = await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** Rows of a table in id order, a batch at a time (keyset paging: constant cost per batch however far it runs). */
export async function* batches<R extends { id: number }>(db: Db, table: Section, size: number): AsyncGenerator<R[]> {
  let last = 0;
  for (;;) {
    // One query shape for every table; the caller knows the row type of the table it asked for.
    const rows = (await db
      .selectFrom(table as 'clients')
      .selectAll()
      .where('id', '>', last)
      .orderBy('id')
      .limit(size)
      .execute()) as unknown as R[];
    if (!rows.length) return;
    last = rows[rows.length - 1]!.id;
    yield rows;
  }
}
