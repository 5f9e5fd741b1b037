// Write transactions. SQLite takes the write lock up front (BEGIN IMMEDIATE), so two processes issuing at once queue
// on the busy timeout instead of failing with SQLITE_BUSY half-way. Kysely's SQLite dialect runs on one connection,
// so the statements of `work` run inside this transaction and nothing else interleaves.
import { sql } from 'kysely';
import type { Db } from './open';

export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}
