// Storing a statement's entries, each once per bank account. An entry's key is the bank's reference when it gives one,
// else a digest of what the entry says; either way with the booking date and amount beside, and numbered when the
// same key comes twice in one file (two equal transfers on one day), so an overlapping statement finds the same keys.
import { createHash } from 'node:crypto';
import { parseDecimal, toMilli } from '../../../shared/money';
import type { WriteTx } from '../../db/types';
import type { ParsedEntry, ParsedStatement } from './formats/types';
import { withBankTables } from './tables';

const CHUNK = 400;

export function entryKeys(entries: ParsedEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const what = e.bank_ref
      ? `r|${e.bank_ref}|${e.booking_date}|${e.direction}|${e.amount}`
      : `c|${e.booking_date}|${e.direction}|${e.amount}|${e.currency}|${e.counterparty_iban}|${e.counterparty_name}|${e.remittance}`;
    const digest = createHash('sha256').update(what).digest('base64url').slice(0, 32);
    const n = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, n);
    return `${digest}#${n}`;
  });
}

export async function storeStatement(
  trx: WriteTx,
  accountId: number,
  statement: ParsedStatement,
  fileName: string,
  now: string,
  extra: { balance_difference: string | null; left_out: number } = { balance_difference: null, left_out: 0 },
): Promise<{ statement_id: number; added: number }> {
  const db = withBankTables(trx);
  const row = await db
    .insertInto('bank_statements')
    .values({
      bank_account_id: accountId,
      format: statement.format,
      file_name: fileName,
      statement_ref: statement.statement_ref,
      period_from: statement.period_from,
      period_to: statement.period_to,
      entry_count: statement.entries.length,
      added_count: 0,
      imported_at: now,
      balance_difference_milli: extra.balance_difference === null ? null : toMilli(parseDecimal(extra.balance_difference)),
      left_out_count: extra.left_out,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keys = entryKeys(statement.entries);
  let added = 0;
  for (let i = 0; i < statement.entries.length; i += CHUNK) {
    const values = statement.entries.slice(i, i + CHUNK).map((e, j) => ({
      bank_account_id: accountId,
      statement_id: row.id,
      entry_key: keys[i + j]!,
      bank_ref: e.bank_ref,
      booking_date: e.booking_date,
      value_date: e.value_date,
      direction: e.direction,
      amount_milli: toMilli(parseDecimal(e.amount)),
      currency: e.currency,
      counterparty_name: e.counterparty_name,
      counterparty_iban: e.counterparty_iban,
      remittance: e.remittance,
      state: 'open' as const,
      created_at: now,
      updated_at: now,
    }));
    const inserted = await db
      .insertInto('bank_entries')
      .values(values)
      .onConflict((oc) => oc.columns(['bank_account_id', 'entry_key']).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  await db.updateTable('bank_statements').set({ added_count: added }).where('id', '=', row.id).execute();
  return { statement_id: row.id, added };
}
