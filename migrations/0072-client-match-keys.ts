// The keys a bank's payer is recognised by, kept with each client (issue 41, the bank screen at a million invoices).
// A credit's payer is the client whose name or account number the bank names (shared/bank-match-keys.ts: names without
// accents, punctuation and legal form, account numbers in one form). The keys were worked out from every client's
// name and bank details on each opening of the bank screen — 5,000 clients at a million invoices; here they are kept,
// one row per client, and a payer is found by a seek on its key.
//
// The keys are worked out in JavaScript (Unicode normalisation, the legal forms), which neither database's triggers
// can do the same way. So the triggers below only mark a client's keys unknown (name_key NULL, every key NULL) when
// its name or bank details are written; the writers of clients then work them out in the same transaction
// (electron/core/clients/match-keys.ts), and a reader works out the unknown ones itself. A writer that does not (a
// raw insert) costs time, never a wrong suggestion. The stored client text is read, never changed.
import { sql, type Kysely } from 'kysely';
import { clientMatchKeys } from '../shared/bank-match-keys';
import { isPostgres, pgChanged, pgTrigger } from './dialect';

const KEY_COLUMNS = ['name_key', 'iban_key', 'account_no_key'] as const;
/** a client's keys marked unknown: a row for it, every key NULL */
const UNKNOWN = (id: string) =>
  `INSERT INTO client_match_keys (client_id) VALUES (${id})
    ON CONFLICT (client_id) DO UPDATE SET ${KEY_COLUMNS.map((c) => `${c} = NULL`).join(', ')}`;
const TRIGGERS = [
  { name: 'client_match_keys_new', event: 'INSERT', when: null },
  { name: 'client_match_keys_changed', event: 'UPDATE OF name, bank', when: 'changed' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('client_match_keys')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('name_key', 'text')
    .addColumn('iban_key', 'text')
    .addColumn('account_no_key', 'text')
    .execute();
  for (const column of KEY_COLUMNS) await db.schema.createIndex(`client_match_keys_${column}`).on('client_match_keys').column(column).execute();

  // every client's keys, from the text stored
  const PAGE = 500;
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('clients').select(['id', 'name', 'bank']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (!rows.length) break;
    await db
      .insertInto('client_match_keys')
      .values(rows.map((r: { id: number; name: string; bank: string | null }) => ({ client_id: r.id, ...clientMatchKeys(r.name, r.bank) })))
      .execute();
    after = Number(rows[rows.length - 1]!.id);
  }

  for (const t of TRIGGERS) {
    if (pg) {
      await pgTrigger(db, {
        name: t.name,
        table: 'clients',
        timing: 'AFTER',
        events: t.event,
        ...(t.when ? { when: `${pgChanged('name')} OR ${pgChanged('bank')}` } : {}),
        body: `${UNKNOWN('NEW.id')};`,
      });
    } else {
      await sql
        .raw(`CREATE TRIGGER ${t.name} AFTER ${t.event} ON clients${t.when ? ' WHEN NEW.name IS NOT OLD.name OR NEW.bank IS NOT OLD.bank' : ''}
          BEGIN
            ${UNKNOWN('NEW.id')};
          END`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER ${t.name}${pg ? ' ON clients' : ''}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION ${t.name}()`).execute(db);
  }
  await db.schema.dropTable('client_match_keys').execute();
}
