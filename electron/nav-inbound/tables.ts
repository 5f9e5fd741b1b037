// The tables of migration 0050, typed for Kysely beside the shared schema: `inboundDb(db)` is a view of the same
// connection (or transaction) that also knows them.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';

export type InboundState = 'new' | 'booked' | 'ignored';

export interface NavInboundTable {
  id: Generated<number>;
  supplier_taxpayer_id: string;
  invoice_number: string;
  operation: string;
  original_invoice_number: string | null;
  modification_index: number | null;
  supplier_name: string;
  issue_date: string;
  ins_date: string;
  state: Generated<InboundState>;
  expense_id: number | null;
  chain_expense_id: number | null;
  payment_method: string | null;
  currency: string | null;
  exchange_rate: string | null;
  net_milli: number | null;
  vat_milli: number | null;
  gross_milli: number | null;
  vat_huf_milli: number | null;
  /** JSON: the split per VAT marking, in the invoice's currency and in forints (NavVatPart[]) */
  parts: string | null;
  /** JSON: the lines as NAV holds them (NavLine[]) */
  lines: string | null;
  /** JSON: where each field of the expense came from (field → nav | einvoice | manual) */
  sources: string | null;
  /** why it is not booked yet, in words */
  problem: string | null;
  created_at: string;
  updated_at: string;
}

export interface NavInboundCursorTable {
  id: number;
  start_date: string;
  /** ISO UTC: the beginning of the insertion-date window being read */
  window_from: string;
  next_page: Generated<number>;
  last_run_at: string | null;
  last_done_at: string | null;
  error_code: string | null;
  error_message: string | null;
  error_at: string | null;
  updated_at: string;
}

export type NavInboundRow = Selectable<NavInboundTable>;
export type NavInboundCursorRow = Selectable<NavInboundCursorTable>;

export type InboundDb = Kysely<Database & { nav_inbound: NavInboundTable; nav_inbound_cursor: NavInboundCursorTable }>;

export function inboundDb(db: Db): InboundDb {
  return db.withTables<{ nav_inbound: NavInboundTable; nav_inbound_cursor: NavInboundCursorTable }>();
}
