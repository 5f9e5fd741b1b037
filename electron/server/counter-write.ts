// How the HTTP door writes its per-client counts in the database (share-link misses, migration 0035; an export job's
// progress). The rate limit's counts are not written here: on SQLite they have a file of their own beside the
// database (./rate-limit-counts.ts). Each write is a statement complete in itself (an insert, a prune) on a table no
// trigger reads and no sync carries:
// - on PostgreSQL it runs on the pool as its own statement, outside Folio's write lock (pg/write.ts): counting a
//   request must not queue behind an invoice being issued in another process, and the upsert is atomic by itself;
// - on SQLite it joins the write queue, sharing a commit's fsync with the writes around it, and is answered as soon as
//   it has run (writeSoon): a request is not held for a turn of the queue and an fsync before it is handled; a count
//   lost to a crash costs nothing.
import { isPostgres } from '../../migrations/dialect';
import { writeSoon } from '../db/transaction';
import type { Db } from '../db/types';

export function counterWrite<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return isPostgres(db) ? work(db) : writeSoon(db, work);
}
