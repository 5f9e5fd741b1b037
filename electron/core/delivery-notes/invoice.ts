// "Invoice these delivery notes": one invoice from several notes of one client, made by the invoices' own create
// path (createIn) inside one write transaction that also marks each note invoiced by it — so two clicks never make
// two invoices, and a note is never invoiced twice (the conditional update, and migration 0054's trigger, refuse it).
// The link runs both ways: each note names the invoice (invoice_id), and the invoice's comment names the notes.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { FolioError, rule } from '../../../shared/errors';
import { addDays } from '../../../shared/dates';
import { INVOICE_TYPE, type InvoiceType } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import type { InvoiceService } from '../invoices/service';
import { parseJson } from '../json';
import { readSettings } from '../settings/service';
import { quoteSeries } from '../quotes/numbering';
import type { DeliveryNoteItemRow, DeliveryNoteRow } from './mapping';

export interface NotesToInvoice {
  note_uids: number[];
  type?: number | undefined;
  payment_method?: number | undefined;
  due_date?: string | undefined;
  block_uid?: number | undefined;
}

/**
 * Where a device joined to a remote numbers the invoice when no block is asked for: block 0 is the remote's after
 * joining, so the device's own block, whose prefix names its document series (as accepting a quote does).
 */
async function joinedDeviceBlock(trx: Db): Promise<number | undefined> {
  const zero = await trx.selectFrom('invoice_blocks').select('owner').where('id', '=', 0).executeTakeFirst();
  if (!zero || zero.owner === 'local') return undefined;
  const series = await quoteSeries(trx);
  const own = await trx.selectFrom('invoice_blocks').select('id').where('owner', '=', 'local').where('id', '!=', 0).where('prefix', '=', series).executeTakeFirst();
  return own?.id;
}

// what the invoice's comment calls the documents it covers
const WORDS = {
  waybill: { hu: 'Szállítólevelek', en: 'Delivery notes', de: 'Lieferscheine' },
  cert_of_completion: { hu: 'Teljesítésigazolás', en: 'Certificate of completion', de: 'Abnahmebescheinigung' },
} as const;

/** Why these notes cannot become one invoice (the first reason found). */
function refuse(rows: DeliveryNoteRow[], asked: number[]): void {
  const missing = asked.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new FolioError('not_found', `Delivery note ${missing[0]} not found`, [{ field: 'note_uids', message: `no delivery note ${missing.join(', ')}` }]);
  const invoiced = rows.filter((r) => r.status === 'invoiced');
  if (invoiced.length) {
    const list = invoiced.map((r) => `${r.note_no} (invoice ${r.invoice_id})`).join(', ');
    throw new FolioError('conflict', `Already invoiced: ${list}`, [{ field: 'note_uids', message: `already invoiced: ${list}` }]);
  }
  const cancelled = rows.filter((r) => r.status === 'cancelled');
  if (cancelled.length) throw rule(`cancelled delivery notes cannot be invoiced: ${cancelled.map((r) => r.note_no).join(', ')}`, 'note_uids');
  // an order confirmation promises; what was delivered (a note) or accepted (a certificate) is invoiced
  if (rows.some((r) => r.kind === 'order_form')) throw rule('an order confirmation is not invoiced: invoice its delivery notes or completion certificate', 'note_uids');
  if (new Set(rows.map((r) => r.kind)).size > 1) throw rule('delivery notes and completion certificates are invoiced apart', 'note_uids');
  if (new Set(rows.map((r) => r.client_id)).size > 1) throw rule('the delivery notes belong to different clients: one invoice is made for one client', 'note_uids');
  if (new Set(rows.map((r) => r.currency)).size > 1) throw rule('the delivery notes are in different currencies', 'note_uids');
}

function requestOf(rows: DeliveryNoteRow[], items: DeliveryNoteItemRow[], input: NotesToInvoice, defaults: { method: number; dueDays: number; lang: string }): InvoiceCreateInput {
  const unpriced = items.find((i) => i.product_id === null && (i.net_unit_price === null || i.vat_id === null));
  if (unpriced) {
    const note = rows.find((r) => r.id === unpriced.note_id)!;
    throw rule(`line ${unpriced.position + 1} of ${note.note_no} has no price or VAT code: give them on the note, or invoice it from the editor`, 'note_uids');
  }
  const delivered = rows.map((r) => r.date).sort().at(-1)!;
  const lang = (rows[0]!.template_lang_code || defaults.lang) as InvoiceCreateInput['template_lang_code'];
  const word = WORDS[rows[0]!.kind === 'cert_of_completion' ? 'cert_of_completion' : 'waybill'][lang === 'en' || lang === 'de' ? lang : 'hu'];
  return {
    type: (input.type ?? INVOICE_TYPE.draft) as InvoiceType as InvoiceCreateInput['type'],
    client_uid: rows[0]!.client_id,
    payment_method: input.payment_method ?? defaults.method,
    currency: rows[0]!.currency,
    // the goods were delivered by the last note's day
    fulfillment_date: delivered,
    due_date: input.due_date ?? addDays(delivered, defaults.dueDays),
    comment: `${word}: ${rows.map((r) => r.note_no).join(', ')}`,
    ...(lang ? { template_lang_code: lang } : {}),
    items: items.map((i) => ({
      description: i.description,
      qty: i.qty,
      unit: i.unit,
      ...(i.net_unit_price !== null ? { net_unit_price: i.net_unit_price } : {}),
      ...(i.vat_id !== null ? { vat_id: i.vat_id } : {}),
      ...(i.product_id !== null && (i.net_unit_price === null || i.vat_id === null) ? { product_uid: i.product_id } : {}),
      item_comment: rows.find((r) => r.id === i.note_id)!.note_no,
    })) as InvoiceCreateInput['items'],
  };
}

async function notesIn(trx: Db, ids: number[]) {
  const rows = await trx.selectFrom('delivery_notes').selectAll().where('id', 'in', ids).orderBy('date').orderBy('id').execute();
  refuse(rows, ids);
  const items = await trx.selectFrom('delivery_note_items').selectAll().where('note_id', 'in', ids).execute();
  // the notes in delivery order, each note's lines in its own order
  const order = new Map(rows.map((r, i) => [r.id, i]));
  items.sort((a, b) => order.get(a.note_id)! - order.get(b.note_id)! || a.position - b.position);
  return { rows, items };
}

export async function invoiceNotes(ctx: CoreContext, invoices: InvoiceService, input: NotesToInvoice): Promise<number> {
  const ids = [...new Set(input.note_uids)];
  const settings = await readSettings(ctx.db);
  const first = await ctx.db.selectFrom('delivery_notes').select(['client_id', 'currency']).where('id', '=', ids[0]!).executeTakeFirst();
  const client = first ? await ctx.db.selectFrom('clients').select('defaults').where('id', '=', first.client_id).executeTakeFirst() : undefined;
  const days = parseJson<{ invoice_due_days?: string }>(client?.defaults, {}).invoice_due_days;
  const defaults = { method: settings.default_payment_method, dueDays: days && /^\d{1,3}$/.test(days) ? Number(days) : settings.default_due_days, lang: settings.default_lang };
  // the rate may come from the network: asked before the write lock, for the currency and day the notes give
  const peek = await notesIn(ctx.db, ids);
  const asked = requestOf(peek.rows, peek.items, input, defaults);
  const rate = await invoices.exchangeRate(asked.currency, undefined, asked.fulfillment_date);
  return writeTransaction(ctx.db, async (trx) => {
    // read again under the lock: another invoice may have taken a note meanwhile
    const { rows, items } = await notesIn(trx, ids);
    const block = input.block_uid ?? (await joinedDeviceBlock(trx));
    const invoice = await invoices.createIn(trx, { ...requestOf(rows, items, input, defaults), ...(block !== undefined ? { block_uid: block } : {}) }, rate);
    const now = nowStamp(ctx);
    const marked = await trx
      .updateTable('delivery_notes')
      .set({ status: 'invoiced', invoice_id: invoice.id, updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'issued')
      .where('invoice_id', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== ids.length) throw new FolioError('conflict', 'A delivery note was invoiced meanwhile: try again');
    return invoice.id;
  });
}
