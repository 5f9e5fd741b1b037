// A delivery note, order confirmation or completion certificate as it travels between nodes (docs/sync.md "Delivery
// documents"), shared by both sides: the record of a stored document with its references translated, the rows a
// record is stored as, and the remote's two operations on documents a device pushes. A document is issued once and
// never edited; what happens to it afterwards (cancelled, invoiced) is its state, which the remote changes by rules,
// not by last writer wins: a document invoiced on one node is never invoiced on another.
import type { DeliveryNoteRecord, SyncDeliveryNoteStateInput } from '../../../shared/contract/sync';
import { FolioError, notFound, rule } from '../../../shared/errors';
import { prefixedNumber } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import type { Db, WriteTx } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { DELIVERY_DOCUMENT_PREFIX } from '../delivery-notes/numbering';
import type { DeliveryNoteItemRow, DeliveryNoteRow } from '../delivery-notes/mapping';
import { deviceOrigin } from './device';

export type NoteRef = 'client' | 'product' | 'invoice' | 'quote';
/** Translates an id of the source node into the target node's; null when the target has no such record. */
export type NoteTranslate = (entity: NoteRef, id: number) => number | null;

const parsed = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

export function formatNoteNo(kind: DeliveryNoteRecord['kind'], series: string, year: number, seq: number): string {
  return `${DELIVERY_DOCUMENT_PREFIX[kind]}-${series ? `${series}-` : ''}${year}-${String(seq).padStart(6, '0')}`;
}

export function deliveryNoteRecordOf(row: DeliveryNoteRow, items: DeliveryNoteItemRow[], translate: NoteTranslate): DeliveryNoteRecord {
  const ref = (entity: NoteRef, id: number | null) => (id === null ? null : translate(entity, id));
  return {
    kind: row.kind,
    note_no: row.note_no,
    number_series: row.number_series,
    number_year: row.number_year,
    number_seq: row.number_seq,
    client_uid: ref('client', row.client_id) ?? -1,
    client: parsed(row.client_snapshot),
    seller: parsed(row.seller_snapshot),
    quote_uid: ref('quote', row.quote_id),
    date: row.date,
    delivery_address: parsed(row.delivery_address),
    show_prices: row.show_prices ? 1 : 0,
    currency: row.currency,
    template_lang_code: row.template_lang_code,
    comment: row.comment,
    status: row.status,
    // invoiced by a draft (which never leaves its computer), or by an invoice not on the other side yet: no link
    invoice_uid: ref('invoice', row.invoice_id),
    cancelled_at: row.cancelled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    items: items.map((i) => ({
      product_uid: ref('product', i.product_id),
      description: i.description,
      qty: i.qty,
      unit: i.unit,
      net_unit_price: i.net_unit_price,
      vat_id: i.vat_id,
    })),
  };
}

/** The record of a stored document in this node's own ids (what the feed sends, what a device pushes). */
export async function readDeliveryNoteRecord(db: Db, id: number): Promise<DeliveryNoteRecord | null> {
  const row = await db.selectFrom('delivery_notes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const items = await db.selectFrom('delivery_note_items').selectAll().where('note_id', '=', id).orderBy('position').execute();
  return deliveryNoteRecordOf(row, items, (_e, x) => x);
}

/** The row a record is stored as (references already in this node's ids). */
export function deliveryNoteColumns(r: DeliveryNoteRecord) {
  return {
    kind: r.kind,
    note_no: r.note_no,
    number_series: r.number_series,
    number_year: r.number_year,
    number_seq: r.number_seq,
    client_id: r.client_uid,
    client_snapshot: JSON.stringify(r.client),
    seller_snapshot: JSON.stringify(r.seller),
    quote_id: r.quote_uid,
    date: r.date,
    delivery_address: JSON.stringify(r.delivery_address),
    show_prices: r.show_prices,
    currency: r.currency,
    template_lang_code: r.template_lang_code,
    comment: r.comment,
    status: r.status,
    invoice_id: r.invoice_uid,
    cancelled_at: r.cancelled_at,
    created_at: r.created_at,
  };
}

export async function insertDeliveryNoteLines(trx: WriteTx, noteId: number, items: DeliveryNoteRecord['items']): Promise<void> {
  await trx
    .insertInto('delivery_note_items')
    .values(items.map((i, position) => ({ note_id: noteId, position, product_id: i.product_uid, description: i.description, qty: i.qty, unit: i.unit, net_unit_price: i.net_unit_price, vat_id: i.vat_id })))
    .execute();
}

async function has(trx: Db, table: 'products' | 'quotes' | 'invoices', id: number | null): Promise<number | null> {
  if (id === null) return null;
  return (await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) ? id : null;
}

/** The invoice a document names, as the words of a refusal ("invoice LAP / 2026-000003"). */
async function invoiceLabel(trx: Db, id: number | null): Promise<string> {
  if (id === null) return 'an invoice not issued yet';
  const inv = await trx.selectFrom('invoices').select(['prefix', 'invoice_no']).where('id', '=', id).executeTakeFirst();
  return `invoice ${inv ? (prefixedNumber(inv.prefix, inv.invoice_no) ?? `draft ${id}`) : id}`;
}

/** The remote's side of POST /sync/delivery-notes and PUT /sync/delivery-notes/{id}. */
export function createSyncDeliveryNoteHandlers(ctx: CoreContext) {
  return {
    /** A document a device issued: stored under its number, which must be in that device's own series. */
    async create(input: { record: DeliveryNoteRecord }): Promise<{ id: number }> {
      const device = deviceOrigin();
      return writeTransaction(ctx.db, async (trx) => {
        const r = input.record;
        const series = (await trx.selectFrom('invoice_blocks').select('prefix').where('owner', '=', device).execute()).map((b) => b.prefix);
        if (r.number_series === '' || !series.includes(r.number_series)) {
          throw rule(`${r.note_no} is not numbered in this device's own series`, 'record.number_series');
        }
        if (r.note_no !== formatNoteNo(r.kind, r.number_series, r.number_year, r.number_seq)) {
          throw rule(`Number ${r.note_no} does not match its kind, series, year and sequence`, 'record.note_no');
        }
        // a retried push finds its own document under its number (a number is made once, by its device alone)
        const existing = await trx.selectFrom('delivery_notes').select(['id', 'created_at']).where('note_no', '=', r.note_no).executeTakeFirst();
        if (existing) {
          if (existing.created_at === r.created_at) return { id: existing.id };
          throw new FolioError('conflict', `Another document is numbered ${r.note_no} on the remote`, [{ field: 'record.note_no', message: 'is taken' }]);
        }
        const client = await trx.selectFrom('clients').select('id').where('id', '=', r.client_uid).executeTakeFirst();
        if (!client) throw rule(`No client ${r.client_uid} on the remote`, 'record.client_uid');
        const items: DeliveryNoteRecord['items'] = [];
        for (const i of r.items) items.push({ ...i, product_uid: await has(trx, 'products', i.product_uid) });
        const { id } = await trx
          .insertInto('delivery_notes')
          .values({
            ...deliveryNoteColumns({ ...r, quote_uid: await has(trx, 'quotes', r.quote_uid), invoice_uid: r.status === 'invoiced' ? await has(trx, 'invoices', r.invoice_uid) : null }),
            invoiced_by: r.status === 'invoiced' ? device : null,
            updated_at: nowStamp(ctx),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertDeliveryNoteLines(trx, id, items);
        return { id };
      });
    },

    /**
     * What a device did with a document: cancelled or invoiced it. The first node to invoice or cancel it wins;
     * a later, different fate is refused (409) with the reason, so a document is never invoiced twice. Only the
     * device that invoiced it may later name the invoice (its draft, issued since).
     */
    async state(input: SyncDeliveryNoteStateInput): Promise<{ id: number }> {
      const device = deviceOrigin();
      return writeTransaction(ctx.db, async (trx) => {
        const row = await trx.selectFrom('delivery_notes').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!row) throw notFound(`Delivery document ${input.id}`);
        const refuse = (why: string) => new FolioError('conflict', `${row.note_no} ${why}`, [{ field: 'status', message: why }]);
        const now = nowStamp(ctx);
        if (input.status === 'cancelled') {
          if (row.status === 'cancelled') return { id: row.id }; // cancelled on two nodes: both agree
          if (row.status === 'invoiced') throw refuse(`was already invoiced elsewhere (${await invoiceLabel(trx, row.invoice_id)}): it is not cancelled`);
          await trx.updateTable('delivery_notes').set({ status: 'cancelled', cancelled_at: input.cancelled_at ?? now, updated_at: now }).where('id', '=', row.id).execute();
          return { id: row.id };
        }
        const invoice = await has(trx, 'invoices', input.invoice_uid);
        if (invoice !== null) {
          const inv = await trx.selectFrom('invoices').select('client_id').where('id', '=', invoice).executeTakeFirstOrThrow();
          if (inv.client_id !== row.client_id) throw rule(`${row.note_no} belongs to another client than the invoice that names it`, 'invoice_uid');
        }
        if (row.status === 'cancelled') throw refuse(`was cancelled elsewhere: it cannot be invoiced`);
        if (row.status === 'invoiced') {
          const mine = row.invoiced_by === device;
          if (!mine || (row.invoice_id !== null && invoice !== null && row.invoice_id !== invoice)) {
            throw refuse(`was already invoiced elsewhere (${await invoiceLabel(trx, row.invoice_id)}): a document is invoiced once`);
          }
          // the device's draft was issued since: its invoice is named now
          if (row.invoice_id === null && invoice !== null) {
            await trx.updateTable('delivery_notes').set({ invoice_id: invoice, updated_at: now }).where('id', '=', row.id).execute();
          }
          return { id: row.id };
        }
        await trx
          .updateTable('delivery_notes')
          .set({ status: 'invoiced', invoice_id: invoice, invoiced_by: device, updated_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'issued')
          .execute();
        return { id: row.id };
      });
    },
  };
}
