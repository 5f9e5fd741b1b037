// The receipt reports' tables (migration 0041): one row per reported group (day, currency, rate), the reporting
// settings, and the lease that lets one process report a database. Every write here is one statement, durable when
// it returns, so the reporter can store "this request is going out" before it goes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';
import { parseJson } from '../core/json';
import type { ReceiptFigures } from './figures';
import { processAlive } from '../nav-queue/store';

export type ReceiptReportState = 'waiting' | 'reported' | 'refused' | 'invalidated';
export type ReceiptOperation = 'CREATE' | 'MODIFY' | 'INVALIDATE';

export interface NavReceiptReportsTable {
  id: number;
  day: string;
  currency: string;
  exchange_rate: string;
  state: string;
  nav_id: string | null;
  reported_figures: string | null;
  pending_operation: string | null;
  pending_request: string | null;
  pending_figures: string | null;
  submitted_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  error_code: string | null;
  error_message: string | null;
  last_response: string | null;
  history: string;
  created_at: string;
  updated_at: string;
}

export interface NavReceiptSettingsTable {
  id: number;
  enabled: number;
  from_day: string;
  software_registered: string | null;
  gives_receipts: number | null;
  cash_register_required: number;
  updated_at: string;
}

interface LeaseTable {
  id: number;
  owner: string | null;
  pid: number | null;
  until: string | null;
}

export interface HistoryEntry {
  operation: ReceiptOperation;
  outcome: 'accepted' | 'refused' | 'found';
  nav_id: string | null;
  code: string | null;
  message: string | null;
  at: string;
}

type Tables = { nav_receipt_reports: NavReceiptReportsTable; nav_receipt_settings: NavReceiptSettingsTable; nav_receipt_lease: LeaseTable };
type ReceiptDb = Kysely<Database & Tables>;

export function receiptDb(db: Db): ReceiptDb {
  return db.withTables<Tables>() as ReceiptDb;
}

export function figuresOf(json: string | null): ReceiptFigures | null {
  return parseJson<ReceiptFigures | null>(json, null);
}

export function historyOf(row: Pick<NavReceiptReportsTable, 'history'>): HistoryEntry[] {
  return parseJson<HistoryEntry[]>(row.history, []);
}

export function createReceiptStore(db: Db) {
  const q = receiptDb(db);
  const stamp = () => new Date().toISOString();

  return {
    async settings(): Promise<NavReceiptSettingsTable> {
      return q.selectFrom('nav_receipt_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    },
    async saveSettings(set: Partial<Omit<NavReceiptSettingsTable, 'id' | 'updated_at'>>): Promise<void> {
      await q.updateTable('nav_receipt_settings').set({ ...set, updated_at: stamp() }).where('id', '=', 1).execute();
    },
    async row(id: number) {
      return q.selectFrom('nav_receipt_reports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async rowOf(g: { day: string; currency: string; rate: string }) {
      return q
        .selectFrom('nav_receipt_reports')
        .selectAll()
        .where('day', '=', g.day)
        .where('currency', '=', g.currency)
        .where('exchange_rate', '=', g.rate)
        .executeTakeFirst();
    },
    /** The group's row, made when first seen (a unique index keeps two processes from making two). */
    async ensure(g: { day: string; currency: string; rate: string }): Promise<NavReceiptReportsTable> {
      const at = stamp();
      await q
        .insertInto('nav_receipt_reports')
        .values({ day: g.day, currency: g.currency, exchange_rate: g.rate, state: 'waiting', attempts: 0, history: '[]', created_at: at, updated_at: at } as never)
        .onConflict((oc) => oc.columns(['day', 'currency', 'exchange_rate']).doNothing())
        .execute();
      return (await this.rowOf(g))!;
    },
    /** Rows with a request in doubt or waiting, whatever their day (a pass finishes them first). */
    async unfinished(): Promise<NavReceiptReportsTable[]> {
      return q
        .selectFrom('nav_receipt_reports')
        .selectAll()
        .where((eb) => eb.or([eb('pending_operation', 'is not', null), eb('state', '=', 'waiting')]))
        .orderBy('day')
        .orderBy('id')
        .execute();
    },
    async list(from: string, to: string): Promise<NavReceiptReportsTable[]> {
      return q.selectFrom('nav_receipt_reports').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day', 'desc').orderBy('id').execute();
    },
    async update(id: number, set: Partial<NavReceiptReportsTable>): Promise<void> {
      await q.updateTable('nav_receipt_reports').set({ ...set, updated_at: stamp() }).where('id', '=', id).execute();
    },
  };
}

export type ReceiptStore = ReturnType<typeof createReceiptStore>;

/** The right to report receipts from this file: as the invoice reporter's lease (nav-queue/store.ts), its own row. */
export function receiptLease(db: Db, owner: string, ms: number) {
  const q = receiptDb(db);
  return {
    async hold(now = new Date()): Promise<boolean> {
      const mine = { owner, pid: process.pid, until: new Date(now.getTime() + ms).toISOString() };
      const taken = await q
        .updateTable('nav_receipt_lease')
        .set(mine)
        .where('id', '=', 1)
        .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', owner), eb('until', '<', now.toISOString())]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return true;
      const holder = await q.selectFrom('nav_receipt_lease').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!holder?.owner || holder.pid === null || processAlive(holder.pid)) return false;
      const replaced = await q.updateTable('nav_receipt_lease').set(mine).where('id', '=', 1).where('owner', '=', holder.owner).executeTakeFirst();
      return Number(replaced.numUpdatedRows) === 1;
    },
    async release(): Promise<void> {
      await q.updateTable('nav_receipt_lease').set({ owner: null, pid: null, until: null }).where('id', '=', 1).where('owner', '=', owner).execute();
    },
  };
}
