// The change log is written by triggers (migrations/0008): every insert, update and delete of a table sync carries
// lands in change_log with its entity, operation and origin — through the core, and through plain SQL on a handle
// Folio opened — and a request's idempotency key is stored with its first change.
import { expect, test } from '@playwright/test';
import type BetterSqlite3 from 'better-sqlite3';
import type { Core } from '../../electron/core/index';
import { callContext } from '../../electron/db/call-context';
import type { ChangeEntity } from '../../electron/db/schema';
import type { Db } from '../../electron/db/types';
import { TABLE, type MasterEntity } from '../../electron/sync/master-data';
import { clientBody, coreClient, coreInvoice, openTestCore, productBody, startTestServer, TODAY, uniquePrefix, type TestCore } from '../support/fixtures';

/** Every table sync carries, from sync's own list, with the entity its changes are logged as. */
const SYNCED: Array<{ entity: ChangeEntity; table: string }> = [
  ...(Object.entries(TABLE) as Array<[MasterEntity, string]>).map(([entity, table]) => ({ entity, table })),
  { entity: 'invoice', table: 'invoices' },
  // issue 40: delivery documents (migration 0060)
  { entity: 'delivery_note', table: 'delivery_notes' },
];

async function coreNote(core: Core): Promise<number> {
  const client_uid = await coreClient(core);
  return (await core.call('deliveryNotes.create', { client_uid, items: [{ description: 'Cement', qty: '10', unit: 'zsák', net_unit_price: '2500', vat_id: 1 }] })).id;
}

let tc: TestCore;
test.beforeEach(async () => {
  tc = await openTestCore();
});
test.afterEach(async () => {
  await tc?.close();
});

interface Change {
  entity: string;
  entity_id: number;
  op: string;
  origin: string;
}

function changesAfter(db: Db, seq: number): Promise<Change[]> {
  return db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'origin']).where('seq', '>', seq).orderBy('seq').execute();
}

async function lastSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return row?.seq ?? 0;
}

/** What `write` adds to the change log. */
async function logged(write: () => Promise<unknown> | unknown): Promise<Change[]> {
  const before = await lastSeq(tc.opened.db);
  await write();
  return changesAfter(tc.opened.db, before);
}

/** The writes of each master entity through the core; a delete only where the entity has one. */
type From = { origin?: string };
type Writes = { create(core: Core): Promise<number>; update(core: Core, id: number, from: From): Promise<unknown>; delete?(core: Core, id: number): Promise<unknown> };
const THROUGH_CORE: Record<MasterEntity, Writes> = {
  client: {
    create: (core) => coreClient(core),
    update: (core, id, from) => core.call('clients.update', { id, phone: '+36 1 555 0101' }, from),
    delete: (core, id) => core.call('clients.delete', { id }),
  },
  product: {
    create: async (core) => (await core.call('products.create', productBody())).id,
    update: (core, id, from) => core.call('products.update', { id, price: 2500 }, from),
    delete: (core, id) => core.call('products.delete', { id }),
  },
  expense: {
    create: async (core) => (await core.call('expenses.create', { categories_id: 3, name: 'Bérlet', gross_price: 127000 })).id,
    update: (core, id, from) => core.call('expenses.update', { id, name: 'Irodabérlet' }, from),
    delete: (core, id) => core.call('expenses.delete', { id }),
  },
  bank_account: {
    create: async (core) => (await core.call('bankAccounts.create', { bank_name: 'OTP', account_no: '11773016-11111111' })).id,
    update: (core, id, from) => core.call('bankAccounts.update', { id, bank_name: 'K&H' }, from),
  },
  block: {
    create: async (core) => (await core.call('blocks.create', { name: 'Bolt', prefix: uniquePrefix('C') })).id,
    update: (core, id, from) => core.call('blocks.update', { id, name: 'Webbolt' }, from),
  },
  recurring: {
    create: async (core) => {
      const base = await coreInvoice(core, { type: 0 });
      return (await core.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-04-01' })).id;
    },
    update: (core, id, from) => core.call('recurring.stop', { id }, from),
  },
  quote: {
    create: async (core) => {
      const client_uid = await coreClient(core);
      const items = [{ description: 'Karbantartás', qty: 2, net_unit_price: '40000', vat_id: 1 }];
      return (await core.call('quotes.create', { client_uid, payment_method: 2, currency: 'HUF', valid_until: '2099-12-31', items })).id;
    },
    update: (core, id, from) => core.call('quotes.update', { id, comment: 'Kedvezménnyel' }, from),
    delete: (core, id) => core.call('quotes.delete', { id }),
  },
};

test('the triggers cover exactly the tables sync carries @sqlite', () => {
  const triggers = (tc.opened.sqlite.prepare(`SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_capture_%'`).all() as Array<{ tbl_name: string }>).map((t) => t.tbl_name);
  expect(new Set(triggers)).toEqual(new Set([...SYNCED.map((s) => s.table), 'change_log']));
});

for (const [entity, writes] of Object.entries(THROUGH_CORE) as Array<[MasterEntity, Writes]>) {
  test(`${entity}: create, update${writes.delete ? ' and delete' : ''} through the core are logged, with the caller's origin`, async () => {
    const { core } = tc;
    let id = 0;
    const created = await logged(async () => {
      id = await writes.create(core);
    });
    expect(created.at(-1)).toEqual({ entity, entity_id: id, op: 'create', origin: 'local' });
    // a device's request: its changes carry the device as their origin
    const updated = await logged(() => writes.update(core, id, { origin: 'device-a1b2c3d4' }));
    expect(updated).toEqual([{ entity, entity_id: id, op: 'update', origin: 'device-a1b2c3d4' }]);
    if (writes.delete) {
      const deleted = await logged(() => writes.delete!(core, id));
      expect(deleted).toEqual([{ entity, entity_id: id, op: 'delete', origin: 'local' }]);
    }
  });
}

test('invoice: a draft is not logged; issuing, paying and cancelling are, in the order the core writes them', async () => {
  const { core } = tc;
  const clientUid = await coreClient(core);
  expect(await logged(() => coreInvoice(core, { client_uid: clientUid, type: 0 }))).toEqual([]);
  let id = 0;
  const issued = await logged(async () => {
    id = (await coreInvoice(core, { client_uid: clientUid })).id;
  });
  expect(issued).toEqual([{ entity: 'invoice', entity_id: id, op: 'create', origin: 'local' }]);
  // a share code travels to the remote (migration 0016): making it is the invoice's change, reading it again is none
  expect(await logged(() => core.call('invoices.code', { id }))).toEqual([{ entity: 'invoice', entity_id: id, op: 'update', origin: 'local' }]);
  expect(await logged(() => core.call('invoices.code', { id }))).toEqual([]);
  const paid = await logged(() => core.call('invoices.pay', { id, date: TODAY, amount: 1000 }));
  expect(paid).toEqual([{ entity: 'invoice', entity_id: id, op: 'update', origin: 'local' }]);
  let cancelling = 0;
  const cancelled = await logged(async () => {
    cancelling = (await core.call('invoices.cancel', { id })).id;
  });
  // the original's change first, then the cancelling invoice
  expect(cancelled).toEqual([
    { entity: 'invoice', entity_id: id, op: 'update', origin: 'local' },
    { entity: 'invoice', entity_id: cancelling, op: 'create', origin: 'local' },
  ]);
});

test('plain SQL on a handle Folio opened is logged too: insert, update and delete of every table sync carries @sqlite', async () => {
  const { core } = tc;
  const raw = tc.opened.sqlite;
  const at = '2026-03-15 11:00:00';
  for (const { entity, table } of SYNCED) {
    const columns = (raw.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((c) => c.name);
    const copyable = columns.filter((c) => c !== 'id').join(', ');
    // a copy must not take its source's unique number (quotes)
    const distinct: Record<string, string> = { quote_no: "quote_no || '-copy'", note_no: "note_no || '-copy'", number_seq: 'number_seq + 100000' };
    const copied = columns.filter((c) => c !== 'id').map((c) => ((table === 'quotes' || table === 'delivery_notes') && distinct[c]) || c).join(', ');
    const soft = columns.includes('deleted_at');
    let id: number;
    if (entity === 'invoice') {
      // an invoice enters the log when it is sealed
      const draft = await coreInvoice(core, { type: 0 });
      id = draft.id;
      expect(await logged(() => raw.prepare('UPDATE invoices SET sealed = 1 WHERE id = ?').run(id))).toEqual([{ entity, entity_id: id, op: 'create', origin: 'local' }]);
    } else {
      const source = entity === 'delivery_note' ? await coreNote(core) : await THROUGH_CORE[entity as MasterEntity].create(core);
      const inserted = await logged(() => {
        id = Number(raw.prepare(`INSERT INTO ${table} (${copyable}) SELECT ${copied} FROM ${table} WHERE id = ?`).run(source).lastInsertRowid);
      });
      expect(inserted).toEqual([{ entity, entity_id: id!, op: 'create', origin: 'local' }]);
    }
    const updated = await logged(() =>
      callContext.run({ origin: 'device-raw-0001' }, () => raw.prepare(`UPDATE ${table} SET updated_at = ? WHERE id = ?`).run(at, id)),
    );
    expect(updated, table).toEqual([{ entity, entity_id: id!, op: 'update', origin: 'device-raw-0001' }]);
    const createdAt = raw.prepare('SELECT created_at FROM change_log ORDER BY seq DESC LIMIT 1').get() as { created_at: string };
    expect(createdAt.created_at).toBe(at); // dated by the row's updated_at
    if (soft) {
      const deleted = await logged(() => raw.prepare(`UPDATE ${table} SET deleted_at = ?, updated_at = ? WHERE id = ?`).run(at, at, id));
      expect(deleted, table).toEqual([{ entity, entity_id: id!, op: 'delete', origin: 'local' }]);
    } else if (entity === 'expense') {
      const deleted = await logged(() => raw.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id));
      expect(deleted).toEqual([{ entity, entity_id: id!, op: 'delete', origin: 'local' }]);
    }
  }
  // a write of bookkeeping columns alone is no change: block 0's owner (sync hands it over when joining)
  expect(await logged(() => raw.prepare(`UPDATE invoice_blocks SET owner = 'remote' WHERE id = 0`).run())).toEqual([]);
});

test('delivery documents: issuing, cancelling and invoicing through the core are logged, with the caller\'s origin', async () => {
  const { core } = tc;
  let id = 0;
  const made = await logged(async () => (id = await coreNote(core)));
  expect(made.filter((c) => c.entity !== 'client')).toEqual([{ entity: 'delivery_note', entity_id: id, op: 'create', origin: 'local' }]);
  expect(await logged(() => core.call('deliveryNotes.cancel', { id }, { origin: 'device-note-0001' }))).toEqual([
    { entity: 'delivery_note', entity_id: id, op: 'update', origin: 'device-note-0001' },
  ]);
  const other = await coreNote(core);
  const changes = await logged(() => core.call('deliveryNotes.invoice', { note_uids: [other], type: 3 }));
  expect(changes.every((c) => c.origin === 'local')).toBe(true);
  // the invoice is sealed first, in the same transaction: its record goes before the note that names it
  expect(changes.map((c) => [c.entity, c.op])).toEqual([['invoice', 'create'], ['delivery_note', 'update']]);
});

test('calls committed together in one transaction each log their own origin and keep their own idempotency key', async () => {
  const { core } = tc;
  const before = await lastSeq(tc.opened.db);
  const bodyA = productBody();
  const [a, b] = await Promise.all([
    core.call('products.create', bodyA, { origin: 'device-aaaa1111', idempotencyKey: 'key-of-device-a' }),
    core.call('products.create', productBody(), { origin: 'device-bbbb2222', idempotencyKey: 'key-of-device-b' }),
  ]);
  const changes = await changesAfter(tc.opened.db, before);
  expect(changes).toEqual(
    expect.arrayContaining([
      { entity: 'product', entity_id: a.id, op: 'create', origin: 'device-aaaa1111' },
      { entity: 'product', entity_id: b.id, op: 'create', origin: 'device-bbbb2222' },
    ]),
  );
  expect(changes).toHaveLength(2);
  const keys = await tc.opened.db.selectFrom('idempotency_keys').select(['key', 'operation', 'entity', 'entity_id']).orderBy('key').execute();
  expect(keys).toEqual([
    { key: 'key-of-device-a', operation: 'products.create', entity: 'product', entity_id: a.id },
    { key: 'key-of-device-b', operation: 'products.create', entity: 'product', entity_id: b.id },
  ]);
  // the retry is answered from the record, and writes nothing
  const again = await logged(() => core.call('products.create', bodyA, { origin: 'device-aaaa1111', idempotencyKey: 'key-of-device-a' }));
  expect(again).toEqual([]);
});

test('a request that makes several changes stores its idempotency key with the first one', async () => {
  const { core } = tc;
  const inv = await coreInvoice(core);
  await core.call('invoices.cancel', { id: inv.id }, { idempotencyKey: 'cancel-key-0001' });
  const key = await tc.opened.db.selectFrom('idempotency_keys').select(['entity', 'entity_id']).where('key', '=', 'cancel-key-0001').executeTakeFirst();
  expect(key).toEqual({ entity: 'invoice', entity_id: inv.id }); // the original's change comes first
});

test('a retried cancel or generate answers with the invoice the first request made', async () => {
  const { core } = tc;
  const inv = await coreInvoice(core);
  const cancelled = await core.call('invoices.cancel', { id: inv.id }, { idempotencyKey: 'retry-cancel-01' });
  const cancelledAgain = await core.call('invoices.cancel', { id: inv.id }, { idempotencyKey: 'retry-cancel-01' });
  expect(cancelledAgain.id).toBe(cancelled.id);
  const proforma = await coreInvoice(core, { type: 1 });
  const voided = await core.call('invoices.cancel', { id: proforma.id }, { idempotencyKey: 'retry-void-0001' });
  expect((await core.call('invoices.cancel', { id: proforma.id }, { idempotencyKey: 'retry-void-0001' })).id).toBe(voided.id);
  const other = await coreInvoice(core, { type: 1 });
  const generated = await core.call('invoices.generate', { id: other.id }, { idempotencyKey: 'retry-generate1' });
  expect(generated.id).not.toBe(other.id);
  expect((await core.call('invoices.generate', { id: other.id }, { idempotencyKey: 'retry-generate1' })).id).toBe(generated.id);
});

test('over HTTP: a request with X-Folio-Device logs that device as the origin; one without logs local', async () => {
  const server = await startTestServer();
  try {
    const db = server.core.ctx.db;
    const read = async (id: number) =>
      db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'origin']).where('entity', '=', 'client').where('entity_id', '=', id).orderBy('seq').execute();
    // a device proves itself with the token its join gave it
    const joined = await server.api.post('/sync/join', { name: 'HTTP', prefix: 'HTTP' }, { headers: { 'X-Folio-Device': 'device-http-0001' } });
    expect(joined.status, joined.text).toBe(200);
    const token = joined.body.data.device_token as string;
    const fromDevice = await server.api.post('/clients', clientBody(), {
      headers: { 'X-Folio-Device': 'device-http-0001', 'X-Folio-Device-Token': token, 'Idempotency-Key': 'http-key-0001' },
    });
    expect(fromDevice.status, fromDevice.text).toBe(200);
    const id = fromDevice.body.data.id as number;
    expect(await read(id)).toEqual([{ entity: 'client', entity_id: id, op: 'create', origin: 'device-http-0001' }]);
    const local = await server.api.put(`/clients/${id}`, { phone: '+36 1 555 0102' });
    expect(local.status, local.text).toBe(200);
    expect((await read(id)).at(-1)).toEqual({ entity: 'client', entity_id: id, op: 'update', origin: 'local' });
  } finally {
    await server.close();
  }
});
