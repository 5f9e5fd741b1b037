// Gapless numbering per (block, year, kind), DESIGN §4: the counter row is bumped with one upsert inside the
// transaction that inserts the invoice, so a rolled-back invoice gives its number back and two writers never share
// one (SQLite serialises writers; the unique index on invoices backs it up).
import type { Db } from '../../db/types';
import { FolioError } from '../../../shared/errors';
import { prepareStatement } from '../../db/prepared';
import { nextNumber } from './statements';

export type NumberKind = 'invoice' | 'proforma';

/** Takes the next number of a counter, in the caller's write transaction. */
export function takeNumber(trx: Db, blockId: number, year: number, kind: NumberKind): number {
  return nextNumber.get(trx, { block_id: blockId, year, kind })!.last_no;
}

const counterValue = prepareStatement((db, p: { block_id: number; year: number; kind: NumberKind }) =>
  db.selectFrom('number_counters').select('last_no').where('block_id', '=', p.block_id).where('year', '=', p.year).where('kind', '=', p.kind),
);

const setCounter = prepareStatement((db, p: { block_id: number; year: number; kind: NumberKind; last_no: number }) =>
  db
    .insertInto('number_counters')
    .values({ block_id: p.block_id, year: p.year, kind: p.kind, last_no: p.last_no })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet((eb) => ({ last_no: eb.ref('excluded.last_no') }))),
);

/** The number a device pushes for an invoice it issued offline in its own block (sync): it must be the block's next. */
export function acceptNumber(trx: Db, blockId: number, kind: NumberKind, given: string): { year: number; seq: number } {
  const m = /^(?:D-)?(\d{4})-(\d{6})$/.exec(given);
  if (!m || given.startsWith('D-') !== (kind === 'proforma')) {
    throw new FolioError('validation_failed', `invoice_no ${given} is not a ${kind} number`, [{ field: 'invoice_no', message: `is not a ${kind} number` }]);
  }
  const year = Number(m[1]);
  const seq = Number(m[2]);
  const last = counterValue.get(trx, { block_id: blockId, year, kind })?.last_no ?? 0;
  if (seq <= last) throw new FolioError('conflict', `Invoice number ${given} already exists in this block`, [{ field: 'invoice_no', message: 'already exists' }]);
  if (seq !== last + 1) {
    throw new FolioError('rule_violation', `Invoice number ${given} would leave a gap after ${formatNumber(kind, year, last)}`, [
      { field: 'invoice_no', message: 'is not the next number of the block' },
    ]);
  }
  setCounter.run(trx, { block_id: blockId, year, kind, last_no: seq });
  return { year, seq };
}

/** "2026-000001"; proformas "D-2026-000001" (their own counter, DESIGN §8). */
export function formatNumber(kind: NumberKind, year: number, seq: number): string {
  const n = `${year}-${String(seq).padStart(6, '0')}`;
  return kind === 'proforma' ? `D-${n}` : n;
}
