// The business's own bank accounts, printed on invoices.
import type { BankAccountCreateInput, BankAccountUpdateInput } from '../../../shared/contract/schemas';
import type { BankAccountAttributes, Resource } from '../../../shared/resources';
import { notFound } from '../../../shared/errors';
import type { BankAccountRow } from '../../db/schema';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';

export function bankAccountResource(row: BankAccountRow): Resource<BankAccountAttributes> {
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      bank_name: row.bank_name,
      account_no: row.account_no,
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
      const inserted = await writeTransaction(db, async (trx) => {
        const r = await trx
          .insertInto('bank_accounts')
          .values({
            bank_name: input.bank_name,
            account_no: input.account_no ?? '',
            account_no_iban: input.account_no_iban ?? '',
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
        const r = await trx
          .updateTable('bank_accounts')
          .set({
            bank_name: input.bank_name ?? current.bank_name,
            account_no: input.account_no ?? current.account_no,
            account_no_iban: input.account_no_iban ?? current.account_no_iban,
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
  };
}
