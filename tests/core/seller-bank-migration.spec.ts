// Migration 0016 on a database an older Folio wrote: the bank details the seller's profile kept become a bank account
// (or are found among the existing ones) and the default for new invoices, and leave the profile; a share code made
// before the upgrade is logged once so that it travels to the remote.
import { expect, test } from '@playwright/test';
import { fixedClock } from '../../electron/core/clock';
import { createCore } from '../../electron/core/index';
import { Migrator } from 'kysely';
import { openDatabase } from '../../electron/db/open';
import { migrations } from '../../migrations/index';
import { clientBody, FIXED_NOW, netItem, rawDb, seedSeller, SELLER_TAXCODE, tempDbFile, TODAY } from '../support/fixtures';

const LEGACY_SELLER = {
  name: 'Régi Bt.',
  address: { postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '7', country: 'Magyarország' },
  // not the buyers' number (clientBody): an invoice to oneself is refused
  taxcode: SELLER_TAXCODE,
  eu_taxcode: '',
  email: '',
  phone: '',
  bank_name: 'OTP Bank',
  bank_account_no: '11773016-11111018-00000000',
  bank_iban: 'HU42117730161111101800000000',
  bank_swift: 'OTPVHUHB',
  vat_exempt: true,
};

/**
 * A database as Folio was before 0016: the migrations before it applied, the settings written with the seller's bank
 * fields. `prepare` runs on the raw file first (rows an older Folio had).
 */
async function legacyDatabase(file: string, settings: Record<string, unknown>, prepare: (db: ReturnType<typeof rawDb>) => void = () => undefined) {
  // Every later migration goes down too (and comes back on the upgrade): Kysely applies migrations in order only.
  const opened = await openDatabase(file);
  try {
    const { error } = await new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }).migrateTo('0015-import-mappings');
    if (error) throw error;
  } finally {
    await opened.close();
  }
  const db = rawDb(file);
  try {
    prepare(db);
    db.prepare(`INSERT INTO settings (key, value) VALUES ('app', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(JSON.stringify(settings));
  } finally {
    db.close();
  }
}

async function upgraded(file: string) {
  const opened = await openDatabase(file);
  const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
  return { opened, core };
}

test('the seller’s bank details become the default bank account; invoices then print them from it @sqlite', async () => {
  const tmp = tempDbFile();
  try {
    await legacyDatabase(tmp.file, { seller: LEGACY_SELLER, default_bank_account_uid: null });
    const { opened, core } = await upgraded(tmp.file);
    try {
      const accounts = await core.call('bankAccounts.list', {});
      expect(accounts.map((a) => a.attributes)).toEqual([
        expect.objectContaining({ bank_name: 'OTP Bank', account_no: '11773016-11111018-00000000', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF' }),
      ]);
      const settings = await core.call('settings.get', {});
      expect(settings.default_bank_account_uid).toBe(accounts[0]!.id);
      expect(Object.keys(settings.seller)).not.toContain('bank_account_no');
      expect(settings.seller).toMatchObject({ name: 'Régi Bt.', vat_status: 'exempt', vat_exempt: true });
      const stored = JSON.parse((opened.sqlite.prepare(`SELECT value FROM settings WHERE key = 'app'`).get() as { value: string }).value);
      expect(stored.seller.bank_account_no).toBeUndefined();
      // the account is a change like any other: it travels to a remote
      const logged = opened.sqlite.prepare(`SELECT entity, entity_id, op FROM change_log WHERE entity = 'bank_account'`).all();
      expect(logged).toEqual([{ entity: 'bank_account', entity_id: accounts[0]!.id, op: 'create' }]);

      const client = (await core.call('clients.create', clientBody())).id;
      // the legacy seller is subjectively exempt: its lines carry no VAT (AAM)
      const created = await core.call('invoices.create', { client_uid: client, type: 3, payment_method: 2, currency: 'HUF', fulfillment_date: TODAY, due_date: TODAY, items: [netItem(3500, { vat_id: 7 })] });
      const invoice = await core.call('invoices.get', { id: created.id });
      expect(invoice.attributes.seller).toMatchObject({ bank_name: 'OTP Bank', bank_account_no: '11773016-11111018-00000000', vat_status: 'exempt' });
    } finally {
      await opened.close();
    }
  } finally {
    tmp.remove();
  }
});

test('an account already among the bank accounts is found, not made twice; a chosen default stays @sqlite', async () => {
  const tmp = tempDbFile();
  try {
    let chosen = 0;
    await legacyDatabase(tmp.file, { seller: LEGACY_SELLER }, (db) => {
      const insert = db.prepare(`INSERT INTO bank_accounts (bank_name, account_no, account_no_iban, account_swift, currency, created_at, updated_at)
                                 VALUES (?, ?, '', '', 'HUF', '2026-01-01 10:00:00', '2026-01-01 10:00:00')`);
      chosen = Number(insert.run('K&H', '10400000-00000000-00000001').lastInsertRowid);
      insert.run('OTP', '11773016 11111018 00000000');
    });
    // the settings named a default of their own
    const db = rawDb(tmp.file);
    db.prepare(`UPDATE settings SET value = ? WHERE key = 'app'`).run(JSON.stringify({ seller: LEGACY_SELLER, default_bank_account_uid: chosen }));
    db.close();
    const { opened, core } = await upgraded(tmp.file);
    try {
      expect((await core.call('bankAccounts.list', {})).length).toBe(2);
      const settings = await core.call('settings.get', {});
      expect(settings.default_bank_account_uid).toBe(chosen);
      expect(Object.keys(settings.seller)).not.toContain('bank_name');
    } finally {
      await opened.close();
    }
  } finally {
    tmp.remove();
  }
});

test('a share code made before the upgrade is logged once, to travel with the next sync @sqlite', async () => {
  const tmp = tempDbFile();
  try {
    let invoiceId = 0;
    {
      const opened = await openDatabase(tmp.file);
      const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
      await seedSeller(core);
      const client = (await core.call('clients.create', clientBody())).id;
      invoiceId = (await core.call('invoices.create', { client_uid: client, type: 3, payment_method: 2, currency: 'HUF', fulfillment_date: TODAY, due_date: TODAY, items: [netItem()] })).id;
      await opened.close();
    }
    await legacyDatabase(tmp.file, { seller: { name: 'Régi Bt.' } }, (db) => {
      // an older Folio wrote the code without logging it
      db.prepare(`UPDATE invoices SET share_code = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345' WHERE id = ?`).run(invoiceId);
      db.prepare(`DELETE FROM change_log WHERE entity = 'invoice' AND op = 'update'`).run();
    });
    const { opened } = await upgraded(tmp.file);
    try {
      const updates = opened.sqlite.prepare(`SELECT entity_id, op, origin FROM change_log WHERE entity = 'invoice' AND op = 'update'`).all();
      expect(updates).toEqual([{ entity_id: invoiceId, op: 'update', origin: 'local' }]);
    } finally {
      await opened.close();
    }
  } finally {
    tmp.remove();
  }
});
