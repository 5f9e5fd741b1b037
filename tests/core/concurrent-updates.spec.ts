// Two partial updates of one record at the same time, each changing a different field, must both survive: an update
// reads the record it merges into inside the write transaction that writes it, so the second one merges into the
// first one's result instead of writing back a copy read before it (a lost update).
import { expect, test } from '@playwright/test';
import { coreClient, coreInvoice, openTestCore, productBody, uniquePrefix, type TestCore } from '../support/fixtures';

let tc: TestCore;
test.beforeEach(async () => {
  tc = await openTestCore();
});
test.afterEach(async () => {
  await tc?.close();
});

/** Runs both updates at once; returns what a fresh read of the record says afterwards. */
async function both<T>(updates: Array<() => Promise<unknown>>, read: () => Promise<T>): Promise<T> {
  await Promise.all(updates.map((u) => u()));
  return read();
}

test('client: email and phone changed at once are both kept', async () => {
  const { core } = tc;
  const id = await coreClient(core);
  const a = await both(
    [() => core.call('clients.update', { id, email: 'uj@example.hu' }), () => core.call('clients.update', { id, phone: '+36 1 555 0101' })],
    () => core.call('clients.get', { id }),
  );
  expect(a.attributes).toMatchObject({ email: 'uj@example.hu', phone: '+36 1 555 0101' });
});

test('product: name and price changed at once are both kept', async () => {
  const { core } = tc;
  const { id } = await core.call('products.create', productBody());
  const a = await both(
    [() => core.call('products.update', { id, name: 'Új név' }), () => core.call('products.update', { id, price: 4321 })],
    () => core.call('products.get', { id }),
  );
  expect(a.attributes.name).toBe('Új név');
  expect(Number(a.attributes.price)).toBe(4321);
});

test('expense: name and invoice number changed at once are both kept', async () => {
  const { core } = tc;
  const { id } = await core.call('expenses.create', { categories_id: 3, name: 'Bérlet', gross_price: 127000 });
  const a = await both(
    [() => core.call('expenses.update', { id, name: 'Irodabérlet' }), () => core.call('expenses.update', { id, invoice_no: 'SZ-9' })],
    () => core.call('expenses.get', { id }),
  );
  expect(a.attributes).toMatchObject({ name: 'Irodabérlet', invoice_no: 'SZ-9' });
});

test('bank account: bank name and SWIFT code changed at once are both kept', async () => {
  const { core } = tc;
  const { id } = await core.call('bankAccounts.create', { bank_name: 'OTP', account_no: '11773016-11111111' });
  const a = await both(
    [() => core.call('bankAccounts.update', { id, bank_name: 'K&H' }), () => core.call('bankAccounts.update', { id, account_swift: 'OKHBHUHB' })],
    () => core.call('bankAccounts.get', { id }),
  );
  expect(a.attributes).toMatchObject({ bank_name: 'K&H', account_swift: 'OKHBHUHB' });
});

test('recurring profile: comment and due days changed at once are both kept', async () => {
  const { core } = tc;
  const base = await coreInvoice(core, { type: 0 });
  const { id } = await core.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-04-01' });
  const a = await both(
    [() => core.call('recurring.update', { id, comment: 'havi díj' }), () => core.call('recurring.update', { id, due_days: 15 })],
    () => core.call('recurring.get', { id }),
  );
  expect(a.attributes).toMatchObject({ comment: 'havi díj', due_days: 15 });
});

test('invoice block: name and prefix changed at once are both kept', async () => {
  const { core } = tc;
  const block = await core.call('blocks.create', { name: 'Bolt', prefix: uniquePrefix('S') });
  const prefix = uniquePrefix('N');
  const a = await both(
    [() => core.call('blocks.update', { id: block.id, name: 'Webbolt' }), () => core.call('blocks.update', { id: block.id, prefix })],
    async () => (await core.call('invoices.blocks', {})).find((b) => b.id === block.id)!,
  );
  expect(a.attributes).toMatchObject({ name: 'Webbolt', prefix });
});

test('settings: the seller name and the time zone changed at once are both kept', async () => {
  const { core } = tc;
  await Promise.all([
    core.call('settings.update', { seller: { name: 'Példa Kft.' } }),
    core.call('settings.update', { time_zone: 'Europe/Vienna' }),
  ]);
  const s = await core.call('settings.get', {});
  expect(s.seller.name).toBe('Példa Kft.');
  expect(s.time_zone).toBe('Europe/Vienna');
});
