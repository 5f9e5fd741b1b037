// The navReceipts operations (shared/contract/areas/nav-receipts.ts) over the reporter: the days with their state and
// the figures the receipts give now — also when reporting is off, so they can be typed in on NAV's portal.
import type { ReceiptDayView, ReceiptReportingView } from '../../shared/contract/areas/nav-receipts';
import type { RuntimeHandlers } from '../core/index';
import type { Db } from '../db/types';
import { FolioError } from '../../shared/errors';
import { addDays, dateIn } from '../../shared/dates';
import { amount2, candidateDays, dayFigures, groupKey, ReceiptDataError, type ReceiptFigures } from './figures';
import { receiptBaseUrl, type CredentialsSource, type ReceiptReporter } from './reporter';
import { figuresOf, type NavReceiptReportsTable } from './store';

type Handlers = Pick<RuntimeHandlers, 'navReceipts.days' | 'navReceipts.run' | 'navReceipts.retry' | 'navReceipts.invalidate' | 'navReceipts.saveSettings'>;

export interface ReceiptOperationDeps {
  db: Db;
  reporter: ReceiptReporter;
  credentials: CredentialsSource;
  env: Record<string, string | undefined>;
  now: () => Date;
  timeZone: () => string;
}

function figuresView(f: ReceiptFigures | null): ReceiptDayView['figures'] {
  if (!f) return null;
  return {
    serial_number: f.serialNumber,
    categories: f.categories.map((c) => ({ vat: c.vat, sale: amount2(c.saleMilli), modifying: amount2(c.modifyingMilli) })),
    total: amount2(f.totalMilli),
    sale_count: f.saleCount,
    modifying_count: f.modifyingCount,
  };
}

function rowView(row: NavReceiptReportsTable | undefined, f: ReceiptFigures | null, group?: ReceiptFigures): ReceiptDayView {
  const g = row ?? group!;
  return {
    id: row?.id ?? null,
    day: g.day,
    currency: g.currency,
    exchange_rate: (row ? row.currency : group!.currency) === 'HUF' ? null : (row?.exchange_rate ?? group!.rate),
    state: (row?.state as ReceiptDayView['state']) ?? 'not_reported',
    nav_id: row?.nav_id ?? null,
    pending: row?.pending_operation ?? null,
    figures: figuresView(f ?? figuresOf(row?.reported_figures ?? null)),
    error_code: row?.error_code ?? null,
    error_message: row?.error_message ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

export function receiptOperations(d: ReceiptOperationDeps): Handlers {
  const store = d.reporter.store;
  const today = () => dateIn(d.now(), d.timeZone());

  async function view(from?: string, to?: string): Promise<ReceiptReportingView> {
    const settings = await store.settings();
    const last = to ?? addDays(today(), -1);
    const first = from ?? addDays(last, -30);
    const credentials = await d.credentials();
    const url = credentials ? receiptBaseUrl(credentials, d.env) : null;
    const rows = await store.list(first, last);
    const byKey = new Map(rows.map((r) => [groupKey({ day: r.day, currency: r.currency, rate: r.exchange_rate }), r]));
    const days: ReceiptDayView[] = [];
    const seen = new Set<string>();
    const dayList = new Set([...rows.map((r) => r.day), ...(await candidateDays(d.db, first, first, addDays(last, 1)))]);
    for (const day of [...dayList].sort().reverse()) {
      let groups: ReceiptFigures[] = [];
      try {
        groups = await dayFigures(d.db, day, today());
      } catch (e) {
        if (!(e instanceof ReceiptDataError)) throw e;
      }
      for (const g of groups) {
        const key = groupKey(g);
        seen.add(key);
        days.push(rowView(byKey.get(key), g, g));
      }
      for (const r of rows) {
        const key = groupKey({ day: r.day, currency: r.currency, rate: r.exchange_rate });
        if (r.day === day && !seen.has(key)) days.push(rowView(r, null));
      }
    }
    return {
      enabled: settings.enabled === 1,
      gives_receipts: settings.gives_receipts === null ? null : settings.gives_receipts === 1,
      cash_register_required: settings.cash_register_required === 1,
      from_day: settings.from_day,
      set_up: url !== null,
      url,
      days,
    };
  }

  async function one(id: number): Promise<ReceiptDayView> {
    const row = await store.row(id);
    if (!row) throw new FolioError('not_found', 'No such receipt report');
    let f: ReceiptFigures | null = null;
    try {
      f = (await dayFigures(d.db, row.day, today())).find((g) => groupKey(g) === groupKey({ day: row.day, currency: row.currency, rate: row.exchange_rate })) ?? null;
    } catch (e) {
      if (!(e instanceof ReceiptDataError)) throw e;
    }
    return rowView(row, f);
  }

  return {
    'navReceipts.days': (input) => view(input.from, input.to),
    'navReceipts.run': (input) => d.reporter.pass(input.day),
    'navReceipts.retry': async (input) => {
      const row = await store.row(input.id);
      if (!row) throw new FolioError('not_found', 'No such receipt report');
      if (row.state === 'reported' && !row.pending_operation) throw new FolioError('conflict', 'NAV holds this report already; a change is sent as a modification');
      await d.reporter.retry(input.id);
      return one(input.id);
    },
    'navReceipts.invalidate': async (input) => {
      const row = await store.row(input.id);
      if (!row) throw new FolioError('not_found', 'No such receipt report');
      if (!row.nav_id) throw new FolioError('rule_violation', 'NAV holds no report of this day to invalidate');
      if (row.pending_operation) throw new FolioError('conflict', 'A request of this day is under way; try again when it has an answer');
      await d.reporter.invalidate(input.id);
      return one(input.id);
    },
    'navReceipts.saveSettings': async (input) => {
      await store.saveSettings({
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        ...(input.from_day ? { from_day: input.from_day } : {}),
        ...(input.gives_receipts !== undefined ? { gives_receipts: input.gives_receipts ? 1 : 0 } : {}),
        ...(input.cash_register_required !== undefined ? { cash_register_required: input.cash_register_required ? 1 : 0 } : {}),
      });
      return view();
    },
  };
}
