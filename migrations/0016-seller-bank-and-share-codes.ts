// Two changes that let the business be run from the app:
// - The seller's bank details are stored once, among the bank accounts. An older Folio kept them in the seller's
//   profile as well; here they become a bank account (or are found among the existing ones) and the default one for
//   new invoices when none was chosen, and leave the profile. Invoices already issued keep the snapshot they have.
// - A share code reaches the remote through sync: setting or revoking one on a sealed invoice is logged as the
//   invoice's 'update' (migration 0008 logged only writes of updated_at, and a share code is not part of the
//   document), and the sync map remembers which code the remote holds. Codes made before this migration are logged
//   once here, so that they travel too.
import { sql, type Kysely } from 'kysely';
import { isPostgres, PG_CHANGE_ORIGIN, PG_CHANGE_TIME, pgTrigger } from './dialect';

interface LegacySeller {
  bank_name?: unknown;
  bank_account_no?: unknown;
  bank_iban?: unknown;
  bank_swift?: unknown;
  [key: string]: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const digits = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

async function moveSellerBank(db: Kysely<any>): Promise<void> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'app').executeTakeFirst();
  if (!row) return;
  let settings: { seller?: LegacySeller; default_bank_account_uid?: number | null; [key: string]: unknown };
  try {
    settings = JSON.parse(row.value as string);
  } catch {
    return;
  }
  const seller = settings.seller;
  if (!seller || typeof seller !== 'object') return;
  const { bank_name, bank_account_no, bank_iban, bank_swift, ...profile } = seller;
  const account = { name: str(bank_name), no: str(bank_account_no), iban: str(bank_iban), swift: str(bank_swift) };
  if (account.no || account.iban) {
    const existing = (await db.selectFrom('bank_accounts').select(['id', 'account_no', 'account_no_iban']).orderBy('id').execute()) as Array<{ id: number; account_no: string; account_no_iban: string }>;
    const same = existing.find((a) => (account.no && digits(a.account_no) === digits(account.no)) || (account.iban && digits(a.account_no_iban) === digits(account.iban)));
    let id = same?.id;
    if (id === undefined) {
      const now = (
        await (isPostgres(db)
          ? sql<{ now: string }>`SELECT to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS') AS now`
          : sql<{ now: string }>`SELECT datetime('now', 'localtime') AS now`
        ).execute(db)
      ).rows[0]!.now;
      const inserted = await db
        .insertInto('bank_accounts')
        .values({ bank_name: account.name || 'Bankszámla', account_no: account.no, account_no_iban: account.iban, account_swift: account.swift, currency: 'HUF', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id as number;
    }
    if (!settings.default_bank_account_uid) settings.default_bank_account_uid = id;
  }
  settings.seller = profile;
  await db.updateTable('settings').set({ value: JSON.stringify(settings) }).where('key', '=', 'app').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await moveSellerBank(db);
  if (isPostgres(db)) await pgShareTrigger(db);
  else await sql`CREATE TRIGGER change_capture_invoices_share AFTER UPDATE OF share_code ON invoices
     WHEN OLD.sealed = 1 AND NEW.share_code IS NOT OLD.share_code
     BEGIN
       INSERT INTO change_log (entity, entity_id, op, origin, created_at)
       VALUES ('invoice', NEW.id, 'update', folio_change_origin(), folio_change_time());
     END`.execute(db);
  // the code the remote is known to hold for a mapped invoice (null: none)
  await db.schema.alterTable('sync_map').addColumn('remote_share_code', 'text').execute();
  await sql`INSERT INTO change_log (entity, entity_id, op, origin, created_at)
     SELECT 'invoice', id, 'update', 'local', updated_at FROM invoices WHERE sealed = 1 AND share_code IS NOT NULL ORDER BY id`.execute(db);
}

async function pgShareTrigger(db: Kysely<any>): Promise<void> {
  await pgTrigger(db, {
    name: 'change_capture_invoices_share',
    table: 'invoices',
    timing: 'AFTER',
    events: 'UPDATE OF share_code',
    when: 'OLD.sealed = 1 AND NEW.share_code IS DISTINCT FROM OLD.share_code',
    body: `INSERT INTO change_log (entity, entity_id, op, origin, created_at)
       VALUES ('invoice', NEW.id, 'update', ${PG_CHANGE_ORIGIN}, ${PG_CHANGE_TIME});`,
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_map').dropColumn('remote_share_code').execute();
  await sql`DROP TRIGGER change_capture_invoices_share`.execute(db);
}
