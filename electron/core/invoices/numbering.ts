// Gapless numbering per (block, year, kind), DESIGN §4: the counter row is bumped with one upsert inside the
// transaction that inserts the invoice, so a rolled-back invoice gives its number back and two writers never share
// one (SQLite serialises writers; the unique index on invoices backs it up).
import type { Db } from '../../db/open';

export type NumberKind = 'invoice' | 'proforma';

export async function takeNumber(trx: Db, blockId: number, year: number, kind: NumberKind): Promise<number> {
  const row = await trx
    .insertInto('number_counters')
    .values({ block_id: blockId, year, kind, last_no: 1 })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet((eb) => ({ last_no: eb('number_counters.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return row.last_no;
}

/** "2026-000001"; proformas "D-2026-000001" (their own counter, DESIGN §8). */
export function formatNumber(kind: NumberKind, year: number, seq: number): string {
  const n = `${year}-${String(seq).padStart(6, '0')}`;
  return kind === 'proforma' ? `D-${n}` : n;
}
