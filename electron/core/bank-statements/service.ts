// The bank statement area for the core (docs/bank-statements.md): import, the entries and their suggestions,
// confirm/undo/set aside (confirm.ts), the CSV mapping per bank account, and the dashboard's receivables.
import type { BankImportInput } from '../../../shared/contract/areas/bank';
import { BANK_STATEMENT_MAX_BYTES, type BankCsvMapping, type BankImportResult, type BankStatementSummary } from '../../../shared/contract/areas/bank-types';
import { invalid, notFound, rule } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { parseJson } from '../json';
import { createConfirmations, type ExpensePayments, type Payments } from './confirm';
import { entryMatches, entryResource, listEntries, allSuggestions, readEntry } from './entries';
import { accountKey } from './names';
import { readStatement } from './read';
import { receivables } from './receivables';
import { storeStatement } from './store';
import { withBankTables } from './tables';

export function createBankStatementService(ctx: CoreContext, payments: Payments, expenses: ExpensePayments) {
  const { db } = ctx;
  const confirmations = createConfirmations(ctx, payments, expenses);

  async function account(id: number, from: Db = db) {
    const row = await from.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`Bank account ${id}`);
    return row;
  }

  async function savedMapping(accountId: number, from: Db = db): Promise<BankCsvMapping | null> {
    const row = await withBankTables(from).selectFrom('bank_csv_mappings').select('mapping').where('bank_account_id', '=', accountId).executeTakeFirst();
    return row ? parseJson<BankCsvMapping | null>(row.mapping, null) : null;
  }

  async function entry(id: number) {
    const row = await readEntry(db, id);
    if (!row) throw notFound(`Bank statement entry ${id}`);
    const suggestion = row.state === 'open' ? ((await allSuggestions(db)).get(id) ?? null) : null;
    return entryResource(row, suggestion, (await entryMatches(db, [id])).get(id) ?? []);
  }

  return {
    async import(input: BankImportInput): Promise<BankImportResult> {
      const acct = await account(input.account_id);
      const bytes = Buffer.from(input.file, 'base64');
      if (bytes.length > BANK_STATEMENT_MAX_BYTES) throw invalid('file', `is larger than ${BANK_STATEMENT_MAX_BYTES / 1024 / 1024} MB`);
      const { statement, csv } = readStatement(bytes, {
        format: input.format,
        csv: input.csv ?? (await savedMapping(acct.id)),
        accountCurrency: acct.currency || 'HUF',
      });
      // a statement of another account would put its money on the wrong one
      const own = [acct.account_no_iban, acct.account_no].map(accountKey).filter(Boolean);
      if (statement.account && own.length && !own.includes(accountKey(statement.account))) {
        throw rule(`This statement is for account ${statement.account}, not for ${acct.bank_name} (${acct.account_no_iban || acct.account_no})`, 'account_id');
      }
      const now = nowStamp(ctx);
      const stored = await writeTransaction(db, async (trx) => {
        const result = await storeStatement(trx, acct.id, statement, input.file_name ?? '', now);
        if (csv) {
          await withBankTables(trx)
            .insertInto('bank_csv_mappings')
            .values({ bank_account_id: acct.id, mapping: JSON.stringify(csv), updated_at: now })
            .onConflict((oc) => oc.column('bank_account_id').doUpdateSet({ mapping: JSON.stringify(csv), updated_at: now }))
            .execute();
        }
        return result;
      });
      return {
        statement_id: stored.statement_id,
        format: statement.format,
        statement_ref: statement.statement_ref,
        period_from: statement.period_from,
        period_to: statement.period_to,
        entries: statement.entries.length,
        added: stored.added,
        duplicates: statement.entries.length - stored.added,
        csv_mapping: csv,
      };
    },

    async statements(input: { account_id?: number }): Promise<BankStatementSummary[]> {
      let q = withBankTables(db).selectFrom('bank_statements').selectAll();
      if (input.account_id !== undefined) q = q.where('bank_account_id', '=', input.account_id);
      const rows = await q.orderBy('id', 'desc').limit(200).execute();
      return rows.map((r) => ({
        id: r.id,
        bank_account_id: r.bank_account_id,
        format: r.format,
        file_name: r.file_name,
        statement_ref: r.statement_ref,
        period_from: r.period_from,
        period_to: r.period_to,
        entries: r.entry_count,
        added: r.added_count,
        imported_at: r.imported_at,
      }));
    },

    async csvMapping(input: { id: number }) {
      await account(input.id);
      return { mapping: await savedMapping(input.id) };
    },

    async saveCsvMapping(input: { id: number; mapping: BankCsvMapping }) {
      await account(input.id);
      const now = nowStamp(ctx);
      const text = JSON.stringify(input.mapping);
      await writeTransaction(db, (trx) =>
        withBankTables(trx)
          .insertInto('bank_csv_mappings')
          .values({ bank_account_id: input.id, mapping: text, updated_at: now })
          .onConflict((oc) => oc.column('bank_account_id').doUpdateSet({ mapping: text, updated_at: now }))
          .execute(),
      );
      return { mapping: input.mapping };
    },

    entries: (input: Parameters<typeof listEntries>[1]) => listEntries(db, input),
    confirm: async (input: Parameters<typeof confirmations.confirm>[0]) => (await confirmations.confirm(input), entry(input.id)),
    confirmSuggested: confirmations.confirmSuggested,
    undo: async (input: { id: number }) => (await confirmations.undo(input), entry(input.id)),
    ignore: async (input: { id: number; ignored: boolean }) => (await confirmations.ignore(input), entry(input.id)),
    receivables: () => receivables(ctx),
  };
}
