// Gapless numbering per (block, year, kind), DESIGN §4: the counter row is bumped with one upsert inside the
// transaction that inserts the invoice, so a rolled-back invoice gives its number back and two writers never share
// one (SQLite serialises writers; the unique index on invoices backs it up).
import type { Db } from '../../db/open';
import { FolioError } from '../../../shared/errors';

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

/** The number a device pushes for an invoice it issued offline in its own block (sync): it must be the block's next. */
export async function acceptNumber(trx: Db, blockId: number, kind: NumberKind, given: string): Promise<{ year: number; seq: number }> {
  const m = /^(?:D-)?(\d{4})-(\d{6})$/.exec(given);
  if (!m || given.startsWith('D-') !== (kind === 'proforma')) {
    throw new FolioError('validation_failed', `invoice_no ${given} is not a ${kind} number`, [{ field: 'invoice_no', message: `is not a ${kind} number` }]);
  }
  const year = Number(m[1]);
  const seq = Number(m[2]);
  const counter = await trx
    .selectFrom('number_counters')
    .select('last_no')
    .where('block_id', '=', blockId)
    .where('year', '=', year)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const last = counter?.last_no ?? 0;
  if (seq <= last) throw new FolioError('conflict', `Invoice number ${given} already exists in this block`, [{ field: 'invoice_no', message: 'already exists' }]);
  if (seq !== last + 1) {
    throw new FolioError('rule_violation', `Invoice number ${given} would leave a gap after ${formatNumber(kind, year, last)}`, [
      { field: 'invoice_no', message: 'is not the next number of the block' },
    ]);
  }
  await trx
    .insertInto('number_counters')
    .values({ block_id: blockId, year, kind, last_no: seq })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet({ last_no: seq }))
    .execute();
  return { year, seq };
}

/** "2026-000001"; proformas "D-2026-000001" (their own counter, DESIGN §8). */
export function formatNumber(kind: NumberKind, year: number, seq: number): string {
  const n = `${year}-${String(seq).padStart(6, '0')}`;
  return kind === 'proforma' ? `D-${n}` : n;
}
