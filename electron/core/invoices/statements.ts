// The statements of writing an invoice, compiled once (../../db/prepared.ts): issuing is the path that runs most and
// whose cost users wait on. Each runs inside a write transaction. Numbering has its own (./numbering.ts).
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { prepareStatement } from '../../db/prepared';
import type { Db, WriteTx } from '../../db/types';

export type InvoiceValues = Omit<InvoiceRow, 'id'>;
export type ItemValues = Omit<InvoiceItemRow, 'id'>;

// Every column but the id, so a compiled insert writes a whole row and the row it wrote is known without reading it
// back. Typed as a record of the row's keys: a column added to the schema and not here fails the type check.
const INVOICE_COLUMNS: Record<keyof InvoiceValues, true> = {
  type: true, status: true, sealed: true, block_id: true, number_kind: true, number_year: true, number_seq: true,
  invoice_no: true, prefix: true, date: true, fulfillment_date: true, due_date: true, client_id: true,
  client_snapshot: true, seller_snapshot: true, payment_method_id: true, currency: true, exchange_rate: true,
  exchange_rate_source: true, round_to: true, net_milli: true, vat_milli: true, gross_milli: true,
  rounding_milli: true, total_milli: true, total_paid_milli: true, comment: true, template_lang_code: true,
  electronic_invoice: true, bank_account_id: true, is_cancel_invoice: true, cancels_id: true, cancelled_by_id: true,
  proforma_id: true, generated_invoice_id: true, recurring_id: true, period_start: true, period_end: true,
  share_code: true, issued_at: true, created_at: true, updated_at: true, modifies_id: true, original_invoice_no: true,
  original_date: true, external_original: true, modification_index: true, modification_reason: true, is_advance: true,
  current_total_milli: true, quote_id: true, vendor_id: true, receipt_draft: true, payment_qr: true,
};

const ITEM_COLUMNS: Record<keyof ItemValues, true> = {
  invoice_id: true, position: true, product_id: true, description: true, qty: true, unit: true,
  net_unit_price: true, gross_unit_price: true, vat_id: true, vat_rate: true, entitlement: true,
  item_comment: true, net_milli: true, vat_milli: true, gross_milli: true, modifies_line: true, advance_invoice_id: true,
};

function allColumns<T extends object>(columns: Record<keyof T, true>, p: T): T {
  return Object.fromEntries(Object.keys(columns).map((c) => [c, p[c as keyof T]])) as T;
}

/** Every column of an invoice row but the id, in one order, for a compiled insert (./numbering.ts builds one too). */
export function invoiceColumns(p: InvoiceValues): InvoiceValues {
  return allColumns(INVOICE_COLUMNS, p);
}

export const clientById = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('clients').selectAll().where('id', '=', p.id),
);

/**
 * What issuing reads first, in one round trip (on PostgreSQL each read is one): the block, the client (its columns
 * null when there is none) and the settings row's text. No row when the block does not exist; the caller then reads
 * the two apart to say all that is wrong.
 */
export const issueReferences = prepareStatement((db, p: { client: number; block: number; settings: string }) =>
  db
    .selectFrom('invoice_blocks as b')
    .leftJoin('clients as c', (join) => join.on('c.id', '=', p.client))
    .selectAll('c')
    .select((eb) => [
      'b.id as folio_block_id',
      'b.prefix as folio_block_prefix',
      'b.owner as folio_block_owner',
      eb.selectFrom('settings').select('value').where('key', '=', p.settings).as('folio_settings'),
    ])
    .where('b.id', '=', p.block),
);

export const bankAccountById = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('bank_accounts').select('id').where('id', '=', p.id),
);

export const productById = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('products').selectAll().where('id', '=', p.id),
);

export const insertInvoice = prepareStatement((db, p: InvoiceValues) =>
  db.insertInto('invoices').values(invoiceColumns(p)).returning('id'),
);

export const insertItem = prepareStatement((db, p: ItemValues) => db.insertInto('invoice_items').values(allColumns(ITEM_COLUMNS, p)).returning('id'));

/** The most lines one insert writes; a longer invoice takes several. */
const LINES_PER_INSERT = 16;

/** The insert of n lines at once, compiled once per n: on PostgreSQL one round trip instead of one per line. */
const insertItemsOf = new Map<number, ReturnType<typeof prepareLines>>();

/** Its arguments are the lines themselves: line i's column c is the marker `${i}.${c}` (../../db/prepared.ts). */
function prepareLines(n: number) {
  return prepareStatement((db, p: ItemValues[]) =>
    db.insertInto('invoice_items').values(
      Array.from({ length: n }, (_, i) =>
        allColumns(ITEM_COLUMNS, new Proxy({} as ItemValues, { get: (_t, column) => (p as unknown as Record<string, unknown>)[`${i}.${String(column)}`] })),
      ),
    ).returning('id'),
  );
}

/**
 * Writes the lines of an invoice, up to LINES_PER_INSERT in each statement, and answers them as stored: every column
 * is written, so a stored line is its values with the id the database gave it, and nothing is read back (the /v3
 * create answers with its lines: issue 41). A statement's new ids rise in the order of its rows (SQLite's next rowid,
 * PostgreSQL's sequence), while RETURNING promises no order: the ids are sorted and given to the lines in turn.
 */
export async function insertLines(trx: WriteTx, lines: ItemValues[]): Promise<InvoiceItemRow[]> {
  const stored: InvoiceItemRow[] = [];
  for (let from = 0; from < lines.length; from += LINES_PER_INSERT) {
    const chunk = lines.slice(from, from + LINES_PER_INSERT);
    let ids: Array<{ id: number }>;
    if (chunk.length === 1) {
      ids = await insertItem.all(trx, chunk[0]!);
    } else {
      let statement = insertItemsOf.get(chunk.length);
      if (!statement) {
        statement = prepareLines(chunk.length);
        insertItemsOf.set(chunk.length, statement);
      }
      ids = await statement.all(trx, chunk);
    }
    const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
    chunk.forEach((line, i) => stored.push({ ...line, id: sorted[i]! }));
  }
  return stored;
}

/** From here the triggers guard the invoice and its lines (migrations/0001). */
export const sealInvoice = prepareStatement((db, p: { id: number }) =>
  db.updateTable('invoices').set({ sealed: 1 }).where('id', '=', p.id).where('sealed', '=', 0),
);

export const insertPayment = prepareStatement(
  (db, p: { invoice_id: number; date: string; amount_milli: number; payment_method_id: number; conversion_rate: string; created_at: string }) =>
    db.insertInto('invoice_payments').values({
      invoice_id: p.invoice_id,
      date: p.date,
      amount_milli: p.amount_milli,
      payment_method_id: p.payment_method_id,
      conversion_rate: p.conversion_rate,
      created_at: p.created_at,
    }),
);

export const setPaid = prepareStatement((db, p: { id: number; status: number; total_paid_milli: number }) =>
  db.updateTable('invoices').set({ status: p.status, total_paid_milli: p.total_paid_milli }).where('id', '=', p.id),
);
