// The invoices a credit may pay: issued invoices and proformas with something outstanding, that take a payment
// (the same refusals as invoices.pay: no drafts, cancelled or cancelling invoices, modifications, or proformas whose
// invoice was generated), read with their clients' names and account numbers for matching.
import { sql } from 'kysely';
import { INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { UNPAID } from '../../../migrations/0069-unpaid-invoices-index';
import { parseJson } from '../json';
import type { Db } from '../../db/types';
import { accountKey, nameKey } from './names';

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

export interface ClientKeys {
  id: number;
  name: string;
  names: string[];
  accounts: string[];
}

export async function openInvoices(db: Db, ids?: number[]): Promise<OpenInvoice[]> {
  let q = db
    .selectFrom('invoices')
    .innerJoin('clients', 'clients.id', 'invoices.client_id')
    .select([
      'invoices.id',
      'invoices.invoice_no',
      'invoices.prefix',
      'invoices.client_id',
      'clients.name as client_name',
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
  const rows = await q.orderBy('invoices.due_date').orderBy('invoices.id').execute();
  return rows.map((r) => ({ ...r, invoice_no: r.invoice_no!, number: prefixedNumber(r.prefix, r.invoice_no!) }));
}

/** The clients of the open invoices, with their name and account keys (names.ts). */
export async function clientKeys(db: Db, clientIds: number[]): Promise<ClientKeys[]> {
  const out: ClientKeys[] = [];
  // in slices: SQLite takes a bounded number of bound values
  for (let i = 0; i < clientIds.length; i += 500) {
    const rows = await db.selectFrom('clients').select(['id', 'name', 'bank']).where('id', 'in', clientIds.slice(i, i + 500)).execute();
    for (const r of rows) {
      const bank = parseJson<{ iban?: string; account_no?: string }>(r.bank, {});
      out.push({ id: r.id, name: r.name, names: [nameKey(r.name)].filter(Boolean), accounts: [bank.iban ?? '', bank.account_no ?? ''].map(accountKey).filter(Boolean) });
    }
  }
  return out;
}
