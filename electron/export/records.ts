// The exported records, in the API's read forms (the same JSON the HTTP door gives), a batch at a time. Soft-deleted
// clients and products are included (issued invoices refer to them), marked by deleted_at.
import type { BankAccountAttributes, ClientAttributes, ExpenseAttributes, InvoiceAttributes, ProductAttributes, Resource } from '../../shared/resources';
import { bankAccountResource } from '../core/bank-accounts/service';
import { clientResource } from '../core/clients/mapping';
import { expenseResource } from '../core/expenses/service';
import { loadInvoices } from '../core/invoices/mapping';
import { productResource } from '../core/products/service';
import type { Db } from '../db/types';
import type { BankAccountRow, ClientRow, ExpenseRow, InvoiceRow, ProductRow } from '../db/schema';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { batches, type ExportRange, type Section } from './source';

export type ExportedClient = Resource<ClientAttributes & { deleted_at: string | null }>;

export interface SectionRecords {
  clients: ExportedClient;
  products: Resource<ProductAttributes>;
  expenses: Resource<ExpenseAttributes>;
  bank_accounts: Resource<BankAccountAttributes>;
  invoices: Resource<InvoiceAttributes>;
}

export async function* records<S extends Section>(db: Db, section: S, size: number, range?: ExportRange): AsyncGenerator<Array<SectionRecords[S]>> {
  for await (const batch of sectionRecords(db, section, size, range)) {
    yield batch;
    // A turn of the event loop between batches: reading SQLite is synchronous, so without it a long export holds the
    // thread in one run of promise callbacks, and neither requests nor the PDF workers' messages (accountant package:
    // they wait for their next invoice from this thread) get through until it ends.
    await nextTurn();
  }
}

async function* sectionRecords<S extends Section>(db: Db, section: S, size: number, range?: ExportRange): AsyncGenerator<Array<SectionRecords[S]>> {
  type Out = Array<SectionRecords[S]>;
  switch (section) {
    case 'clients':
      for await (const rows of batches<ClientRow>(db, 'clients', size, range)) {
        yield rows.map((r) => {
          const res = clientResource(r);
          return { id: res.id, attributes: { ...res.attributes, deleted_at: r.deleted_at } };
        }) as Out;
      }
      return;
    case 'products':
      for await (const rows of batches<ProductRow>(db, 'products', size, range)) yield rows.map(productResource) as Out;
      return;
    case 'bank_accounts':
      for await (const rows of batches<BankAccountRow>(db, 'bank_accounts', size, range)) yield rows.map(bankAccountResource) as Out;
      return;
    case 'expenses':
      for await (const rows of batches<ExpenseRow>(db, 'expenses', size, range)) {
        const ids = [...new Set(rows.map((r) => r.client_id).filter((x): x is number => x !== null))];
        const clients = ids.length ? await db.selectFrom('clients').selectAll().where('id', 'in', ids).execute() : [];
        const byId = new Map(clients.map((c) => [c.id, c]));
        yield rows.map((r) => expenseResource(r, r.client_id === null ? undefined : byId.get(r.client_id))) as Out;
      }
      return;
    case 'invoices':
      for await (const rows of batches<InvoiceRow>(db, 'invoices', size, range)) yield (await loadInvoices(db, rows)) as Out;
      return;
  }
}
