// An invoice chain as NAV sees it: an original, then its modifying invoices and at most one cancelling invoice, each
// with the next modification index, each new line numbered after every line the chain already has. Since
// 15 September 2025 NAV refuses a chain out of sequence, so Folio derives the index and the line numbers here, from
// what it stores, and checks a new member against them before it is numbered (docs/document-set.md).
import { FolioError, type FieldError } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';

export interface ChainState {
  /** the index the last member took (0: the original stands alone) */
  lastIndex: number;
  /** how many lines the chain has: the original's and every new line its members added */
  lineCount: number;
}

interface Member {
  modification_index: number | null;
  is_cancel_invoice: number;
  new_lines: number;
}

function stateOf(originalLines: number, members: Member[], lastKnownIndex = 0): ChainState {
  let lastIndex = lastKnownIndex;
  let lineCount = originalLines;
  for (const m of members) {
    // A storno issued before chains were tracked carries no index: it was reported as the first modification.
    lastIndex = Math.max(lastIndex, m.modification_index ?? 1);
    lineCount += m.new_lines;
  }
  return { lastIndex, lineCount };
}

/** The chain of a Folio invoice: its modifying and cancelling invoices. */
export async function chainOf(db: Db, originalId: number): Promise<ChainState> {
  const original = await db
    .selectFrom('invoice_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invoice_id', '=', originalId)
    .executeTakeFirstOrThrow();
  const members = await db
    .selectFrom('invoices as m')
    .select(['m.modification_index', 'm.is_cancel_invoice'])
    .select((eb) =>
      eb
        .selectFrom('invoice_items as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.invoice_id', '=', 'm.id')
        .where('l.modifies_line', 'is', null)
        .as('new_lines'),
    )
    .where((eb) => eb.or([eb('m.modifies_id', '=', originalId), eb.and([eb('m.cancels_id', '=', originalId), eb('m.is_cancel_invoice', '=', 1)])]))
    .where('m.sealed', '=', 1)
    .orderBy('m.id')
    .execute();
  return stateOf(Number(original.n), members.map((m) => ({ ...m, new_lines: Number(m.new_lines ?? 0) })));
}

/** The chain of an invoice the previous program issued, known by its number: the modifications Folio issued of it. */
export async function externalChainOf(db: Db, invoiceNo: string, originalLines: number, lastKnownIndex: number): Promise<ChainState> {
  const members = await db
    .selectFrom('invoices as m')
    .select(['m.modification_index', 'm.is_cancel_invoice'])
    .select((eb) =>
      eb
        .selectFrom('invoice_items as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.invoice_id', '=', 'm.id')
        .where('l.modifies_line', 'is', null)
        .as('new_lines'),
    )
    .where('m.original_invoice_no', '=', invoiceNo)
    .where('m.modifies_id', 'is', null)
    .where('m.sealed', '=', 1)
    .orderBy('m.modification_index')
    .execute();
  return stateOf(originalLines, members.map((m) => ({ ...m, new_lines: Number(m.new_lines ?? 0) })), lastKnownIndex);
}

/** Whether an issued invoice can take a modifying invoice; each refusal names the field to look at. */
export function modifiableProblems(original: InvoiceRow): FieldError[] {
  const problem = (message: string): FieldError[] => [{ field: 'id', message }];
  if (original.type === INVOICE_TYPE.draft) return problem('a draft is not modified: edit it');
  if (original.type === INVOICE_TYPE.proforma) return problem('a proforma is not a tax document: it is not modified');
  if (original.is_cancel_invoice) return problem('a cancelling invoice is not modified');
  if (original.modification_index !== null) return problem('a modifying invoice is not modified itself: modify its original');
  if (original.status === INVOICE_STATUS.cancelled) return problem('a cancelled invoice cannot be modified (NAV refuses it)');
  return [];
}

/** The lines a modification names must be lines the chain has. */
export function lineReferenceProblems(items: Array<{ modifies_line?: number | undefined }>, chain: ChainState): FieldError[] {
  const errors: FieldError[] = [];
  items.forEach((item, i) => {
    if (item.modifies_line !== undefined && item.modifies_line > chain.lineCount) {
      errors.push({ field: `items.${i}.modifies_line`, message: `the invoice has no line ${item.modifies_line} (it has ${chain.lineCount})` });
    }
  });
  return errors;
}

export function refuse(errors: FieldError[], what: string): void {
  if (!errors.length) return;
  throw new FolioError('rule_violation', `${what}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
}

/**
 * The chain as it stood before its member with modification index `index` (a STORNO issued before chains were
 * tracked counts as index 1): what NAV holds when that member is reported in order — its new lines are numbered
 * after `lineCount`. A Folio original is given by id; one of the previous program by number and line count.
 */
export async function chainBefore(
  db: Db,
  original: { id: number } | { invoiceNo: string; lines: number },
  index: number,
): Promise<ChainState> {
  let originalLines: number;
  let members = db
    .selectFrom('invoices as m')
    .select(['m.modification_index', 'm.is_cancel_invoice'])
    .select((eb) =>
      eb
        .selectFrom('invoice_items as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.invoice_id', '=', 'm.id')
        .where('l.modifies_line', 'is', null)
        .as('new_lines'),
    )
    .where('m.sealed', '=', 1)
    .where((eb) => eb(eb.fn.coalesce('m.modification_index', eb.lit(1)), '<', index));
  if ('id' in original) {
    const counted = await db
      .selectFrom('invoice_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invoice_id', '=', original.id)
      .executeTakeFirstOrThrow();
    originalLines = Number(counted.n);
    members = members.where((eb) =>
      eb.or([eb('m.modifies_id', '=', original.id), eb.and([eb('m.cancels_id', '=', original.id), eb('m.is_cancel_invoice', '=', 1)])]),
    );
  } else {
    originalLines = original.lines;
    members = members.where('m.original_invoice_no', '=', original.invoiceNo).where('m.modifies_id', 'is', null);
  }
  const rows = await members.orderBy('m.id').execute();
  return stateOf(originalLines, rows.map((m) => ({ ...m, new_lines: Number(m.new_lines ?? 0) })));
}
