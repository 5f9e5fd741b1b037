// A delete on one device against an edit of the same record on another, both ways, for each kind of master data that
// can be deleted: clients and products (soft: a tombstone) and expenses (deleted for real). The delete wins on every
// node, and the device that lost its edit — or whose delete overrode the other's edit — keeps the lost version in its
// conflict log, with the reason, so that nothing vanishes unseen.
import { expect, test } from '@playwright/test';
import { differences, snapshot, snapshotFile } from './support/digest';
import { syncOk, syncUntilQuiet, withLaptopAndDesktop, type Device, type RemoteProcess } from './support/nodes';

const client = (name: string) => ({
  name,
  email: 'szamla@example.com',
  taxcode: '12345676-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
});

interface Rig {
  remote: RemoteProcess;
  a: Device;
  b: Device;
  /** B's ids of the records A made: a client, a product and an expense */
  onB: { client: number; product: number; expense: number };
  onA: { client: number; product: number; expense: number };
}

/** A remote and two devices that both hold a client, a product and an expense made on A. */
async function withRig(work: (rig: Rig) => Promise<void>) {
  await withLaptopAndDesktop('delete-edit', async ({ remote, a, b }) => {
    const ca = a.runtime.core;
    const onA = {
      client: (await ca.call('clients.create', client('Törlendő Kft.'))).id,
      product: (await ca.call('products.create', { name: 'Óradíj', price: '12000', unit: 'óra', vat_id: 1 })).id,
      expense: (await ca.call('expenses.create', { categories_id: '1', name: 'Irodaszer', gross_price: '12700', vat: 1 })).id,
    };
    await syncUntilQuiet([a, b]);
    const cb = b.runtime.core;
    const onB = {
      client: (await cb.call('clients.list', { q: 'Törlendő' })).items[0]!.id,
      product: (await cb.call('products.list', { q: 'Óradíj' })).items[0]!.id,
      expense: (await cb.call('expenses.list', {})).items[0]!.id,
    };
    await work({ remote, a, b, onA, onB });
  });
}

/** Every node holds the same business data. */
async function expectSameBooks({ remote, a, b }: Rig) {
  const onRemote = await snapshotFile(remote.file, true);
  expect(differences(onRemote, await snapshot(a.opened.db, false)), 'remote vs Laptop').toEqual([]);
  expect(differences(onRemote, await snapshot(b.opened.db, false)), 'remote vs Desktop').toEqual([]);
  return onRemote;
}

async function conflictsOf(d: Device) {
  const { conflicts } = await d.runtime.core.call('sync.conflicts', {});
  return conflicts
    .map((c) => ({ entity: c.entity, local_uid: c.local_uid, winner: c.winner, reason: c.reason, version: c.version as { attributes: Record<string, unknown>; deleted?: boolean } }))
    .sort((x, y) => x.entity.localeCompare(y.entity));
}

test('deleted on one device while edited on the other: the delete wins, the edit waits in the editor’s conflict log', async () => {
  test.setTimeout(120_000);
  await withRig(async (rig) => {
    const { a, b, onA, onB } = rig;
    // A deletes all three and its deletes reach the remote first
    await a.runtime.core.call('clients.delete', { id: onA.client });
    await a.runtime.core.call('products.delete', { id: onA.product });
    await a.runtime.core.call('expenses.delete', { id: onA.expense });
    await syncOk(a);
    // B, offline meanwhile, edited the same three
    await b.runtime.core.call('clients.update', { id: onB.client, name: 'Szerkesztett Kft.' });
    await b.runtime.core.call('products.update', { id: onB.product, price: '15000' });
    await b.runtime.core.call('expenses.update', { id: onB.expense, name: 'Szerkesztett irodaszer' });

    await syncUntilQuiet([a, b]);

    const books = await expectSameBooks(rig);
    expect(books.clients.filter((c) => c.name === 'Törlendő Kft.' || c.name === 'Szerkesztett Kft.').map((c) => c.deleted)).toEqual([true]);
    expect(books.products.map((p) => p.deleted)).toEqual([1]);
    expect(books.expenses).toEqual([]);

    const reason = 'Deleted on the remote while it was changed on this computer';
    const logged = await conflictsOf(b);
    expect(logged.map(({ version: _v, ...c }) => c)).toEqual([
      { entity: 'client', local_uid: onB.client, winner: 'remote', reason },
      { entity: 'expense', local_uid: onB.expense, winner: 'remote', reason },
      { entity: 'product', local_uid: onB.product, winner: 'remote', reason },
    ]);
    // the lost versions are B's edits
    expect(logged[0]!.version.attributes.name).toBe('Szerkesztett Kft.');
    expect(logged[1]!.version.attributes.name).toBe('Szerkesztett irodaszer');
    expect(Number(logged[2]!.version.attributes.price)).toBe(15000);
    expect(await conflictsOf(a)).toEqual([]);
  });
});

test('edited on one device while deleted on the other: the delete wins, the edit waits in the deleter’s conflict log', async () => {
  test.setTimeout(120_000);
  await withRig(async (rig) => {
    const { a, b, onA, onB } = rig;
    // A edits all three and its edits reach the remote first
    await a.runtime.core.call('clients.update', { id: onA.client, name: 'Szerkesztett Kft.' });
    await a.runtime.core.call('products.update', { id: onA.product, price: '15000' });
    await a.runtime.core.call('expenses.update', { id: onA.expense, name: 'Szerkesztett irodaszer' });
    await syncOk(a);
    // B, offline meanwhile, deleted the same three
    await b.runtime.core.call('clients.delete', { id: onB.client });
    await b.runtime.core.call('products.delete', { id: onB.product });
    await b.runtime.core.call('expenses.delete', { id: onB.expense });

    await syncUntilQuiet([a, b]);

    const books = await expectSameBooks(rig);
    expect(books.clients.filter((c) => c.name === 'Törlendő Kft.' || c.name === 'Szerkesztett Kft.').map((c) => c.deleted)).toEqual([true]);
    expect(books.products.map((p) => p.deleted)).toEqual([1]);
    expect(books.expenses).toEqual([]);

    const reason = 'Changed on the remote while it was deleted on this computer';
    const logged = await conflictsOf(b);
    expect(logged.map(({ version: _v, local_uid: _l, ...c }) => c)).toEqual([
      { entity: 'client', winner: 'local', reason },
      { entity: 'expense', winner: 'local', reason },
      { entity: 'product', winner: 'local', reason },
    ]);
    // the lost versions are A's edits
    expect(logged[0]!.version.attributes.name).toBe('Szerkesztett Kft.');
    expect(logged[1]!.version.attributes.name).toBe('Szerkesztett irodaszer');
    expect(Number(logged[2]!.version.attributes.price)).toBe(15000);
    // A's edits lost to B's delete: A is told too, and can restore its version from its own log
    const told = await conflictsOf(a);
    expect(told.map(({ version: _v, local_uid: _l, reason: _r, ...c }) => c)).toEqual([
      { entity: 'client', winner: 'remote' },
      { entity: 'expense', winner: 'remote' },
      { entity: 'product', winner: 'remote' },
    ]);
    expect(told[0]!.version.attributes.name).toBe('Szerkesztett Kft.');
  });
});
