// Gapless numbering per (block, year, kind), and the only code that writes the counters (`number_counters`) and the
// claims a joining device makes on the remote's default block (`sync_claims`).
// The counter row is bumped with one upsert inside the transaction that inserts the invoice, so a rolled-back invoice
// gives its number back and two writers never share one (SQLite serialises writers; a unique index on invoices backs
// it up). Numbers a device issued offline arrive with their invoice and must be exactly the block's next one.
import { sql } from 'kysely';
import { FolioError, rule } from '../../../shared/errors';
import { yearOf } from '../../../shared/dates';
import { numberKindOf, type NumberKind } from '../../../shared/invoice-codes';
import { prepareStatement } from '../../db/prepared';
import type { WriteTx } from '../../db/types';
import { currentOrigin } from '../changes';
import { greatest } from '../../db/portable';
import { isPostgres } from '../../../migrations/dialect';
import { insertInvoice, invoiceColumns, type InvoiceValues } from './statements';

export type { NumberKind };

interface CounterKey {
  block_id: number;
  year: number;
  kind: NumberKind;
}

/** The next number of a counter: one upsert, so the number is taken in this transaction. */
const nextNumber = prepareStatement((db, p: CounterKey) =>
  db
    .insertInto('number_counters')
    .values({ block_id: p.block_id, year: p.year, kind: p.kind, last_no: 1 })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet((eb) => ({ last_no: eb('number_counters.last_no', '+', 1) })))
    .returning('last_no'),
);

const counterValue = prepareStatement((db, p: CounterKey) =>
  db.selectFrom('number_counters').select('last_no').where('block_id', '=', p.block_id).where('year', '=', p.year).where('kind', '=', p.kind),
);

/** Moves a counter up to `last_no`, never down. */
const raiseCounter = prepareStatement((db, p: CounterKey & { last_no: number }) =>
  db
    .insertInto('number_counters')
    .values({ block_id: p.block_id, year: p.year, kind: p.kind, last_no: p.last_no })
    .onConflict((oc) =>
      oc.columns(['block_id', 'year', 'kind']).doUpdateSet((eb) => ({ last_no: greatest<number>(db, eb.ref('number_counters.last_no'), eb.ref('excluded.last_no')) })),
    ),
);

const blockOwner = prepareStatement((db, p: { id: number }) => db.selectFrom('invoice_blocks').select(['id', 'owner']).where('id', '=', p.id));

const firstOwnBlock = prepareStatement((db, _p: Record<string, never>) =>
  db.selectFrom('invoice_blocks').select(['id', 'prefix']).where('owner', '=', 'local').orderBy('id').limit(1),
);

/** What a number of each kind starts with: proformas "D-", receipts (nyugta) "NY-"; invoices nothing. */
const KIND_MARK: Readonly<Record<NumberKind, string>> = { invoice: '', proforma: 'D-', receipt: 'NY-' };

/** "2026-000001"; proformas "D-2026-000001", receipts "NY-2026-000001" (each kind its own counter). */
export function formatNumber(kind: NumberKind, year: number, seq: number): string {
  return `${KIND_MARK[kind]}${year}-${String(seq).padStart(6, '0')}`;
}

/** The year and sequence of a number of the given kind, or null when it is not one. */
export function parseNumber(invoiceNo: string, kind: NumberKind): { year: number; seq: number } | null {
  const m = /^(D-|NY-)?(\d{4})-(\d{6})$/.exec(invoiceNo);
  if (!m || (m[1] ?? '') !== KIND_MARK[kind]) return null;
  return { year: Number(m[2]), seq: Number(m[3]) };
}

/** Takes the next number of a counter, in the caller's write transaction. */
export async function takeNumber(trx: WriteTx, blockId: number, year: number, kind: NumberKind): Promise<number> {
  return (await nextNumber.get(trx, { block_id: blockId, year, kind }))!.last_no;
}

/**
 * PostgreSQL: the next number of a counter and the insert of the invoice that takes it, in one statement (a
 * data-modifying WITH: one round trip less per issued invoice). The counter's upsert is nextNumber's; the number is
 * written as formatNumber writes it (`number_head` is its "D-2026-" part, then at least six digits).
 */
const insertTakingNumber = prepareStatement((db, p: InvoiceValues & { number_head: string }) =>
  db
    .with('n', (w) =>
      w
        .insertInto('number_counters')
        .values({ block_id: p.block_id, year: p.number_year!, kind: p.number_kind!, last_no: 1 })
        .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet((eb) => ({ last_no: eb('number_counters.last_no', '+', 1) })))
        .returning('last_no'),
    )
    .insertInto('invoices')
    .values({
      ...invoiceColumns(p),
      number_seq: sql<number>`(select last_no from n)`,
      invoice_no: sql<string>`${p.number_head} || (select case when last_no < 1000000 then lpad(last_no::text, 6, '0') else last_no::text end from n)`,
    })
    .returning(['id', 'number_seq', 'invoice_no']),
);

/**
 * Inserts a new invoice row. A row numbersFor left to take its number at the insert (`takeAtInsert`: its kind and
 * year set, no sequence yet) takes it here, in this transaction: on PostgreSQL in the insert's own statement, on
 * SQLite (a synchronous call, no round trip to save) by nextNumber just before. The number taken is written into
 * `values` (the caller's new row, made for this insert), so that `values` with the id answered is the row as stored:
 * the caller makes that row (./values.ts storedRow) without another copy of ~55 columns.
 */
export async function insertNumbered(trx: WriteTx, values: InvoiceValues): Promise<number> {
  const kind = values.number_kind as NumberKind | null;
  if (kind === null || values.number_seq !== null || values.number_year === null) return (await insertInvoice.get(trx, values))!.id;
  const year = values.number_year;
  if (isPostgres(trx)) {
    const taken = (await insertTakingNumber.get(trx, { ...values, number_head: `${KIND_MARK[kind]}${year}-` }))!;
    values.number_seq = taken.number_seq;
    values.invoice_no = taken.invoice_no;
    return taken.id;
  }
  const seq = await takeNumber(trx, values.block_id, year, kind);
  values.number_seq = seq;
  values.invoice_no = formatNumber(kind, year, seq);
  return (await insertInvoice.get(trx, values))!.id;
}

/** The last number a counter gave (0: none yet). */
export async function lastNumber(trx: WriteTx, blockId: number, year: number, kind: NumberKind): Promise<number> {
  return (await counterValue.get(trx, { block_id: blockId, year, kind }))?.last_no ?? 0;
}

const setCounter = prepareStatement((db, p: CounterKey & { last_no: number }) =>
  db
    .insertInto('number_counters')
    .values({ block_id: p.block_id, year: p.year, kind: p.kind, last_no: p.last_no })
    .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet({ last_no: p.last_no })),
);

/**
 * Sets where a counter starts (continuing another program's numbering): the next number it gives is `last_no + 1`.
 * The caller has checked that no document of that year is numbered in the block, so nothing issued is passed over.
 */
export async function startCounterAt(trx: WriteTx, blockId: number, year: number, kind: NumberKind, last_no: number): Promise<void> {
  await setCounter.run(trx, { block_id: blockId, year, kind, last_no });
}

/**
 * A number issued elsewhere (a device, offline, in a block it owns) and brought here with its invoice: it must be the
 * block's next, so no number is stored twice and no gap appears that this node did not know of.
 */
export async function acceptNumber(trx: WriteTx, blockId: number, kind: NumberKind, given: string): Promise<{ year: number; seq: number }> {
  const n = parseNumber(given, kind);
  if (!n) {
    throw new FolioError('validation_failed', `invoice_no ${given} is not a ${kind} number`, [{ field: 'invoice_no', message: `is not a ${kind} number` }]);
  }
  const last = await lastNumber(trx, blockId, n.year, kind);
  if (n.seq <= last) throw new FolioError('conflict', `Invoice number ${given} already exists in this block`, [{ field: 'invoice_no', message: 'already exists' }]);
  if (n.seq !== last + 1) {
    throw new FolioError('rule_violation', `Invoice number ${given} would leave a gap after ${formatNumber(kind, n.year, last)}`, [
      { field: 'invoice_no', message: 'is not the next number of the block' },
    ]);
  }
  await raiseCounter.run(trx, { block_id: blockId, year: n.year, kind, last_no: n.seq });
  return n;
}

export interface Numbers {
  number_kind: NumberKind | null;
  number_year: number | null;
  number_seq: number | null;
  invoice_no: string | null;
}

const NO_NUMBER: Numbers = Object.freeze({ number_kind: null, number_year: null, number_seq: null, invoice_no: null });

/**
 * The numbers of a new document of `type` in a block, in this transaction. A draft takes none. A block owned by a
 * device (sync) takes numbers only from that device: it issues them offline and brings them with the invoice (`given`).
 */
export async function numbersFor(
  trx: WriteTx,
  type: number,
  blockId: number,
  date: string,
  given?: string,
  knownOwner?: string,
  takeAtInsert = false,
): Promise<Numbers> {
  const kind = numberKindOf(type);
  if (!kind) return NO_NUMBER;
  const owner = knownOwner ?? (await blockOwner.get(trx, { id: blockId }))?.owner ?? 'local';
  if (given !== undefined) {
    if (owner === 'local' || owner !== currentOrigin()) {
      throw rule('invoice_no is accepted only from the device that owns the invoice block', 'invoice_no');
    }
    const { year, seq } = await acceptNumber(trx, blockId, kind, given);
    if (year !== yearOf(date)) throw rule('the year of invoice_no must be the year of its date', 'invoice_no');
    return { number_kind: kind, number_year: year, number_seq: seq, invoice_no: formatNumber(kind, year, seq) };
  }
  if (owner !== 'local') throw rule('This invoice block belongs to another device; issue invoices in a block of your own', 'block_uid');
  const year = yearOf(date);
  // the row's insert takes it (insertNumbered), in the same transaction
  if (takeAtInsert) return { number_kind: kind, number_year: year, number_seq: null, invoice_no: null };
  const seq = await takeNumber(trx, blockId, year, kind);
  return { number_kind: kind, number_year: year, number_seq: seq, invoice_no: formatNumber(kind, year, seq) };
}

/**
 * The block a document that follows another (a cancelling invoice, the invoice generated from a proforma) is numbered
 * in: the original's block when this node numbers it, else this node's own block — so any device can cancel any
 * invoice, even one issued on a computer that is gone, without ever numbering in another device's sequence.
 */
export async function followUpBlock(trx: WriteTx, originalBlockId: number): Promise<{ id: number; prefix: string | null }> {
  if (((await blockOwner.get(trx, { id: originalBlockId }))?.owner ?? 'local') === 'local') return { id: originalBlockId, prefix: null };
  const own = await firstOwnBlock.get(trx, {});
  if (!own) throw rule('This computer has no invoice block of its own to number the new document in', 'block_uid');
  return own;
}

// ---- The remote's side of sync: numbers devices bring ----

export interface LegacyNumbers {
  kind: NumberKind;
  year: number;
  last_no: number;
}

/**
 * A device joining brings the numbers it issued in ITS default block before sync; they keep their numbers in the
 * remote's block 0 only for a (year, kind) in which the remote numbered nothing there. Answers the colliding series;
 * with none, reserves them all (a claim, and the counter moved past them) in this transaction.
 */
export async function claimLegacyNumbers(trx: WriteTx, device: string, legacy: LegacyNumbers[], now: string): Promise<string[]> {
  const collisions: string[] = [];
  for (const l of legacy) {
    const last = await lastNumber(trx, 0, l.year, l.kind);
    const claim = await trx.selectFrom('sync_claims').select('device').where('block_id', '=', 0).where('kind', '=', l.kind).where('year', '=', l.year).executeTakeFirst();
    if (last > 0 || claim) {
      collisions.push(
        `${l.year}: the remote already has ${formatNumber(l.kind, l.year, 1)} … ${formatNumber(l.kind, l.year, Math.max(last, 1))}, ` +
          `this computer has ${formatNumber(l.kind, l.year, 1)} … ${formatNumber(l.kind, l.year, l.last_no)}`,
      );
    }
  }
  if (collisions.length) return collisions;
  for (const l of legacy) {
    await trx.insertInto('sync_claims').values({ block_id: 0, kind: l.kind, year: l.year, device, upto: l.last_no, created_at: now }).execute();
    await raiseCounter.run(trx, { block_id: 0, year: l.year, kind: l.kind, last_no: l.last_no });
  }
  return [];
}

export async function claimsOf(trx: WriteTx, device: string) {
  return trx.selectFrom('sync_claims').select(['kind', 'year', 'upto']).where('device', '=', device).orderBy('year').execute();
}

/**
 * Whether a device may store an invoice under a number in a block: in a block it owns, only the next number; in
 * another block, only a number it reserved when it joined. Answers why not, or null. Writes nothing: the counter
 * moves with `notePushedNumber` once the invoice is stored.
 */
export async function pushedNumberProblem(
  trx: WriteTx,
  device: string,
  block: { id: number; owner: string; prefix: string; name: string },
  kind: NumberKind,
  n: { year: number; seq: number },
  /** the counter as the caller knows it (a push storing several records in one go), instead of reading it */
  knownLast?: number,
): Promise<string | null> {
  if (block.owner === device) {
    const last = knownLast ?? (await lastNumber(trx, block.id, n.year, kind));
    if (n.seq === last + 1) return null;
    return `${formatNumber(kind, n.year, n.seq)} is not the next number of block "${block.prefix}" on the remote (the last is ${formatNumber(kind, n.year, last)})`;
  }
  const claim = await trx.selectFrom('sync_claims').selectAll().where('block_id', '=', block.id).where('kind', '=', kind).where('year', '=', n.year).executeTakeFirst();
  if (!claim || claim.device !== device || n.seq > claim.upto) {
    return `Block "${block.prefix || block.name}" does not belong to this device, so it cannot bring numbers into it`;
  }
  return null;
}

/** A pushed invoice was stored under its number: the block's counter is there now (claimed numbers already are). */
export async function notePushedNumber(trx: WriteTx, blockId: number, kind: NumberKind, n: { year: number; seq: number }): Promise<void> {
  await raiseCounter.run(trx, { block_id: blockId, year: n.year, kind, last_no: n.seq });
}
