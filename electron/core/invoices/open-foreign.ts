// The unpaid invoices in another currency, one by one: the summary tables (migration 0038) keep forint sums only,
// since each foreign invoice is converted at its own rate and rounded to whole forints by itself (hufMilli). They
// are few (~2 % of invoices, of those the unpaid ones), found through the partial index invoices_foreign_status; its
// condition is written here literally, as the index says it, so that SQLite sees the index applies.
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';

export interface OpenForeignInvoice {
  client_id: number;
  currency: string;
  exchange_rate: string;
  due_date: string;
  is_cancel_invoice: number;
  /** what is still owed, in the invoice's currency (thousandths): an original's modifications change it */
  open: number;
}

export function openForeignInvoices(db: Db): Promise<OpenForeignInvoice[]> {
  return db
    .selectFrom('invoices')
    .select([
      'client_id',
      'currency',
      'exchange_rate',
      'due_date',
      'is_cancel_invoice',
      sql<number>`coalesce(current_total_milli, total_milli) - total_paid_milli`.as('open'),
    ])
    .where(sql<boolean>`currency <> 'HUF'`)
    .where('status', '=', INVOICE_STATUS.unpaid)
    .where('type', '=', INVOICE_TYPE.invoice)
    .execute();
}
