// Issue 7 — a remote that fails in every way a network can: answers lost after the remote committed (the request is
// replayed from the journal with the same Idempotency-Key and makes one record), 5xx answers, answers too slow for
// the device's time limit, connections cut, the remote gone. Each failure ends the round with a status in plain
// words; the next round picks up where it stopped; at the end both sides hold the same records, once each.
import { expect, test } from '@playwright/test';
import type { RunningServer } from '../../electron/server/start';
import { differences, snapshot } from './support/digest';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { API_KEY, configure, joinAs, openDevice, startLocalRemote, syncOk, tempDir, type Device } from './support/nodes';
import { addressBody } from '../support/fixtures';

const client = (name: string) => ({ name, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody(), force: true });
const invoice = (clientUid: number, blockUid = 0, over: Record<string, unknown> = {}) => ({
  client_uid: clientUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  block_uid: blockUid,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Munkadíj', vat_id: 1, qty: 1, net_unit_price: 10000, unit: 'db' }],
  ...over,
});

async function remoteAt(file: string): Promise<RunningServer> {
  return startLocalRemote(file);
}

async function bookwork(d: Device, blockUid: number, tag: string) {
  const core = d.runtime.core;
  const c = (await core.call('clients.create', client(`${tag} Kft.`))).id;
  await core.call('clients.update', { id: c, phone: '+36 1 234 5678' });
  const p = await core.call('products.create', { name: `${tag} termék`, price: '990', vat_id: 1 });
  const i1 = await core.call('invoices.create', invoice(c, blockUid, { items: [{ product_uid: p.id, qty: 2 }] }));
  const i2 = await core.call('invoices.create', invoice(c, blockUid));
  await core.call('invoices.pay', { id: i1.id, date: '2026-03-15', amount: '500' });
  await core.call('invoices.cancel', { id: i2.id });
  const pf = await core.call('invoices.create', invoice(c, blockUid, { type: 1 }));
  await core.call('invoices.cancel', { id: pf.id });
  await core.call('expenses.create', { categories_id: '2', name: `${tag} költség`, gross_price: '1270', client_uid: c });
  await core.call('bankAccounts.create', { bank_name: `${tag} Bank`, account_no: '11773016-11111111' });
}

async function sameBooks(remote: RunningServer, d: Device) {
  expect(differences(await snapshot(remote.core.ctx.db, true), await snapshot(d.opened.db, false))).toEqual([]);
  expect((await d.runtime.core.call('sync.conflicts', {})).issues).toEqual([]);
  expect((await d.runtime.core.call('sync.status', {})).pending_changes).toBe(0);
}

test('every answer lost once after the remote committed: the journal replays it, one record each', async () => {
  test.setTimeout(120_000);
  const tmp = tempDir('lost');
  const remote = await remoteAt(tmp.file('remote.db'));
  const proxy = await startFaultProxy(remote.url);
  const d = await openDevice('Laptop', tmp.file('d.db'));
  try {
    await bookwork(d, 0, 'Korai'); // before joining: block 0
    // the first time a request is seen, the remote does the work and the answer never arrives
    const seenOnce = new Set<string>();
    proxy.rule = (r) => {
      if (r.method === 'GET' && !r.path.includes('/cancel')) return 'pass';
      const id = `${r.method} ${r.path} ${r.idempotencyKey ?? r.body}`;
      if (seenOnce.has(id)) return 'pass';
      seenOnce.add(id);
      return 'lose-answer';
    };
    await configure(d, proxy.url, { block_prefix: 'LAP' });
    let rounds = 0;
    let status = await d.runtime.core.call('sync.now', {});
    while (status.last_error && rounds < 60) {
      expect(status.last_error_code).toBe('offline');
      expect(status.last_error).toMatch(/Cannot reach the remote .*connection was cut/);
      rounds++;
      status = await d.runtime.core.call('sync.now', {});
    }
    expect(status.last_error).toBeNull();
    const own = status.own_block_uid!;
    await bookwork(d, own, 'Késői'); // after joining: its own block
    for (let i = 0; i < 60 && (status = await d.runtime.core.call('sync.now', {})).last_error; i++) rounds++;
    expect(status.last_error).toBeNull();

    const lost = proxy.seen.filter((s) => s.fault === 'lose-answer');
    const keyed = lost.filter((s) => s.idempotencyKey);
    // every keyed request whose answer was lost came again with the same key and the same body
    for (const l of keyed) {
      const again = proxy.seen.filter((s) => s.idempotencyKey === l.idempotencyKey && s.fault === 'pass');
      expect(again.length, `${l.method} ${l.path}`).toBeGreaterThanOrEqual(1);
      expect(again[0]!.body).toBe(l.body);
    }
    expect(keyed.length).toBeGreaterThanOrEqual(10);
    expect(lost.some((s) => s.path === '/sync/invoices')).toBe(true);
    await sameBooks(remote, d);
    console.log(`lost answers: ${lost.length} (${keyed.length} keyed), ${rounds} rounds cut, nothing doubled`);
  } finally {
    await d.close();
    await proxy.close();
    await remote.close();
    tmp.remove();
  }
});

test('the same Idempotency-Key makes one record; the key with another request is refused', async () => {
  const tmp = tempDir('idem');
  const remote = await remoteAt(tmp.file('remote.db'));
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(remote.url + path, { method: 'POST', headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  try {
    const device = (await joinAs(remote.url, 'dev-idempotency-test', 'IDEM')).headers;
    const key = { 'Idempotency-Key': 'dev-test-0001-client', ...device };
    const first = (await (await post('/clients', client('Egyszer Kft.'), key)).json()) as any;
    const second = (await (await post('/clients', client('Egyszer Kft.'), key)).json()) as any;
    expect(second.data.id).toBe(first.data.id);
    const other = await post('/clients', client('Másik Kft.'), key);
    expect(other.status).toBe(422);
    const list = (await (await fetch(`${remote.url}/clients`, { headers: { 'X-API-KEY': API_KEY } })).json()) as any;
    expect(list.data.filter((c: any) => c.attributes.name === 'Egyszer Kft.')).toHaveLength(1);

    const inv = (await (await post('/invoices', invoice(first.data.id), {})).json()) as any;
    const payKey = { 'Idempotency-Key': 'dev-test-0002-pay', ...device };
    for (let i = 0; i < 3; i++) expect((await post(`/invoices/${inv.data.id}/pay`, { date: '2026-03-15', amount: 1000 }, payKey)).status).toBe(200);
    const read = (await (await fetch(`${remote.url}/invoices/${inv.data.id}`, { headers: { 'X-API-KEY': API_KEY } })).json()) as any;
    expect(read.data.attributes.payments).toHaveLength(1);
    expect(read.data.attributes.total_paid).toBe('1000.000');
  } finally {
    await remote.close();
    tmp.remove();
  }
});

test('5xx, answers too slow, cut connections and a remote that is gone: a clear status, then the next round finishes', async () => {
  test.setTimeout(120_000);
  const tmp = tempDir('flaky');
  let remote = await remoteAt(tmp.file('remote.db'));
  let proxy: FaultProxy = await startFaultProxy(remote.url);
  const d = await openDevice('Laptop', tmp.file('d.db'), { requestTimeoutMs: 400, limits: { pushBatch: 3 } });
  try {
    await configure(d, proxy.url, { block_prefix: 'LAP' });
    await syncOk(d);
    const own = (await d.runtime.core.call('sync.status', {})).own_block_uid!;
    await bookwork(d, own, 'Első');
    const pendingBefore = (await d.runtime.core.call('sync.status', {})).pending_changes;
    expect(pendingBefore).toBeGreaterThan(5);

    // the remote fails the change feed
    proxy.rule = (r) => (r.path.startsWith('/sync/changes') ? { status: 503 } : 'pass');
    let s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('server');
    expect(s.last_error).toMatch(/having trouble \(HTTP 503/);
    expect(s.pending_changes).toBe(pendingBefore);
    expect(s.last_success_at).not.toBeNull();

    // mid-push: the third write is held past the time limit
    let writes = 0;
    proxy.rule = (r) => (r.method !== 'GET' && ++writes === 3 ? { delayMs: 1_500 } : 'pass');
    s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('timeout');
    expect(s.last_error).toMatch(/did not answer within/);
    expect(s.pending_changes).toBeLessThan(pendingBefore);
    expect(s.pending_changes).toBeGreaterThan(0);
    // the held request reaches the remote meanwhile: wait until the remote has answered it
    await expect.poll(() => proxy.delayedDone, { timeout: 10_000 }).toBe(proxy.delayed);

    // connections cut before reaching the remote
    proxy.rule = (r) => (r.method !== 'GET' ? 'refuse' : 'pass');
    s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('offline');

    // the remote is gone altogether
    await proxy.close();
    s = await d.runtime.core.call('sync.now', {});
    expect(s.last_error_code).toBe('offline');
    expect(s.last_error).toMatch(/Cannot reach the remote at http:\/\/127\.0\.0\.1:\d+ \((nothing answers at that address|the connection was cut)\); working offline/);
    expect(s.next_attempt_at).not.toBeNull();

    // it comes back (restarted on its file, another port): sync finishes, nothing twice
    await remote.close();
    remote = await remoteAt(tmp.file('remote.db'));
    proxy = await startFaultProxy(remote.url);
    await configure(d, proxy.url);
    await bookwork(d, own, 'Második');
    s = await syncOk(d);
    expect(s.pending_changes).toBe(0);
    await sameBooks(remote, d);
  } finally {
    await d.close();
    await proxy.close();
    await remote.close();
    tmp.remove();
  }
});

test('an answer lost while another device changes the same records: the replay comes first, nobody diverges', async () => {
  test.setTimeout(120_000);
  const tmp = tempDir('lostrace');
  const remote = await remoteAt(tmp.file('remote.db'));
  const proxy = await startFaultProxy(remote.url);
  const a = await openDevice('Laptop', tmp.file('a.db'));
  const b = await openDevice('Desktop', tmp.file('b.db'));
  try {
    await configure(a, proxy.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });
    const own = (await syncOk(a)).own_block_uid!;
    await syncOk(b);
    const ca = a.runtime.core;
    const cb = b.runtime.core;
    const c = (await ca.call('clients.create', client('Közös Kft.'))).id;
    const x = await ca.call('invoices.create', invoice(c, own));
    await syncOk(a);
    await syncOk(b);
    const cOnB = (await cb.call('clients.list', { q: 'Közös' })).items[0]!.id;
    const xOnB = (await cb.call('invoices.list', {})).items[0]!.id;

    // every request of A is committed by the remote the first time, and its answer lost
    const seenOnce = new Set<string>();
    proxy.rule = (r) => {
      if (r.method === 'GET' || !r.idempotencyKey || seenOnce.has(r.idempotencyKey)) return 'pass';
      seenOnce.add(r.idempotencyKey);
      return 'lose-answer';
    };
    // A pays; the remote takes it, A does not hear back; then B pays the same invoice
    await ca.call('invoices.pay', { id: x.id, date: '2026-03-15', amount: '1000' });
    expect((await ca.call('sync.now', {})).last_error_code).toBe('offline');
    await cb.call('invoices.pay', { id: xOnB, date: '2026-03-15', amount: '2000' });
    await syncOk(b);
    // A renames the client; the remote takes it, A does not hear back; then B renames it again, later
    await ca.call('clients.update', { id: c, name: 'Közös Kft. (A)' });
    expect((await ca.call('sync.now', {})).last_error_code).toBe('offline');
    await cb.call('clients.update', { id: cOnB, name: 'Közös Kft. (B)' });
    await syncOk(b);
    // A replays its unanswered request before it pulls: B's later writes win everywhere, nothing doubled
    await syncOk(a);
    await syncOk(b);
    await syncOk(a);

    const r = await snapshot(remote.core.ctx.db, true);
    expect(differences(r, await snapshot(a.opened.db, false))).toEqual([]);
    expect(differences(r, await snapshot(b.opened.db, false))).toEqual([]);
    const onRemote = r.invoices[0]!;
    expect(onRemote.payments.map((p: { amount: string }) => p.amount).sort()).toEqual(['1000.000', '2000.000']);
    expect(r.clients.map((x) => x.name)).toEqual(['Közös Kft. (B)']);
  } finally {
    await a.close();
    await b.close();
    await proxy.close();
    await remote.close();
    tmp.remove();
  }
});
