// The two handles the code works with, named apart so the compiler knows which is which:
// - `Db`, the database: reads, and starting a write transaction;
// - `WriteTx`, inside a write transaction: made only by the write-transaction functions (./transaction.ts), and
//   required by everything that must run inside one (compiled statements, the seal hooks, numbering).
// A `WriteTx` is also a `Db` (reads inside the transaction see its own writes); a `Db` is never a `WriteTx`.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type Db = Kysely<Database>;

declare const writeTxBrand: unique symbol;

export type WriteTx = Db & { readonly [writeTxBrand]: true };

/** Only the write-transaction functions may call this: it is the one place a handle becomes a transaction. */
export function asWriteTx(db: Db): WriteTx {
  return db as WriteTx;
}
