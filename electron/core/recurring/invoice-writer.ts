// Creating an invoice INSIDE the caller's write transaction, so the scheduler can insert the invoice and its
// recurring_runs row atomically. The invoice service's `create` opens its own transaction, so until the service
// exports the two halves of `create` (`exchangeRate` outside, `createIn(trx, …)` inside — requested from the lead),
// `interimInvoiceWriter` below is a faithful copy of `create`'s transaction body built on the service's exported
// pieces. When the service has them, `invoiceWriter` uses the service's and this copy can be deleted.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { FolioError, rule, type FieldError } from '../../../shared/errors';
import { yearOf } from '../../../shared/dates';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { Db } from '../../db/open';
import type { InvoiceRow, NewInvoice } from '../../db/schema';
import { clientSnapshot } from '../clients/mapping';
import { recordChange } from '../changes';
import type { CoreContext } from '../context';
import { nowStamp, today } from '../context';
import type { InvoiceService, RateProvider, RateQuote, SealHook } from '../invoices/service';
import { resolveLines, totalsOf } from '../invoices/lines';
import { formatNumber, takeNumber } from '../invoices/numbering';
import { readSettings } from '../settings/service';

export interface InvoiceWriter {
  /** The rate of an invoice (home currency → 1, a given rate as given, else the provider); outside any transaction. */
  exchangeRate(currency: string, given: string | undefined, fulfillmentDate: string): Promise<RateQuote>;
  /** Inserts, numbers and (types 1 and 3) seals an invoice inside `trx`; returns the stored row. */
  createIn(trx: Db, input: InvoiceCreateInput, rate: RateQuote, extra?: Partial<NewInvoice>): Promise<InvoiceRow>;
}

export interface InterimDeps {
  /** the same provider and hooks given to createCore (the copy cannot reach the core's) */
  rates?: RateProvider | undefined;
  sealHooks?: SealHook[] | undefined;
}

/** The service's own writer once it has one, else the interim copy. */
export function invoiceWriter(ctx: CoreContext, invoices: InvoiceService, deps: InterimDeps): InvoiceWriter {
  const service = invoices as Partial<InvoiceWriter>;
  if (typeof service.createIn === 'function' && typeof service.exchangeRate === 'function') {
    return { createIn: service.createIn, exchangeRate: service.exchangeRate };
  }
  return interimInvoiceWriter(ctx, deps);
}

export function interimInvoiceWriter(ctx: CoreContext, deps: InterimDeps): InvoiceWriter {
  const sealHooks = deps.sealHooks ?? [];

  async function exchangeRate(currency: string, given: string | undefined, fulfillmentDate: string): Promise<RateQuote> {
    const settings = await readSettings(ctx.db);
    if (currency === settings.home_currency || currency === 'HUF') return { rate: '1', source: 'home currency' };
    if (given !== undefined) return { rate: given, source: 'given' };
    if (!deps.rates) throw rule(`No exchange rate for ${currency}: give exchange_rate (no rate provider is set up)`, 'exchange_rate');
    return deps.rates.rateFor(currency, fulfillmentDate);
  }

  async function checkRefs(trx: Db, input: InvoiceCreateInput) {
    const errors: FieldError[] = [];
    const client = await trx.selectFrom('clients').selectAll().where('id', '=', input.client_uid).executeTakeFirst();
    if (!client || client.deleted_at) errors.push({ field: 'client_uid', message: 'no such client' });
    if (!findPaymentMethod(input.payment_method)) errors.push({ field: 'payment_method', message: 'is not a payment method id' });
    const block = await trx.selectFrom('invoice_blocks').selectAll().where('id', '=', input.block_uid ?? 0).executeTakeFirst();
    if (!block) errors.push({ field: 'block_uid', message: 'must be 0 or the id of an invoice block' });
    // A block owned by another device (sync) takes numbers only from that device.
    else if (block.owner !== 'local' && input.type !== 0) {
      throw rule('This invoice block belongs to another device; issue invoices in a block of your own', 'block_uid');
    }
    if (input.bank_account_uid !== undefined) {
      const account = await trx.selectFrom('bank_accounts').select('id').where('id', '=', input.bank_account_uid).executeTakeFirst();
      if (!account) errors.push({ field: 'bank_account_uid', message: 'no such bank account' });
    }
    if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
    return { client: client!, block: block! };
  }

  async function createIn(trx: Db, input: InvoiceCreateInput, rate: RateQuote, extra: Partial<NewInvoice> = {}): Promise<InvoiceRow> {
    const { client, block } = await checkRefs(trx, input);
    const lines = await resolveLines(trx, input.items, input.currency);
    const totals = totalsOf(lines, input.round_to ?? 0);
    const settings = await readSettings(trx);
    const date = today(ctx);
    const now = nowStamp(ctx);
    const blockId = input.block_uid ?? 0;
    const kind = input.type === 1 ? 'proforma' : input.type === 3 ? 'invoice' : null;
    const year = yearOf(date);
    const seq = kind ? await takeNumber(trx, blockId, year, kind) : null;
    const inserted = await trx
      .insertInto('invoices')
      .values({
        type: input.type,
        status: 2,
        sealed: 0,
        block_id: blockId,
        number_kind: kind,
        number_year: kind ? year : null,
        number_seq: seq,
        invoice_no: kind && seq !== null ? formatNumber(kind, year, seq) : null,
        prefix: block.prefix,
        date,
        fulfillment_date: input.fulfillment_date,
        due_date: input.due_date,
        client_id: input.client_uid,
        client_snapshot: JSON.stringify(clientSnapshot(client)),
        seller_snapshot: JSON.stringify(settings.seller),
        payment_method_id: input.payment_method,
        currency: input.currency,
        exchange_rate: rate.rate,
        exchange_rate_source: rate.source,
        round_to: input.round_to ?? 0,
        net_milli: totals.net,
        vat_milli: totals.vat,
        gross_milli: totals.gross,
        rounding_milli: totals.rounding,
        total_milli: totals.total,
        total_paid_milli: 0,
        comment: input.comment ?? '',
        template_lang_code: input.template_lang_code ?? settings.default_lang,
        electronic_invoice: input.electronic_invoice ?? 0,
        bank_account_id: input.bank_account_uid ?? settings.default_bank_account_uid ?? null,
        is_cancel_invoice: 0,
        issued_at: input.type === 0 ? null : now,
        created_at: now,
        updated_at: now,
        ...extra,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (lines.length) {
      await trx
        .insertInto('invoice_items')
        .values(
          lines.map((l) => ({
            invoice_id: inserted.id,
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
          })),
        )
        .execute();
    }
    if (input.type === 0) return inserted;
    const paid = await recordAdvancePayment(trx, inserted, date);
    const sealed = await trx.updateTable('invoices').set({ sealed: 1 }).where('id', '=', paid.id).returningAll().executeTakeFirstOrThrow();
    await recordChange(trx, 'invoice', sealed.id, 'create', sealed.updated_at);
    for (const hook of sealHooks) await hook(trx, sealed);
    return sealed;
  }

  /** A normal invoice paid by an advance-paid method (cash, card …) is created paid, as the service does. */
  async function recordAdvancePayment(trx: Db, invoice: InvoiceRow, date: string): Promise<InvoiceRow> {
    if (invoice.type !== 3 || !findPaymentMethod(invoice.payment_method_id)?.advancePaid) return invoice;
    await trx
      .insertInto('invoice_payments')
      .values({
        invoice_id: invoice.id,
        date,
        amount_milli: invoice.total_milli,
        payment_method_id: invoice.payment_method_id,
        conversion_rate: invoice.exchange_rate,
        created_at: nowStamp(ctx),
      })
      .execute();
    return trx
      .updateTable('invoices')
      .set({ status: 1, total_paid_milli: invoice.total_milli })
      .where('id', '=', invoice.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return { exchangeRate, createIn };
}
