// The migrations that carry data run on PostgreSQL too: a database stopped at an older migration, holding what an
// older Folio wrote, is brought up to date by openPostgres — the seller's bank details become a bank account (0016),
// a share code made before 0016 is logged, a joined device's quotes move into its series (0024), and the invoices
// sealed before 0032 get their VAT lines.
import { expect, test } from '@playwright/test';
import { Migrator, sql } from 'kysely';
import { migrations } from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import type { Db } from '../../electron/db/types';
import { freshPgDatabase } from '../support/postgres';
import { insertClient, insertDraftInvoice, seal, STAMP } from '../support/pg-rows';

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (error) throw error;
}

test('an older database is brought up to date with its data carried along', async () => {
  const url = await freshPgDatabase();
  const old = await openPostgres(url, { migrate: false });
  let invoiceId: number;
  let clientId: number;
  try {
    await migrateTo(old.db, '0015-import-mappings');
    const seller = { name: 'Minta Kft.', bank_name: 'OTP', bank_account_no: '11773016-11111018', bank_iban: '', bank_swift: 'OTPVHUHB' };
    await sql`INSERT INTO settings (key, value) VALUES ('app', ${JSON.stringify({ seller })})`.execute(old.db);
    clientId = await insertClient(old.db);
    invoiceId = await insertDraftInvoice(old.db, clientId, { vat_status: 'cash_accounting' });
    await seal(old.db, invoiceId);
    await old.db.updateTable('invoices').set({ share_code: 'Qm3vT' }).where('id', '=', invoiceId).execute();

    await migrateTo(old.db, '0023-quotes');
    await sql`INSERT INTO quotes (quote_no, number_year, number_seq, client_id, client_snapshot, seller_snapshot, currency,
        payment_method_id, date, valid_until, template_lang_code, net_milli, vat_milli, gross_milli, rounding_milli, total_milli,
        status, created_at, updated_at)
      VALUES ('AJ-2026-000007', 2026, 7, ${clientId}, '{}', '{}', 'HUF', 1, '2026-03-01', '2026-03-31', 'hu', 0, 0, 0, 0, 0, 'open', ${STAMP}, ${STAMP})`.execute(old.db);
    await sql`INSERT INTO sync_state (id, device_id, block_prefix, join_state, updated_at) VALUES (1, 'dev-test', 'LAP', 'joined', ${STAMP})`.execute(old.db);
  } finally {
    await old.close();
  }

  const opened = await openPostgres(url);
  try {
    const { db } = opened;
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(db)).rows[0]!.n).toBe(Object.keys(migrations).length);

    // 0016: the bank details left the seller's profile for a bank account, the default for new invoices
    const accounts = await db.selectFrom('bank_accounts').select(['id', 'bank_name', 'account_no', 'account_swift', 'created_at']).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ bank_name: 'OTP', account_no: '11773016-11111018', account_swift: 'OTPVHUHB' });
    expect(accounts[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const app = JSON.parse((await db.selectFrom('settings').select('value').where('key', '=', 'app').executeTakeFirstOrThrow()).value);
    expect(app).toEqual({ seller: { name: 'Minta Kft.' }, default_bank_account_uid: accounts[0]!.id });

    // 0016: the share code made before it is logged once, as the invoice's update; 0024: the quote there is logged
    const log = await db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'origin']).where('entity', 'in', ['invoice', 'quote']).orderBy('seq').execute();
    const quote = await db.selectFrom('quotes').select(['id', 'quote_no', 'number_series']).executeTakeFirstOrThrow();
    expect(log).toEqual([
      { entity: 'invoice', entity_id: invoiceId, op: 'create', origin: 'local' },
      { entity: 'invoice', entity_id: invoiceId, op: 'update', origin: 'local' },
      { entity: 'quote', entity_id: quote.id, op: 'create', origin: 'local' },
    ]);

    // 0024: the joined device's quote moved into its series, year and sequence kept
    expect(quote).toMatchObject({ quote_no: 'AJ-LAP-2026-000007', number_series: 'LAP' });
    expect(await db.selectFrom('settings').select('value').where('key', '=', 'quote_series').executeTakeFirstOrThrow()).toEqual({ value: 'LAP' });

    // 0032: the invoice sealed before it has its VAT lines, on cash accounting as its seller snapshot says
    const lines = (await sql`SELECT invoice_id, vat_id, tax_day, cash, net_milli, vat_milli FROM report_vat_lines`.execute(db)).rows;
    expect(lines).toEqual([{ invoice_id: invoiceId, vat_id: '27', tax_day: '2026-03-01', cash: 1, net_milli: 100_000_000, vat_milli: 27_000_000 }]);
  } finally {
    await opened.close();
  }
});
