// A quote as it travels between nodes (docs/sync.md "Quotes"), shared by both sides: the record of a stored quote
// with its references translated, the rows a record is stored as, and the remote's three operations on quotes a
// device pushes. Quotes are master data (last writer wins), not legal documents: a record is stored as sent, but its
// number only in the pushing device's own series, so two quotes never show one number.
import type { QuoteRecord } from '../../../shared/contract/sync';
import { FolioError, notFound, rule } from '../../../shared/errors';
import { milliToString, parseDecimal, toMilli } from '../../../shared/money';
import type { QuoteItemRow, QuoteRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { Db, WriteTx } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { formatQuoteNo } from '../quotes/numbering';
import { deviceOrigin } from './device';
import { storedLine } from './invoice-record';

export type QuoteRef = 'client' | 'bank_account' | 'invoice' | 'product';
/** Translates an id of the source node into the target node's; null when the target has no such record. */
export type QuoteTranslate = (entity: QuoteRef, id: number) => number | null;

const milli = (amount: string) => toMilli(parseDecimal(amount));
const parsed = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

export function quoteRecordOf(row: QuoteRow, items: QuoteItemRow[], translate: QuoteTranslate): QuoteRecord {
  const ref = (entity: QuoteRef, id: number | null) => (id === null ? null : translate(entity, id));
  return {
    quote_no: row.quote_no,
    number_series: row.number_series,
    number_year: row.number_year,
    number_seq: row.number_seq,
    client_uid: ref('client', row.client_id) ?? -1,
    client: parsed(row.client_snapshot),
    seller: parsed(row.seller_snapshot),
    bank_account_uid: ref('bank_account', row.bank_account_id),
    currency: row.currency,
    exchange_rate: row.exchange_rate,
    payment_method: row.payment_method_id,
    date: row.date,
    valid_until: row.valid_until,
    fulfillment_date: row.fulfillment_date,
    due_date: row.due_date,
    comment: row.comment,
    template_lang_code: row.template_lang_code,
    round_to: row.round_to,
    net_total: milliToString(row.net_milli),
    vat_total: milliToString(row.vat_milli),
    gross_total: milliToString(row.gross_milli),
    rounding: milliToString(row.rounding_milli),
    total: milliToString(row.total_milli),
    status: row.status,
    // accepted into a draft, which never leaves its computer: the other side knows the quote accepted, not by what
    accepted_invoice_uid: ref('invoice', row.accepted_invoice_id),
    accepted_at: row.accepted_at,
    sent_at: row.sent_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    items: items.map((i) => ({
      description: i.description,
      qty: i.qty,
      unit: i.unit,
      net_unit_price: i.net_unit_price,
      gross_unit_price: i.gross_unit_price,
      vat_id: i.vat_id,
      vat_rate: i.vat_rate,
      entitlement: i.entitlement,
      item_comment: i.item_comment,
      net_amount: milliToString(i.net_milli),
      vat_amount: milliToString(i.vat_milli),
      gross_amount: milliToString(i.gross_milli),
      product_uid: ref('product', i.product_id),
    })),
  };
}

/** The record of a stored quote in this node's own ids (what the feed sends, what a conflict keeps). */
export async function readQuoteRecord(db: Db, id: number): Promise<{ record: QuoteRecord; deleted: boolean } | null> {
  const row = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const items = await db.selectFrom('quote_items').selectAll().where('quote_id', '=', id).orderBy('position').execute();
  return { record: quoteRecordOf(row, items, (_e, x) => x), deleted: row.deleted_at !== null };
}

/** The quote's columns a record sets (its number is set on insert only: it never changes). */
export function quoteColumns(r: QuoteRecord) {
  return {
    client_id: r.client_uid,
    client_snapshot: JSON.stringify(r.client),
    seller_snapshot: JSON.stringify(r.seller),
    bank_account_id: r.bank_account_uid,
    currency: r.currency,
    exchange_rate: r.exchange_rate,
    payment_method_id: r.payment_method,
    date: r.date,
    valid_until: r.valid_until,
    fulfillment_date: r.fulfillment_date,
    due_date: r.due_date,
    comment: r.comment,
    template_lang_code: r.template_lang_code,
    round_to: r.round_to,
    net_milli: milli(r.net_total),
    vat_milli: milli(r.vat_total),
    gross_milli: milli(r.gross_total),
    rounding_milli: milli(r.rounding),
    total_milli: milli(r.total),
    status: r.status,
    accepted_invoice_id: r.accepted_invoice_uid,
    accepted_at: r.accepted_at,
    sent_at: r.sent_at,
  };
}

export function quoteNumberColumns(r: QuoteRecord) {
  return { quote_no: r.quote_no, number_series: r.number_series, number_year: r.number_year, number_seq: r.number_seq };
}

/** Replaces a quote's lines with a record's (references already in this node's ids). */
export async function writeQuoteLines(trx: WriteTx, quoteId: number, items: QuoteRecord['items']): Promise<void> {
  await trx.deleteFrom('quote_items').where('quote_id', '=', quoteId).execute();
  if (!items.length) return;
  await trx
    .insertInto('quote_items')
    .values(
      items.map((i, position) => ({ quote_id: quoteId, ...storedLine(i, position) })),
    )
    .execute();
}

/** The record with its optional references kept only where this node has them (the client it must have). */
async function checkedRefs(trx: WriteTx, r: QuoteRecord): Promise<QuoteRecord> {
  const client = await trx.selectFrom('clients').select('id').where('id', '=', r.client_uid).executeTakeFirst();
  if (!client) throw rule(`No client ${r.client_uid} on the remote`, 'record.client_uid');
  const has = async (table: 'bank_accounts' | 'invoices' | 'products', id: number | null) =>
    id !== null && (await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined ? id : null;
  const items: QuoteRecord['items'] = [];
  for (const i of r.items) items.push({ ...i, product_uid: await has('products', i.product_uid) });
  return { ...r, bank_account_uid: await has('bank_accounts', r.bank_account_uid), accepted_invoice_uid: await has('invoices', r.accepted_invoice_uid), items };
}

/** The series the pushing device numbers its quotes in: the prefix of a block it owns here. */
async function deviceSeries(trx: WriteTx, device: string): Promise<string[]> {
  return (await trx.selectFrom('invoice_blocks').select('prefix').where('owner', '=', device).execute()).map((b) => b.prefix);
}

/** The remote's side of POST/PUT/DELETE /sync/quotes. */
export function createSyncQuoteHandlers(ctx: CoreContext) {
  return {
    /** A quote a device made: stored under its number, which must be in that device's own series. */
    async create(input: { record: QuoteRecord }): Promise<{ id: number }> {
      const device = deviceOrigin();
      return writeTransaction(ctx.db, async (trx) => {
        const r = input.record;
        if (!(await deviceSeries(trx, device)).includes(r.number_series) || r.number_series === '') {
          throw rule(`Quote ${r.quote_no} is not numbered in this device's own series`, 'record.number_series');
        }
        if (r.quote_no !== formatQuoteNo(r.number_series, r.number_year, r.number_seq)) {
          throw rule(`Quote number ${r.quote_no} does not match its series, year and sequence`, 'record.quote_no');
        }
        // A retried push finds its own quote under its number (a number is made once, by its device alone).
        const existing = await trx.selectFrom('quotes').select(['id', 'created_at']).where('quote_no', '=', r.quote_no).executeTakeFirst();
        if (existing) {
          if (existing.created_at === r.created_at) return { id: existing.id };
          throw new FolioError('conflict', `Another quote is numbered ${r.quote_no} on the remote`, [{ field: 'record.quote_no', message: 'is taken' }]);
        }
        const checked = await checkedRefs(trx, r);
        const { id } = await trx
          .insertInto('quotes')
          .values({ ...quoteNumberColumns(r), ...quoteColumns(checked), created_at: r.created_at, updated_at: nowStamp(ctx), deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeQuoteLines(trx, id, checked.items);
        return { id };
      });
    },

    /** A device's later version replaces the quote (last writer wins); the number stays, a deleted quote stays deleted. */
    async update(input: { id: number; record: QuoteRecord }): Promise<{ id: number }> {
      deviceOrigin();
      return writeTransaction(ctx.db, async (trx) => {
        const row = await trx.selectFrom('quotes').select(['id', 'deleted_at']).where('id', '=', input.id).executeTakeFirst();
        if (!row) throw notFound(`Quote ${input.id}`);
        if (row.deleted_at) throw rule('The quote was deleted', 'id');
        const checked = await checkedRefs(trx, input.record);
        await trx.updateTable('quotes').set({ ...quoteColumns(checked), updated_at: nowStamp(ctx) }).where('id', '=', row.id).execute();
        await writeQuoteLines(trx, row.id, checked.items);
        return { id: row.id };
      });
    },

    async delete(input: { id: number }): Promise<{ deleted: true }> {
      deviceOrigin();
      await writeTransaction(ctx.db, async (trx) => {
        const row = await trx.selectFrom('quotes').select(['id', 'deleted_at']).where('id', '=', input.id).executeTakeFirst();
        if (!row) throw notFound(`Quote ${input.id}`);
        if (row.deleted_at) return;
        const now = nowStamp(ctx);
        await trx.updateTable('quotes').set({ deleted_at: now, updated_at: now }).where('id', '=', row.id).execute();
      });
      return { deleted: true };
    },
  };
}
