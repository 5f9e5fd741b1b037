// Rows written straight into a migrated database (tests/pg): the schema's own constraints and triggers are under
// test, not the core's services, so these insert what the core would, with only the columns a row must have (the
// rest take the schema's defaults, which are under test too: hence the untyped Kysely).
import type { Kysely } from 'kysely';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { Db } from '../../electron/db/types';

const loose = (db: Db) => db as unknown as Kysely<any>;

export const STAMP = '2026-03-02 10:00:00';

export async function insertClient(db: Db, name = 'Kovács és Társa Kft.'): Promise<number> {
  const row = await loose(db)
    .insertInto('clients')
    .values({ name, taxcode: '12345676-2-41', created_at: STAMP, updated_at: STAMP })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** A default block 0, as every node makes on its first start. */
export async function ensureBlock(db: Db): Promise<void> {
  await db
    .insertInto('invoice_blocks')
    .values({ id: 0, name: 'Alapértelmezett', prefix: '', created_at: STAMP, updated_at: STAMP })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A draft invoice of one line at 27% VAT (net 100,000 HUF), unsealed. */
export async function insertDraftInvoice(db: Db, clientId: number, seller: { vat_status?: string } = {}): Promise<number> {
  await ensureBlock(db);
  const invoice = await loose(db)
    .insertInto('invoices')
    .values({
      type: INVOICE_TYPE.invoice,
      status: 0,
      block_id: 0,
      date: '2026-03-02',
      fulfillment_date: '2026-03-01',
      due_date: '2026-03-10',
      client_id: clientId,
      client_snapshot: '{}',
      seller_snapshot: JSON.stringify(seller),
      payment_method_id: 1,
      currency: 'HUF',
      exchange_rate: '1',
      net_milli: 100_000_000,
      vat_milli: 27_000_000,
      gross_milli: 127_000_000,
      rounding_milli: 0,
      total_milli: 127_000_000,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await loose(db)
    .insertInto('invoice_items')
    .values({
      invoice_id: invoice.id as number,
      position: 1,
      description: 'Tanácsadás',
      qty: '1',
      net_unit_price: '100000',
      vat_id: '27',
      vat_rate: '0.27',
      net_milli: 100_000_000,
      vat_milli: 27_000_000,
      gross_milli: 127_000_000,
    })
    .execute();
  return invoice.id as number;
}

/** Issues the draft as the numbering does: number and seal in one write. */
export async function seal(db: Db, invoiceId: number, seq = 1): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ sealed: 1, number_kind: 'invoice', number_year: 2026, number_seq: seq, invoice_no: `2026-${String(seq).padStart(6, '0')}`, issued_at: STAMP, updated_at: '2026-03-02 10:05:00' })
    .where('id', '=', invoiceId)
    .execute();
}
