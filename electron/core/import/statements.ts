// The import's statements, compiled once (../../db/prepared.ts): a run writes thousands of rows in one transaction,
// and reads the existing records inside it, so that what it matched against is what it writes beside.
import type { ClientRow, ProductRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { prepareStatement } from '../../db/prepared';
import type { ImportKind } from '../../../shared/contract/areas/import';

/** The remembered mappings' table (migrations/0015), known to this module only. */
export type ImportTables = {
  import_mappings: { kind: string; columns: string; updated_at: string };
};
export const withImportTables = (db: Db) => db.withTables<ImportTables>();

type ClientValues = Omit<ClientRow, 'id'>;
type ProductValues = Omit<ProductRow, 'id'>;
type Updated<T> = Omit<T, 'created_at' | 'deleted_at'> & { id: number };

const CLIENT_COLUMNS: Record<keyof ClientValues, true> = {
  name: true, email: true, taxcode: true, eu_taxcode: true, type: true, fokonyv_szam: true, phone: true, tax_type: true,
  address: true, bank: true, defaults: true, deleted_at: true, created_at: true, updated_at: true,
  einvoice_format: true, buyer_reference: true,
};
const PRODUCT_COLUMNS: Record<keyof ProductValues, true> = {
  name: true, price: true, unit: true, vat_id: true, currency_code: true, entitlement: true, attrs: true,
  deleted_at: true, created_at: true, updated_at: true,
};

/** Every column named, so a compiled statement writes a whole row; a column added to the schema and not here fails the type check. */
function columns<T extends object>(all: Record<keyof T, true>, p: T, leave: string[] = []): T {
  return Object.fromEntries(Object.keys(all).filter((c) => !leave.includes(c)).map((c) => [c, p[c as keyof T]])) as T;
}

const insertClient = prepareStatement((db, p: ClientValues) => db.insertInto('clients').values(columns(CLIENT_COLUMNS, p)));
const updateClient = prepareStatement((db, p: Updated<ClientValues>) =>
  // an import file has no e-invoice fields: an updated client keeps what the user chose
  db.updateTable('clients').set(columns(CLIENT_COLUMNS, p as unknown as ClientValues, ['created_at', 'deleted_at', 'einvoice_format', 'buyer_reference'])).where('id', '=', p.id),
);
const insertProduct = prepareStatement((db, p: ProductValues) => db.insertInto('products').values(columns(PRODUCT_COLUMNS, p)));
const updateProduct = prepareStatement((db, p: Updated<ProductValues>) =>
  db.updateTable('products').set(columns(PRODUCT_COLUMNS, p as unknown as ProductValues, ['created_at', 'deleted_at'])).where('id', '=', p.id),
);

export const liveClients = prepareStatement((db, _p: Record<string, never>) => db.selectFrom('clients').selectAll().where('deleted_at', 'is', null));
export const liveProducts = prepareStatement((db, _p: Record<string, never>) => db.selectFrom('products').selectAll().where('deleted_at', 'is', null));

export const writers = {
  clients: { insert: insertClient, update: updateClient },
  products: { insert: insertProduct, update: updateProduct },
} as const satisfies Record<ImportKind, unknown>;

export const saveMapping = prepareStatement((db, p: { kind: string; columns: string; updated_at: string }) =>
  withImportTables(db)
    .insertInto('import_mappings')
    .values({ kind: p.kind, columns: p.columns, updated_at: p.updated_at })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ columns: p.columns, updated_at: p.updated_at })),
);
