// vendor_id (v3's caller id, migration 0025) travels with the invoice: a device issues one with it offline, syncs,
// and the remote finds it by that id through /v3 as the device does.
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

test('an invoice with a vendor_id keeps it on the remote', async () => {
  test.setTimeout(60_000);
  tmp = tempDir('vendor-id');
  remote = await startLocalRemote(tmp.file('remote.db'));
  device = await openDevice('Laptop V', tmp.file('v.db'));
  const call = device.runtime.core.call.bind(device.runtime.core) as (op: string, input: unknown) => Promise<any>;
  await configure(device, remote.url, { block_prefix: 'LAPV' });
  const client = (await call('clients.create', { name: 'Vevő Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() })).id;
  await syncOk(device);
  const own = (await call('sync.status', {})).own_block_uid as number;
  const made = await call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, block_uid: own, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
    items: [{ description: 'Rendelés', vat_id: 1, qty: 1, net_unit_price: 10_000, unit: 'db' }], vendor_id: 'WEBSHOP-7781',
  });
  await syncOk(device);
  const local = await call('invoices.get', { id: made.id });
  const found = await remote.core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', vendor_id: 'WEBSHOP-7781', page: 1, max_per_page: 5, with_total: 1 } as never) as { items: Array<{ attributes: { prefixed_invoice_no: string; vendor_id: string | null } }>; total: number };
  expect(found.total).toBe(1);
  expect(found.items[0]!.attributes).toMatchObject({ prefixed_invoice_no: local.attributes.prefixed_invoice_no, vendor_id: 'WEBSHOP-7781' });
});
