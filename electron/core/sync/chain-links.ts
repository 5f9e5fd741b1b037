// The links of the Hungarian document set checked against what a node stores: the original a modifying record names,
// the members of a chain a storno reverses, and the advances a final invoice deducts. The remote checks what a device
// pushes here, and a device what it pulls: a link is taken only to a document the node has, of the same client and
// currency, and a deduction only as the advance's own amounts. Ids are the checking node's.
import type { InvoiceRecord } from '../../../shared/contract/sync';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { parseDecimal, toMilli } from '../../../shared/money';
import type { Db } from '../../db/types';
import { chainOf } from '../invoices/chain';
import type { ChainMember } from './record-check';

const milli = (amount: string) => toMilli(parseDecimal(amount));

export interface LinkVerdict {
  /** the record is not stored */
  problem?: string;
  /** stored, and the user is told (a link that cannot be what it says, e.g. a modification of a cancelled invoice) */
  warning?: string;
}

/** The modifying invoices of an original as stored, in chain order, with their lines (what a storno reverses). */
export async function modificationsOf(db: Db, originalId: number): Promise<ChainMember[]> {
  const rows = await db
    .selectFrom('invoices')
    .selectAll()
    .where('modifies_id', '=', originalId)
    .where('is_cancel_invoice', '=', 0)
    .where('sealed', '=', 1)
    .orderBy('modification_index', (ob) => ob.asc().nullsFirst())
    .orderBy('id')
    .execute();
  if (!rows.length) return [];
  const items = await db.selectFrom('invoice_items').selectAll().where('invoice_id', 'in', rows.map((r) => r.id)).orderBy('position').execute();
  return rows.map((row) => ({ row, items: items.filter((i) => i.invoice_id === row.id) }));
}

/** Whether a modifying record fits the stored original it names (`r.modifies_uid`). */
export async function modificationVerdict(db: Db, r: InvoiceRecord): Promise<LinkVerdict> {
  const no = prefixedNumber(r.prefix, r.invoice_no) ?? r.invoice_no;
  const original = await db.selectFrom('invoices').selectAll().where('id', '=', r.modifies_uid!).executeTakeFirst();
  if (!original) return { problem: `The invoice ${no} modifies is not here` };
  const label = prefixedNumber(original.prefix, original.invoice_no) ?? String(original.id);
  if (original.type !== INVOICE_TYPE.invoice || original.is_cancel_invoice || original.modification_index !== null) {
    return { problem: `${no} modifies ${label}, which is not an original invoice` };
  }
  if (original.client_id !== r.client_uid || original.currency !== r.currency) return { problem: `${no} modifies ${label} of another client or currency` };
  if (r.original?.invoice_no !== label || r.original?.date !== original.date) return { problem: `${no} names its original as ${r.original?.invoice_no} of ${r.original?.date}, not as ${label} of ${original.date}` };
  const chain = await chainOf(db, original.id);
  const beyond = r.items.findIndex((i) => (i.modifies_line ?? 0) > chain.lineCount);
  if (beyond >= 0) return { problem: `${no}, line ${beyond + 1}: ${label} has no line ${r.items[beyond]!.modifies_line} (it has ${chain.lineCount})` };
  // A numbered document is never refused for what happened elsewhere meanwhile; it is stored and the user is told.
  if (original.status === INVOICE_STATUS.cancelled) return { warning: `${no} modifies ${label}, which was cancelled elsewhere meanwhile: its cancellation does not reverse ${no}` };
  if (r.modification_index! <= chain.lastIndex) {
    return { warning: `${no} takes modification index ${r.modification_index} of ${label}, which another document of its chain already has (issued elsewhere meanwhile)` };
  }
  return {};
}

/**
 * Whether the deduction lines of a record are its advances' own amounts, negated, per VAT code: each advance stored
 * here, an advance invoice of the same client and currency. A storno of a final invoice mirrors its lines (checked
 * by mirrorProblem), so only that the advances exist is asked of it.
 */
export async function advanceVerdict(db: Db, r: InvoiceRecord): Promise<LinkVerdict> {
  const no = prefixedNumber(r.prefix, r.invoice_no) ?? r.invoice_no;
  const ids = [...new Set(r.items.map((i) => i.advance_invoice_uid).filter((x): x is number => typeof x === 'number'))];
  if (!ids.length) return {};
  const advances = await db.selectFrom('invoices').selectAll().where('id', 'in', ids).execute();
  const items = await db.selectFrom('invoice_items').selectAll().where('invoice_id', 'in', ids).execute();
  for (const id of ids) {
    const advance = advances.find((a) => a.id === id);
    if (!advance) return { problem: `An advance invoice ${no} deducts is not here` };
    if (r.is_cancel_invoice) continue;
    const label = prefixedNumber(advance.prefix, advance.invoice_no) ?? String(id);
    if (advance.type !== INVOICE_TYPE.invoice || !advance.is_advance || advance.is_cancel_invoice) return { problem: `${no} deducts ${label}, which is not an advance invoice` };
    if (advance.client_id !== r.client_uid || advance.currency !== r.currency) return { problem: `${no} deducts ${label} of another client or currency` };
    const want = new Map<string, { net: number; vat: number; gross: number }>();
    for (const i of items.filter((x) => x.invoice_id === id)) {
      const s = want.get(i.vat_id) ?? { net: 0, vat: 0, gross: 0 };
      want.set(i.vat_id, { net: s.net - i.net_milli, vat: s.vat - i.vat_milli, gross: s.gross - i.gross_milli });
    }
    const lines = r.items.filter((i) => i.advance_invoice_uid === id);
    const same =
      lines.length === want.size &&
      lines.every((l) => {
        const w = want.get(l.vat_id);
        return w !== undefined && w.net === milli(l.net_amount) && w.vat === milli(l.vat_amount) && w.gross === milli(l.gross_amount);
      });
    if (!same) return { problem: `${no}: its deduction of ${label} is not that advance's amounts, negated, per VAT rate` };
  }
  return {};
}
