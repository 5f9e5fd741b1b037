// A client's e-invoice fields (migration 0026) travel with the client: a device's choice reaches the remote, and a
// change made on the remote comes back to the device — including clearing the buyer reference.
import { expect, test } from '@playwright/test';
import { addressBody } from '../support/fixtures';
import { configure, openDevice, startLocalRemote, syncOk, tempDir, type Device } from './support/nodes';
import type { RunningServer } from '../../electron/server/start';

let remote: RunningServer;
let device: Device;
let tmp: ReturnType<typeof tempDir>;

test.afterAll(async () => {
  await device?.close();
  await remote?.close();
  tmp?.remove();
});

test('einvoice_format and buyer_reference reach the remote and come back changed', async () => {
  test.setTimeout(60_000);
  tmp = tempDir('client-einvoice');
  remote = await startLocalRemote(tmp.file('remote.db'));
  device = await openDevice('Laptop E', tmp.file('e.db'));
  const call = device.runtime.core.call.bind(device.runtime.core) as (op: string, input: unknown) => Promise<any>;
  await configure(device, remote.url, { block_prefix: 'LAPE' });
  const made = await call('clients.create', {
    name: 'Beispiel GmbH', tax_type: 'FOREIGN', eu_taxcode: 'DE123456789', billing_address: addressBody({ country: 'DE', city: 'Berlin', postcode: '10115' }),
    einvoice_format: 'cii', buyer_reference: '04011000-12345-34',
  });
  await syncOk(device);
  const onRemote = async () => {
    const page = await remote.core.call('clients.list', { q: 'Beispiel GmbH' } as never);
    expect(page.items).toHaveLength(1);
    return page.items[0]!;
  };
  const there = await onRemote();
  expect(there.attributes).toMatchObject({ einvoice_format: 'cii', buyer_reference: '04011000-12345-34' });

  await remote.core.call('clients.update', { id: there.id, einvoice_format: 'facturx', buyer_reference: null } as never);
  await syncOk(device);
  const back = (await call('clients.get', { id: made.id })).attributes;
  expect(back).toMatchObject({ einvoice_format: 'facturx', buyer_reference: null });
});
