// Delivery note rows → the read form (shared/delivery-notes.ts).
import type { DeliveryNoteAttributes } from '../../../shared/delivery-notes';
import type { Address, InvoiceClient, Resource, SellerSnapshot } from '../../../shared/resources';
import type { Db } from '../../db/types';
import type { DeliveryNoteItemsTable, DeliveryNotesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { parseJson } from '../json';
import { emptyAddress } from '../clients/mapping';
import { emptySellerSnapshot } from '../settings/seller-snapshot';

export type DeliveryNoteRow = Selectable<DeliveryNotesTable>;
export type DeliveryNoteItemRow = Selectable<DeliveryNoteItemsTable>;

export function noteResource(row: DeliveryNoteRow, items: DeliveryNoteItemRow[]): Resource<DeliveryNoteAttributes> {
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      kind: row.kind,
      quote_uid: row.quote_id,
      note_no: row.note_no,
      date: row.date,
      status: row.status,
      client_uid: row.client_id,
      client: parseJson<InvoiceClient>(row.client_snapshot, {} as InvoiceClient),
      seller: parseJson<SellerSnapshot>(row.seller_snapshot, emptySellerSnapshot()),
      delivery_address: { ...emptyAddress(), ...parseJson<Partial<Address>>(row.delivery_address, {}) },
      show_prices: row.show_prices ? 1 : 0,
      currency: row.currency,
      template_lang_code: row.template_lang_code,
      comment: row.comment,
      items: items.map((i) => ({
        product_uid: i.product_id,
        description: i.description,
        qty: i.qty,
        unit: i.unit,
        net_unit_price: i.net_unit_price,
        vat_id: i.vat_id,
      })),
      invoice_uid: row.invoice_id,
      cancelled_at: row.cancelled_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** The notes with their lines, in the rows' order (one query for all lines). */
export async function loadNotes(db: Db, rows: DeliveryNoteRow[]): Promise<Resource<DeliveryNoteAttributes>[]> {
  if (!rows.length) return [];
  const items = await db
    .selectFrom('delivery_note_items')
    .selectAll()
    .where('note_id', 'in', rows.map((r) => r.id))
    .orderBy('note_id')
    .orderBy('position')
    .execute();
  const byNote = new Map<number, DeliveryNoteItemRow[]>();
  for (const i of items) byNote.set(i.note_id, [...(byNote.get(i.note_id) ?? []), i]);
  return rows.map((r) => noteResource(r, byNote.get(r.id) ?? []));
}
