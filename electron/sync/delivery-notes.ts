// Delivery notes, order confirmations and completion certificates on the device's side of sync (docs/sync.md
// "Delivery documents"): the requests a change of one becomes, the answers to them, and applying the remote's
// version. A document is issued once and never edited, so what travels after its creation is its state: cancelled,
// or invoiced (with its invoice once the remote has it). The remote decides which state came first; a device whose
// later, different state is refused keeps what was done on it and is told why (a sync issue), because what it did
// (an invoice made, a paper cancelled) happened and the user must sort it out.
import type { ChangeEntry } from '../../shared/contract/operations';
import type { DeliveryNoteRecord } from '../../shared/contract/sync';
import { FolioError } from '../../shared/errors';
import { deliveryNoteColumns, deliveryNoteRecordOf, insertDeliveryNoteLines, type NoteRef } from '../core/sync/delivery-note-record';
import type { Db, WriteTx } from '../db/types';
import { logIssue } from './conflict-log';
import { localIdOf, remoteIdOf, setMapping } from './id-map';
import { answerMessage, type RemoteAnswer } from './remote-client';
import { syncDb } from './tables';

/** What a note's step remembers for its answer: whether the remote will hold the note invoiced without its link. */
export interface NoteMeta {
  kind: 'note';
  local: number;
  note_no: string;
  create: boolean;
  /** the note is invoiced here and the request names no invoice (a draft, or an invoice not pushed yet) */
  unlinked: boolean;
}

export interface NoteStep {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  keyed: true;
  meta: NoteMeta;
}

/** Remote ids of the records a note refers to (the maps' lookups done ahead of the synchronous translation). */
async function translator(db: Db, refs: Array<[NoteRef, number | null]>, lookup: (db: Db, e: NoteRef, id: number) => Promise<number | null>) {
  const known = new Map<string, number | null>();
  for (const [e, id] of refs) if (id !== null) known.set(`${e}:${id}`, await lookup(db, e, id));
  return (e: NoteRef, id: number) => known.get(`${e}:${id}`) ?? null;
}

function refsOf(r: { client_uid: number; quote_uid: number | null; invoice_uid: number | null; items: Array<{ product_uid: number | null }> }): Array<[NoteRef, number | null]> {
  return [['client', r.client_uid], ['quote', r.quote_uid], ['invoice', r.invoice_uid], ...r.items.map((i): [NoteRef, number | null] => ['product', i.product_uid])];
}

/** The request a note's outbox entry becomes: the whole record the first time, its state after that. */
export async function noteSteps(db: Db, id: number): Promise<NoteStep[]> {
  const row = await db.selectFrom('delivery_notes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return [];
  const items = await db.selectFrom('delivery_note_items').selectAll().where('note_id', '=', id).orderBy('position').execute();
  const local = deliveryNoteRecordOf(row, items, (_e, x) => x);
  const toRemote = await translator(db, refsOf(local), (d, e, x) => remoteIdOf(d, e, x));
  const rid = await remoteIdOf(db, 'delivery_note', id);
  const invoice = row.invoice_id === null ? null : toRemote('invoice', row.invoice_id);
  const meta = { kind: 'note' as const, local: id, note_no: row.note_no, create: rid === null, unlinked: row.status === 'invoiced' && invoice === null };
  if (rid === null) {
    const record = deliveryNoteRecordOf(row, items, toRemote);
    if (record.client_uid === -1) throw new FolioError('rule_violation', `${row.note_no} cannot be sent: its client has not reached the remote`);
    return [{ method: 'POST', path: '/sync/delivery-notes', body: { record }, keyed: true, meta }];
  }
  if (row.status === 'issued') return [];
  return [{ method: 'PUT', path: `/sync/delivery-notes/${rid}`, body: { status: row.status, invoice_uid: invoice, cancelled_at: row.cancelled_at }, keyed: true, meta }];
}

/** remote_status 0 in the map: the remote holds the note invoiced without its invoice (pushed while a draft). */
const UNLINKED = 0;

export async function applyNoteAnswer(trx: WriteTx, meta: NoteMeta, answer: RemoteAnswer): Promise<void> {
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok) {
    const status = meta.unlinked ? UNLINKED : null;
    if (meta.create) {
      const id = (answer.body as { data?: { id?: number } })?.data?.id;
      if (typeof id === 'number') await setMapping(trx, 'delivery_note', meta.local, id, status);
    } else {
      await syncDb(trx).updateTable('sync_map').set({ remote_status: status }).where('entity', '=', 'delivery_note').where('local_id', '=', meta.local).execute();
    }
    return;
  }
  const row = await trx.selectFrom('delivery_notes').select(['status', 'invoice_id']).where('id', '=', meta.local).executeTakeFirst();
  // the way out for the user: what was done here stays done, and undoing it is theirs to choose
  const hint =
    answer.status === 409 && row?.status === 'invoiced'
      ? ' The invoice made here from it covers it a second time: take its lines off that invoice while it is a draft, or cancel it once issued.'
      : answer.status === 409 && row?.status === 'cancelled'
        ? ' It stays cancelled on this computer only.'
        : '';
  await logIssue(trx, {
    entity: 'delivery_note',
    localId: meta.local,
    operation: meta.create ? 'create' : row?.status === 'cancelled' ? 'cancel' : 'invoice',
    message: `${meta.note_no} ${meta.create ? 'was not accepted' : 'was refused'} by the remote: ${answerMessage(answer)}.${hint}`,
  });
}

/**
 * An invoice's record reached the remote: the notes it covers that the remote holds without it (pushed while the
 * invoice was a draft) are put in the outbox again, so their link follows. Written as a change of this device
 * (origin 'local') although the answer is applied as the remote's: it is this device's to send.
 */
export async function requeueNoteLinks(trx: WriteTx, localInvoiceId: number, now: string): Promise<void> {
  const notes = await syncDb(trx)
    .selectFrom('delivery_notes')
    .innerJoin('sync_map', (j) => j.onRef('sync_map.local_id', '=', 'delivery_notes.id').on('sync_map.entity', '=', 'delivery_note'))
    .select('delivery_notes.id')
    .where('delivery_notes.invoice_id', '=', localInvoiceId)
    .where('sync_map.remote_status', '=', UNLINKED)
    .execute();
  for (const n of notes) {
    await trx.insertInto('change_log').values({ entity: 'delivery_note', entity_id: n.id, op: 'update', origin: 'local', created_at: now }).execute();
  }
}

interface PullEnv {
  trx: WriteTx;
}

/**
 * The remote's version of a note: a new one is stored as rows and mapped; for one here, only its state can have
 * moved on. It is taken while the copy here is still issued (or invoiced without its invoice, which now arrives);
 * a different fate decided here stays, and its push is refused with the reason (applyNoteAnswer).
 */
export async function applyDeliveryNote(env: PullEnv, change: ChangeEntry): Promise<void> {
  const { trx } = env;
  const data = change.data as { attributes: DeliveryNoteRecord } | null;
  if (!data) return;
  const a = data.attributes;
  const toLocal = await translator(trx, refsOf(a), (d, e, x) => localIdOf(d, e, x));
  const invoice = a.invoice_uid === null ? null : toLocal('invoice', a.invoice_uid);
  const local = await localIdOf(trx, 'delivery_note', change.id);
  if (local === null) {
    const client = toLocal('client', a.client_uid);
    if (client === null) return; // its client never reached this device: nothing to attach it to
    const record: DeliveryNoteRecord = {
      ...a,
      client_uid: client,
      quote_uid: a.quote_uid === null ? null : toLocal('quote', a.quote_uid),
      invoice_uid: invoice,
      items: a.items.map((i) => ({ ...i, product_uid: i.product_uid === null ? null : toLocal('product', i.product_uid) })),
    };
    const { id } = await trx
      .insertInto('delivery_notes')
      .values({ ...deliveryNoteColumns(record), updated_at: a.updated_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertDeliveryNoteLines(trx, id, record.items);
    await setMapping(trx, 'delivery_note', id, change.id);
    return;
  }
  const row = await trx.selectFrom('delivery_notes').select(['status', 'invoice_id']).where('id', '=', local).executeTakeFirstOrThrow();
  if (a.status === 'issued') return;
  if (row.status === 'issued') {
    await trx
      .updateTable('delivery_notes')
      .set({ status: a.status, invoice_id: a.status === 'invoiced' ? invoice : null, cancelled_at: a.cancelled_at, updated_at: a.updated_at })
      .where('id', '=', local)
      .execute();
  } else if (row.status === 'invoiced' && a.status === 'invoiced' && row.invoice_id === null && invoice !== null) {
    await trx.updateTable('delivery_notes').set({ invoice_id: invoice, updated_at: a.updated_at }).where('id', '=', local).execute();
  }
}
