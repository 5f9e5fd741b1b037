// Invoice records as a device pushes them, for the tests that push records by hand: a device's invoice turned into
// its record exactly as the push planner does (recordOf, its references translated through the device's sync map,
// its state from its payments), the push itself over plain HTTP with a device's credential, and the remote's state
// in a form that shows any write at all.
import type { InvoiceRecord } from '../../../shared/contract/sync';
import { statusForPaid } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import { loadInvoices } from '../../../electron/core/invoices/mapping';
import { amountToMilli, recordOf } from '../../../electron/core/sync/invoice-record';
import type { Db } from '../../../electron/db/open';
import { syncDb } from '../../../electron/sync/tables';
import { digestOf, snapshot } from './digest';
import { API_KEY, type Device } from './nodes';

/** The record the device would push for its invoice `localId` (the planner's own steps: electron/sync/push/plan.ts). */
export async function recordOfLocal(d: Device, localId: number): Promise<InvoiceRecord> {
  const db = d.opened.db;
  const rows = await db.selectFrom('invoices').selectAll().where('id', '=', localId).execute();
  const [res] = await loadInvoices(db, rows);
  if (!res) throw new Error(`no invoice ${localId} on ${d.name}`);
  const map = await syncDb(db).selectFrom('sync_map').select(['entity', 'local_id', 'remote_id']).execute();
  const ids = new Map(map.map((m) => [`${m.entity}:${m.local_id}`, m.remote_id]));
  const a = res.attributes;
  const paid = a.payments.reduce((s, p) => s + amountToMilli(p.amount), 0);
  const status = a.is_cancel_invoice ? a.status : statusForPaid(paid, amountToMilli(a.total));
  return recordOf(a, (e, id) => ids.get(`${e}:${id}`) ?? null, {
    status,
    total_paid: a.is_cancel_invoice ? a.total_paid : milliToString(paid),
    payments: a.payments,
  });
}

/** The credential a device got from its join (stored as given when no secret box seals it, as in these tests). */
export async function credentialOf(d: Device): Promise<Record<string, string>> {
  const s = await syncDb(d.opened.db).selectFrom('sync_state').select(['device_id', 'device_token']).executeTakeFirstOrThrow();
  if (!s.device_token || s.device_token.startsWith('sealed:')) throw new Error(`${d.name} holds no plain device token`);
  return { 'X-Folio-Device': s.device_id, 'X-Folio-Device-Token': s.device_token };
}

export interface PushAnswer {
  status: number;
  body: any;
}

/** POST /sync/invoices with a raw body (so a test can send what no well-behaved device would). */
export async function pushRaw(url: string, headers: Record<string, string>, body: unknown): Promise<PushAnswer> {
  const res = await fetch(`${url}/sync/invoices`, {
    method: 'POST',
    headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text: the assertion shows it
  }
  return { status: res.status, body: parsed };
}

export const pushRecords = (url: string, headers: Record<string, string>, records: unknown[]) => pushRaw(url, headers, { records });

/**
 * Everything a stored record could change on the remote: its books (the digest every sync test compares) and the
 * raw row counts beside them, which also see unsealed rows, counters, claims and the change log.
 */
export async function remoteState(db: Db): Promise<string> {
  const count = async (table: string) =>
    Number(((await (db as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number }).n);
  const counters = await (db as any).selectFrom('number_counters').selectAll().orderBy('block_id').orderBy('year').orderBy('kind').execute();
  const tables = ['invoices', 'invoice_items', 'invoice_payments', 'change_log', 'clients', 'invoice_blocks'];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  return JSON.stringify({ books: digestOf(await snapshot(db, true)), counts, counters });
}

/** The next number of a block, kind and year on the remote (its counter plus one), formatted as a record carries it. */
export async function nextNumber(db: Db, blockId: number, kind: 'invoice' | 'proforma', year: number): Promise<string> {
  const row = await (db as any)
    .selectFrom('number_counters')
    .select('last_no')
    .where('block_id', '=', blockId)
    .where('kind', '=', kind)
    .where('year', '=', year)
    .executeTakeFirst();
  const seq = String(Number(row?.last_no ?? 0) + 1).padStart(6, '0');
  return `${kind === 'proforma' ? 'D-' : ''}${year}-${seq}`;
}
