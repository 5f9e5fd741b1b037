// Issue 7 — who is at the other end. A wrong key, a remote speaking a newer (or no) sync protocol, an address that
// is not a Folio, a remote whose default block already holds the numbers this device issued before joining, a block
// prefix already taken: each ends the round with a status that says what to do, and nothing is sent that could
// not be taken back. The interface's JWT scheme works as well as the plain key.
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import type { RunningServer } from '../../electron/server/start';
import { SYNC_PROTOCOL } from '../../shared/contract/operations';
import { API_KEY, configure, openDevice, startLocalRemote, syncOk, tempDir } from './support/nodes';
import { addressBody } from '../support/fixtures';

const invoice = (clientUid: number) => ({
  client_uid: clientUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Munkadíj', vat_id: 1, qty: 1, net_unit_price: 10000 }],
});

async function withRemote<T>(fn: (remote: RunningServer, tmp: ReturnType<typeof tempDir>) => Promise<T>, publicKey?: string): Promise<T> {
  const tmp = tempDir('checks');
  const remote = await startLocalRemote(tmp.file('remote.db'), { publicKey });
  try {
    return await fn(remote, tmp);
  } finally {
    await remote.close();
    tmp.remove();
  }
}

/** A fake remote answering /sync/info as given, counting the other requests it gets. */
async function fakeRemote(info: (path: string) => { status: number; body: unknown }) {
  const others: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const a = info(path);
    if (path !== '/sync/info') others.push(`${req.method} ${path}`);
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, others, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('a wrong key: the status says so, and nothing is pushed', async () => {
  await withRemote(async (remote, tmp) => {
    const d = await openDevice('Laptop', tmp.file('d.db'));
    try {
      await d.runtime.core.call('clients.create', { name: 'Valaki Kft.', billing_address: addressBody() });
      await configure(d, remote.url, { api_key: 'not-the-key' });
      const s = await d.runtime.core.call('sync.now', {});
      expect(s.last_error_code).toBe('auth');
      expect(s.last_error).toMatch(/refused the API key: check the key in the sync settings/);
      expect(s.pending_changes).toBe(1);
      expect(s.joined).toBe(false);
      // the right key: it goes through
      await d.runtime.core.call('sync.configure', { api_key: API_KEY });
      expect((await syncOk(d)).pending_changes).toBe(0);
    } finally {
      await d.close();
    }
  });
});

test('the interface JWT scheme (a public key set) syncs like the plain key', async () => {
  await withRemote(async (remote, tmp) => {
    const d = await openDevice('Laptop', tmp.file('d.db'));
    try {
      await d.runtime.core.call('clients.create', { name: 'JWT Kft.', billing_address: addressBody() });
      await configure(d, remote.url, { public_key: 'pub-key-7' });
      const s = await syncOk(d);
      expect(s.uses_jwt).toBe(true);
      await d.runtime.core.call('sync.configure', { public_key: 'another-public-key' });
      expect((await d.runtime.core.call('sync.now', {})).last_error_code).toBe('auth');
    } finally {
      await d.close();
    }
  }, 'pub-key-7');
});

test('a remote speaking a newer protocol, or none, is refused with a message and gets nothing', async () => {
  const tmp = tempDir('proto');
  const d = await openDevice('Laptop', tmp.file('d.db'));
  const newer = await fakeRemote(() => ({ status: 200, body: { success: true, type: 'sync_info', data: { app: 'folio', protocol: SYNC_PROTOCOL + 1, last_seq: 0, device: null } } }));
  const older = await fakeRemote(() => ({ status: 200, body: { success: true, type: 'sync_info', data: { app: 'folio', protocol: SYNC_PROTOCOL - 1, last_seq: 0, device: null } } }));
  const stranger = await fakeRemote(() => ({ status: 404, body: { success: false, error: 'No such path' } }));
  try {
    await d.runtime.core.call('clients.create', { name: 'Valaki Kft.', billing_address: addressBody() });
    await configure(d, newer.url);
    let s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('protocol');
    expect(s.last_error).toMatch(new RegExp(`sync protocol ${SYNC_PROTOCOL + 1}, newer than this Folio's \\(${SYNC_PROTOCOL}\\)\\. Update Folio on this computer`));
    await configure(d, older.url);
    s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('protocol');
    expect(s.last_error).toMatch(/older sync protocol/);
    await configure(d, stranger.url);
    s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('not_folio');
    expect(s.last_error).toMatch(/does not answer as a Folio server/);
    expect([...newer.others, ...older.others, ...stranger.others]).toEqual([]);
    expect(s.joined).toBe(false);
    // block 0 stayed this device's: it still issues there
    const c = (await d.runtime.core.call('clients.list', {})).items[0]!.id;
    expect((await d.runtime.core.call('invoices.create', invoice(c))).attributes.invoice_no).toBe('2026-000001');
  } finally {
    await d.close();
    await Promise.all([newer.close(), older.close(), stranger.close()]);
    tmp.remove();
  }
});

test('joining is refused when the remote default block already has the numbers this device issued offline', async () => {
  await withRemote(async (remote, tmp) => {
    const server = remote.core;
    const sc = (await server.call('clients.create', { name: 'Szerver Kft.', billing_address: addressBody() })).id;
    await server.call('invoices.create', invoice(sc)); // the remote's 2026-000001 in block 0
    const d = await openDevice('Laptop', tmp.file('d.db'));
    try {
      const c = (await d.runtime.core.call('clients.create', { name: 'Laptop Kft.', billing_address: addressBody() })).id;
      await d.runtime.core.call('invoices.create', invoice(c)); // this device's 2026-000001 in its block 0
      await configure(d, remote.url, { block_prefix: 'LAP' });
      const s = await d.runtime.core.call('sync.now', {});
      expect(s.last_error_code).toBe('join_refused');
      expect(s.last_error).toMatch(/cannot join this remote.*an invoice number must never be used twice.*2026/s);
      expect(s.joined).toBe(false);
      // nothing changed on the remote, and this device keeps issuing in its block 0
      expect((await server.call('invoices.blocks', {})).map((b) => b.attributes.prefix)).toEqual(['']);
      expect((await d.runtime.core.call('invoices.create', invoice(c))).attributes.invoice_no).toBe('2026-000002');
    } finally {
      await d.close();
    }
  });
});

test('numbers from a year the remote never used join its block 0; a taken prefix asks for another', async () => {
  await withRemote(async (remote, tmp) => {
    const server = remote.core;
    await server.call('blocks.create', { name: 'Export', prefix: 'EXP' });
    const sc = (await server.call('clients.create', { name: 'Szerver Kft.', billing_address: addressBody() })).id;
    const d = await openDevice('Laptop', tmp.file('d.db'));
    try {
      const c = (await d.runtime.core.call('clients.create', { name: 'Laptop Kft.', billing_address: addressBody() })).id;
      for (let i = 0; i < 3; i++) await d.runtime.core.call('invoices.create', invoice(c));
      await configure(d, remote.url, { block_prefix: 'EXP' });
      let s = await d.runtime.core.call('sync.now', {});
      expect(s.last_error_code).toBe('join_refused');
      expect(s.last_error).toMatch(/prefix "EXP" is already used .* choose another prefix/);
      await d.runtime.core.call('sync.configure', { block_prefix: 'LAP' });
      s = await syncOk(d);
      expect(s.joined).toBe(true);
      // the remote keeps this device's three numbers and continues after them
      const next = await server.call('invoices.create', invoice(sc));
      expect(next.attributes.invoice_no).toBe('2026-000004');
      const numbers = (await server.call('invoices.query', { block: 0, year_start: 2026, num_start: 1, year_end: 2026, num_end: 9 })).items.map((i) => i.attributes.invoice_no);
      expect(numbers.sort()).toEqual(['2026-000001', '2026-000002', '2026-000003', '2026-000004']);
      // and the prefix of a joined device's block cannot change any more
      await expect(d.runtime.core.call('sync.configure', { block_prefix: 'OTHER' })).rejects.toThrow(/cannot change/);
    } finally {
      await d.close();
    }
  });
});
