// Migration 0024 puts quotes into sync: their changes are captured from then on and the quotes already there are
// logged once; a device that joined a remote before it takes its own quote series at once (its quotes renamed into
// it, year and sequence kept), as a join does from then on. Down again, the plain numbers' index comes back.
import { expect, test } from '@playwright/test';
import { Migrator } from 'kysely';
import { openDatabase } from '../../electron/db/open';
import { migrations } from '../../migrations/index';
import { fixedClock } from '../../electron/core/clock';
import { createCore } from '../../electron/core/index';
import { clientBody, rawDb, seedSeller, tempDbFile } from '../support/fixtures';

const NOW = '2026-03-15T09:00:00.000Z';

async function migrateTo(file: string, name: string) {
  const opened = await openDatabase(file);
  try {
    const { error } = await new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
    if (error) throw error;
  } finally {
    await opened.close();
  }
}

const items = [{ description: 'Karbantartás', qty: 1, net_unit_price: '1000', vat_id: 1 }];

test('a device joined before quotes synced takes its series; quotes made before are logged once; down restores the plain index @sqlite', async () => {
  const tmp = tempDbFile();
  try {
    const opened = await openDatabase(tmp.file);
    const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
    await seedSeller(core);
    const client_uid = (await core.call('clients.create', clientBody())).id;
    const body = { client_uid, payment_method: 2, currency: 'HUF', valid_until: '2026-12-31', items };
    const first = await core.call('quotes.create', body);
    const second = await core.call('quotes.create', body);
    expect([first.attributes.quote_no, second.attributes.quote_no]).toEqual(['AJ-2026-000001', 'AJ-2026-000002']);
    await core.call('quotes.delete', { id: second.id });
    await opened.close();

    // the database as it was before 0024, on a device that had joined a remote with the block prefix LAP
    await migrateTo(tmp.file, '0023-quotes');
    let db = rawDb(tmp.file);
    expect(db.prepare(`SELECT count(*) FROM change_log WHERE entity = 'quote'`).pluck().get()).toBe(0);
    expect(db.prepare(`SELECT name FROM pragma_table_info('quotes') WHERE name = 'number_series'`).all()).toEqual([]);
    db.prepare(`INSERT INTO sync_state (id, device_id, block_prefix, join_state, updated_at) VALUES (1, 'dev-test', 'LAP', 'joined', ?)`).run(NOW);
    db.close();

    await migrateTo(tmp.file, '0024-quote-sync');
    db = rawDb(tmp.file);
    expect(db.prepare('SELECT id, quote_no, number_series FROM quotes ORDER BY id').all()).toEqual([
      { id: first.id, quote_no: 'AJ-LAP-2026-000001', number_series: 'LAP' },
      { id: second.id, quote_no: 'AJ-LAP-2026-000002', number_series: 'LAP' },
    ]);
    expect(db.prepare(`SELECT value FROM settings WHERE key = 'quote_series'`).pluck().get()).toBe('LAP');
    // the quote still there is logged once, to be pushed; the deleted one never reached anyone and stays here
    expect(db.prepare(`SELECT entity_id, op, origin FROM change_log WHERE entity = 'quote'`).all()).toEqual([{ entity_id: first.id, op: 'create', origin: 'local' }]);
    db.close();

    const reopened = await openDatabase(tmp.file);
    const after = await createCore({ db: reopened.db, clock: fixedClock(NOW) });
    expect((await after.call('quotes.create', body)).attributes.quote_no).toBe('AJ-LAP-2026-000003');
    await reopened.close();

    await migrateTo(tmp.file, '0023-quotes');
    db = rawDb(tmp.file, { readonly: true });
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'quotes'`).all()).toEqual([]);
    expect(db.prepare(`SELECT name FROM pragma_index_info('quotes_number') ORDER BY seqno`).pluck().all()).toEqual(['number_year', 'number_seq']);
    db.close();
  } finally {
    tmp.remove();
  }
});
