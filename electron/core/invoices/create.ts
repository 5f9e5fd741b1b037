// Creating an invoice: a draft (no number, editable), a proforma or a normal invoice (numbered and sealed at once).
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { rule } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { writeTransaction, type WriteLocks } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { nowStamp, today } from '../context';
import { sellerSnapshotFor } from '../settings/service';
import { createdResponse, invoicesOf } from './mapping';
import { prepareStatement } from '../../db/prepared';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { requireLegal, requireReceiptLegal } from './legal/check';
import { insertNumbered, numbersFor } from './numbering';
import { exchangeRate, requestContent } from './request';
import { insertLines, recordAdvancePayment, seal } from './seal';
import type { InvoiceValues } from './statements';
import { HOME_RATE, type InvoiceEnv, type RateQuote } from './types';
import { invoiceValues, lineValues, storedRow } from './values';
import type { PendingAudit } from '../users/audit';

/**
 * Creates an invoice inside the caller's write transaction (the recurring scheduler adds its own rows there).
 * `extra` sets columns a caller owns (a recurring profile's link and period). `readsNoRowBack`: the caller reads
 * nothing of the new invoice's row back in this write (./seal.ts seal's `insertedHere`).
 */
export async function createIn(
  env: InvoiceEnv,
  trx: WriteTx,
  input: InvoiceCreateInput,
  rate: RateQuote,
  extra: Partial<InvoiceValues> = {},
  readsNoRowBack = false,
): Promise<InvoiceRow> {
  return (await createWithLinesIn(env, trx, input, rate, extra, readsNoRowBack)).row;
}

/** createIn, answering the lines it wrote too, as stored (createAndRead answers with them). */
async function createWithLinesIn(
  env: InvoiceEnv,
  trx: WriteTx,
  input: InvoiceCreateInput,
  rate: RateQuote,
  extra: Partial<InvoiceValues>,
  readsNoRowBack: boolean,
): Promise<{ row: InvoiceRow; lines: InvoiceItemRow[] }> {
  const { content, lines, blockOwner } = await requestContent(trx, input, rate);
  if (input.date !== undefined && input.invoice_no === undefined) throw rule('date is set by Folio: the issue date is today', 'date');
  const date = input.date ?? today(env.ctx);
  // An invoice is checked before its number is taken. One a device pushes with its number was checked where it was
  // issued: refusing it here would lose a legal record, not prevent one.
  if (input.type === INVOICE_TYPE.invoice && input.invoice_no === undefined) {
    const { client_snapshot, total_milli, fulfillment_date, due_date } = content;
    await requireLegal(trx, { client_snapshot, total_milli, date, fulfillment_date, due_date, period_start: extra.period_start }, lines);
  }
  if (input.type === INVOICE_TYPE.receipt && input.invoice_no === undefined) await requireReceiptLegal(trx);
  const now = nowStamp(env.ctx);
  const values = invoiceValues(content, now, {
    type: input.type,
    date,
    seller_snapshot: await sellerSnapshotFor(trx, content.bank_account_id),
    ...(await numbersFor(trx, input.type, content.block_id, date, input.invoice_no, blockOwner, true)),
    ...(input.vendor_id ? { vendor_id: input.vendor_id } : {}),
    ...extra,
  });
  // Every column is written, so the stored row is `values` with its new id (and its number, taken at the insert).
  const inserted = storedRow(await insertNumbered(trx, values), values);
  const stored = await insertLines(
    trx,
    lines.map((l) => lineValues(inserted.id, l)),
  );
  if (input.type === INVOICE_TYPE.draft) return { row: inserted, lines: stored };
  return { row: await seal(env, trx, await recordAdvancePayment(trx, inserted, date, now), readsNoRowBack), lines: stored };
}

/** The rate may come from the network: it is found before the write lock is taken. */
function rateOf(env: InvoiceEnv, input: InvoiceCreateInput): Promise<RateQuote> | RateQuote {
  return input.currency === 'HUF' ? HOME_RATE : exchangeRate(env, input.currency, input.exchange_rate, input.fulfillment_date);
}

/**
 * The locks of a create (../../db/pg/write.ts WriteLocks): it numbers in its block and reads only what other
 * writes change under the exclusive lock (client, block, settings, products), so creates in other blocks overlap it on
 * PostgreSQL. One that deducts advances reads and links other invoices, which any write may change: it runs alone.
 */
function createLocks(input: InvoiceCreateInput): WriteLocks | undefined {
  return input.advance_invoice_uids?.length ? undefined : { block: input.block_uid ?? 0 };
}

/** Creates an invoice in a write transaction of its own, which also holds the call's audit row (users/audit.ts). */
export async function create(env: InvoiceEnv, input: InvoiceCreateInput, extra: Partial<InvoiceValues> = {}, audit?: PendingAudit) {
  const rate = await rateOf(env, input);
  return writeTransaction(env.ctx.db, async (trx) => {
    const created = createdResponse(await createIn(env, trx, input, rate, extra, true));
    await audit?.writeIn(trx, created);
    return created;
  }, createLocks(input));
}

const paymentsOf = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', p.id).orderBy('id'),
);

/**
 * Creates an invoice and answers with all of it, as a read would. The invoice row and its lines are the ones createIn
 * wrote (every column is written, so they are the stored rows: tests/core/create-and-read.spec.ts compares the answer
 * with a read, byte for byte, on both databases). Its payment, when it was paid at once (cash, a receipt), is read
 * back inside the write transaction; an invoice with nothing paid has none. Reading the row back cost the /v3 create
 * ~50 µs, its lines and payments ~35 µs more (issue 41).
 */
export async function createAndRead(env: InvoiceEnv, input: InvoiceCreateInput, audit?: PendingAudit): Promise<Resource<InvoiceAttributes>> {
  const rate = await rateOf(env, input);
  const made = await writeTransaction(env.ctx.db, async (trx) => {
    const { row, lines } = await createWithLinesIn(env, trx, input, rate, {}, true);
    const { id } = row;
    // the answer is the whole invoice; its id is all the audit row takes from it
    await audit?.writeIn(trx, { id });
    return { row, items: lines, payments: row.total_paid_milli === 0 ? [] : await paymentsOf.all(trx, { id }) };
  }, createLocks(input));
  const [resource] = await invoicesOf(env.ctx.db, [made.row], made.items, made.payments);
  return resource!;
}
