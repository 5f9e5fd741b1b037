// The business's own bank accounts, printed on invoices.
import type { BankAccountCreateInput, BankAccountUpdateInput } from '../../../shared/contract/schemas';
import type { BankAccountAttributes, Resource } from '../../../shared/resources';
import { FolioError, notFound, rule, type FieldError } from '../../../shared/errors';
import { bankNumberProblems, giroFromIban, normalizedBankNumbers } from '../../../shared/bank-account-numbers';
import { sql } from 'kysely';
import type { BankAccountRow } from '../../db/schema';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { writeTransaction } from '../../db/transaction';
import { readSettings } from '../settings/service';
import type { Db } from '../../db/types';

export function bankAccountResource(row: BankAccountRow): Resource<BankAccountAttributes> {
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      bank_name: row.bank_name,
      // an account kept with its IBAN only shows (and prints) the Hungarian account number inside it
      account_no: row.account_no || (giroFromIban(row.account_no_iban) ?? ''),
      account_no_iban: row.account_no_iban,
      account_swift: row.account_swift,
      currency: row.currency,
    },
  };
}

export function createBankAccountService(ctx: CoreContext) {
  const { db } = ctx;

  async function row(id: number, from: Db = db) {
    const r = await from.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Bank account ${id}`);
    return r;
  }

  return {
    row,
    list: async () => (await db.selectFrom('bank_accounts').selectAll().orderBy('id', 'desc').execute()).map(bankAccountResource),
    get: async (input: { id: number }) => bankAccountResource(await row(input.id)),

    async create(input: BankAccountCreateInput) {
      const now = nowStamp(ctx);
      const numbers = normalizedBankNumbers({ account_no: input.account_no ?? '', iban: input.account_no_iban ?? '' });
      const inserted = await writeTransaction(db, async (trx) => {
        const r = await trx
          .insertInto('bank_accounts')
          .values({
            bank_name: input.bank_name,
            account_no: numbers.account_no,
            account_no_iban: numbers.iban,
            account_swift: input.account_swift ?? '',
            currency: input.currency ?? 'HUF',
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return r;
      });
      return bankAccountResource(inserted);
    },

    async update(input: BankAccountUpdateInput) {
      const now = nowStamp(ctx);
      const updated = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes, so that a concurrent update of other fields is not written over.
        const current = await row(input.id, trx);
        let numbers = { account_no: current.account_no, iban: current.account_no_iban };
        if (input.account_no !== undefined || input.account_no_iban !== undefined) {
          // checked as they will stand together: a new IBAN beside the kept account number must name the same account
          const merged = { account_no: input.account_no ?? current.account_no, iban: input.account_no_iban ?? current.account_no_iban };
          // a new IBAN alone replaces an account number that was derived from the old one
          if (input.account_no === undefined && input.account_no_iban !== undefined && current.account_no === (giroFromIban(current.account_no_iban) ?? '')) merged.account_no = '';
          const p = bankNumberProblems(merged);
          const errors: FieldError[] = [];
          if (p.account_no) errors.push({ field: 'account_no', message: p.account_no });
          if (p.iban) errors.push({ field: 'account_no_iban', message: p.iban });
          if (!merged.account_no.trim() && !merged.iban.trim()) errors.push({ field: 'account_no', message: 'give the account number or the IBAN' });
          if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
          numbers = normalizedBankNumbers(merged);
        }
        const r = await trx
          .updateTable('bank_accounts')
          .set({
            bank_name: input.bank_name ?? current.bank_name,
            account_no: numbers.account_no,
            account_no_iban: numbers.iban,
            account_swift: input.account_swift ?? current.account_swift,
            currency: input.currency ?? current.currency,
            updated_at: now,
          })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return r;
      });
      return bankAccountResource(updated);
    },

    /**
     * Deleted for real, and only while nothing names it: an invoice or quote (an issued invoice keeps the bank
     * details in its snapshot, but the account is the record of where its money came in), the default of the
     * settings, or sync. Sync carries bank accounts without deletes (migrations/0008 captures none for them), so an
     * account on a node that syncs, or one that came from another node, is refused rather than deleted here only.
     */
    async delete(input: { id: number }) {
      await writeTransaction(db, async (trx) => {
        await row(input.id, trx);
        const refuse = (why: string) => {
          throw rule(`Bank account ${input.id} cannot be deleted: ${why}`, 'id');
        };
        const invoice = await trx.selectFrom('invoices').select('id').where('bank_account_id', '=', input.id).limit(1).executeTakeFirst();
        if (invoice) refuse('an invoice names it');
        const quote = await trx.selectFrom('quotes').select('id').where('bank_account_id', '=', input.id).limit(1).executeTakeFirst();
        if (quote) refuse('a quote names it');
        if ((await readSettings(trx)).default_bank_account_uid === input.id) refuse('it is the default bank account of the settings');
        if (await syncCarries(trx, input.id)) refuse('sync carries it to other devices, and sync does not carry deletes of bank accounts');
        await trx.deleteFrom('bank_accounts').where('id', '=', input.id).execute();
      });
      return { deleted: true as const };
    },
  };
}

/** This node syncs (joined to a hub, or a hub that devices joined), or the account was written by another device. */
async function syncCarries(trx: Db, id: number): Promise<boolean> {
  // sync's own tables are not the core's (the core does not import sync): asked in plain SQL
  const state = await sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM sync_state WHERE enabled = 1 OR join_state != 'none')
    + (SELECT COUNT(*) FROM sync_devices) AS n`.execute(trx);
  if (Number(state.rows[0]?.n ?? 0) > 0) return true;
  const foreign = await trx.selectFrom('change_log').select('seq').where('entity', '=', 'bank_account').where('entity_id', '=', id).where('origin', '!=', 'local').limit(1).executeTakeFirst();
  return foreign !== undefined;
}
