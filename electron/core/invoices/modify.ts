// Modifying invoices (módosító számla): a numbered normal invoice that changes an issued one — a line's quantity or
// amount by a difference (a line naming `modifies_line`), or new lines — with a printed reason, the original's number
// and date, and the next modification index of the original's chain. It is settled through its original: the
// original's current total moves by the difference, and its payment state follows. Of a Folio invoice (`modify`) or
// of one the previous program issued (`modifyExternal`), which Folio knows only as the user gives it.
import type { ModificationItemInput, ModifyExternalInput, ModifyInput } from '../../../shared/contract/schemas';
import { FolioError, rule } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber, statusForPaid } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { clientSnapshotText } from '../clients/mapping';
import { nowStamp, today } from '../context';
import { sellerSnapshotFor, settingsForIssue } from '../settings/service';
import { chainOf, externalChainOf, lineReferenceProblems, modifiableProblems, refuse, type ChainState } from './chain';
import { legalCheck, assertLegal } from './legal/check';
import { resolveLines, totalsOf, type ResolvedLine } from './lines';
import { linkModification } from './links';
import { createdResponse } from './mapping';
import { followUpBlock, numbersFor } from './numbering';
import { invoiceRow } from './queries';
import { exchangeRate } from './request';
import { insertLines, seal } from './seal';
import { clientById, insertInvoice, type InvoiceValues } from './statements';
import type { InvoiceEnv } from './types';
import { contentOf, invoiceValues, lineValues, totalColumns } from './values';

/** The modification's lines priced in the original's currency, each keeping the chain line it changes. */
async function modificationLines(trx: WriteTx, items: ModificationItemInput[], currency: string): Promise<ResolvedLine[]> {
  const lines = await resolveLines(trx, items, currency);
  return lines.map((l) => ({ ...l, modifies_line: items[l.position]!.modifies_line ?? null }));
}

/** When the difference is due: as asked, else the original's due date, never before the modification is issued. */
function dueDate(asked: string | undefined, original: string, date: string): string {
  if (asked !== undefined) return asked;
  return original < date ? date : original;
}

/** The buyer as the client is now, or as the original named them when the client is gone. */
async function buyerSnapshot(trx: WriteTx, clientId: number, fallback: string): Promise<string> {
  const client = await clientById.get(trx, { id: clientId });
  return client && !client.deleted_at ? clientSnapshotText(client) : fallback;
}

interface Modification {
  base: Omit<InvoiceValues, 'number_kind' | 'number_year' | 'number_seq' | 'invoice_no'>;
  lines: ResolvedLine[];
  /** the total the original is worth after this modification (the legal checks refuse a negative one) */
  resultingTotal: number;
}

/** Checks, numbers, stores and seals a modifying invoice. */
async function issueModification(env: InvoiceEnv, trx: WriteTx, m: Modification): Promise<InvoiceRow> {
  const legal = await legalCheck(trx, { ...m.base, total_milli: m.resultingTotal }, m.lines);
  assertLegal(legal);
  const values: InvoiceValues = { ...m.base, ...(await numbersFor(trx, INVOICE_TYPE.invoice, m.base.block_id, m.base.date)) };
  const inserted: InvoiceRow = { id: (await insertInvoice.get(trx, values))!.id, ...values };
  await insertLines(
    trx,
    m.lines.map((l) => lineValues(inserted.id, l)),
  );
  return seal(env, trx, inserted);
}

export async function modifyInvoice(env: InvoiceEnv, input: ModifyInput) {
  const created = await writeTransaction(env.ctx.db, async (trx) => {
    const original = await invoiceRow(trx, input.id);
    refuse(modifiableProblems(original), `Invoice ${prefixedNumber(original.prefix, original.invoice_no) ?? original.id} cannot be modified`);
    const chain = await chainOf(trx, original.id);
    refuse(lineReferenceProblems(input.items, chain), 'The modification does not fit the invoice');
    const lines = await modificationLines(trx, input.items, original.currency);
    const totals = totalsOf(lines, original.round_to);
    const date = today(env.ctx);
    const now = nowStamp(env.ctx);
    const block = await followUpBlock(trx, original.block_id);
    const content = contentOf(original);
    const current = original.current_total_milli ?? original.total_milli;
    const modification = await issueModification(env, trx, {
      lines,
      resultingTotal: current + totals.total,
      base: invoiceValues(
        {
          ...content,
          ...totalColumns(totals),
          ...NO_NUMBERS,
          type: INVOICE_TYPE.invoice,
          block_id: block.id,
          prefix: block.prefix ?? original.prefix,
          date,
          due_date: dueDate(input.due_date, original.due_date, date),
          client_snapshot: await buyerSnapshot(trx, original.client_id, original.client_snapshot),
          seller_snapshot: await sellerSnapshotFor(trx, original.bank_account_id),
          comment: input.comment ?? '',
          // settled through the original, whose payments and state account for the difference
          status: INVOICE_STATUS.paid,
          total_paid_milli: totals.total,
          modifies_id: original.id,
          original_invoice_no: prefixedNumber(original.prefix, original.invoice_no),
          original_date: original.date,
          modification_index: nextIndex(chain),
          modification_reason: input.reason,
          period_start: original.period_start,
          period_end: original.period_end,
        },
        now,
      ),
    });
    await linkModification(trx, original.id, totals.total, now);
    return modification;
  });
  return createdResponse(created);
}

const NO_NUMBERS = { number_kind: null, number_year: null, number_seq: null, invoice_no: null };

function nextIndex(chain: ChainState): number {
  return chain.lastIndex + 1;
}

/**
 * Whether NAV holds an invoice the previous program issued. Every invoice issued from 1 January 2021 had to be
 * reported (to private persons too), so NAV has those; an older one may never have been reported, and its
 * modification is then reported "without master".
 */
export function navHoldsExternal(date: string, said: boolean | undefined): boolean {
  return said ?? date >= '2021-01-01';
}

export async function modifyExternal(env: InvoiceEnv, input: ModifyExternalInput) {
  const o = input.original;
  const currency = o.currency ?? 'HUF';
  const rate = await exchangeRate(env, currency, o.exchange_rate, o.fulfillment_date);
  const created = await writeTransaction(env.ctx.db, async (trx) => {
    const client = await clientById.get(trx, { id: o.client_uid });
    if (!client || client.deleted_at) throw new FolioError('validation_failed', 'original.client_uid: no such client', [{ field: 'original.client_uid', message: 'no such client' }]);
    const ownNumber = (await trx.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('type', '=', INVOICE_TYPE.invoice).where('invoice_no', 'is not', null).execute())
      .find((r) => prefixedNumber(r.prefix, r.invoice_no) === o.invoice_no);
    if (ownNumber) {
      throw rule(`Invoice ${o.invoice_no} was issued in Folio: modify it from its own page (POST /invoices/${ownNumber.id}/modify)`, 'original.invoice_no');
    }
    const originalLines = await resolveLines(trx, o.items, currency);
    const knownLines = Math.max(originalLines.length, o.last_line_number ?? 0);
    const chain = await externalChainOf(trx, o.invoice_no, knownLines, o.last_modification_index ?? 0);
    refuse(lineReferenceProblems(input.items, chain), 'The modification does not fit the invoice');
    const lines = await modificationLines(trx, input.items, currency);
    const totals = totalsOf(lines, 0);
    const originalTotals = totalsOf(originalLines, 0);
    const date = today(env.ctx);
    const now = nowStamp(env.ctx);
    const block = await followUpBlock(trx, 0);
    const paymentMethod = input.payment_method ?? o.payment_method ?? 1;
    const snapshot = clientSnapshotText(client);
    const external = {
      invoice_no: o.invoice_no,
      date: o.date,
      fulfillment_date: o.fulfillment_date,
      due_date: o.due_date ?? o.date,
      currency,
      exchange_rate: rate.rate,
      nav_reported: navHoldsExternal(o.date, o.nav_reported),
      line_count: knownLines,
      total: originalTotals.total,
      items: originalLines.map((l) => ({ description: l.description, qty: l.qty, unit: l.unit, net_unit_price: l.net_unit_price, vat_id: l.vat_id, net: l.amounts.net, vat: l.amounts.vat, gross: l.amounts.gross })),
    };
    const { settings } = await settingsForIssue(trx);
    return issueModification(env, trx, {
      lines,
      resultingTotal: originalTotals.total + totals.total,
      base: invoiceValues(
        {
          type: INVOICE_TYPE.invoice,
          block_id: block.id,
          prefix: block.prefix ?? '',
          ...NO_NUMBERS,
          date,
          fulfillment_date: o.fulfillment_date,
          due_date: dueDate(input.due_date, o.due_date ?? date, date),
          client_id: client.id,
          client_snapshot: snapshot,
          seller_snapshot: await sellerSnapshotFor(trx, settings.default_bank_account_uid ?? null),
          payment_method_id: paymentMethod,
          currency,
          exchange_rate: rate.rate,
          exchange_rate_source: rate.source,
          round_to: 0,
          ...totalColumns(totals),
          comment: input.comment ?? '',
          template_lang_code: settings.default_lang,
          electronic_invoice: 0,
          bank_account_id: settings.default_bank_account_uid ?? null,
          is_advance: 0,
          // a modifying invoice prints no payment code (shared/payment-qr/invoice.ts)
          payment_qr: 0,
          // Folio holds no payments of the original: the difference itself is what is owed (or refunded).
          status: statusForPaid(0, totals.total),
          original_invoice_no: o.invoice_no,
          original_date: o.date,
          external_original: JSON.stringify(external),
          modification_index: nextIndex(chain),
          modification_reason: input.reason,
        },
        now,
      ),
    });
  });
  return createdResponse(created);
}
