// Reading entries: the page asked for, each open credit with its suggestion (computed over all open credits, so that
// claims between them do not depend on the page) and each matched entry with the payments it recorded.
import type { BankEntriesInput } from '../../../shared/contract/areas/bank';
import type { BankEntry, BankEntryMatch, BankEntryPage, BankSuggestion } from '../../../shared/contract/areas/bank-types';
import { prefixedNumber } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import type { Db } from '../../db/types';
import { suggest } from './match';
import { openExpenses, suggestExpenses } from './expenses';
import { reachableInvoices } from './open-invoices';
import { withBankTables, type BankTables } from './tables';
import type { Selectable } from 'kysely';

export type EntryRow = Selectable<BankTables['bank_entries']>;

/** Every open entry's suggestion (credits to invoices, debits to expenses), oldest entry first. */
export async function allSuggestions(db: Db): Promise<Map<number, BankSuggestion>> {
  const open = await withBankTables(db)
    .selectFrom('bank_entries')
    .select(['id', 'direction', 'amount_milli', 'currency', 'counterparty_name', 'counterparty_iban', 'remittance'])
    .where('state', '=', 'open')
    .orderBy('booking_date')
    .orderBy('id')
    .execute();
  const credits = open.filter((e) => e.direction === 'credit');
  const debits = open.filter((e) => e.direction === 'debit');
  const out = new Map<number, BankSuggestion>();
  if (credits.length) {
    const { invoices, payers } = await reachableInvoices(db, credits);
    for (const [id, s] of suggest(credits, invoices, payers)) out.set(id, s);
  }
  if (debits.length) for (const [id, s] of suggestExpenses(debits, await openExpenses(db))) out.set(id, s);
  return out;
}

export async function entryMatches(db: Db, entryIds: number[]): Promise<Map<number, BankEntryMatch[]>> {
  const out = new Map<number, BankEntryMatch[]>();
  if (!entryIds.length) return out;
  const rows = await withBankTables(db)
    .selectFrom('bank_matches')
    .leftJoin('invoices', 'invoices.id', 'bank_matches.invoice_id')
    .leftJoin('expenses', 'expenses.id', 'bank_matches.expense_id')
    .select([
      'bank_matches.entry_id',
      'bank_matches.invoice_id',
      'bank_matches.expense_id',
      'bank_matches.payment_id',
      'bank_matches.amount_milli',
      'bank_matches.currency',
      'bank_matches.conversion_rate',
      'invoices.prefix',
      'invoices.invoice_no',
      'expenses.invoice_no as expense_no',
      'expenses.supplier_name',
    ])
    .where('bank_matches.entry_id', 'in', entryIds)
    .orderBy('bank_matches.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.entry_id) ?? [];
    list.push({
      invoice_id: r.invoice_id,
      expense_id: r.expense_id,
      invoice_no: r.expense_id !== null ? [r.expense_no, r.supplier_name].filter(Boolean).join(' · ') : (prefixedNumber(r.prefix ?? '', r.invoice_no) ?? ''),
      payment_id: r.payment_id,
      amount: milliToString(r.amount_milli),
      currency: r.currency,
      rate: r.conversion_rate,
    });
    out.set(r.entry_id, list);
  }
  return out;
}

export function entryResource(row: EntryRow, suggestion: BankSuggestion | null, matches: BankEntryMatch[]): BankEntry {
  return {
    id: row.id,
    bank_account_id: row.bank_account_id,
    statement_id: row.statement_id,
    bank_ref: row.bank_ref,
    booking_date: row.booking_date,
    value_date: row.value_date,
    direction: row.direction,
    amount: milliToString(row.amount_milli),
    currency: row.currency,
    counterparty_name: row.counterparty_name,
    counterparty_iban: row.counterparty_iban,
    remittance: row.remittance,
    state: row.state,
    suggestion: row.state === 'open' ? suggestion : null,
    matches,
  };
}

export async function listEntries(db: Db, input: BankEntriesInput): Promise<BankEntryPage> {
  let q = withBankTables(db).selectFrom('bank_entries').selectAll();
  if (input.account_id !== undefined) q = q.where('bank_account_id', '=', input.account_id);
  if (input.state !== 'all') q = q.where('state', '=', input.state);
  if (input.direction) q = q.where('direction', '=', input.direction);
  const rows = await q
    .orderBy('booking_date', 'desc')
    .orderBy('id', 'desc')
    .limit(input.max_per_page + 1)
    .offset((input.page - 1) * input.max_per_page)
    .execute();
  const page = rows.slice(0, input.max_per_page);
  const suggestions = page.some((r) => r.state === 'open') ? await allSuggestions(db) : new Map<number, BankSuggestion>();
  const matches = await entryMatches(db, page.filter((r) => r.state === 'matched').map((r) => r.id));
  return {
    items: page.map((r) => entryResource(r, suggestions.get(r.id) ?? null, matches.get(r.id) ?? [])),
    page: input.page,
    max_per_page: input.max_per_page,
    has_more: rows.length > input.max_per_page,
  };
}

export async function readEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  return withBankTables(db).selectFrom('bank_entries').selectAll().where('id', '=', id).executeTakeFirst();
}
