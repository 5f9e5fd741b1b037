// Operations of NAV's receipt data report (docs/receipts.md): the days reported, sending what is due now, a person's
// "send again" and "invalidate", and switching reporting off (only with the warning acknowledged). Carried out
// beside the core (electron/nav-receipts), which the runtime provides with `core.provide`.
import { z } from 'zod';
import { op } from '../define';
import { date, id } from '../fields';

export type ReceiptDayState = 'waiting' | 'reported' | 'refused' | 'invalidated' | 'not_reported';

export interface ReceiptDayCategory {
  vat: string;
  sale: string;
  modifying: string;
}

/** One reported group: a day, a currency and its rate, with what NAV holds and what Folio counts now. */
export interface ReceiptDayView {
  id: number | null;
  day: string;
  currency: string;
  exchange_rate: string | null;
  state: ReceiptDayState;
  /** NAV's id of the report it holds (NNNNNNNN_NNNNNNNN_N) */
  nav_id: string | null;
  /** the request in flight: CREATE, MODIFY or INVALIDATE */
  pending: string | null;
  /** the figures as the receipts give them now (what to type in when reporting is off) */
  figures: { serial_number: string; categories: ReceiptDayCategory[]; total: string; sale_count: number; modifying_count: number } | null;
  /** NAV's (or Folio's) code and words of the last refusal or failure */
  error_code: string | null;
  error_message: string | null;
  updated_at: string | null;
}

export interface ReceiptReportingView {
  enabled: boolean;
  /** the setup guide's answers: null until asked */
  gives_receipts: boolean | null;
  /** the activity is on the cash-register list: receipts must come from a cash register, not from Folio */
  cash_register_required: boolean;
  from_day: string;
  /** the technical user and the receipt interface's address are known */
  set_up: boolean;
  url: string | null;
  days: ReceiptDayView[];
}

export interface ReceiptRunResult {
  /** remote_reports: this device syncs with a remote, which reports every device's receipts */
  status: 'ran' | 'off' | 'not_set_up' | 'busy' | 'remote_reports';
  created: number;
  modified: number;
  invalidated: number;
  found: number;
  refused: number;
  failed: number;
  problem: { code: string; message: string } | null;
}

export const navReceiptOperations = {
  'navReceipts.days': op<ReceiptReportingView>()({
    name: 'navReceipts.days',
    summary: 'The receipt reports to NAV per day (and currency): state, NAV id and answer, the figures now',
    input: z.object({ from: date().optional(), to: date().optional() }),
  }),
  'navReceipts.run': op<ReceiptRunResult>()({
    name: 'navReceipts.run',
    summary: 'Send the receipt reports due now (closed days not yet reported, changes, requests in doubt); one day only with `day`',
    input: z.object({ day: date().optional() }),
  }),
  'navReceipts.retry': op<ReceiptDayView>()({
    name: 'navReceipts.retry',
    summary: 'Send a refused receipt report again (built afresh from the receipts), soon',
    input: z.object({ id: id() }),
  }),
  'navReceipts.invalidate': op<ReceiptDayView>()({
    name: 'navReceipts.invalidate',
    summary: "Have NAV invalidate a day's receipt report that was wrong (InvalidateReceiptRequest)",
    input: z.object({ id: id() }),
  }),
  'navReceipts.saveSettings': op<ReceiptReportingView>()({
    name: 'navReceipts.saveSettings',
    summary: 'Switch receipt reporting on or off (off only with the warning acknowledged: the business then reports otherwise); the setup guide\'s receipt answers',
    input: z
      .object({
        enabled: z.boolean({ error: 'must be true or false' }).optional(),
        acknowledge_manual_reporting: z.boolean().optional(),
        from_day: date().optional(),
        gives_receipts: z.boolean().optional(),
        cash_register_required: z.boolean().optional(),
      })
      .superRefine((v, ctx) => {
        if (v.enabled === false && v.acknowledge_manual_reporting !== true) {
          ctx.addIssue({ code: 'custom', path: ['acknowledge_manual_reporting'], message: 'must be acknowledged: the receipts must then be reported to NAV otherwise' });
        }
      }),
  }),
} as const;
