// Receipts travel like invoices: a device issues a receipt (for nobody in particular, so naming its walk-in client)
// and cancels another in its own block, syncs, and the remote stores both under the numbers the device gave them, in
// the receipts' own sequence, paid, the cancelled one cancelled; a record that breaks a receipt's rules is refused.
import { expect, test } from '@playwright/test';
import { configure, openDevice, startLocalRemote, syncOk, tempDir, type Device } from './support/nodes';
import { rawDb } from '../support/fixtures';
import type { RunningServer } from '../../electron/server/start';
import { recordProblems } from '../../electron/core/sync/record-check';
import { recordOf } from '../../electron/core/sync/invoice-record';

let remote: RunningServer;
let device: Device;
let other: Device | undefined;
let tmp: ReturnType<typeof tempDir>;

test.afterAll(async () => {
  await device?.close();
  await other?.close();
  await remote?.close();
  tmp?.remove();
});

test('a device’s receipts keep their numbers on the remote, and a cancelling receipt its link', async () => {
  test.setTimeout(90_000);
  tmp = tempDir('receipts');
  remote = await startLocalRemote(tmp.file('remote.db'));
  device = await openDevice('Laptop R', tmp.file('r.db'));
  const call = device.runtime.core.call.bind(device.runtime.core) as (op: string, input: unknown) => Promise<any>;
  await configure(device, remote.url, { block_prefix: 'LAPR' });
  await syncOk(device);
  const own = (await call('sync.status', {})).own_block_uid as number;
  const body = { payment_method: 1, currency: 'HUF', block_uid: own, items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] };
  const first = await call('receipts.create', { ...body, buyer_name: 'Kiss Anna' });
  const second = await call('receipts.create', body);
  const cancelling = await call('invoices.cancel', { id: second.id });
  await syncOk(device);

  const local = await Promise.all([first.id, second.id, cancelling.id].map((id) => call('invoices.get', { id })));
  expect(local.map((i) => i.attributes.prefixed_invoice_no)).toEqual(['LAPR / NY-2026-000001', 'LAPR / NY-2026-000002', 'LAPR / NY-2026-000003']);
  const onRemote = await remote.core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', type: 5, page: 1, max_per_page: 10 } as never) as {
    items: Array<{ id: number; attributes: Record<string, any> }>;
  };
  const byNo = new Map(onRemote.items.map((i) => [i.attributes.prefixed_invoice_no, i.attributes]));
  expect([...byNo.keys()].sort()).toEqual(['LAPR / NY-2026-000001', 'LAPR / NY-2026-000002', 'LAPR / NY-2026-000003']);
  expect(byNo.get('LAPR / NY-2026-000001')).toMatchObject({ type: 5, status: 1, total: '1270.000', document_kind: 'receipt', client: { name: 'Kiss Anna' } });
  expect(byNo.get('LAPR / NY-2026-000002')).toMatchObject({ status: 4, document_kind: 'receipt' });
  expect(byNo.get('LAPR / NY-2026-000003')).toMatchObject({ document_kind: 'cancelling_receipt', total: '-1270.000', cancels_uid: byNo.get('LAPR / NY-2026-000002')!.uid });
  // the remote's v2 door shows none of them; its NAV queue holds none (the device issued them; receipts are never reported)
  const v2 = await remote.core.call('invoices.list', { v2_only: 1 } as never) as { items: unknown[] };
  expect(v2.items).toEqual([]);
  const db = rawDb(tmp.file('remote.db'), { readonly: true });
  try {
    expect(db.prepare('SELECT COUNT(*) FROM nav_reports').pluck().get()).toBe(0);
  } finally {
    db.close();
  }

  // another device pulls them as they are: same numbers, kinds and states
  other = await openDevice('Desktop R', tmp.file('d.db'));
  await configure(other, remote.url, { block_prefix: 'DESR' });
  await syncOk(other);
  const pulled = (await other.runtime.core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', type: 5, page: 1, max_per_page: 10 } as never)) as {
    items: Array<{ attributes: Record<string, any> }>;
  };
  expect(pulled.items.map((i) => [i.attributes.prefixed_invoice_no, i.attributes.document_kind, i.attributes.status]).sort()).toEqual([
    ['LAPR / NY-2026-000001', 'receipt', 1],
    ['LAPR / NY-2026-000002', 'receipt', 4],
    ['LAPR / NY-2026-000003', 'cancelling_receipt', 1],
  ]);

  // a receipt's record that claims to be unpaid, or a cancelling invoice of a receipt, is refused by its own checks
  const unpaid = recordOf(local[0].attributes, (_e, id) => id, { status: 2, total_paid: '0', payments: [] });
  expect(recordProblems(unpaid)).toContain('NY-2026-000001: a receipt is issued paid');
  const paid = recordOf(local[0].attributes, (_e, id) => id, local[0].attributes);
  expect(recordProblems(paid)).toEqual([]);
});
