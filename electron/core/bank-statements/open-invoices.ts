// The invoices a credit may pay: issued invoices and proformas with something outstanding, that take a payment
// (the same refusals as invoices.pay: no drafts, cancelled or cancelling invoices, modifications, or proformas whose
// invoice was generated), read with their clients' names; the payers' keys are kept with the clients (0072).
import { sql, type RawBuilder } from 'kysely';
import { INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { UNPAID } from '../../../migrations/0069-unpaid-invoices-index';
import type { Db } from '../../db/types';
import { accountKey, nameKey } from '../../../shared/bank-match-keys';
import { clientsByKeys } from '../clients/match-keys';
import { numberMentions } from './invoice-numbers';

export interface OpenInvoice {
  id: number;
  invoice_no: string;
  prefix: string;
  /** as printed: "ABC / 2026-000123" */
  number: string;
  client_id: number;
  client_name: string;
  currency: string;
  exchange_rate: string;
  outstanding_milli: number;
  due_date: string;
}

/** A client's name and account keys, as suggest() compares a credit's payer with them. */
export interface ClientKeys {
  id: number;
  names: string[];
  accounts: string[];
}

/** The open invoices some credit can reach, and the clients the credits' payers are. */
export interface Reachable {
  invoices: OpenInvoice[];
  payers: ClientKeys[];
}

/**
 * The open invoices some credit can reach (match.ts): those whose number a remittance mentions, and those of the
 * clients a payer is by account number or name. suggest() over these gives what it gives over every open invoice —
 * an invoice no credit can reach is never proposed — without reading the tens of thousands of open invoices and
 * proformas a business of a million invoices has. The payers come with their keys: every client a credit's name or
 * account names is one of them, so they are all the keys suggest() compares credits with.
 */
export async function reachableInvoices(db: Db, credits: Array<{ remittance: string; counterparty_name: string; counterparty_iban: string }>): Promise<Reachable> {
  const numbers = new Set(credits.flatMap((c) => numberMentions(c.remittance).map((m) => m.invoice_no)));
  const names = new Set(credits.map((c) => nameKey(c.counterparty_name)).filter(Boolean));
  const accounts = new Set(credits.map((c) => accountKey(c.counterparty_iban)).filter(Boolean));
  // found by their kept keys (migration 0072), not by working out every client's
  const payerKeys: ClientKeys[] = (await clientsByKeys(db, names, accounts)).map((c) => ({
    id: c.client_id,
    names: [c.name_key].filter(Boolean),
    accounts: [c.iban_key, c.account_no_key].filter(Boolean),
  }));
  const payers = payerKeys.map((c) => c.id);
  // a number is looked up by its year and sequence (their index), then compared whole
  const pairs = [...numbers].map((n) => /^(?:D-)?(\d{4})-(\d+)$/.exec(n)).filter((m) => m !== null).map((m) => [Number(m[1]), Number(m[2])] as const);
  const found = new Map<number, OpenInvoice>();
  for (let i = 0; i < pairs.length; i += 200) {
    const slice = pairs.slice(i, i + 200);
    const byNumber = sql<boolean>`(${sql.join(slice.map(([y, n]) => sql`(invoices.number_year = ${y} and invoices.number_seq = ${n})`), sql` or `)})`;
    for (const inv of await openInvoiceRows(db, undefined, byNumber)) if (numbers.has(inv.invoice_no)) found.set(inv.id, inv);
  }
  // each payer's unpaid invoices, a seek each along their index by client (migration 0073), which holds every column
  // read here: neither all the unpaid invoices (0069's index, by due date) nor all of a payer's, paid or not
  for (let i = 0; i < payers.length; i += 2000) {
    for (const inv of await openInvoiceRows(db, undefined, sql<boolean>`invoices.client_id in (${sql.join(payers.slice(i, i + 2000))})`)) found.set(inv.id, inv);
  }
  return { invoices: byDueDate(await withClientNames(db, [...found.values()])), payers: payerKeys };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * In the order of every open invoice (due date, then id): suggest() tries them in that order. The dates compared as
 * numbers worked out once each (comparing the texts in the sort took 15 ms for the payers' 10,000 at a million); a
 * date not written as YYYY-MM-DD is compared as text, as before.
 */
function byDueDate(invoices: OpenInvoice[]): OpenInvoice[] {
  if (!invoices.every((inv) => ISO_DAY.test(inv.due_date))) {
    return invoices.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id));
  }
  const day = (d: string) => Number(d.slice(0, 4)) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
  const keyed = invoices.map((inv) => ({ inv, day: day(inv.due_date) }));
  keyed.sort((a, b) => a.day - b.day || a.inv.id - b.inv.id);
  return keyed.map((k) => k.inv);
}

/**
 * The open invoices (of `ids`, or matching `where`), in no particular order: the callers order them or look them up by
 * id. Their clients' names are read once per client, not joined per invoice (the payers' 10,000 open invoices at a
 * million were as many lookups of their client on PostgreSQL).
 */
export async function openInvoices(db: Db, ids?: number[], where?: RawBuilder<boolean>): Promise<OpenInvoice[]> {
  return withClientNames(db, await openInvoiceRows(db, ids, where));
}

/** The open invoices without their clients' names yet (`client_name` is filled by withClientNames). */
async function openInvoiceRows(db: Db, ids?: number[], where?: RawBuilder<boolean>): Promise<OpenInvoice[]> {
  let q = db
    .selectFrom('invoices')
    .select([
      'invoices.id',
      'invoices.invoice_no',
      'invoices.prefix',
      'invoices.client_id',
      'invoices.currency',
      'invoices.exchange_rate',
      'invoices.due_date',
      sql<number>`coalesce(invoices.current_total_milli, invoices.total_milli) - invoices.total_paid_milli`.as('outstanding_milli'),
    ])
    .where('invoices.type', 'in', [INVOICE_TYPE.invoice, INVOICE_TYPE.proforma])
    // as migration 0069's index says it (a literal), and not along the index of modifies_id (nearly every row)
    .where(sql<boolean>`invoices.${UNPAID}`)
    .where('invoices.is_cancel_invoice', '=', 0)
    .where(sql<boolean>`+invoices.modifies_id is null`)
    .where('invoices.generated_invoice_id', 'is', null)
    .where('invoices.invoice_no', 'is not', null)
    .where(sql<boolean>`coalesce(invoices.current_total_milli, invoices.total_milli) - invoices.total_paid_milli > 0`);
  if (ids) q = q.where('invoices.id', 'in', ids.length ? ids : [0]);
  if (where) q = q.where(where);
  const rows = await q.execute();
  // each written out, not spread from the row: ten thousand spread rows took 20 ms at a million, and were slow to
  // read and copy in the matching after
  return rows.map((r) => ({
    id: r.id,
    invoice_no: r.invoice_no!,
    prefix: r.prefix,
    number: prefixedNumber(r.prefix, r.invoice_no)!,
    client_id: r.client_id,
    client_name: '',
    currency: r.currency,
    exchange_rate: r.exchange_rate,
    outstanding_milli: r.outstanding_milli,
    due_date: r.due_date,
  }));
}

/** Fills in the invoices' clients' names, read once per client. */
async function withClientNames(db: Db, invoices: OpenInvoice[]): Promise<OpenInvoice[]> {
  const names = await clientNames(db, [...new Set(invoices.map((inv) => inv.client_id))]);
  for (const inv of invoices) inv.client_name = names.get(inv.client_id) ?? '';
  return invoices;
}

async function clientNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 2000) {
    const rows = await db.selectFrom('clients').select(['id', 'name']).where('id', 'in', ids.slice(i, i + 2000)).execute();
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}
