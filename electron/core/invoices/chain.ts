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

/** A chain's original: a Folio invoice by id, or one of the previous program by its number and line count. */
export type ChainOriginal = { id: number } | { invoiceNo: string; lines: number; lastKnownIndex?: number };

/**
 * The state of a chain: of all its sealed members, or, with `beforeIndex`, as it stood before its member of that index
 * (what NAV holds when that member is reported in order: its new lines are numbered after `lineCount`).
 */
export async function chainState(db: Db, original: ChainOriginal, beforeIndex?: number): Promise<ChainState> {
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
    .where('m.sealed', '=', 1);
  // a storno issued before chains were tracked counts as index 1
  if (beforeIndex !== undefined) members = members.where((eb) => eb(eb.fn.coalesce('m.modification_index', eb.lit(1)), '<', beforeIndex));
  let originalLines: number;
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
  const lastKnown = 'id' in original ? 0 : (original.lastKnownIndex ?? 0);
  return stateOf(originalLines, rows.map((m) => ({ ...m, new_lines: Number(m.new_lines ?? 0) })), lastKnown);
}

/** The chain of a Folio invoice: its modifying and cancelling invoices. */
export const chainOf = (db: Db, originalId: number): Promise<ChainState> => chainState(db, { id: originalId });

/** The chain of an invoice the previous program issued, known by its number: the modifications Folio issued of it. */
export const externalChainOf = (db: Db, invoiceNo: string, lines: number, lastKnownIndex: number): Promise<ChainState> =>
  chainState(db, { invoiceNo, lines, lastKnownIndex });

/** Whether an issued invoice can take a modifying invoice; each refusal names the field to look at. */
export function modifiableProblems(original: InvoiceRow): FieldError[] {
  const problem = (message: string): FieldError[] => [{ field: 'id', message }];
  if (original.type === INVOICE_TYPE.draft) return problem('a draft is not modified: edit it');
  if (original.type === INVOICE_TYPE.proforma) return problem('a proforma is not a tax document: it is not modified');
  if (original.type === INVOICE_TYPE.receipt) return problem('a receipt is not modified: cancel it and issue a new one');
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
