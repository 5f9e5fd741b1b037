// Each client's name and account keys (shared/bank-match-keys.ts), kept in client_match_keys (migration 0072), so
// that the bank screen finds a credit's payer by a seek on its key instead of working out the keys of every client on
// each opening (5,000 clients at a million invoices).
//
// The table's triggers mark a client's keys unknown (every key NULL) when its name or bank details are written. Every
// writer of clients calls keepClientMatchKeys in its own transaction, which works out the unknown ones from the text
// as stored. A client whose keys are still unknown (written by a raw insert, or a writer that forgot) is worked out
// by the reader itself: slower, never a different answer.
import { clientMatchKeys, type ClientMatchKeys } from '../../../shared/bank-match-keys';
import type { Db, WriteTx } from '../../db/types';

/** migration 0072's table, known to this module only */
type MatchKeyTables = {
  client_match_keys: { client_id: number; name_key: string | null; iban_key: string | null; account_no_key: string | null };
};
const withKeyTables = (db: Db) => db.withTables<MatchKeyTables>();

/** SQLite takes a bounded number of bound values in one statement (the payers of a month's statement fit in one) */
const SLICE = 2000;
const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, k) => items.slice(k * SLICE, k * SLICE + SLICE));

/** A client's id and its keys ('' where its text gives none). */
export type KeyedClient = ClientMatchKeys & { client_id: number };

/** Works out the keys the triggers marked unknown, from the clients' text; how many were. */
export async function keepClientMatchKeys(trx: WriteTx): Promise<number> {
  const unknown = await unknownKeys(trx);
  // a statement per slice, not per client: an import brings thousands (a round trip each on PostgreSQL)
  for (const slice of slices(unknown)) {
    await withKeyTables(trx)
      .insertInto('client_match_keys')
      .values(slice)
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet((eb) => ({
          name_key: eb.ref('excluded.name_key'),
          iban_key: eb.ref('excluded.iban_key'),
          account_no_key: eb.ref('excluded.account_no_key'),
        })),
      )
      .execute();
  }
  return unknown.length;
}

/** The clients whose kept keys are unknown, with their keys worked out now (in client order: a stable lock order). */
async function unknownKeys(db: Db): Promise<KeyedClient[]> {
  const rows = await withKeyTables(db)
    .selectFrom('client_match_keys')
    .innerJoin('clients', 'clients.id', 'client_match_keys.client_id')
    .select(['clients.id', 'clients.name', 'clients.bank'])
    .where('client_match_keys.name_key', 'is', null)
    .orderBy('clients.id')
    .execute();
  return rows.map((r) => ({ client_id: r.id, ...clientMatchKeys(r.name, r.bank) }));
}

/**
 * Every client (deleted ones too: a payer's old invoices stay owed) whose name key is one of `names` or whose IBAN's or
 * account number's key is one of `accounts`, with its keys. Empty keys match nothing.
 */
export async function clientsByKeys(db: Db, names: ReadonlySet<string>, accounts: ReadonlySet<string>): Promise<KeyedClient[]> {
  const found = new Map<number, KeyedClient>();
  const keys = withKeyTables(db).selectFrom('client_match_keys').select(['client_id', 'name_key', 'iban_key', 'account_no_key']);
  const wanted = (list: ReadonlySet<string>) => [...list].filter(Boolean);
  for (const slice of slices(wanted(names))) {
    for (const r of await keys.where('name_key', 'in', slice).execute()) found.set(r.client_id, r as KeyedClient);
  }
  for (const slice of slices(wanted(accounts))) {
    const rows = await keys.where((eb) => eb.or([eb('iban_key', 'in', slice), eb('account_no_key', 'in', slice)])).execute();
    for (const r of rows) found.set(r.client_id, r as KeyedClient);
  }
  for (const c of await unknownKeys(db)) {
    const matches = (c.name_key && names.has(c.name_key)) || [c.iban_key, c.account_no_key].some((a) => a && accounts.has(a));
    if (matches) found.set(c.client_id, c);
  }
  return [...found.values()].sort((a, b) => a.client_id - b.client_id);
}
