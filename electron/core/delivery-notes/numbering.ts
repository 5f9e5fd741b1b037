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
