// The bank statement area for the core (docs/bank-statements.md): import, the entries and their suggestions,
// confirm/undo/set aside (confirm.ts), the CSV mapping per bank account, and the dashboard's receivables.
import type { BankImportInput } from '../../../shared/contract/areas/bank';
import { BANK_STATEMENT_MAX_BYTES, type BankCsvMapping, type BankImportResult, type BankStatementPreview, type BankStatementSummary } from '../../../shared/contract/areas/bank-types';
import { invalid, notFound, rule } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { parseJson } from '../json';
import { createConfirmations, type ExpensePayments, type Payments } from './confirm';
import { entryMatches, entryResource, listEntries, allSuggestions, readEntry } from './entries';
import { accountKeys, sameAccount } from './names';
import type { ParsedStatement } from './formats/types';
import { milliToString, parseDecimal } from '../../../shared/money';
import { receivables } from './receivables';
import { storeStatement } from './store';
import { withBankTables } from './tables';

// The file readers (SheetJS for spreadsheets, iconv-lite for old code pages, the XML parser: ~1.5 MB of code) are
// loaded on the first statement read, not with the core: every start of a server would parse them.
const readers = () => import('./read');

export function createBankStatementService(ctx: CoreContext, payments: Payments, expenses: ExpensePayments) {
  const { db } = ctx;
  const confirmations = createConfirmations(ctx, payments, expenses);

  async function account(id: number, from: Db = db) {
    const row = await from.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`Bank account ${id}`);
    return row;
  }

  /**
   * Which of the business's accounts each statement belongs to: the chosen one when the statement names none or names
   * it; another of the business's accounts when it names that one (compared by number, whatever the bank writes
   * around it); otherwise it is of an account the business does not have. An account without a number takes the
   * file's only account.
   */
  async function placeStatements(statements: ParsedStatement[], chosen: Awaited<ReturnType<typeof account>>) {
    const all = await db.selectFrom('bank_accounts').selectAll().execute();
    const numbers = (a: typeof chosen) => [a.account_no_iban, a.account_no].filter((n): n is string => !!n && !!n.trim());
    const names = (st: ParsedStatement, a: typeof chosen) => numbers(a).some((n) => sameAccount(st.account, n));
    const distinct = new Set(statements.map((st) => accountKeys(st.account)[0] ?? ''));
    const targets = new Map<number, ParsedStatement[]>();
    const unknown: ParsedStatement[] = [];
    for (const st of statements) {
      let target: number | null = null;
      if (!st.account || names(st, chosen) || (!numbers(chosen).length && distinct.size === 1)) target = chosen.id;
      else target = all.find((a) => a.id !== chosen.id && names(st, a))?.id ?? null;
      if (target === null) unknown.push(st);
      else targets.set(target, [...(targets.get(target) ?? []), st]);
    }
    return { targets, unknown };
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
      const { readStatement } = await readers();
      const { file, csv } = readStatement(bytes, {
        format: input.format,
        csv: input.csv ?? (await savedMapping(acct.id)),
        csvGiven: !!input.csv,
        accountCurrency: acct.currency || 'HUF',
        acceptDifference: input.accept_difference,
      });
      const { targets, unknown } = await placeStatements(file.statements, acct);
      if (unknown.length && !input.skip_unknown_accounts) {
        // a statement of another account would put its money on the wrong one: named, and left out only when confirmed
        if (file.statements.length === 1) {
          throw rule(`This statement is for account ${unknown[0]!.account}, not for ${acct.bank_name} (${acct.account_no_iban || acct.account_no})`, 'account_id');
        }
        const names = unknown.map((u) => `${u.account} (${u.entries.length})`).join(', ');
        throw rule(`This file also holds statements of accounts the business does not have: ${names}; confirm to skip them`, 'account_id');
      }
      const now = nowStamp(ctx);
      const leftOut = file.left_out.pending + file.left_out.hidden + file.left_out.unbooked;
      const stored = await writeTransaction(db, async (trx) => {
        const out: BankImportResult['accounts'] = [];
        for (const [accountId, parts] of targets) {
          const merged = mergeStatements(parts);
          const result = await storeStatement(trx, accountId, merged, input.file_name ?? '', now, { balance_difference: merged.balance_difference, left_out: out.length ? 0 : leftOut });
          out.push({ bank_account_id: accountId, statement_id: result.statement_id, entries: merged.entries.length, added: result.added, balance_difference: merged.balance_difference });
        }
        if (csv) {
          await withBankTables(trx)
            .insertInto('bank_csv_mappings')
            .values({ bank_account_id: acct.id, mapping: JSON.stringify(csv), updated_at: now })
            .onConflict((oc) => oc.column('bank_account_id').doUpdateSet({ mapping: JSON.stringify(csv), updated_at: now }))
            .execute();
        }
        return out;
      });
      const kept = [...targets.values()].flat();
      const dates = kept.flatMap((p) => [p.period_from, p.period_to]).filter((d): d is string => !!d).sort();
      const entries = stored.reduce((n, a) => n + a.entries, 0);
      const added = stored.reduce((n, a) => n + a.added, 0);
      return {
        statement_id: stored[0]?.statement_id ?? 0,
        format: file.format,
        statement_ref: kept.map((p) => p.statement_ref).filter(Boolean).join(', '),
        period_from: dates[0] ?? null,
        period_to: dates[dates.length - 1] ?? null,
        entries,
        added,
        duplicates: entries - added,
        csv_mapping: csv,
        accounts: stored,
        skipped_accounts: unknown.map((u) => ({ account: u.account, entries: u.entries.length })),
        left_out: file.left_out,
      };
    },

    async preview(input: { account_id: number; file: string; csv?: BankCsvMapping }): Promise<BankStatementPreview> {
      await account(input.account_id);
      const bytes = Buffer.from(input.file, 'base64');
      if (bytes.length > BANK_STATEMENT_MAX_BYTES) throw invalid('file', `is larger than ${BANK_STATEMENT_MAX_BYTES / 1024 / 1024} MB`);
      const { previewStatement } = await readers();
      return previewStatement(bytes, input.csv ?? (await savedMapping(input.account_id)));
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
        balance_difference: r.balance_difference_milli === null ? null : milliToString(r.balance_difference_milli),
        left_out: r.left_out_count,
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

/** One account's statements of a file as one: their entries in order, the period they span, their differences summed. */
function mergeStatements(parts: ParsedStatement[]): ParsedStatement {
  if (parts.length === 1) return parts[0]!;
  const from = parts.map((p) => p.period_from).filter((d): d is string => !!d).sort();
  const to = parts.map((p) => p.period_to).filter((d): d is string => !!d).sort();
  const differences = parts.map((p) => p.balance_difference).filter((d): d is string => d !== null);
  return {
    ...parts[0]!,
    statement_ref: parts.map((p) => p.statement_ref).filter(Boolean).join(', '),
    period_from: from[0] ?? null,
    period_to: to[to.length - 1] ?? null,
    entries: parts.flatMap((p) => p.entries),
    balance_difference: differences.length ? differences.reduce((sum, d) => sum.plus(parseDecimal(d)), parseDecimal('0')).toFixed() : null,
    balance_problem: parts.map((p) => p.balance_problem).filter(Boolean).join('; '),
  };
}
