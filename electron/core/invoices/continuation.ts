// Continuing the numbering of the program used before Folio. A business switching mid-year goes on with its
// sequence: for a block, "the next number this year is N", while the block has no invoice of that year in Folio.
// The counter then starts at N-1 (numbering.ts writes it), and the choice is kept with when and by whom it was made.
// It travels with the block to the sync remote (a device's first pushed number must be the remote's next one there
// too), where the same rules are applied again.
import { FolioError, notFound, rule } from '../../../shared/errors';
import { yearOf } from '../../../shared/dates';
import { prefixedNumber } from '../../../shared/invoice-codes';
import type { BlockNumbering, NumberingContinuation } from '../../../shared/contract/operations';
import type { Db, WriteTx } from '../../db/types';
import { currentOrigin } from '../changes';
import { formatNumber, lastNumber, startCounterAt } from './numbering';

/** The highest number the interface's format holds (2026-999999). */
export const MAX_SEQ = 999_999;

export interface ContinueRequest {
  blockId: number;
  year: number;
  nextNo: number;
  now: string;
  /** the business year today; a continuation is for this year or, near its end, the next */
  thisYear: number;
}

/** Whether the block numbers on this node for the caller: its own block locally, or the pushing device's block. */
function numbersHere(owner: string): boolean {
  const origin = currentOrigin();
  return origin === 'local' ? owner === 'local' : owner === origin;
}

async function numberedInYear(trx: WriteTx | Db, blockId: number, year: number): Promise<boolean> {
  const row = await trx
    .selectFrom('invoices')
    .select('id')
    .where('block_id', '=', blockId)
    .where('number_kind', '=', 'invoice')
    .where('number_year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets "the next number of `year` is N" in a block, in the caller's write transaction; answers the stored choice. */
export async function continueNumbering(trx: WriteTx, req: ContinueRequest): Promise<NumberingContinuation> {
  const block = await trx.selectFrom('invoice_blocks').select(['id', 'owner', 'prefix']).where('id', '=', req.blockId).executeTakeFirst();
  if (!block) throw notFound(`Invoice block ${req.blockId}`);
  const current = await trx
    .selectFrom('number_continuations')
    .selectAll()
    .where('block_id', '=', req.blockId)
    .where('year', '=', req.year)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
  // The same choice again (a device re-sending its block with a rename) changes nothing, even after invoices followed.
  if (current && current.next_no === req.nextNo) return current;
  if (!numbersHere(block.owner)) {
    throw rule('This invoice block is numbered on another computer; continue its numbering there', 'block_uid');
  }
  if (!Number.isInteger(req.nextNo) || req.nextNo < 1 || req.nextNo > MAX_SEQ) {
    throw new FolioError('validation_failed', `The next number must be a whole number from 1 to ${MAX_SEQ}`, [
      { field: 'next_no', message: `must be between 1 and ${MAX_SEQ}` },
    ]);
  }
  if (req.year !== req.thisYear && req.year !== req.thisYear + 1) {
    throw new FolioError('validation_failed', `The numbering can be continued for ${req.thisYear} or ${req.thisYear + 1} only`, [
      { field: 'year', message: `must be ${req.thisYear} or ${req.thisYear + 1}` },
    ]);
  }
  if (await numberedInYear(trx, req.blockId, req.year)) {
    const last = formatNumber('invoice', req.year, await lastNumber(trx, req.blockId, req.year, 'invoice'));
    throw new FolioError(
      'rule_violation',
      `Block "${block.prefix || req.blockId}" already has invoices of ${req.year} in Folio (the last is ${prefixedNumber(block.prefix, last)}); its numbering goes on from there`,
      [{ field: 'next_no', message: 'the block already has invoices of this year' }],
    );
  }
  // Numbers a joining device reserved in this block and year are taken even with no invoice stored yet.
  const reserved = await lastNumber(trx, req.blockId, req.year, 'invoice');
  if (!current && reserved >= req.nextNo) {
    throw new FolioError('rule_violation', `Numbers up to ${formatNumber('invoice', req.year, reserved)} are already taken in this block`, [
      { field: 'next_no', message: `must be greater than ${reserved}` },
    ]);
  }
  const stored: NumberingContinuation = { year: req.year, next_no: req.nextNo, set_at: req.now, set_by: currentOrigin() };
  await trx
    .insertInto('number_continuations')
    .values({ block_id: req.blockId, kind: 'invoice', ...stored })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet({ next_no: stored.next_no, set_at: stored.set_at, set_by: stored.set_by }))
    .execute();
  await startCounterAt(trx, req.blockId, req.year, 'invoice', req.nextNo - 1);
  // Touching the block logs its change, so sync carries the continuation to the remote before the block's invoices.
  await trx.updateTable('invoice_blocks').set({ updated_at: req.now }).where('id', '=', req.blockId).execute();
  return stored;
}

export async function continuationsOf(db: Db, blockId: number): Promise<NumberingContinuation[]> {
  return db
    .selectFrom('number_continuations')
    .select(['year', 'next_no', 'set_at', 'set_by'])
    .where('block_id', '=', blockId)
    .where('kind', '=', 'invoice')
    .orderBy('year')
    .execute();
}

/** Each block's numbering in `date`'s year: last and next number, the continuation, whether it can still be set. */
export async function blockNumbering(db: Db, date: string): Promise<BlockNumbering[]> {
  const year = yearOf(date);
  const blocks = await db.selectFrom('invoice_blocks').select(['id', 'owner', 'prefix']).orderBy('id').execute();
  const out: BlockNumbering[] = [];
  for (const b of blocks) {
    const counter = await db
      .selectFrom('number_counters')
      .select('last_no')
      .where('block_id', '=', b.id)
      .where('year', '=', year)
      .where('kind', '=', 'invoice')
      .executeTakeFirst();
    const last = counter?.last_no ?? 0;
    const continuation =
      (await db
        .selectFrom('number_continuations')
        .select(['year', 'next_no', 'set_at', 'set_by'])
        .where('block_id', '=', b.id)
        .where('year', '=', year)
        .where('kind', '=', 'invoice')
        .executeTakeFirst()) ?? null;
    const numbered = await numberedInYear(db, b.id, year);
    out.push({
      block_uid: b.id,
      year,
      last_number: numbered ? prefixedNumber(b.prefix, formatNumber('invoice', year, last)) : '',
      next_number: prefixedNumber(b.prefix, formatNumber('invoice', year, last + 1)),
      continuation,
      can_continue: b.owner === 'local' && !numbered,
    });
  }
  return out;
}
