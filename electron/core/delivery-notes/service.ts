// Delivery notes (szállítólevél, issue 40): issued at once and numbered (numbering.ts), read, cancelled — never
// deleted, and never once an invoice covers them. Lines come from products (name, unit, price, VAT code as they are
// now) or are typed in. Invoicing several notes of one client is ./invoice.ts.
import type { DeliveryNoteCreateInput } from '../../../shared/contract/areas/delivery-notes';
import { FolioError, notFound, rule } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { nowStamp, today, type CoreContext } from '../context';
import { clientSnapshot } from '../clients/mapping';
import { readSettings, sellerSnapshotFor } from '../settings/service';
import { pageWindow, toPage } from '../paging';
import { loadNotes, type DeliveryNoteRow } from './mapping';
import { nextDeliveryNoteNumber } from './numbering';

export async function deliveryNoteRow(db: Db, id: number): Promise<DeliveryNoteRow> {
  const row = await db.selectFrom('delivery_notes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Delivery note ${id}`);
  return row;
}

export function createDeliveryNoteService(ctx: CoreContext) {
  const { db } = ctx;

  async function read(id: number) {
    const [note] = await loadNotes(db, [await deliveryNoteRow(db, id)]);
    return note!;
  }

  async function create(input: DeliveryNoteCreateInput) {
    const id = await writeTransaction(db, async (trx) => {
      const kind = input.kind ?? 'waybill';
      // from a quote: its client, currency, language and lines (with their prices), unless the body gives them
      const quote = input.quote_uid === undefined ? undefined : await trx.selectFrom('quotes').selectAll().where('id', '=', input.quote_uid).where('deleted_at', 'is', null).executeTakeFirst();
      if (input.quote_uid !== undefined && !quote) throw rule('no such quote', 'quote_uid');
      const quoteItems = quote ? await trx.selectFrom('quote_items').selectAll().where('quote_id', '=', quote.id).orderBy('position').execute() : [];
      const clientId = input.client_uid ?? quote?.client_id;
      if (clientId === undefined) throw rule('is required (or give quote_uid)', 'client_uid');
      const client = await trx.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
      if (!client || client.deleted_at) throw rule('no such client', 'client_uid');
      const settings = await readSettings(trx);
      const lines: Array<{ product_id: number | null; description: string; qty: string; unit: string; net_unit_price: string | null; vat_id: string | null }> = [];
      const items = input.items ?? [];
      if (!items.length && !quoteItems.length) throw rule('needs at least one item', 'items');
      if (!items.length) {
        for (const q of quoteItems) lines.push({ product_id: q.product_id, description: q.description, qty: q.qty, unit: q.unit, net_unit_price: q.net_unit_price, vat_id: q.vat_id });
      }
      for (const [i, item] of items.entries()) {
        if (item.product_uid === undefined) {
          // text stored exactly as given (docs/architecture.md "Input forms"): the contract refused a blank one
          lines.push({ product_id: null, description: item.description!, qty: item.qty, unit: item.unit ?? '', net_unit_price: item.net_unit_price ?? null, vat_id: item.vat_id ?? null });
          continue;
        }
        const product = await trx.selectFrom('products').selectAll().where('id', '=', item.product_uid).executeTakeFirst();
        if (!product || product.deleted_at) throw rule('no such product', `items.${i}.product_uid`);
        lines.push({
          product_id: product.id,
          description: item.description?.trim() ? item.description : product.name,
          qty: item.qty,
          unit: item.unit ?? product.unit,
          net_unit_price: item.net_unit_price ?? String(product.price),
          vat_id: item.vat_id ?? String(product.vat_id),
        });
      }
      const date = input.date ?? today(ctx);
      const number = await nextDeliveryNoteNumber(trx, Number(date.slice(0, 4)), kind);
      const snapshot = clientSnapshot(client);
      const now = nowStamp(ctx);
      const inserted = await trx
        .insertInto('delivery_notes')
        .values({
          ...number,
          kind,
          quote_id: quote?.id ?? null,
          client_id: client.id,
          client_snapshot: JSON.stringify(snapshot),
          seller_snapshot: await sellerSnapshotFor(trx, settings.default_bank_account_uid ?? null),
          date,
          delivery_address: JSON.stringify({ ...snapshot.billing_address, ...input.delivery_address }),
          show_prices: input.show_prices === false ? 0 : 1,
          currency: input.currency ?? quote?.currency ?? settings.home_currency ?? 'HUF',
          template_lang_code: input.template_lang_code ?? quote?.template_lang_code ?? settings.default_lang,
          comment: input.comment ?? '',
          status: 'issued',
          invoice_id: null,
          cancelled_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('delivery_note_items')
        .values(lines.map((l, position) => ({ ...l, note_id: inserted.id, position })))
        .execute();
      return inserted.id;
    });
    return read(id);
  }

  async function list(input: { page?: number | undefined; max_per_page?: number | undefined; client_uid?: number | undefined; invoice_uid?: number | undefined; status?: DeliveryNoteRow['status'] | undefined; kind?: DeliveryNoteRow['kind'] | undefined }) {
    const w = pageWindow(input);
    let q = db.selectFrom('delivery_notes').selectAll();
    if (input.kind !== undefined) q = q.where('kind', '=', input.kind);
    if (input.client_uid !== undefined) q = q.where('client_id', '=', input.client_uid);
    if (input.invoice_uid !== undefined) q = q.where('invoice_id', '=', input.invoice_uid);
    if (input.status !== undefined) q = q.where('status', '=', input.status);
    const rows = await q.orderBy('id', 'desc').limit(w.perPage + 1).offset(w.offset).execute();
    const page = toPage(rows, w, (r) => r);
    return { ...page, items: await loadNotes(db, page.items) };
  }

  async function cancel(input: { id: number }) {
    await writeTransaction(db, async (trx) => {
      const row = await deliveryNoteRow(trx, input.id);
      if (row.status === 'invoiced') {
        throw rule(`Delivery note ${row.note_no} is covered by an invoice: cancel the invoice instead`, 'id');
      }
      if (row.status === 'cancelled') throw new FolioError('conflict', `Delivery note ${row.note_no} was already cancelled`, [{ field: 'id', message: 'was already cancelled' }]);
      const now = nowStamp(ctx);
      await trx.updateTable('delivery_notes').set({ status: 'cancelled', cancelled_at: now, updated_at: now }).where('id', '=', row.id).where('status', '=', 'issued').execute();
    });
    return read(input.id);
  }

  return { read, get: (input: { id: number }) => read(input.id), create, list, cancel };
}

export type DeliveryNoteService = ReturnType<typeof createDeliveryNoteService>;
