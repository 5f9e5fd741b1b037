// The two kinds an import can bring in, each with its rules and its statements.
import type { ImportKind } from '../../../shared/contract/areas/import';
import type { Db, WriteTx } from '../../db/types';
import type { ClientRow, ProductRow } from '../../db/schema';
import { clientRules, existingClient } from './client-rows';
import { existingProduct, productRules } from './product-rows';
import type { ExistingRecord, KindRules } from './kind';
import { liveClients, liveProducts, writers } from './statements';
import { keepClientMatchKeys } from '../clients/match-keys';

interface Kind {
  // The rules are generic in the create input; here, where both kinds sit side by side, the input is left open.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rules: KindRules<any>;
  existing: (row: unknown) => ExistingRecord;
  /** the existing records for a preview (a read outside any transaction) */
  readExisting: (db: Db) => Promise<unknown[]>;
  /** the existing records inside the run's write transaction */
  liveExisting: (trx: WriteTx) => Promise<unknown[]>;
  insert: (trx: WriteTx, values: Record<string, unknown>) => Promise<unknown>;
  update: (trx: WriteTx, values: Record<string, unknown>) => Promise<unknown>;
  /** after the rows are written, in the same transaction: what is kept beside them */
  written: (trx: WriteTx) => Promise<unknown>;
}

export const kinds: Record<ImportKind, Kind> = {
  clients: {
    rules: clientRules,
    existing: (row) => existingClient(row as ClientRow),
    readExisting: (db) => db.selectFrom('clients').selectAll().where('deleted_at', 'is', null).execute(),
    liveExisting: (trx) => liveClients.all(trx, {}),
    insert: (trx, values) => writers.clients.insert.run(trx, values as never),
    update: (trx, values) => writers.clients.update.run(trx, values as never),
    // the bank screen's name and account keys of the clients written (migration 0072)
    written: (trx) => keepClientMatchKeys(trx),
  },
  products: {
    rules: productRules,
    existing: (row) => existingProduct(row as ProductRow),
    readExisting: (db) => db.selectFrom('products').selectAll().where('deleted_at', 'is', null).execute(),
    liveExisting: (trx) => liveProducts.all(trx, {}),
    insert: (trx, values) => writers.products.insert.run(trx, values as never),
    update: (trx, values) => writers.products.update.run(trx, values as never),
    written: async () => undefined,
  },
};
