// Invoices: create (draft, proforma, normal), drafts' edits, issue, cancel, generate from proforma, payments,
// share codes, reads and queries. Every change is one write transaction; issued invoices are sealed (DESIGN §4).
import { randomBytes } from 'node:crypto';
import type { InvoiceCreateInput, InvoiceQueryInput, PayInput } from '../../../shared/contract/schemas';
import { FolioError, invalid, notFound, rule } from '../../../shared/errors';
import { firstDayOfMonth, yearOf } from '../../../shared/dates';
import { milliToNumber, parseDecimal, toMilli } from '../../../shared/money';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { Db } from '../../db/types';
import type { InvoiceRow } from '../../db/schema';
import { writeTransaction, writeTransactionSync } from '../../db/transaction';
import { clientSnapshot } from '../clients/mapping';
import type { CoreContext } from '../context';
import { nowStamp, today } from '../context';
import { pageWindow, toPage } from '../paging';
import { readSettings, settingsForIssue } from '../settings/service';
import { resolveLines, totalsOf, type ResolvedLine } from './lines';
import type { DocumentTotals } from '../../../shared/totals';
import { createdResponse, loadInvoices, outstandingMilli } from './mapping';
import { acceptNumber, formatNumber, takeNumber, type NumberKind } from './numbering';
import { bankAccountById, blockById, clientById, insertInvoice, insertItem, insertPayment, sealInvoice, setPaid, type InvoiceValues } from './statements';
import { currentOrigin } from '../changes';

export interface RateQuote {
  rate: string;
  source: string;
}

/** Gives the daily rate of a currency against HUF for a tax point date; the rates module implements it. */
export interface RateProvider {
  rateFor(currency: string, date: string): Promise<RateQuote>;
}

/**
 * Called inside the transaction that seals an invoice (the NAV report queue). Synchronous, like the statements of
 * issuing: a hook queues rows, it does not wait for anything.
 */
export type SealHook = (trx: Db, invoice: InvoiceRow) => void;

export interface InvoiceDeps {
  rates?: RateProvider;
  sealHooks?: SealHook[];
}

const HOME_RATE: RateQuote = Object.freeze({ rate: '1', source: 'home currency' });

const TYPE_KIND: Record<number, NumberKind | null> = { 0: null, 1: 'proforma', 3: 'invoice' };

export function createInvoiceService(ctx: CoreContext, deps: InvoiceDeps = {}) {
  const { db } = ctx;
  const sealHooks = deps.sealHooks ?? [];

  async function row(trx: Db, id: number): Promise<InvoiceRow> {
    const r = await trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Invoice ${id}`);
    return r;
  }

  async function read(id: number) {
    const [res] = await loadInvoices(db, [await row(db, id)]);
    return res!;
  }

  async function exchangeRate(currency: string, given: string | undefined, fulfillmentDate: string) {
    if (currency === 'HUF') return HOME_RATE;
    const settings = await readSettings(db);
    if (currency === settings.home_currency) return HOME_RATE;
    if (given !== undefined) return { rate: given, source: 'given' };
    if (!deps.rates) {
      throw rule(`No exchange rate for ${currency}: give exchange_rate (no rate provider is set up)`, 'exchange_rate');
    }
    return deps.rates.rateFor(currency, fulfillmentDate);
  }

  /** Checks the references of a request, in its write transaction; returns what the row needs from them. */
  function checkRefs(trx: Db, input: Partial<InvoiceCreateInput>) {
    const errors: Array<{ field: string; message: string }> = [];
    let client;
    if (input.client_uid !== undefined) {
      client = clientById.get(trx, { id: input.client_uid });
      if (!client || client.deleted_at) errors.push({ field: 'client_uid', message: 'no such client' });
    }
    if (input.payment_method !== undefined && !findPaymentMethod(input.payment_method)) {
      errors.push({ field: 'payment_method', message: 'is not a payment method id (see GET /payment_methods/hu)' });
    }
    let block;
    if (input.block_uid !== undefined) {
      block = blockById.get(trx, { id: input.block_uid });
      if (!block) errors.push({ field: 'block_uid', message: 'must be 0 or the id of an invoice block' });
    }
    if (input.bank_account_uid !== undefined && !bankAccountById.get(trx, { id: input.bank_account_uid })) {
      errors.push({ field: 'bank_account_uid', message: 'no such bank account' });
    }
    if (errors.length)
      throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
    return { client, block };
  }

  function insertLines(trx: Db, invoiceId: number, lines: ResolvedLine[]) {
    for (const l of lines) {
      insertItem.run(trx, {
        invoice_id: invoiceId,
        position: l.position,
        product_id: l.product_id,
        description: l.description,
        qty: l.qty,
        unit: l.unit,
        net_unit_price: l.net_unit_price,
        gross_unit_price: l.gross_unit_price,
        vat_id: l.vat_id,
        vat_rate: l.vat_rate,
        entitlement: l.entitlement,
        item_comment: l.item_comment,
        net_milli: l.amounts.net,
        vat_milli: l.amounts.vat,
        gross_milli: l.amounts.gross,
      });
    }
  }

  /** Seals an inserted invoice: from here the triggers guard it; the hooks queue its reports in this transaction. */
  function seal(trx: Db, invoice: InvoiceRow): InvoiceRow {
    if (sealInvoice.run(trx, { id: invoice.id }).changes !== 1) throw new Error(`Invoice ${invoice.id} was not sealed`);
    const sealed = { ...invoice, sealed: 1 };
    for (const hook of sealHooks) hook(trx, sealed);
    return sealed;
  }

  /**
   * Numbers a row of type 1 or 3 in its block, in this transaction. A block owned by a device (sync) takes numbers
   * only from that device: it issues them offline and pushes them with the invoice (`given`).
   */
  function numbering(trx: Db, type: number, blockId: number, date: string, given?: string, knownOwner?: string) {
    const kind = TYPE_KIND[type] ?? null;
    if (!kind) return { number_kind: null, number_year: null, number_seq: null, invoice_no: null };
    const owner = knownOwner ?? blockById.get(trx, { id: blockId })?.owner ?? 'local';
    const origin = currentOrigin();
    if (given !== undefined) {
      if (owner === 'local' || owner !== origin) {
        throw rule('invoice_no is accepted only from the device that owns the invoice block', 'invoice_no');
      }
      const { year, seq } = acceptNumber(trx, blockId, kind, given);
      if (year !== yearOf(date)) throw rule('the year of invoice_no must be the year of its date', 'invoice_no');
      return { number_kind: kind, number_year: year, number_seq: seq, invoice_no: formatNumber(kind, year, seq) };
    }
    if (owner !== 'local') {
      throw rule('This invoice block belongs to another device; issue invoices in a block of your own', 'block_uid');
    }
    const year = yearOf(date);
    const seq = takeNumber(trx, blockId, year, kind);
    return { number_kind: kind, number_year: year, number_seq: seq, invoice_no: formatNumber(kind, year, seq) };
  }

  /** A normal invoice paid in advance (cash, card: the method says so) is paid when it is issued. */
  function recordAdvancePayment(trx: Db, invoice: InvoiceRow, date: string): InvoiceRow {
    if (invoice.type !== 3 || !findPaymentMethod(invoice.payment_method_id)?.advancePaid) return invoice;
    insertPayment.run(trx, {
      invoice_id: invoice.id,
      date,
      amount_milli: invoice.total_milli,
      payment_method_id: invoice.payment_method_id,
      conversion_rate: invoice.exchange_rate,
      created_at: nowStamp(ctx),
    });
    const paid = { ...invoice, status: 1, total_paid_milli: invoice.total_milli };
    setPaid.run(trx, { id: paid.id, status: paid.status, total_paid_milli: paid.total_paid_milli });
    return paid;
  }

  /** Creates an invoice inside the caller's write transaction (the recurring scheduler adds its run row there). */
  function createIn(trx: Db, input: InvoiceCreateInput, rate: RateQuote, extra: Partial<InvoiceValues> = {}): InvoiceRow {
    const { client, block } = checkRefs(trx, { ...input, block_uid: input.block_uid ?? 0 });
    const lines = resolveLines(trx, input.items, input.currency);
    const totals = totalsOf(lines, input.round_to ?? 0);
    const { settings, sellerSnapshot } = settingsForIssue(trx);
    if (input.date !== undefined && input.invoice_no === undefined)
      throw rule('date is set by Folio: the issue date is today', 'date');
    const date = input.date ?? today(ctx);
    const now = nowStamp(ctx);
    const blockId = input.block_uid ?? 0;
    const values: InvoiceValues = {
      type: input.type,
      status: 2,
      sealed: 0,
      block_id: blockId,
      ...numbering(trx, input.type, blockId, date, input.invoice_no, block?.owner),
      prefix: block?.prefix ?? '',
      date,
      fulfillment_date: input.fulfillment_date,
      due_date: input.due_date,
      client_id: input.client_uid,
      client_snapshot: JSON.stringify(clientSnapshot(client!)),
      seller_snapshot: sellerSnapshot,
      payment_method_id: input.payment_method,
      currency: input.currency,
      exchange_rate: rate.rate,
      exchange_rate_source: rate.source,
      round_to: input.round_to ?? 0,
      ...totalColumns(totals),
      total_paid_milli: 0,
      comment: input.comment ?? '',
      template_lang_code: input.template_lang_code ?? settings.default_lang,
      electronic_invoice: input.electronic_invoice ?? 0,
      bank_account_id: input.bank_account_uid ?? settings.default_bank_account_uid ?? null,
      is_cancel_invoice: 0,
      cancels_id: null,
      cancelled_by_id: null,
      proforma_id: null,
      generated_invoice_id: null,
      recurring_id: null,
      period_start: null,
      period_end: null,
      share_code: null,
      issued_at: input.type === 0 ? null : now,
      created_at: now,
      updated_at: now,
      ...extra,
    };
    // Every column is written, so the stored row is `values` with its new id.
    const inserted: InvoiceRow = { id: insertInvoice.get(trx, values)!.id, ...values };
    insertLines(trx, inserted.id, lines);
    if (input.type === 0) return inserted;
    return seal(trx, recordAdvancePayment(trx, inserted, date));
  }

  async function create(input: InvoiceCreateInput, extra: Partial<InvoiceValues> = {}) {
    // The rate may come from the network: fetch it before the write lock is taken.
    const rate = input.currency === 'HUF' ? HOME_RATE : await exchangeRate(input.currency, input.exchange_rate, input.fulfillment_date);
    const created = await writeTransactionSync(db, (trx) => createIn(trx, input, rate, extra));
    return createdResponse(created);
  }

  async function draftRow(trx: Db, id: number) {
    const r = await row(trx, id);
    if (r.type !== 0) throw rule('Only a draft can be changed or deleted; an issued invoice is a legal record');
    return r;
  }

  /** The create request a stored invoice corresponds to (drafts' edits merge into it). */
  async function asInput(trx: Db, r: InvoiceRow): Promise<InvoiceCreateInput> {
    const items = await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', r.id).orderBy('position').execute();
    return {
      client_uid: r.client_id,
      payment_method: r.payment_method_id,
      currency: r.currency,
      type: r.type as 0 | 1 | 3,
      fulfillment_date: r.fulfillment_date,
      due_date: r.due_date,
      comment: r.comment,
      template_lang_code: r.template_lang_code as InvoiceCreateInput['template_lang_code'],
      electronic_invoice: r.electronic_invoice,
      exchange_rate: r.exchange_rate_source === 'given' ? r.exchange_rate : undefined,
      block_uid: r.block_id,
      round_to: r.round_to,
      ...(r.bank_account_id ? { bank_account_uid: r.bank_account_id } : {}),
      // A product line is stored as priced then; re-resolving it takes the product as it is now.
      items: items.map((i) =>
        i.product_id
          ? { product_uid: i.product_id, qty: i.qty, item_comment: i.item_comment }
          : {
              description: i.description,
              vat_id: i.vat_id,
              qty: i.qty,
              ...(i.gross_unit_price !== null ? { gross_unit_price: i.gross_unit_price } : { net_unit_price: i.net_unit_price }),
              unit: i.unit,
              item_comment: i.item_comment,
              entitlement: i.entitlement as never,
            },
      ),
    };
  }

  /** Rewrites a draft from a full create request (same transaction as the caller). */
  async function rewriteDraft(trx: Db, id: number, input: InvoiceCreateInput, rate: { rate: string; source: string }) {
    const { client, block } = checkRefs(trx, input);
    const lines = resolveLines(trx, input.items, input.currency);
    const totals = totalsOf(lines, input.round_to ?? 0);
    await trx.deleteFrom('invoice_items').where('invoice_id', '=', id).execute();
    insertLines(trx, id, lines);
    return trx
      .updateTable('invoices')
      .set({
        block_id: input.block_uid ?? 0,
        prefix: block?.prefix ?? '',
        fulfillment_date: input.fulfillment_date,
        due_date: input.due_date,
        client_id: input.client_uid,
        client_snapshot: JSON.stringify(clientSnapshot(client!)),
        payment_method_id: input.payment_method,
        currency: input.currency,
        exchange_rate: rate.rate,
        exchange_rate_source: rate.source,
        round_to: input.round_to ?? 0,
        ...totalColumns(totals),
        comment: input.comment ?? '',
        template_lang_code: input.template_lang_code ?? 'hu',
        electronic_invoice: input.electronic_invoice ?? 0,
        bank_account_id: input.bank_account_uid ?? null,
        updated_at: nowStamp(ctx),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function mergedDraftInput(id: number, changes: Partial<InvoiceCreateInput>) {
    const current = await draftRow(db, id);
    const base = await asInput(db, current);
    const merged: InvoiceCreateInput = { ...base, ...stripUndefined(changes), type: 0 };
    if (changes.currency !== undefined && changes.exchange_rate === undefined && changes.currency !== base.currency) {
      delete merged.exchange_rate;
    }
    const rate = await exchangeRate(merged.currency, merged.exchange_rate, merged.fulfillment_date);
    return { merged, rate };
  }

  return {
    create,
    createIn,
    exchangeRate,
    read,
    get: (input: { id: number }) => read(input.id),

    async list(input: { page?: number | undefined; max_per_page?: number | undefined }) {
      const w = pageWindow(input);
      const rows = await db
        .selectFrom('invoices')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(w.perPage + 1)
        .offset(w.offset)
        .execute();
      const page = toPage(rows, w, (r) => r);
      return { ...page, items: await loadInvoices(db, page.items) };
    },

    async query(input: InvoiceQueryInput) {
      const w = pageWindow(input);
      let q = db.selectFrom('invoices').selectAll();
      const byNumber = input.num_start !== undefined || input.num_end !== undefined;
      // Dates default to this month only when no number range is asked for: a number range names its own invoices.
      const start = input.start_date ?? (byNumber ? undefined : firstDayOfMonth(today(ctx)));
      const end = input.end_date ?? (byNumber ? undefined : today(ctx));
      if (start) q = q.where('date', '>=', start);
      if (end) q = q.where('date', '<=', end);
      if (byNumber) {
        q = q.where('number_kind', '=', 'invoice');
        // Row-value comparisons let SQLite use the (number_year, number_seq) index; an OR of years scans the table.
        if (input.num_start !== undefined) {
          const [y, n] = [input.year_start!, input.num_start];
          q = q.where((eb) => eb(eb.refTuple('number_year', 'number_seq'), '>=', eb.tuple(y, n)));
        }
        if (input.num_end !== undefined) {
          const [y, n] = [input.year_end!, input.num_end];
          q = q.where((eb) => eb(eb.refTuple('number_year', 'number_seq'), '<=', eb.tuple(y, n)));
        }
      }
      if (input.payment_method !== undefined) q = q.where('payment_method_id', '=', input.payment_method);
      if (input.block !== undefined) q = q.where('block_id', '=', input.block);
      if (input.status !== undefined) q = q.where('status', '=', input.status);
      if (input.type !== undefined) q = q.where('type', '=', input.type);
      if (input.client?.trim()) {
        const like = `%${input.client.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where('client_id', 'in', db.selectFrom('clients').select('id').where('name', 'like', like));
      }
      const rows = await q
        .orderBy('id', 'desc')
        .limit(w.perPage + 1)
        .offset(w.offset)
        .execute();
      const page = toPage(rows, w, (r) => r);
      return { ...page, items: await loadInvoices(db, page.items) };
    },

    async update(input: { id: number } & Partial<InvoiceCreateInput>) {
      const { id, ...changes } = input;
      if (changes.type !== undefined && changes.type !== 0) {
        throw invalid('type', 'a draft stays a draft here; issue it with POST /invoices/{id}/issue');
      }
      const { merged, rate } = await mergedDraftInput(id, changes);
      await writeTransaction(db, async (trx) => {
        await draftRow(trx, id);
        await rewriteDraft(trx, id, merged, rate);
      });
      return read(id);
    },

    async issue(input: { id: number; type?: 1 | 3 | undefined }) {
      const type = input.type ?? 3;
      await writeTransaction(db, async (trx) => {
        const draft = await draftRow(trx, input.id);
        const base = await asInput(trx, draft);
        const client = await trx.selectFrom('clients').selectAll().where('id', '=', draft.client_id).executeTakeFirst();
        if (!client || client.deleted_at)
          throw rule('The client of this draft was deleted; choose another client first', 'client_uid');
        // The lines are priced again now: a draft that used a product takes the product as it is at issue time.
        const lines = resolveLines(trx, base.items, draft.currency);
        const totals = totalsOf(lines, draft.round_to);
        await trx.deleteFrom('invoice_items').where('invoice_id', '=', draft.id).execute();
        insertLines(trx, draft.id, lines);
        const date = today(ctx);
        const { sellerSnapshot } = settingsForIssue(trx);
        const block = await trx.selectFrom('invoice_blocks').select('prefix').where('id', '=', draft.block_id).executeTakeFirst();
        const issued = await trx
          .updateTable('invoices')
          .set({
            type,
            prefix: block?.prefix ?? '',
            ...(numbering(trx, type, draft.block_id, date)),
            date,
            client_snapshot: JSON.stringify(clientSnapshot(client)),
            seller_snapshot: sellerSnapshot,
            ...totalColumns(totals),
            issued_at: nowStamp(ctx),
            updated_at: nowStamp(ctx),
          })
          .where('id', '=', draft.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const paid = recordAdvancePayment(trx, issued, date);
        seal(trx, paid);
      });
      return read(input.id);
    },

    async delete(input: { id: number }) {
      await writeTransaction(db, async (trx) => {
        await draftRow(trx, input.id);
        const used = await trx
          .selectFrom('recurring_profiles')
          .select('id')
          .where('base_invoice_id', '=', input.id)
          .executeTakeFirst();
        if (used) throw rule(`Recurring profile ${used.id} is based on this draft; delete or change the profile first`);
        await trx.deleteFrom('invoice_items').where('invoice_id', '=', input.id).execute();
        await trx.deleteFrom('invoices').where('id', '=', input.id).execute();
      });
      return { deleted: true as const };
    },

    async cancel(input: { id: number; invoice_no?: string | undefined; date?: string | undefined }) {
      const result = await writeTransaction(db, async (trx) => {
        const original = await row(trx, input.id);
        if (original.type === 0) throw rule('A draft is not cancelled; delete it instead');
        if (original.is_cancel_invoice) throw rule('A cancelling invoice cannot be cancelled');
        if (original.status === 4) throw new FolioError('conflict', `Invoice ${original.invoice_no} is already cancelled`);
        const now = nowStamp(ctx);
        if (original.type === 1) {
          if (original.generated_invoice_id)
            throw rule('An invoice was generated from this proforma; cancel that invoice instead');
          // A proforma is not a tax document: voiding it needs no cancelling invoice (DESIGN §8).
          return trx
            .updateTable('invoices')
            .set({ status: 4, updated_at: now })
            .where('id', '=', original.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        const date = input.invoice_no ? (input.date ?? today(ctx)) : today(ctx);
        const items = await trx
          .selectFrom('invoice_items')
          .selectAll()
          .where('invoice_id', '=', original.id)
          .orderBy('position')
          .execute();
        const numbers = numbering(trx, 3, original.block_id, date, input.invoice_no);
        const { id: _id, ...copy } = original;
        const cancelling = await trx
          .insertInto('invoices')
          .values({
            ...copy,
            ...numbers,
            status: 1,
            sealed: 0,
            date,
            net_milli: -original.net_milli,
            vat_milli: -original.vat_milli,
            gross_milli: -original.gross_milli,
            rounding_milli: -original.rounding_milli,
            total_milli: -original.total_milli,
            total_paid_milli: -original.total_milli,
            is_cancel_invoice: 1,
            cancels_id: original.id,
            cancelled_by_id: null,
            proforma_id: null,
            generated_invoice_id: null,
            recurring_id: null,
            share_code: null,
            issued_at: now,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('invoice_items')
          .values(
            items.map(({ id: _itemId, ...it }) => ({
              ...it,
              invoice_id: cancelling.id,
              qty: parseDecimal(it.qty).times(-1).toFixed(),
              net_milli: -it.net_milli,
              vat_milli: -it.vat_milli,
              gross_milli: -it.gross_milli,
            })),
          )
          .execute();
        await trx
          .updateTable('invoices')
          .set({ status: 4, cancelled_by_id: cancelling.id, updated_at: now })
          .where('id', '=', original.id)
          .execute();
        return seal(trx, cancelling);
      });
      return createdResponse(result);
    },

    async generate(input: { id: number }) {
      const created = await writeTransaction(db, async (trx) => {
        const proforma = await row(trx, input.id);
        if (proforma.type !== 1) throw rule('Only a proforma invoice can generate an invoice');
        if (proforma.generated_invoice_id) {
          throw new FolioError(
            'conflict',
            `An invoice (${proforma.generated_invoice_id}) was already generated from this proforma`,
          );
        }
        if (proforma.status === 4) throw rule('This proforma was cancelled');
        const date = today(ctx);
        const now = nowStamp(ctx);
        const items = await trx
          .selectFrom('invoice_items')
          .selectAll()
          .where('invoice_id', '=', proforma.id)
          .orderBy('position')
          .execute();
        const payments = await trx.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', proforma.id).execute();
        const paid = payments.reduce((s, p) => s + p.amount_milli, 0);
        const { id: _id, ...copy } = proforma;
        const invoice = await trx
          .insertInto('invoices')
          .values({
            ...copy,
            ...(numbering(trx, 3, proforma.block_id, date)),
            type: 3,
            status: paid >= proforma.total_milli ? 1 : 2,
            sealed: 0,
            date,
            seller_snapshot: settingsForIssue(trx).sellerSnapshot,
            total_paid_milli: paid,
            proforma_id: proforma.id,
            generated_invoice_id: null,
            share_code: null,
            issued_at: now,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('invoice_items')
          .values(items.map(({ id: _i, ...it }) => ({ ...it, invoice_id: invoice.id })))
          .execute();
        if (payments.length) {
          await trx
            .insertInto('invoice_payments')
            .values(payments.map(({ id: _p, ...p }) => ({ ...p, invoice_id: invoice.id })))
            .execute();
        }
        await trx
          .updateTable('invoices')
          .set({ generated_invoice_id: invoice.id, updated_at: now })
          .where('id', '=', proforma.id)
          .execute();
        const withAdvance = payments.length ? invoice : recordAdvancePayment(trx, invoice, date);
        return seal(trx, withAdvance);
      });
      return { id: created.id };
    },

    async pay(input: PayInput) {
      return writeTransaction(db, async (trx) => {
        const invoice = await payable(trx, input.id);
        const amount = toMilli(parseDecimal(input.amount));
        const outstanding = outstandingMilli(invoice);
        if (amount > outstanding) {
          throw rule(
            `The payment (${input.amount}) is more than the outstanding amount (${milliToNumber(outstanding)} ${invoice.currency})`,
            'amount',
          );
        }
        const method = input.payment_method ?? invoice.payment_method_id;
        if (!findPaymentMethod(method)) throw invalid('payment_method', 'is not a payment method id');
        await trx
          .insertInto('invoice_payments')
          .values({
            invoice_id: invoice.id,
            date: input.date,
            amount_milli: amount,
            payment_method_id: method,
            conversion_rate: input.conversion_rate ?? invoice.exchange_rate,
            created_at: nowStamp(ctx),
          })
          .execute();
        return settle(trx, invoice, invoice.total_paid_milli + amount);
      });
    },

    async unpay(input: { id: number }) {
      return writeTransaction(db, async (trx) => {
        const invoice = await payable(trx, input.id);
        await trx.deleteFrom('invoice_payments').where('invoice_id', '=', invoice.id).execute();
        return settle(trx, invoice, 0);
      });
    },

    /** The share code: 192 random bits, URL-safe, made once and stable until revoked. */
    async code(input: { id: number }) {
      return writeTransaction(db, async (trx) => {
        const invoice = await row(trx, input.id);
        if (invoice.type === 0) throw rule('A draft cannot be shared; issue it first');
        if (invoice.share_code) return { code: invoice.share_code };
        const code = randomBytes(24).toString('base64url');
        await trx.updateTable('invoices').set({ share_code: code }).where('id', '=', invoice.id).execute();
        return { code };
      });
    },

    async revokeCode(input: { id: number }) {
      const invoice = await row(db, input.id);
      await db.updateTable('invoices').set({ share_code: null }).where('id', '=', invoice.id).execute();
      return { revoked: invoice.share_code !== null };
    },

    async byShareCode(code: string) {
      const r = await db.selectFrom('invoices').selectAll().where('share_code', '=', code).executeTakeFirst();
      if (!r) return undefined;
      const [res] = await loadInvoices(db, [r]);
      return res;
    },
  };

  /** Stores what has been paid and the status it makes: paid (1) once nothing is outstanding, else unpaid (2). */
  async function settle(trx: Db, invoice: InvoiceRow, paid: number) {
    const updated = await trx
      .updateTable('invoices')
      .set({ total_paid_milli: paid, status: paid >= invoice.total_milli ? 1 : 2, updated_at: nowStamp(ctx) })
      .where('id', '=', invoice.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return paymentResult(updated);
  }

  async function payable(trx: Db, id: number) {
    const invoice = await row(trx, id);
    if (invoice.type === 0) throw rule('A draft cannot be paid; issue it first');
    if (invoice.is_cancel_invoice) throw rule('A cancelling invoice cannot be paid');
    if (invoice.status === 4) throw rule('A cancelled invoice cannot be paid');
    // The payments of a proforma moved to the invoice generated from it; further ones belong there too.
    if (invoice.type === 1 && invoice.generated_invoice_id) {
      throw rule(
        `An invoice (${invoice.generated_invoice_id}) was generated from this proforma; record payments on that invoice`,
      );
    }
    return invoice;
  }
}

/** The stored totals of an invoice, computed once when it is saved (DESIGN §3). */
function totalColumns(totals: DocumentTotals) {
  return {
    net_milli: totals.net,
    vat_milli: totals.vat,
    gross_milli: totals.gross,
    rounding_milli: totals.rounding,
    total_milli: totals.total,
  };
}

function paymentResult(r: InvoiceRow) {
  const outstanding = outstandingMilli(r);
  return { fully_paid: outstanding === 0, outstanding: milliToNumber(outstanding) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
