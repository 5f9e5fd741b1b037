// Delivery note numbers: "SZL-2026-000001", a sequence of their own per year, in the node's series as quotes are
// (a device joined to a remote numbers "SZL-<its prefix>-2026-000001"): the year's highest plus one, read in the write
// transaction that inserts the note (BEGIN IMMEDIATE), gapless because a note is never deleted. The unique index on
// (number_series, number_year, number_seq) backs it up.
import type { WriteTx } from '../../db/types';
import type { DeliveryDocumentKind } from '../../../shared/delivery-notes';
import { quoteSeries } from '../quotes/numbering';

/** Each kind its own sequence and prefix: szállítólevél, megrendelés-visszaigazolás, teljesítésigazolás. */
export const DELIVERY_DOCUMENT_PREFIX: Record<DeliveryDocumentKind, string> = { waybill: 'SZL', order_form: 'MV', cert_of_completion: 'TIG' };

export async function nextDeliveryNoteNumber(trx: WriteTx, year: number, kind: DeliveryDocumentKind = 'waybill') {
  const series = await quoteSeries(trx);
  const row = await trx
    .selectFrom('delivery_notes')
    .select((eb) => eb.fn.max('number_seq').as('last'))
    .where('kind', '=', kind)
    .where('number_series', '=', series)
    .where('number_year', '=', year)
    .executeTakeFirst();
  const seq = Number(row?.last ?? 0) + 1;
  const note_no = `${DELIVERY_DOCUMENT_PREFIX[kind]}-${series ? `${series}-` : ''}${year}-${String(seq).padStart(6, '0')}`;
  return { number_series: series, number_year: year, number_seq: seq, note_no };
}

/**
 * Joining a remote: the documents numbered in the plain series move into this device's own (docs/sync.md "Delivery
 * documents"), keeping kind, year and sequence, as quotes do (the plain series is the remote's, where the same number
 * may be taken). Their entries in the outbox are still to be pushed, built from the rows as they are then.
 */
export async function adoptDeliveryNoteSeries(trx: WriteTx, series: string): Promise<void> {
  const plain = await trx.selectFrom('delivery_notes').select(['id', 'kind', 'number_year', 'number_seq']).where('number_series', '=', '').execute();
  for (const n of plain) {
    const note_no = `${DELIVERY_DOCUMENT_PREFIX[n.kind]}-${series}-${n.number_year}-${String(n.number_seq).padStart(6, '0')}`;
    await trx.updateTable('delivery_notes').set({ number_series: series, note_no }).where('id', '=', n.id).execute();
  }
}
