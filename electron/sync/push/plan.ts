// Turns the next entries of the outbox (the change log's own entries after the push cursor) into requests to the
// remote. A unit is one entry, or a run of consecutive issued invoices sent as one batch of records. The requests
// are built from the records as they are now: several changes of one record become one request with its latest
// state (last writer wins anyway), and an invoice's update becomes the operations it still lacks on the remote
// (payments to append or remove, a proforma to void), found by comparing with what the remote is known to have.
import type { InvoiceRecord } from '../../../shared/contract/sync';
import { FolioError } from '../../../shared/errors';
import { INVOICE_STATUS, isCancelled, isDraft, isProforma, prefixedNumber, statusForPaid } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import { loadInvoices } from '../../core/invoices/mapping';
import { continuationsOf } from '../../core/invoices/continuation';
import type { Db } from '../../db/types';
import type { ChangeEntity } from '../../db/schema';
import { amountToMilli, recordOf, type RefEntity } from '../../core/sync/invoice-record';
import { settledByOriginal } from '../../core/sync/record-check';
import { remoteIdOf } from '../id-map';
import { bodyOf, pathsOf, quoteRefs, readLocal, type MasterEntity } from '../master-data';
import type { SyncLimits } from '../round-context';
import { syncDb } from '../tables';
import { noteSteps, type NoteMeta } from '../delivery-notes';

export interface OutboxEntry {
  seq: number;
  entity: ChangeEntity;
  entity_id: number;
  op: 'create' | 'update' | 'delete';
}

/** What to do with a step's answer (kept in the journal beside the request). */
export type StepMeta =
  | { kind: 'create'; entity: MasterEntity; local: number }
  | { kind: 'update'; entity: MasterEntity; local: number }
  | { kind: 'delete'; entity: MasterEntity; local: number }
  | { kind: 'invoices'; invoices: Array<{ local: number; invoice_no: string; payments: number[]; status: number }> }
  | { kind: 'unpay'; invoice: number; invoice_no: string }
  | { kind: 'pay'; invoice: number; invoice_no: string; payment: number }
  | { kind: 'void'; invoice: number; invoice_no: string }
  | { kind: 'share'; invoice: number; invoice_no: string; code: string | null }
  | NoteMeta;

export interface Step {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** requests the remote replays by Idempotency-Key; record batches are idempotent by their numbers instead */
  keyed: boolean;
  meta: StepMeta;
}

export interface Refusal {
  entity: string;
  local: number;
  operation: string;
  message: string;
}

export interface Unit {
  first: number;
  last: number;
  steps: Step[];
  /** what cannot be pushed at all (a reference that never reached the remote), reported to the user */
  refusals: Refusal[];
}

export async function nextUnit(db: Db, cursor: number, limits: SyncLimits): Promise<Unit | null> {
  const entries = (await db
    .selectFrom('change_log')
    .select(['seq', 'entity', 'entity_id', 'op'])
    .where('origin', '=', 'local')
    .where('seq', '>', cursor)
    .orderBy('seq')
    .limit(limits.pushBatch)
    .execute()) as OutboxEntry[];
  const first = entries[0];
  if (!first) return null;
  if (first.entity === 'invoice' && first.op === 'create') {
    let n = 1;
    while (n < entries.length && entries[n]!.entity === 'invoice' && entries[n]!.op === 'create') n++;
    return invoiceBatch(db, entries.slice(0, n), limits);
  }
  const unit: Unit = { first: first.seq, last: first.seq, steps: [], refusals: [] };
  try {
    unit.steps =
      first.entity === 'invoice'
        ? await invoiceOperations(db, first.entity_id)
        : first.entity === 'delivery_note'
          ? await noteStepsOf(db, first)
          : await masterSteps(db, first);
  } catch (e) {
    if (!(e instanceof FolioError)) throw e;
    unit.refusals.push({ entity: first.entity, local: first.entity_id, operation: first.op, message: e.message });
  }
  return unit;
}

async function laterChange(db: Db, e: OutboxEntry): Promise<boolean> {
  const r = await db
    .selectFrom('change_log')
    .select('seq')
    .where('entity', '=', e.entity)
    .where('entity_id', '=', e.entity_id)
    .where('origin', '=', 'local')
    .where('seq', '>', e.seq)
    .where('op', 'in', ['update', 'delete'])
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** A note's entry: its latest state goes with its last entry (a create always goes: the remote must have the note). */
async function noteStepsOf(db: Db, e: OutboxEntry): Promise<Step[]> {
  if (e.op === 'update' && (await laterChange(db, e))) return [];
  return noteSteps(db, e.entity_id);
}

async function masterSteps(db: Db, e: OutboxEntry): Promise<Step[]> {
  const entity = e.entity as MasterEntity;
  const paths = pathsOf(entity);
  const rid = await remoteIdOf(db, entity, e.entity_id);
  if (e.op === 'delete') {
    if (rid === null || !paths.delete) return [];
    return [{ method: 'DELETE', path: paths.delete(rid), keyed: true, meta: { kind: 'delete', entity, local: e.entity_id } }];
  }
  // Block 0 is each node's own default block: its name stays local.
  if (entity === 'block' && e.entity_id === 0) return [];
  const v = await readLocal(db, entity, e.entity_id);
  if (!v) return []; // deleted for real since (an expense): its delete follows in the outbox
  if (e.op === 'update' && (await laterChange(db, e))) return []; // a later change sends the latest state
  if (rid !== null && v.deleted) return []; // a delete wins over edits: its own entry, or the remote's, carries it
  const refs = new Map<string, number | null>();
  if (entity === 'expense' && v.attributes.client_uid) refs.set(`client:${v.attributes.client_uid}`, await remoteIdOf(db, 'client', v.attributes.client_uid));
  if (entity === 'recurring') {
    refs.set(`invoice:${v.attributes.base_invoice_uid}`, await remoteIdOf(db, 'invoice', v.attributes.base_invoice_uid));
    if (v.attributes.client_uid) refs.set(`client:${v.attributes.client_uid}`, await remoteIdOf(db, 'client', v.attributes.client_uid));
    for (const line of (v.attributes.items ?? []) as Array<{ product_uid?: number }>) {
      if (typeof line.product_uid === 'number') refs.set(`product:${line.product_uid}`, await remoteIdOf(db, 'product', line.product_uid));
    }
  }
  if (entity === 'quote') for (const [en, id] of quoteRefs(v.attributes)) refs.set(`${en}:${id}`, await remoteIdOf(db, en, id));
  const body = bodyOf(entity, v, (en, id) => refs.get(`${en}:${id}`) ?? null, rid === null);
  // A block carries the numbering continued in it: the remote must know where the block's numbers start before the
  // block's first invoice arrives (the block's change is logged before any invoice numbered after it).
  if (entity === 'block') {
    const numbering = (await continuationsOf(db, e.entity_id)).map((c) => ({ year: c.year, next_no: c.next_no }));
    if (numbering.length) Object.assign(body as object, { numbering });
  }
  if (rid === null) return [{ method: 'POST', path: paths.create, body, keyed: true, meta: { kind: 'create', entity, local: e.entity_id } }];
  return [{ method: 'PUT', path: paths.update(rid), body, keyed: true, meta: { kind: 'update', entity, local: e.entity_id } }];
}

/**
 * The operations an issued invoice still lacks on the remote: removed payments, new payments, a void, and its share
 * code (made or revoked here after the record went: the link a customer got must open on the remote as well).
 */
export async function invoiceOperations(db: Db, id: number): Promise<Step[]> {
  const sdb = syncDb(db);
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  const map = await sdb.selectFrom('sync_map').selectAll().where('entity', '=', 'invoice').where('local_id', '=', id).executeTakeFirst();
  if (!row || !map) return []; // its record never reached the remote (reported then)
  const label = prefixedNumber(row.prefix, row.invoice_no) ?? String(id);
  const payments = await db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', id).orderBy('id').execute();
  const known = new Set((await sdb.selectFrom('sync_payments').select('payment_id').where('invoice_id', '=', id).execute()).map((k) => k.payment_id));
  const present = new Set(payments.map((p) => p.id));
  const steps: Step[] = [];
  const rid = map.remote_id;
  if ([...known].some((k) => !present.has(k))) {
    steps.push({ method: 'DELETE', path: `/invoices/${rid}/pay`, keyed: true, meta: { kind: 'unpay', invoice: id, invoice_no: label } });
  }
  for (const p of payments.filter((p) => !known.has(p.id))) {
    steps.push({
      method: 'POST',
      path: `/invoices/${rid}/pay`,
      body: { date: p.date, amount: milliToString(p.amount_milli), payment_method: p.payment_method_id, conversion_rate: p.conversion_rate },
      keyed: true,
      meta: { kind: 'pay', invoice: id, invoice_no: label, payment: p.id },
    });
  }
  if (isProforma(row.type) && isCancelled(row.status) && map.remote_status !== INVOICE_STATUS.cancelled) {
    steps.push({ method: 'GET', path: `/invoices/${rid}/cancel`, keyed: true, meta: { kind: 'void', invoice: id, invoice_no: label } });
  }
  if (row.share_code !== map.remote_share_code) {
    // setting a code is the same request however often it is repeated: it needs no idempotency key
    const code = row.share_code;
    steps.push({ method: 'PUT', path: `/sync/invoices/${rid}/code`, body: { code }, keyed: false, meta: { kind: 'share', invoice: id, invoice_no: label, code } });
  }
  return steps;
}

async function invoiceBatch(db: Db, entries: OutboxEntry[], limits: SyncLimits): Promise<Unit> {
  const ids = entries.map((e) => e.entity_id);
  const rows = await db.selectFrom('invoices').selectAll().where('id', 'in', ids).execute();
  const byId = new Map((await loadInvoices(db, rows)).map((r) => [r.id, r]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const paymentRows = await db.selectFrom('invoice_payments').select(['id', 'invoice_id']).where('invoice_id', 'in', ids).orderBy('id').execute();
  const sdb = syncDb(db);
  const mapped = new Set((await sdb.selectFrom('sync_map').select('local_id').where('entity', '=', 'invoice').where('local_id', 'in', ids).execute()).map((m) => m.local_id));
  // every reference the records make, translated in a few queries
  const refs = new Map<string, number | null>();
  const want = new Map<RefEntity, Set<number>>();
  const need = (e: RefEntity, id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    if (!want.has(e)) want.set(e, new Set());
    want.get(e)!.add(id);
  };
  for (const r of byId.values()) {
    const a = r.attributes;
    need('block', a.block_uid);
    need('client', a.client_uid);
    need('bank_account', a.bank_account_uid);
    need('invoice', a.cancels_uid);
    need('invoice', a.proforma_uid);
    need('recurring', a.recurring_uid);
    need('invoice', a.modifies_uid);
    need('quote', a.quote_uid);
    for (const i of a.items) {
      need('product', i.product_uid);
      need('invoice', i.advance_invoice_uid);
    }
  }
  for (const [entity, set] of want) {
    const found = await sdb.selectFrom('sync_map').select(['local_id', 'remote_id']).where('entity', '=', entity).where('local_id', 'in', [...set]).execute();
    const m = new Map(found.map((f) => [f.local_id, f.remote_id]));
    for (const id of set) refs.set(`${entity}:${id}`, m.get(id) ?? null);
  }
  // invoices of this batch referring to each other (a cancelling invoice right after its original) are resolved by
  // the remote as the batch is stored in order; until then they cannot be translated, so such a record ends the batch
  const translate = (e: RefEntity, id: number) => refs.get(`${e}:${id}`) ?? null;

  const unit: Unit = { first: entries[0]!.seq, last: entries[0]!.seq, steps: [], refusals: [] };
  const records: InvoiceRecord[] = [];
  const meta: Array<{ local: number; invoice_no: string; payments: number[]; status: number }> = [];
  let bytes = 0;
  for (const e of entries) {
    const res = byId.get(e.entity_id);
    if (!res || mapped.has(e.entity_id) || isDraft(res.attributes.type)) {
      unit.last = e.seq;
      continue;
    }
    const a = res.attributes;
    const label = a.prefixed_invoice_no ?? String(a.uid);
    const inBatch = (id: number | null) => id !== null && ids.includes(id) && !mapped.has(id);
    const advances = [...new Set(a.items.map((i) => i.advance_invoice_uid ?? null).filter((x): x is number => x !== null))];
    const follows = [a.cancels_uid, a.proforma_uid, a.modifies_uid ?? null, ...advances];
    if (records.length && follows.some(inBatch)) break;
    const missing =
      translate('block', a.block_uid) === null
        ? 'its invoice block'
        : translate('client', a.client_uid) === null
          ? 'its client'
          : a.cancels_uid !== null && translate('invoice', a.cancels_uid) === null
            ? 'the invoice it cancels'
            : a.proforma_uid !== null && translate('invoice', a.proforma_uid) === null
              ? 'its proforma'
              : a.modifies_uid && translate('invoice', a.modifies_uid) === null
                ? 'the invoice it modifies'
                : advances.some((id) => translate('invoice', id) === null)
                  ? 'an advance invoice it deducts'
                  : null;
    if (missing) {
      unit.refusals.push({ entity: 'invoice', local: a.uid, operation: 'create', message: `Invoice ${label} cannot be sent: ${missing} has not reached the remote` });
      unit.last = e.seq;
      continue;
    }
    const paid = a.payments.reduce((s, p) => s + amountToMilli(p.amount), 0);
    const totalMilli = amountToMilli(a.total);
    // The record carries the invoice as issued plus its payments; a cancellation travels with the cancelling
    // invoice's record and a proforma's void as its own operation.
    // A storno and a modification of a Folio invoice are settled by their original: their state is their own.
    const settled = a.is_cancel_invoice || settledByOriginal(a);
    const status = settled ? a.status : statusForPaid(paid, totalMilli);
    // the previous program's original of a modification is a column, not part of the resource
    const record = recordOf({ ...a, external_original: rowById.get(a.uid)?.external_original ?? null }, translate, { status, total_paid: settled ? a.total_paid : milliToString(paid), payments: a.payments });
    const size = JSON.stringify(record).length;
    if (records.length && bytes + size > limits.batchBytes) break;
    bytes += size;
    records.push(record);
    meta.push({ local: a.uid, invoice_no: label, payments: paymentRows.filter((p) => p.invoice_id === a.uid).map((p) => p.id), status });
    unit.last = e.seq;
  }
  if (records.length) {
    unit.steps.push({ method: 'POST', path: '/sync/invoices', body: { records }, keyed: false, meta: { kind: 'invoices', invoices: meta } });
  }
  return unit;
}
