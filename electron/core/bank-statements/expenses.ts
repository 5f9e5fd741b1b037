// Debits matched to unpaid expenses the same way credits are to invoices: the supplier's invoice number in the
// remittance text, or the exact amount and the payee's name as the supplier's. An expense is paid whole (it keeps no
// partial payments), so only the exact gross amount in the expense's currency is suggested.
import type { BankSuggestion } from '../../../shared/contract/areas/bank-types';
import { milliToString } from '../../../shared/money';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { UNPAID_EXPENSE } from '../../../migrations/0073-bank-screen-indexes';
import { nameKey } from '../../../shared/bank-match-keys';

export interface OpenExpense {
  id: number;
  name: string;
  supplier_name: string;
  invoice_no: string;
  gross_price_milli: number;
  currency: string;
}

export interface DebitToMatch {
  id: number;
  amount_milli: number;
  currency: string;
  counterparty_name: string;
  remittance: string;
}

export async function openExpenses(db: Db, ids?: number[]): Promise<OpenExpense[]> {
  let q = db
    .selectFrom('expenses')
    .select(['id', 'name', 'supplier_name', 'invoice_no', 'gross_price_milli', 'currency'])
    // as migration 0073's index of the unpaid expenses says it (a literal: a bound value cannot use a partial index)
    .where(sql<boolean>`${UNPAID_EXPENSE}`)
    .where('kind', '=', 'invoice')
    .where('gross_price_milli', '>', 0);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return q.orderBy('due_date').orderBy('id').execute();
}

/** Letters and digits only, upper case: "PB-2026/0815" is found in "pb 2026 0815 szamla". */
const compact = (s: string) => s.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toUpperCase();

export function suggestExpenses(debits: DebitToMatch[], expenses: OpenExpense[]): Map<number, BankSuggestion> {
  const taken = new Set<number>();
  const out = new Map<number, BankSuggestion>();
  for (const debit of debits) {
    const same = expenses.filter((x) => !taken.has(x.id) && x.currency === debit.currency && x.gross_price_milli === debit.amount_milli);
    if (!same.length) continue;
    const text = compact(debit.remittance);
    const byNumber = same.filter((x) => compact(x.invoice_no).length >= 3 && text.includes(compact(x.invoice_no)));
    const payee = nameKey(debit.counterparty_name);
    const byName = payee ? same.filter((x) => nameKey(x.supplier_name) === payee) : [];
    const found = byNumber.length ? { reason: 'expense_invoice_number' as const, list: byNumber } : byName.length ? { reason: 'expense_amount_and_payee' as const, list: byName } : null;
    if (!found) continue;
    const x = found.list[0]!;
    taken.add(x.id);
    out.set(debit.id, {
      reason: found.reason,
      kind: 'exact',
      confident: found.list.length === 1,
      invoices: [],
      expense: { expense_id: x.id, name: x.name, supplier_name: x.supplier_name, invoice_no: x.invoice_no, amount: milliToString(x.gross_price_milli), currency: x.currency },
      difference: '0.000',
    });
  }
  return out;
}
