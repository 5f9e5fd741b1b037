// Advance and final invoices (előleg- és végszámla). An advance invoice is an ordinary invoice marked as one: VAT is
// due when the advance is received, so it is issued then. A final invoice names the advances it settles; Folio adds a
// deduction line per VAT code of each advance — that advance's own amounts, negated, so every rate nets exactly — and
// the payable total is what is left. An advance is deducted once, and never once cancelled (docs/document-set.md).
import { FolioError, type FieldError } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { fromMilli } from '../../../shared/money';
import { prepareStatement } from '../../db/prepared';
import type { WriteTx } from '../../db/types';
import type { ResolvedLine } from './lines';
import type { InvoiceRow } from '../../db/schema';
import { outstandingMilli } from './mapping';

const invoiceById = prepareStatement((db, p: { id: number }) => db.selectFrom('invoices').selectAll().where('id', '=', p.id));

const itemsOf = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', p.id).orderBy('position'),
);

/** An issued invoice, still standing, that deducts the advance (the final invoice being written excluded). */
const deductedBy = prepareStatement((db, p: { advance: number; self: number }) =>
  db
    .selectFrom('invoice_items as l')
    .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
    .select(['i.id', 'i.prefix', 'i.invoice_no'])
    .where('l.advance_invoice_id', '=', p.advance)
    .where('i.type', '=', INVOICE_TYPE.invoice)
    .where('i.is_cancel_invoice', '=', 0)
    .where('i.status', '!=', INVOICE_STATUS.cancelled)
    .where('i.id', '!=', p.self),
);

const DEDUCTION_WORDS: Record<string, string> = {
  hu: 'Előleg levonása',
  en: 'Advance deducted',
  de: 'Abzug Anzahlung',
  'hu-en': 'Előleg levonása / Advance deducted',
};

export interface FinalRequest {
  advance?: number | undefined;
  /** the kind being written: a draft may name an advance not yet received, an issued invoice only when told so */
  type?: number | undefined;
  deduct_unpaid_advances?: boolean | undefined;
  advance_invoice_uids?: number[] | undefined;
  client_uid: number;
  currency: string;
}

/** The deduction lines of a final invoice, numbered after its own `firstPosition` lines; refuses what NAV would. */
export async function deductionLines(trx: WriteTx, input: FinalRequest, firstPosition: number, lang: string, self = 0): Promise<ResolvedLine[]> {
  const ids = input.advance_invoice_uids ?? [];
  if (!ids.length) return [];
  const errors: FieldError[] = [];
  if (input.advance) errors.push({ field: 'advance', message: 'an advance invoice does not deduct other advances' });
  const lines: ResolvedLine[] = [];
  for (const [k, id] of ids.entries()) {
    const field = `advance_invoice_uids.${k}`;
    const problem = (message: string) => errors.push({ field, message });
    if (ids.indexOf(id) !== k) {
      problem('names the same advance twice');
      continue;
    }
    const advance = await invoiceById.get(trx, { id });
    if (!advance) {
      problem('no such invoice');
      continue;
    }
    const number = prefixedNumber(advance.prefix, advance.invoice_no) ?? String(id);
    const other = await deductedBy.get(trx, { advance: id, self });
    const refusal =
      advance.type !== INVOICE_TYPE.invoice || !advance.is_advance || advance.is_cancel_invoice
        ? `${number} is not an advance invoice`
        : advance.status === INVOICE_STATUS.cancelled
          ? `the advance invoice ${number} was cancelled`
          : other
            ? `the advance invoice ${number} is already deducted by ${prefixedNumber(other.prefix, other.invoice_no)}`
            : advance.client_id !== input.client_uid
              ? `the advance invoice ${number} is for another client`
              : advance.currency !== input.currency
                ? `the advance invoice ${number} is in ${advance.currency}, this invoice in ${input.currency}`
                : null;
    if (refusal) {
      problem(refusal);
      continue;
    }
    const unpaid = unpaidProblem(advance, number, input);
    if (unpaid) {
      problem(unpaid);
      continue;
    }
    const byVat = new Map<string, ResolvedLine>();
    for (const item of await itemsOf.all(trx, { id })) {
      const line = byVat.get(item.vat_id);
      if (line) {
        line.amounts = {
          ...line.amounts,
          net: line.amounts.net - item.net_milli,
          vat: line.amounts.vat - item.vat_milli,
          gross: line.amounts.gross - item.gross_milli,
        };
        continue;
      }
      byVat.set(item.vat_id, {
        position: 0,
        product_id: null,
        description: `${DEDUCTION_WORDS[lang] ?? DEDUCTION_WORDS.hu} (${number})`,
        qty: '-1',
        unit: '',
        net_unit_price: '0',
        gross_unit_price: null,
        vat_id: item.vat_id,
        vat_rate: item.vat_rate,
        entitlement: item.entitlement,
        item_comment: '',
        amounts: { netUnitPrice: '0', net: -item.net_milli, vat: -item.vat_milli, gross: -item.gross_milli },
        advance_invoice_id: id,
      });
    }
    for (const line of byVat.values()) {
      // one of the advance: −1 × its net amount, so quantity × price gives the line's net as NAV checks it
      const price = fromMilli(-line.amounts.net).toFixed();
      lines.push({ ...line, net_unit_price: price, amounts: { ...line.amounts, netUnitPrice: price } });
    }
  }
  if (errors.length) {
    throw new FolioError('rule_violation', `The advances cannot be deducted: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
  }
  return lines.map((l, k) => ({ ...l, position: firstPosition + k }));
}

/**
 * An advance invoice is deducted for what was received on it (its VAT fell due then). One not received in full is
 * refused at issue unless the caller confirms it (`deduct_unpaid_advances`) after telling the user the consequence:
 * what was not received stays owed on the advance invoice itself, and the final invoice does not ask for it.
 */
function unpaidProblem(advance: InvoiceRow, number: string, input: FinalRequest): string | null {
  if (input.type === INVOICE_TYPE.draft || input.deduct_unpaid_advances) return null;
  const owed = outstandingMilli(advance);
  if (owed <= 0) return null;
  const money = (milli: number) => fromMilli(milli).toFixed();
  return (
    `the advance invoice ${number} is not received in full (received ${money(advance.total_paid_milli)} of ${money(advance.total_milli)} ${advance.currency}): ` +
    `record its payment first, or deduct it anyway (deduct_unpaid_advances) and the ${money(owed)} ${advance.currency} not received stays owed on the advance invoice`
  );
}
