// Each client's name and account keys kept beside it (migration 0072, electron/core/clients/match-keys.ts), on both
// databases: the migration works them out for the clients already there; every writer of clients keeps them
// (create, update, delete, a receipt's walk-in client, the import; sync's pull: tests/sync/client-match-keys.spec.ts);
// a client written by raw SQL has unknown keys, which the bank screen works out itself and the next writer of clients
// stores; random histories always end with the kept keys equal to the keys worked out again from the clients' text
// (replay one with FOLIO_MATCH_KEYS_SEED=<seed printed>), and a failed write keeps nothing of its own. The clients'
// text is never changed by any of it.
import { expect, test } from '@playwright/test';
import { Migrator, sql } from 'kysely';
import { migrations } from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import { writeTransaction } from '../../electron/db/transaction';
import type { Db } from '../../electron/db/types';
import { clientsByKeys, keepClientMatchKeys } from '../../electron/core/clients/match-keys';
import { clientBody, coreInvoice, freshTestDatabase, netItem, openTestCore, openTestDatabase, queryRows, type TestCore } from '../support/fixtures';
import { testSeed } from '../support/random';
import { keptKeys, recountKeys, validIban } from '../support/client-match-keys';
import { csv, utf8 } from '../import/files';
import { OWN_IBAN, b64, camt053, type TestEntry } from '../bank/statements';

async function expectKept(db: Db, what: string): Promise<void> {
  expect(await keptKeys(db), what).toEqual(await recountKeys(db));
}

const RAW_CLIENT = (name: string, bank: string) => ({
  name,
  email: '',
  taxcode: '',
  eu_taxcode: '',
  type: '',
  fokonyv_szam: '',
  phone: '',
  tax_type: '',
  address: '{}',
  bank,
  defaults: '{}',
  deleted_at: null,
  created_at: '2026-03-01 10:00:00',
  updated_at: '2026-03-01 10:00:00',
});

test('the migration works out every existing client’s keys from its text, and leaves the text as it was', async () => {
  const database = await freshTestDatabase();
  await (await openTestDatabase(database)).close();
  const names = Object.keys(migrations);
  const before = names[names.indexOf('0072-client-match-keys') - 1]!;
  const back = database.kind === 'postgres' ? await openPostgres(database.url, { migrate: false }) : await openTestDatabase(database);
  const written = [
    RAW_CLIENT('Példa Ügyfél Kft.', JSON.stringify({ iban: 'HU42 1177 3016 1111 1018 0000 0000', account_no: '11773016-11111018', swift: 'OTPVHUHB' })),
    RAW_CLIENT('  ÁRVÍZTŰRŐ   tükörfúrógép  zrt ', JSON.stringify({ iban: '', account_no: '11773016-22222222-00000000' })),
    RAW_CLIENT('Beispiel GmbH', JSON.stringify({ iban: 'DE89 3704 0044 0532 0130 00' })),
    RAW_CLIENT('Kft.', 'nem JSON'),
    RAW_CLIENT('', ''),
    RAW_CLIENT('Szám 12 Bt', JSON.stringify({ iban: 12, account_no: null })),
  ];
  try {
    const { error } = await new Migrator({ db: back.db, provider: { getMigrations: async () => migrations } }).migrateTo(before);
    if (error) throw error;
    for (const c of written) await back.db.insertInto('clients').values(c).execute();
  } finally {
    await back.close();
  }
  const opened = await openTestDatabase(database); // brings it up to date: 0072 runs over these clients
  try {
    const rows = await keptKeys(opened.db);
    expect(rows.map(({ client_id: _, ...keys }) => keys)).toEqual([
      { name_key: 'pelda ugyfel', iban_key: '1177301611111018', account_no_key: '1177301611111018' },
      { name_key: 'arvizturo tukorfurogep', iban_key: '', account_no_key: '1177301622222222' },
      { name_key: 'beispiel', iban_key: 'DE89370400440532013000', account_no_key: '' },
      { name_key: 'kft', iban_key: '', account_no_key: '' },
      { name_key: '', iban_key: '', account_no_key: '' },
      { name_key: 'szam 12', iban_key: '', account_no_key: '' },
    ]);
    await expectKept(opened.db, 'after the migration');
    const text = await queryRows<{ name: string; bank: string | null }>(opened.db, 'SELECT name, bank FROM clients ORDER BY id');
    expect(text).toEqual(written.map((c) => ({ name: c.name, bank: c.bank })));
  } finally {
    await opened.close();
    database.remove();
  }
});

test.describe('the writers of clients', () => {
  let tc: TestCore;
  test.beforeEach(async () => {
    tc = await openTestCore();
  });
  test.afterEach(async () => tc?.close());

  test('create, update (name, bank, neither) and delete keep the keys; the text stays as given', async () => {
    const db = tc.opened.db;
    const a = await tc.core.call('clients.create', clientBody({ name: 'Őszi Szél Bt.', bank: { iban: validIban(1), account_no: '', swift: '' } }));
    const b = await tc.core.call('clients.create', clientBody({ name: 'Kovács és Társa Kft.' }));
    await expectKept(db, 'after create');
    expect((await keptKeys(db)).find((r) => r.client_id === a.id)).toMatchObject({ name_key: 'oszi szel', iban_key: validIban(1).slice(4, 20) });

    await tc.core.call('clients.update', { id: a.id, name: 'Őszi Szél és Fia Bt.' });
    await expectKept(db, 'after a new name');
    await tc.core.call('clients.update', { id: b.id, bank: { account_no: '11773016-11111018' } });
    await expectKept(db, 'after new bank details');
    expect((await keptKeys(db)).find((r) => r.client_id === b.id)).toMatchObject({ account_no_key: '1177301611111018' });
    await tc.core.call('clients.update', { id: b.id, email: 'uj@kovacs.hu' });
    await expectKept(db, 'after a change of neither');
    await tc.core.call('clients.delete', { id: a.id });
    await expectKept(db, 'after a delete (a deleted client’s old invoices may still be paid)');
    expect((await tc.core.call('clients.get', { id: b.id })).attributes.name).toBe('Kovács és Társa Kft.');
  });

  test('a receipt’s walk-in client has its keys', async () => {
    await tc.core.call('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] });
    const rows = await keptKeys(tc.opened.db);
    expect(rows.map((r) => r.name_key)).toContain('maganszemely');
    await expectKept(tc.opened.db, 'after the walk-in client');
  });

  test('the import keeps the keys of the clients it creates and of those it merges into', async () => {
    const header = ['Név', 'Adószám', 'Utca', 'Közterület', 'Házszám', 'Város', 'Irányítószám', 'IBAN'];
    const row = (i: number, account: string) => [`Ügyfél ${i} Kft.`, '', 'Fő', 'utca', String(i), 'Budapest', '1011', account];
    const mapping = { name: 0, taxcode: 1, street_name: 2, street_type: 3, house_nr: 4, city: 5, postcode: 6, iban: 7 };
    const run = async (rows: string[][], duplicates: 'skip' | 'merge') => {
      const file = b64(utf8(csv([header, ...rows], ';')));
      return tc.core.call('import.run', { kind: 'clients', file, encoding: 'utf-8', separator: ';', mapping, duplicates } as never);
    };
    expect(await run([row(1, ''), row(2, validIban(12)), row(3, validIban(13))], 'skip')).toMatchObject({ created: 3 });
    await expectKept(tc.opened.db, 'after the import’s new clients');
    expect(await run([row(1, validIban(21)), row(4, validIban(14))], 'merge')).toMatchObject({ created: 1, merged: 1 });
    await expectKept(tc.opened.db, 'after a merge');
    const merged = (await keptKeys(tc.opened.db)).filter((r) => r.name_key === 'ugyfel 1');
    expect(merged).toEqual([expect.objectContaining({ iban_key: validIban(21).slice(4, 20) })]);
  });

  test('a client written by raw SQL: the bank screen finds it as the payer all the same, and the next writer stores its keys', async () => {
    const db = tc.opened.db;
    const account = (await tc.core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
    const byName = await tc.core.call('clients.create', clientBody({ name: 'Régi Név Kft.' }));
    const byAccount = await tc.core.call('clients.create', clientBody({ name: 'Számlás Kft.' }));
    const owedByName = await coreInvoice(tc.core, { client_uid: byName.id, items: [netItem('10000')] }); // 12 700
    const owedByAccount = await coreInvoice(tc.core, { client_uid: byAccount.id, items: [netItem('20000')] }); // 25 400
    // written around the core: a new name, an account number
    await sql`UPDATE clients SET name = ${'Új Név Zrt.'} WHERE id = ${byName.id}`.execute(db);
    await sql`UPDATE clients SET bank = ${JSON.stringify({ iban: validIban(5), account_no: '', swift: '' })} WHERE id = ${byAccount.id}`.execute(db);
    const unknown = (await keptKeys(db)).filter((r) => r.name_key === null).map((r) => r.client_id);
    expect(unknown.sort((x, y) => x - y)).toEqual([byName.id, byAccount.id].sort((x, y) => x - y));

    const entries: TestEntry[] = [
      { ref: 'N1', date: '2026-03-10', amount: '12700', direction: 'credit', name: 'UJ NEV ZRT', remittance: 'köszönjük' },
      { ref: 'A1', date: '2026-03-11', amount: '25400', direction: 'credit', name: 'Valaki', iban: validIban(5), remittance: 'utalás' },
      { ref: 'O1', date: '2026-03-12', amount: '12700', direction: 'credit', name: 'REGI NEV KFT', remittance: 'régi névvel' },
    ];
    await tc.core.call('bankStatements.import', { account_id: account, file: b64(camt053(entries)) });
    const suggested = async () => {
      const items = (await tc.core.call('bankEntries.list', { state: 'open' })).items;
      return Object.fromEntries(items.map((e) => [e.bank_ref, e.suggestion && { reason: e.suggestion.reason, invoices: e.suggestion.invoices.map((i) => i.invoice_id) }]));
    };
    const expected = {
      N1: { reason: 'amount_and_payer', invoices: [owedByName.id] },
      A1: { reason: 'amount_and_payer', invoices: [owedByAccount.id] },
      O1: null, // the old name is no longer the client's
    };
    expect(await suggested()).toEqual(expected);

    await tc.core.call('clients.create', clientBody({ name: 'Valaki Más Bt.' }));
    await expectKept(db, 'after the next writer of clients');
    expect(await suggested()).toEqual(expected);
    // the text written around the core is as it was written
    const text = await queryRows<{ name: string; bank: string }>(db, 'SELECT name, bank FROM clients WHERE id IN (?, ?) ORDER BY id', byName.id, byAccount.id);
    expect(text.map((t) => t.name)).toEqual(['Új Név Zrt.', 'Számlás Kft.']);
    expect(JSON.parse(text[1]!.bank)).toEqual({ iban: validIban(5), account_no: '', swift: '' });
  });

  test('a write that fails keeps none of its keys', async () => {
    const db = tc.opened.db;
    await tc.core.call('clients.create', clientBody({ name: 'Megmaradó Kft.' }));
    const before = await keptKeys(db);
    const failed = writeTransaction(db, async (trx) => {
      await trx.insertInto('clients').values(RAW_CLIENT('Elveszett Kft.', JSON.stringify({ iban: validIban(9) }))).execute();
      await trx.updateTable('clients').set({ name: 'Átnevezett Kft.' }).where('id', '=', before[0]!.client_id).execute();
      expect(await keepClientMatchKeys(trx)).toBe(2);
      throw new Error('a failure after the keys were written');
    });
    await expect(failed).rejects.toThrow(/after the keys were written/);
    expect(await keptKeys(db)).toEqual(before);
    await expectKept(db, 'after the rollback');
  });
});

const NAME_WORDS = ['Példa', 'PELDA', 'példa', 'Ügyfél', 'ugyfel', 'Árvíztűrő', 'Kő', 'Ko', 'Szél', '&', 'és', 'Társa', '12', 'Kft', 'Kft.', 'Bt.', 'ZRT', 'GmbH', 'e.v.', ''];
const ACCOUNTS = ['', '11773016-11111018', '11773016-11111018-00000000', '1177301611111018', 'HU42 1177 3016 1111 1018 0000 0000', 'DE89370400440532013000', 'de89 3704 0044 0532 0130 00', '12345678-87654321'];

test('random histories of client writes: the kept keys equal the keys of the clients’ text, and the payers found by them are those every client’s text names', async () => {
  test.setTimeout(120_000);
  const { seed, random } = testSeed('FOLIO_MATCH_KEYS_SEED');
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const name = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(NAME_WORDS)).join(pick([' ', '  ', '-', ', ']));
  const bank = () => JSON.stringify({ iban: pick(ACCOUNTS), account_no: pick(ACCOUNTS), swift: '' });
  const tc = await openTestCore();
  try {
    const db = tc.opened.db;
    const ids: number[] = [];
    for (let step = 0; step < 60; step++) {
      const what = random();
      const id = ids.length ? pick(ids) : null;
      if (what < 0.3 || id === null) {
        ids.push((await tc.core.call('clients.create', clientBody({ name: name().trim() || 'Névtelen', force: true, bank: { iban: '', account_no: '', swift: '' } }))).id);
      } else if (what < 0.55) {
        await tc.core.call('clients.update', random() < 0.5 ? { id, name: name().trim() || 'Névtelen' } : { id, email: `x${step}@example.hu` }).catch((e: Error) => {
          if (!/not found/i.test(e.message)) throw e; // a deleted client
        });
      } else if (what < 0.75) {
        // around the core: raw text the forms would not take, keys left unknown until the next writer
        await sql`UPDATE clients SET name = ${name()}, bank = ${bank()} WHERE id = ${id}`.execute(db);
      } else if (what < 0.85) {
        const row = await db.insertInto('clients').values(RAW_CLIENT(name(), bank())).returning('id').executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      } else {
        await tc.core.call('clients.delete', { id }).catch(() => undefined);
      }
      // known keys are never wrong; unknown ones are worked out by whoever reads them
      const truth = await recountKeys(db);
      const now = await keptKeys(db);
      expect(now.map((r) => r.client_id), `step ${step}, seed ${seed}`).toEqual(truth.map((r) => r.client_id));
      now.forEach((r, k) => {
        if (r.name_key !== null) expect(r, `step ${step}, seed ${seed}`).toEqual(truth[k]);
        else expect(r, `step ${step}, seed ${seed}`).toEqual({ client_id: r.client_id, name_key: null, iban_key: null, account_no_key: null });
      });
      // the payers of a random set of keys, found through the table, are those the clients' text gives
      const names = new Set(Array.from({ length: 3 }, () => pick(truth).name_key ?? ''));
      const accounts = new Set(Array.from({ length: 3 }, () => pick([...truth.map((t) => t.iban_key), ...truth.map((t) => t.account_no_key)]) ?? ''));
      const found = (await clientsByKeys(db, names, accounts)).map((c) => c.client_id);
      const expected = truth.filter((t) => (t.name_key && names.has(t.name_key)) || [t.iban_key, t.account_no_key].some((a) => a && accounts.has(a))).map((t) => t.client_id);
      expect(found, `payers at step ${step}, seed ${seed}`).toEqual(expected);
    }
    await tc.core.call('clients.create', clientBody({ name: 'Utolsó Kft.', force: true }));
    await expectKept(db, `after the last writer, seed ${seed}`);
  } finally {
    await tc.close();
  }
});
