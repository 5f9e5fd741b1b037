// Operations of the invoices NAV holds for this business as buyer (docs/nav-inbound.md): the fetch's state and its
// first run's start date, a run on demand, the received invoices ("Bejövő számlák" under Költségek) with their
// states and a period's sums, ignoring one. Carried out beside the core (electron/nav-inbound), which the runtime
// provides with `core.provide`.
import { z } from 'zod';
import { op } from '../define';
import { bool, date, id, int } from '../fields';
import type { NavCheckReason } from './nav';

export const NAV_INBOUND_STATES = ['new', 'booked', 'ignored'] as const;
export type NavInboundState = (typeof NAV_INBOUND_STATES)[number];

/** Where a field of the expense came from: NAV's data, an e-invoice file, or typed in (or synced). */
export type NavFieldSource = 'nav' | 'einvoice' | 'manual';

export interface NavInboundError {
  /** NAV's code, or Folio's transport code (NETWORK_ERROR, SERVER_ERROR…) */
  code: string;
  /** the same reasons the connection check words (unreachable, not_authorised, nav_unavailable…) */
  reason: NavCheckReason;
  message: string;
  at: string;
}

export interface NavInboundStatus {
  /** a technical user is in effect (the environment's or the saved one) */
  nav_set_up: boolean;
  /** the first run's start date; null until it was chosen (the first run offers the beginning of the year) */
  start_date: string | null;
  suggested_start: string;
  /** how far the fetch has read: the beginning of the insertion-date window it continues from, and its page */
  cursor: { window_from: string; next_page: number } | null;
  last_run_at: string | null;
  last_done_at: string | null;
  /** what stopped the last run (the cursor stayed where it was); null when it went through */
  error: NavInboundError | null;
  running: boolean;
  counts: Record<NavInboundState, number>;
}

export interface NavInboundRunResult {
  ran: boolean;
  fetched: number;
  booked: number;
  pages: number;
  status: NavInboundStatus;
}

export interface NavInboundItem {
  id: number;
  state: NavInboundState;
  supplier_name: string;
  supplier_tax_number: string;
  invoice_number: string;
  operation: 'CREATE' | 'MODIFY' | 'STORNO';
  original_invoice_number: string | null;
  modification_index: number | null;
  issue_date: string;
  ins_date: string;
  currency: string | null;
  net: string | null;
  vat: string | null;
  gross: string | null;
  payment_method: string | null;
  expense_id: number | null;
  /** for a modification or storno: the expense of its chain's original */
  chain_expense_id: number | null;
  /** why it is not booked yet */
  problem: string | null;
}

export interface NavInboundLine {
  number: number;
  description: string;
  quantity: string | null;
  unit: string | null;
  unit_price: string | null;
  net: string | null;
  vat_rate: string | null;
  gross: string | null;
}

export interface NavInboundDetail extends NavInboundItem {
  exchange_rate: string | null;
  vat_huf: string | null;
  lines: NavInboundLine[];
  vat_parts: Array<{ category: string; rate: string | null; exemption_reason: string | null; net: string; vat: string; net_huf: string; vat_huf: string }>;
  /** where each field of the expense came from */
  sources: Partial<Record<string, NavFieldSource>>;
}

export interface NavInboundSums {
  currency: string;
  count: number;
  net: string;
  vat: string;
  gross: string;
}

export interface NavInboundList {
  items: NavInboundItem[];
  page: number;
  max_per_page: number;
  has_more: boolean;
  /** the sums of the period (issue dates), per currency, of the booked and new invoices (ignored ones left out) */
  sums: NavInboundSums[];
  counts: Record<NavInboundState, number>;
}

export const navInboundOperations = {
  'navInbound.status': op<NavInboundStatus>()({
    name: 'navInbound.status',
    summary: "The fetch of the invoices NAV holds for this business as buyer: its start date, cursor and last error",
    input: z.object({}),
  }),
  'navInbound.start': op<NavInboundRunResult>()({
    name: 'navInbound.start',
    summary: 'The first run: the start date from which received invoices are fetched, then a run',
    input: z.object({ start_date: date() }),
  }),
  'navInbound.run': op<NavInboundRunResult>()({
    name: 'navInbound.run',
    summary: 'Fetch and book the invoices received since the last run, now',
    input: z.object({}),
  }),
  'navInbound.list': op<NavInboundList>()({
    name: 'navInbound.list',
    summary: 'The received invoices of a period (by issue date) with their states and the period’s sums',
    input: z.object({
      from: date().optional(),
      to: date().optional(),
      state: z.enum(NAV_INBOUND_STATES, { error: 'must be new, booked or ignored' }).optional(),
      page: int({ min: 1 }).optional(),
      max_per_page: int({ min: 1, max: 200 }).optional(),
    }),
  }),
  'navInbound.get': op<NavInboundDetail>()({
    name: 'navInbound.get',
    summary: 'One received invoice: its lines, VAT split and where each field of its expense came from',
    input: z.object({ id: id() }),
  }),
  'navInbound.ignore': op<NavInboundItem>()({
    name: 'navInbound.ignore',
    summary: 'Ignore a received invoice that is not the business’s cost (its expense booked from NAV is removed), or take it back',
    input: z.object({ id: id(), ignored: bool() }),
  }),
} as const;
