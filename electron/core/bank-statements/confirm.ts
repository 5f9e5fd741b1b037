// Confirming a credit records its payments through the invoices' own pay (invoices.payIn, the rule of a manual
// payment), dated the booking date, and notes which payment rows it made; undoing removes exactly those. A debit
// marks an unpaid expense paid on the booking date (the expenses' own rules), and undoing marks it unpaid again. Each runs in
// one write transaction: an entry is matched with all its payments, or not at all.
import type { BankConfirmInput } from '../../../shared/contract/areas/bank';
import { notFound, rule } from '../../../shared/errors';
import { milliToString } from '../../../shared/money';
import type { PayInput, UnpayInput } from '../../../shared/contract/schemas';
import { writeTransaction } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { allocate, payable } from './allocate';
import { allSuggestions, readEntry, type EntryRow } from './entries';
import { openInvoices, type OpenInvoice } from './open-invoices';
import { openExpenses } from './expenses';
import { withBankTables } from './tables';

/** Payment method 2, wire transfer: money that arrived on a bank statement came by transfer. */
const WIRE_TRANSFER = 2;

export interface Payments {
  payIn(trx: WriteTx, input: PayInput): Promise<{ payment_id: number }>;
  unpayIn(trx: WriteTx, input: UnpayInput): Promise<unknown>;
}

/** The expenses' own way of marking one paid (or unpaid again), by the rules of an update. */
export interface ExpensePayments {
  setPaidIn(trx: WriteTx, id: number, paymentDate: string | null): Promise<void>;
}

export function createConfirmations(ctx: CoreContext, payments: Payments, expenses: ExpensePayments) {
  const { db } = ctx;

  async function openEntry(trx: WriteTx, id: number): Promise<EntryRow> {
    const entry = await readEntry(trx, id);
    if (!entry) throw notFound(`Bank statement entry ${id}`);
    if (entry.state === 'matched') throw rule(`Entry ${id} is already confirmed; undo it first`, 'id');
    if (entry.state === 'ignored') throw rule(`Entry ${id} is set aside as not an invoice payment; open it again first`, 'id');
    return entry;
  }

  /** Marks the expense paid on the booking date: the debit's amount must be the expense's, in its currency. */
  async function recordExpense(trx: WriteTx, entry: EntryRow, expenseId: number): Promise<void> {
    const [expense] = await openExpenses(trx, [expenseId]);
    if (!expense) throw rule(`Expense ${expenseId} is paid already, or is not an unpaid supplier invoice`, 'expense_id');
    if (expense.currency !== entry.currency || expense.gross_price_milli !== entry.amount_milli) {
      throw rule(`Expense ${expenseId} is ${milliToString(expense.gross_price_milli)} ${expense.currency}; the entry is ${milliToString(entry.amount_milli)} ${entry.currency}`, 'expense_id');
    }
    const now = nowStamp(ctx);
    await expenses.setPaidIn(trx, expenseId, entry.booking_date);
    await withBankTables(trx)
      .insertInto('bank_matches')
      .values({ entry_id: entry.id, invoice_id: null, expense_id: expenseId, payment_id: null, amount_milli: entry.amount_milli, currency: entry.currency, conversion_rate: null, created_at: now })
      .execute();
    await withBankTables(trx).updateTable('bank_entries').set({ state: 'matched', updated_at: now }).where('id', '=', entry.id).execute();
  }

  /** Pays the invoices from the entry, in order, and marks it matched. */
  async function record(trx: WriteTx, entry: EntryRow, targets: OpenInvoice[]): Promise<number> {
    const allocation = allocate(entry.amount_milli, entry.currency, targets);
    const now = nowStamp(ctx);
    let paid = 0;
    for (const [i, inv] of targets.entries()) {
      const pays = allocation.paysMilli[i]!;
      if (pays <= 0) continue;
      const rate = allocation.invoices[i]!.rate;
      const { payment_id } = await payments.payIn(trx, {
        id: inv.id,
        date: entry.booking_date,
        amount: milliToString(pays),
        payment_method: WIRE_TRANSFER,
        ...(rate ? { conversion_rate: rate } : {}),
      });
      await withBankTables(trx)
        .insertInto('bank_matches')
        .values({ entry_id: entry.id, invoice_id: inv.id, expense_id: null, payment_id, amount_milli: pays, currency: inv.currency, conversion_rate: rate, created_at: now })
        .execute();
      inv.outstanding_milli -= pays;
      paid++;
    }
    if (!paid) throw rule(`Entry ${entry.id} pays nothing on these invoices`, 'invoice_ids');
    await withBankTables(trx).updateTable('bank_entries').set({ state: 'matched', updated_at: now }).where('id', '=', entry.id).execute();
    return paid;
  }

  return {
    async confirm(input: BankConfirmInput): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const entry = await openEntry(trx, input.id);
        if (entry.direction === 'debit') {
          if (input.invoice_ids) throw rule(`Entry ${entry.id} is a debit: money that went out pays no invoice of yours`, 'invoice_ids');
          const expenseId = input.expense_id ?? (await allSuggestions(trx)).get(entry.id)?.expense?.expense_id;
          if (!expenseId) throw rule(`No expense is suggested for entry ${entry.id}; name the expense it pays`, 'expense_id');
          return recordExpense(trx, entry, expenseId);
        }
        if (input.expense_id) throw rule(`Entry ${entry.id} is a credit: money that came in pays no expense`, 'expense_id');
        let ids = input.invoice_ids;
        if (!ids) {
          const suggestion = (await allSuggestions(trx)).get(entry.id);
          if (!suggestion) throw rule(`No invoice is suggested for entry ${entry.id}; name the invoices it pays`, 'invoice_ids');
          ids = suggestion.invoices.map((m) => m.invoice_id);
        }
        const found = new Map((await openInvoices(trx, ids)).map((inv) => [inv.id, inv]));
        const targets = [...new Set(ids)].map((id) => {
          const inv = found.get(id);
          if (!inv) throw rule(`Invoice ${id} has nothing outstanding or takes no payment`, 'invoice_ids');
          if (!payable(entry.currency, inv)) throw rule(`A ${entry.currency} credit cannot pay invoice ${inv.number} in ${inv.currency}`, 'invoice_ids');
          return inv;
        });
        await record(trx, entry, targets);
      });
    },

    /** Every open credit whose suggestion is exact and unambiguous, in one transaction. */
    async confirmSuggested(input: { account_id?: number }): Promise<{ confirmed: number; skipped: number }> {
      return writeTransaction(db, async (trx) => {
        const suggestions = await allSuggestions(trx);
        const invoices = new Map((await openInvoices(trx)).map((inv) => [inv.id, inv]));
        let confirmed = 0;
        let skipped = 0;
        for (const [entryId, suggestion] of suggestions) {
          if (!suggestion.confident) {
            skipped++;
            continue;
          }
          const entry = (await readEntry(trx, entryId))!;
          if (input.account_id !== undefined && entry.bank_account_id !== input.account_id) continue;
          if (suggestion.expense) await recordExpense(trx, entry, suggestion.expense.expense_id);
          else await record(trx, entry, suggestion.invoices.map((m) => invoices.get(m.invoice_id)!));
          confirmed++;
        }
        return { confirmed, skipped };
      });
    },

    async undo(input: { id: number }): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const entry = await readEntry(trx, input.id);
        if (!entry) throw notFound(`Bank statement entry ${input.id}`);
        if (entry.state !== 'matched') throw rule(`Entry ${input.id} is not confirmed; there is nothing to undo`, 'id');
        const bank = withBankTables(trx);
        const matches = await bank.selectFrom('bank_matches').selectAll().where('entry_id', '=', entry.id).execute();
        for (const m of matches) {
          if (m.expense_id !== null) {
            // an expense marked unpaid since by hand stays as it is
            const paid = await trx.selectFrom('expenses').select('id').where('id', '=', m.expense_id).where('paid', '=', 1).executeTakeFirst();
            if (paid) await expenses.setPaidIn(trx, m.expense_id, null);
            continue;
          }
          if (m.invoice_id === null || m.payment_id === null) continue;
          // a payment removed by hand since (invoices.unpay) is gone already
          const still = await trx.selectFrom('invoice_payments').select('id').where('id', '=', m.payment_id).where('invoice_id', '=', m.invoice_id).executeTakeFirst();
          if (still) await payments.unpayIn(trx, { id: m.invoice_id, payment_id: m.payment_id });
        }
        await bank.deleteFrom('bank_matches').where('entry_id', '=', entry.id).execute();
        await bank.updateTable('bank_entries').set({ state: 'open', updated_at: nowStamp(ctx) }).where('id', '=', entry.id).execute();
      });
    },

    async ignore(input: { id: number; ignored: boolean }): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const entry = await readEntry(trx, input.id);
        if (!entry) throw notFound(`Bank statement entry ${input.id}`);
        const from = input.ignored ? 'open' : 'ignored';
        if (entry.state !== from) {
          throw rule(input.ignored ? `Entry ${input.id} is not open (it is ${entry.state})` : `Entry ${input.id} is not set aside`, 'id');
        }
        await withBankTables(trx)
          .updateTable('bank_entries')
          .set({ state: input.ignored ? 'ignored' : 'open', updated_at: nowStamp(ctx) })
          .where('id', '=', entry.id)
          .execute();
      });
    },
  };
}
