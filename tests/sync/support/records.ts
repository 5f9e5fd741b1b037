// Invoice records as a device pushes them, for the tests that push records by hand: a device's invoice turned into
// its record exactly as the push planner does (recordOf, its references translated through the device's sync map,
// its state from its payments), the push itself over plain HTTP with a device's credential, and the remote's state
// in a form that shows any write at all.
import type { InvoiceRecord } from '../../../shared/contract/sync';
import { statusForPaid } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import { loadInvoices } from '../../../electron/core/invoices/mapping';
import { amountToMilli, recordOf } from '../../../electron/core/sync/invoice-record';
import { settledByOriginal } from '../../../electron/core/sync/record-check';
import type { Db } from '../../../electron/db/open';
import { syncDb } from '../../../electron/sync/tables';
import type { RunningServer } from '../../../electron/server/start';
import { digestOf, snapshot } from './digest';
import { API_KEY, configure, joinAs, openDevice, startLocalRemote, syncOk, tempDir, type Device } from './nodes';
import { addressBody } from '../../support/fixtures';

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
  const settled = a.is_cancel_invoice || settledByOriginal(a);
  const status = settled ? a.status : statusForPaid(paid, amountToMilli(a.total));
  return recordOf({ ...a, external_original: rows[0]!.external_original }, (e, id) => ids.get(`${e}:${id}`) ?? null, {
    status,
    total_paid: settled ? a.total_paid : milliToString(paid),
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

/** The record numbered as the next of its block and year on the remote, so only what a test changes is wrong. */
export async function asNext(db: Db, r: InvoiceRecord): Promise<InvoiceRecord> {
  const kind = r.type === 1 ? 'proforma' : 'invoice';
  return { ...structuredClone(r), invoice_no: await nextNumber(db, r.block_uid, kind, Number(r.date.slice(0, 4))) };
}

export interface PushRig {
  remote: RunningServer;
  device: Device;
  /** the device's credential, to push as it */
  headers: Record<string, string>;
  /** a new invoice (lines net- and gross-priced, 27 %, 5 %, AAM, a discount; rounded to 5; partly paid) */
  V: InvoiceRecord;
  /** the cancellation of the device's first invoice, which is on the remote */
  S: InvoiceRecord;
  /** the invoice generated from the device's proforma, which is on the remote */
  G: InvoiceRecord;
  /** remote ids: the first invoice, the proforma, a client the records are not for, another device's block */
  firstInvoice: number;
  proforma: number;
  otherClient: number;
  otherBlock: number;
  close(): Promise<void>;
}

/**
 * A real remote (in this process, real HTTP on port 0) and a real device joined to it as "LAPA". The device issues
 * an invoice and a proforma and syncs them; then, offline, an invoice, the cancellation of the first and the invoice
 * of the proforma, whose records (never pushed) are the valid records the tests change. Another device joins too, so
 * there is a block this device does not own.
 */
export async function startPushRig(name: string): Promise<PushRig> {
  const tmp = tempDir(name);
  const remote = await startLocalRemote(tmp.file('remote.db'));
  const device = await openDevice('Laptop A', tmp.file('a.db'));
  const call = device.runtime.core.call.bind(device.runtime.core) as (op: string, input: unknown) => Promise<any>;
  await configure(device, remote.url, { block_prefix: 'LAPA' });
  const x = (await call('clients.create', { name: 'Vevő Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() })).id;
  await call('clients.create', { name: 'Másik Bt.', billing_address: addressBody() });
  await syncOk(device);
  const own = (await call('sync.status', {})).own_block_uid as number;
  const body = (type: number, items: unknown[], extra: Record<string, unknown> = {}) => ({
    client_uid: x,
    payment_method: 2,
    currency: 'HUF',
    type,
    block_uid: own,
    fulfillment_date: '2026-03-15',
    due_date: '2026-03-23',
    items,
    ...extra,
  });
  const first = await call('invoices.create', body(3, [
    { description: 'Munkadíj', vat_id: 1, qty: 2, net_unit_price: 10000, unit: 'óra' },
    { description: 'Könyv', vat_id: 2, qty: 1, gross_unit_price: 5250, unit: 'db' },
  ]));
  const proforma = await call('invoices.create', body(1, [{ description: 'Előleg', vat_id: 1, qty: 1, net_unit_price: 20000, unit: 'db' }]));
  await syncOk(device);

  const v = await call('invoices.create', body(3, [
    { description: 'Tanácsadás', vat_id: 1, qty: 3, net_unit_price: 1234.5, unit: 'óra' },
    { description: 'Folyóirat', vat_id: 2, qty: 1.5, gross_unit_price: 3333, unit: 'db' },
    { description: 'Oktatás', vat_id: 7, qty: 1, net_unit_price: 5000, unit: 'alk' },
    { description: 'Kedvezmény', vat_id: 1, qty: 1, net_unit_price: -500, unit: 'db' },
  ], { round_to: 5 }));
  await call('invoices.pay', { id: v.id, date: '2026-03-15', amount: 5000 });
  const s = await call('invoices.cancel', { id: first.id });
  const g = await call('invoices.generate', { id: proforma.id });
  const [V, S, G] = [await recordOfLocal(device, v.id), await recordOfLocal(device, s.id), await recordOfLocal(device, g.id)];
  const shape = [V.invoice_no, S.invoice_no, G.invoice_no, V.payments.length, V.rounding !== '0.000', S.cancels_uid !== null, G.proforma_uid !== null];
  if (JSON.stringify(shape) !== JSON.stringify(['2026-000002', '2026-000003', '2026-000004', 1, true, true, true])) {
    throw new Error(`the rig's records are not as the tests expect: ${JSON.stringify(shape)}`);
  }
  const other = await joinAs(remote.url, 'dev-other-device-0001', 'OTHER');
  const rdb = remote.core.ctx.db;
  return {
    remote,
    device,
    headers: await credentialOf(device),
    V,
    S,
    G,
    firstInvoice: S.cancels_uid!,
    proforma: G.proforma_uid!,
    otherClient: (await rdb.selectFrom('clients').select('id').where('name', '=', 'Másik Bt.').executeTakeFirstOrThrow()).id,
    otherBlock: other.blockId,
    async close() {
      await device.close();
      await remote.close();
      tmp.remove();
    },
  };
}
