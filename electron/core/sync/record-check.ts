// Whether an invoice record another node sends is a document this core would have issued itself: the one check of
// a record, used by the remote storing what a device pushes and by a device applying what it pulls. A peer is
// trusted with nothing: its number, its lines' amounts, its totals, its state and its links are each checked
// against the core's own rules (the pricing of shared/totals.ts, the numbering rules, the links of ./links.ts).
// Each problem is a sentence a person can act on; a record with any problem is stored not at all.
import { invoiceRecord, type InvoiceRecord } from '../../../shared/contract/sync';
import { yearOf } from '../../../shared/dates';
import { INVOICE_STATUS, INVOICE_TYPE, numberKindOf, statusForPaid } from '../../../shared/invoice-codes';
import { DecimalError, milliToString, parseDecimal, toMilli } from '../../../shared/money';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import { findVatCode } from '../../../shared/reference/vat-codes';
import { AmountRangeError, computeLine, computeTotals, ROUND_TO_VALUES, type LineAmounts } from '../../../shared/totals';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { parseNumber } from './invoice-record';

const milli = (amount: string) => toMilli(parseDecimal(amount));
const sameDecimal = (a: string, b: string) => parseDecimal(a).eq(parseDecimal(b));
/** Rates (exchange and VAT) carry more decimals than amounts. */
const sameRate = (a: string, b: string) => parseDecimal(a, 20).eq(parseDecimal(b, 20));

/**
 * Every number of a record parsed as the core parses its own (at most 10^12, at most 3 decimals for amounts,
 * quantities and prices): the form the contract checks lets through numbers the pricing cannot take, and those are
 * the peer's mistake to hear about, not a failure of the remote.
 */
function numberProblems(r: InvoiceRecord): string[] {
  const problems: string[] = [];
  const check = (at: string, value: string, maxDecimals = 3) => {
    try {
      parseDecimal(value, maxDecimals);
    } catch (e) {
      if (!(e instanceof DecimalError)) throw e;
      problems.push(`${r.invoice_no}, ${at} ${value}: ${e.message}`);
    }
  };
  for (const field of ['net_total', 'vat_total', 'gross_total', 'rounding', 'total', 'total_paid'] as const) check(field, r[field]);
  check('exchange_rate', r.exchange_rate, 20);
  r.items.forEach((item, index) => {
    const at = `line ${index + 1}:`;
    for (const field of ['qty', 'net_unit_price', 'net_amount', 'vat_amount', 'gross_amount'] as const) check(`${at} ${field}`, item[field]);
    if (item.gross_unit_price !== null) check(`${at} gross_unit_price`, item.gross_unit_price);
    check(`${at} vat_rate`, item.vat_rate, 6);
  });
  r.payments.forEach((p, index) => check(`payment ${index + 1}: amount`, p.amount));
  return problems;
}

/** The problems of a record on its own (no database needed): number, lines, totals, payments and state. */
export function recordProblems(r: InvoiceRecord): string[] {
  const no = r.invoice_no;
  const unreadable = numberProblems(r);
  if (unreadable.length) return unreadable;
  const problems: string[] = [];
  const n = parseNumber(r);
  if (!n) problems.push(`invoice_no ${no} is not a ${numberKindOf(r.type) ?? 'invoice'} number`);
  else if (n.year !== yearOf(r.date)) problems.push(`the year of ${no} is not the year of its date ${r.date}`);
  if (!findPaymentMethod(r.payment_method)) problems.push(`${no}: payment method ${r.payment_method} does not exist`);
  if (!(ROUND_TO_VALUES as readonly number[]).includes(r.round_to)) problems.push(`${no}: round_to must be 0, 1, 5 or 10`);
  problems.push(...linkShapeProblems(r));

  const priced: Array<{ vatId: string; vatRate: string; amounts: LineAmounts }> = [];
  r.items.forEach((item, index) => {
    const at = `${no}, line ${index + 1}`;
    const vat = findVatCode(item.vat_id);
    if (!vat) return problems.push(`${at}: VAT code ${item.vat_id} does not exist`);
    if (!sameRate(vat.value, item.vat_rate)) return problems.push(`${at}: the VAT rate ${item.vat_rate} is not the rate of VAT code ${vat.id}`);
    if (item.advance_invoice_uid) {
      // A deduction line repeats its advance's amounts for one VAT code (negated), summed as the advance's lines were
      // priced, so its VAT is not re-priced from the net: the remote compares it with the advance itself
      // (chain-links.ts advanceVerdict). What the line alone must be: one unit of its price, and net + VAT = gross.
      const net = milli(item.net_amount);
      const qtyOk = sameDecimal(item.qty, '-1') || sameDecimal(item.qty, '1');
      if (!qtyOk || milli(item.net_unit_price) * Math.sign(Number(item.qty)) !== net || net + milli(item.vat_amount) !== milli(item.gross_amount)) {
        return problems.push(`${at}: a deduction line is one unit of the advance's net amount, with net + VAT = gross`);
      }
      priced.push({ vatId: vat.id, vatRate: vat.value, amounts: { netUnitPrice: item.net_unit_price, net, vat: milli(item.vat_amount), gross: milli(item.gross_amount) } });
      return;
    }
    let amounts: LineAmounts;
    try {
      const price = item.gross_unit_price !== null ? { grossUnitPrice: item.gross_unit_price } : { netUnitPrice: item.net_unit_price };
      amounts = computeLine({ qty: item.qty, vatRate: vat.value, vatId: vat.id, ...price }, r.currency);
    } catch (e) {
      if (e instanceof AmountRangeError) return problems.push(`${at}: ${e.message}`);
      throw e;
    }
    if (amounts.net !== milli(item.net_amount) || amounts.vat !== milli(item.vat_amount) || amounts.gross !== milli(item.gross_amount)) {
      return problems.push(`${at}: its amounts are not quantity × unit price with its VAT (Folio computes ${milliToString(amounts.net)} + ${milliToString(amounts.vat)} = ${milliToString(amounts.gross)})`);
    }
    // a gross-priced line prints the net unit price its gross price gives; it is derived, so it must be that one
    if (item.gross_unit_price !== null && !sameDecimal(item.net_unit_price, amounts.netUnitPrice)) {
      return problems.push(`${at}: its net unit price ${item.net_unit_price} is not the one its gross unit price gives (${amounts.netUnitPrice})`);
    }
    priced.push({ vatId: vat.id, vatRate: vat.value, amounts });
  });
  if (priced.length === r.items.length && (ROUND_TO_VALUES as readonly number[]).includes(r.round_to)) {
    try {
      const t = computeTotals(priced, r.round_to);
      const given = [milli(r.net_total), milli(r.vat_total), milli(r.gross_total), milli(r.rounding), milli(r.total)];
      if ([t.net, t.vat, t.gross, t.rounding, t.total].some((v, k) => v !== given[k])) problems.push(`the totals of ${no} are not the sums of its lines`);
    } catch (e) {
      if (!(e instanceof AmountRangeError)) throw e;
      problems.push(`${no}: ${e.message}`);
    }
  }
  problems.push(...stateProblems(r));
  return problems;
}

/** A record's state follows from its payments; it is never taken as sent. */
function stateProblems(r: InvoiceRecord): string[] {
  const no = r.invoice_no;
  const total = milli(r.total);
  const paid = r.payments.reduce((s, p) => s + milli(p.amount), 0);
  if (r.is_cancel_invoice) {
    // A cancelling invoice is settled by what it cancels: paid, for its whole total, with no payments. Its total is
    // the negated total of what it cancels (mirrorProblem), so its sign is not its own: the core issues invoices
    // whose discount is above their lines (a negative total), and their cancellation has a positive one.
    if (r.payments.length || r.status !== INVOICE_STATUS.paid || milli(r.total_paid) !== total) return [`${no}: a cancelling invoice is paid by its own total and has no payments`];
    return [];
  }
  if (settledByOriginal(r)) {
    // A modification of a Folio invoice is settled through its original (whose current total it moves), the same way
    if (r.payments.length || r.status !== INVOICE_STATUS.paid || milli(r.total_paid) !== total) return [`${no}: a modifying invoice is settled through its original: paid by its own total, with no payments`];
    return [];
  }
  const problems: string[] = [];
  // a receipt is settled on the spot: it is issued paid (./invoices/seal.ts recordAdvancePayment)
  if (r.type === INVOICE_TYPE.receipt && total > 0 && r.status !== INVOICE_STATUS.paid) problems.push(`${no}: a receipt is issued paid`);
  if (r.payments.some((p) => milli(p.amount) <= 0)) problems.push(`${no}: a payment must be more than zero`);
  // A Folio invoice that can be modified is owed as its chain stands (its current total, which the record does not
  // carry: its modifications travel as their own records), so its payments may be more than its own total. Any other
  // document is owed its own total.
  const modifiable = r.type === INVOICE_TYPE.invoice && (r.modification_index === null || r.modification_index === undefined);
  if (!modifiable && paid > Math.max(total, 0)) problems.push(`${no}: its payments are more than its total`);
  if (paid !== milli(r.total_paid)) problems.push(`${no}: total_paid is not the sum of its payments`);
  else if (r.status !== statusForPaid(paid, total)) problems.push(`${no}: its status is not the one its payments give`);
  if (r.payments.some((p) => !findPaymentMethod(p.payment_method))) problems.push(`${no}: a payment names a payment method that does not exist`);
  return problems;
}

function linkShapeProblems(r: InvoiceRecord): string[] {
  const no = r.invoice_no;
  const problems: string[] = [];
  // a receipt is cancelled by a cancelling receipt, an invoice by a cancelling invoice
  if (r.is_cancel_invoice && ((r.type !== INVOICE_TYPE.invoice && r.type !== INVOICE_TYPE.receipt) || r.cancels_uid === null)) problems.push(`${no}: a cancelling invoice must name the invoice it cancels`);
  if (r.type === INVOICE_TYPE.receipt && (r.modification_index ?? null) !== null && !r.is_cancel_invoice) problems.push(`${no}: a receipt is not modified`);
  if (!r.is_cancel_invoice && r.cancels_uid !== null) problems.push(`${no}: only a cancelling invoice may cancel another`);
  if (r.proforma_uid !== null && (r.type !== INVOICE_TYPE.invoice || r.is_cancel_invoice)) problems.push(`${no}: only a normal invoice may be generated from a proforma`);
  problems.push(...chainShapeProblems(r));
  return problems;
}

/** Whether a record is a modification of a Folio invoice, settled through that invoice. */
export function settledByOriginal(r: { is_cancel_invoice: number; modifies_uid?: number | null | undefined }): boolean {
  return !r.is_cancel_invoice && r.modifies_uid !== null && r.modifies_uid !== undefined;
}

/** The Hungarian document set's fields, on their own: a chain member names its original and index, nothing else does. */
function chainShapeProblems(r: InvoiceRecord): string[] {
  const no = r.invoice_no;
  const problems: string[] = [];
  const member = r.modification_index !== null && r.modification_index !== undefined;
  const modifies = r.modifies_uid !== null && r.modifies_uid !== undefined;
  const external = r.external_original !== null && r.external_original !== undefined;
  if (member !== Boolean(r.original)) problems.push(`${no}: a chain member names its original's number and date and its modification index, together`);
  if (modifies && (r.type !== INVOICE_TYPE.invoice || r.is_cancel_invoice || !member)) problems.push(`${no}: only a modifying invoice (with its modification index) may modify another`);
  if (member && !r.is_cancel_invoice && !(r.modification_reason ?? '').trim()) problems.push(`${no}: a modifying invoice gives its reason`);
  if (member && !r.is_cancel_invoice && !modifies && !external) problems.push(`${no}: a modifying invoice names its original: a Folio invoice (modifies_uid) or the previous program's (external_original)`);
  if (external) {
    if (modifies || r.is_cancel_invoice || !member) problems.push(`${no}: only a modification of an invoice Folio did not issue carries external_original`);
    let given: unknown;
    try {
      given = JSON.parse(r.external_original!);
    } catch {
      given = null;
    }
    const o = given as { invoice_no?: unknown; date?: unknown } | null;
    if (!o || typeof o !== 'object' || o.invoice_no !== r.original?.invoice_no || o.date !== r.original?.date) {
      problems.push(`${no}: external_original must be the original's data as a JSON object, with the number and date the record names`);
    }
  }
  if (r.items.some((i) => i.modifies_line !== null && i.modifies_line !== undefined) && (!member || r.is_cancel_invoice)) {
    problems.push(`${no}: only a modifying invoice has lines that change the original's lines`);
  }
  if (r.is_advance && r.items.some((i) => i.advance_invoice_uid) && !r.is_cancel_invoice) problems.push(`${no}: an advance invoice does not deduct other advances`);
  return problems;
}

export interface ChainMember {
  row: InvoiceRow;
  items: InvoiceItemRow[];
}

/**
 * Whether a cancelling record mirrors the stored invoice it names: the same client, currency and rate, every line
 * and total negated. A storno that does not reverse exactly what it names would leave wrong books behind. A modified
 * invoice is reversed as it stood when it was cancelled: its lines, then its modifications' (`modifications`, in
 * chain order) — all of them or the first few (a modification another device issued meanwhile is not part of it).
 */
export function mirrorProblem(r: InvoiceRecord, original: InvoiceRow, originalItems: InvoiceItemRow[], modifications: ChainMember[] = []): string | null {
  const no = r.invoice_no;
  if ((original.type !== INVOICE_TYPE.invoice && original.type !== INVOICE_TYPE.receipt) || original.is_cancel_invoice) return `${no} cancels ${original.invoice_no}, which is not a normal invoice`;
  if (original.type !== r.type) return `${no} cancels ${original.invoice_no}: a receipt is cancelled by a cancelling receipt, an invoice by a cancelling invoice`;
  if (original.modifies_id !== null) return `${no} cancels ${original.invoice_no}, a modifying invoice: only its original is cancelled`;
  if (original.client_id !== r.client_uid) return `${no} cancels ${original.invoice_no} of another client`;
  if (original.currency !== r.currency || !sameRate(original.exchange_rate, r.exchange_rate)) return `${no} cancels ${original.invoice_no} in another currency or at another rate`;
  let problem: string | null = null;
  for (let k = 0; k <= modifications.length; k++) {
    const members = modifications.slice(0, k);
    problem = mirrorOf(r, original, [...originalItems, ...members.flatMap((m) => m.items)], members.map((m) => m.row));
    if (!problem) return null;
  }
  return problem;
}

function mirrorOf(r: InvoiceRecord, original: InvoiceRow, originalItems: InvoiceItemRow[], members: InvoiceRow[]): string | null {
  const no = r.invoice_no;
  const sum = (pick: (x: InvoiceRow) => number) => [original, ...members].reduce((s, x) => s + pick(x), 0);
  if (milli(r.total) !== -sum((x) => x.total_milli) || milli(r.vat_total) !== -sum((x) => x.vat_milli)) return `${no} does not reverse the totals of ${original.invoice_no}`;
  const mirrors =
    originalItems.length === r.items.length &&
    originalItems.every((o, i) => {
      const c = r.items[i]!;
      return (
        c.description === o.description &&
        c.vat_id === o.vat_id &&
        sameDecimal(c.qty, parseDecimal(o.qty).times(-1).toFixed()) &&
        milli(c.net_amount) === -o.net_milli &&
        milli(c.vat_amount) === -o.vat_milli &&
        milli(c.gross_amount) === -o.gross_milli
      );
    });
  return mirrors ? null : `${no}: its lines are not the negated lines of ${original.invoice_no}`;
}

/** Whether an invoice record may come from the stored proforma it names: the same client, currency and lines. */
export function generatedProblem(r: InvoiceRecord, proforma: InvoiceRow, proformaItems: InvoiceItemRow[]): string | null {
  const no = r.invoice_no;
  if (proforma.type !== INVOICE_TYPE.proforma) return `${no} names ${proforma.invoice_no} as its proforma, which is not a proforma`;
  if (proforma.client_id !== r.client_uid) return `${no} names a proforma of another client`;
  if (proforma.currency !== r.currency || milli(r.total) !== proforma.total_milli) return `${no} does not bill what its proforma ${proforma.invoice_no} asked for`;
  const same =
    proformaItems.length === r.items.length &&
    proformaItems.every((o, i) => {
      const c = r.items[i]!;
      return c.description === o.description && c.vat_id === o.vat_id && sameDecimal(c.qty, o.qty) && milli(c.gross_amount) === o.gross_milli;
    });
  return same ? null : `${no}: its lines are not the lines of its proforma ${proforma.invoice_no}`;
}

/**
 * A record as it arrives from elsewhere, not yet parsed (a device pulling the remote's feed): its form by the
 * contract's schema (snapshots and bounds included), then its content by `recordProblems`.
 */
export function checkArrivedRecord(raw: unknown): { record: InvoiceRecord | null; problems: string[] } {
  const parsed = invoiceRecord.safeParse(raw);
  if (!parsed.success) {
    const where = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'record');
    return { record: null, problems: parsed.error.issues.slice(0, 5).map((i) => `${where(i.path)}: ${i.message}`) };
  }
  return { record: parsed.data, problems: recordProblems(parsed.data) };
}

/** The words every device shows for one invoice cancelled twice while apart, with the way out. */
export function secondCancellation(original: string, one: string, other: string): string {
  return (
    `Invoice ${original} was cancelled twice, by ${one} and by ${other}. A numbered document cannot vanish, so both are ` +
    `kept and ${original} counts as cancelled once; to set the books right, issue a new invoice with the lines of ${original}.`
  );
}

/** The words every device shows for one proforma that two devices turned into an invoice while apart. */
export function secondGeneration(proforma: string, one: string, other: string): string {
  return (
    `Proforma ${proforma} was turned into an invoice twice, as ${one} and as ${other}. Both invoices are kept (a numbered ` +
    `document cannot vanish); if they bill the same twice, cancel ${other}.`
  );
}
