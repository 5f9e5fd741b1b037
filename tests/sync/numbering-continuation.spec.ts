// A continued numbering travels with its block: the remote checks that each pushed number is the block's next, so it
// must know that the laptop's block starts at 417 before the laptop's first invoice there arrives. A later rename of
// the block sends the choice again, which the remote takes as already known.
import { expect, test } from '@playwright/test';
import { API_KEY, syncOk, withLaptopAndDesktop } from './support/nodes';

const client = {
  name: 'Folytató Kft.',
  taxcode: '12345676-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
};

async function remoteGet(url: string, path: string) {
  const res = await fetch(url + path, { headers: { 'X-API-KEY': API_KEY } });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

test("a laptop continues its block's numbering from 417 offline; the remote takes 2026-000417 and knows who set it", async () => {
  test.setTimeout(90_000);
  await withLaptopAndDesktop('continue', async ({ remote, a }) => {
    await syncOk(a);
    const own = (await a.runtime.core.call('sync.status', {})).own_block_uid!;
    expect(own).not.toBeNull();

    const set = await a.runtime.core.call('blocks.continueNumbering', { id: own, next_no: 417 });
    expect(set.next_number).toBe('LAP / 2026-000417');
    const clientUid = (await a.runtime.core.call('clients.create', client)).id;
    const issued = await a.runtime.core.call('invoices.create', {
      client_uid: clientUid,
      block_uid: own,
      payment_method: 2,
      currency: 'HUF',
      type: 3,
      fulfillment_date: '2026-03-15',
      due_date: '2026-03-23',
      items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 10000, unit: 'óra' }],
    });
    expect(issued.attributes.prefixed_invoice_no).toBe('LAP / 2026-000417');
    await syncOk(a);

    const onRemote = (await remoteGet(remote.url, '/invoices?per_page=50')).data as Array<{ attributes: { prefixed_invoice_no: string } }>;
    expect(onRemote.map((i) => i.attributes.prefixed_invoice_no)).toContain('LAP / 2026-000417');

    // The rename re-sends the block with its numbering; the remote already has it, so the push goes through.
    await a.runtime.core.call('blocks.update', { id: own, name: 'Laptop számlái' });
    const after = await syncOk(a);
    expect(after.last_error).toBeNull();
    const device = (await a.runtime.core.call('sync.status', {})).device_id;
    const res = await fetch(`${remote.url}/rpc/blocks.numbering`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: '{}',
    });
    const blocks = ((await res.json()) as any).data as Array<{ next_number: string; continuation: { next_no: number; set_by: string } | null }>;
    const lap = blocks.find((b) => b.next_number.startsWith('LAP'))!;
    expect(lap).toMatchObject({ next_number: 'LAP / 2026-000418', continuation: { next_no: 417, set_by: device } });
  });
});
