// Device identity — every device holds the same API key, so a device is proven by the token its join gave it, not
// by the name it sends. Over real HTTP: a push naming a device without its token, with another device's token, or
// under another device's name is a 401 and stores nothing; an authenticated device still cannot bring numbers into
// a block it does not own; the token is answered once, sent on every request after the join, and kept sealed on
// the device; a re-join must present it; a join whose answer was lost gets a new one; a device that joined before
// tokens existed gets one on its next sync, once. Two devices then sync as before.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { authenticateDevice } from '../../electron/core/sync/device';
import { aesGcmSecretBox } from '../../electron/secrets/secret-box';
import type { RunningServer } from '../../electron/server/start';
import type { FetchLike } from '../../electron/sync/remote-client';
import { syncDb } from '../../electron/sync/tables';
import { differences, digestOf, snapshot } from './support/digest';
import { startFaultProxy } from './support/fault-proxy';
import { API_KEY, configure, joinAs, openDevice, startLocalRemote, syncOk, syncUntilQuiet, tempDir, type Device } from './support/nodes';
import { addressBody } from '../support/fixtures';

const invoice = (clientUid: number, blockUid: number) => ({
  client_uid: clientUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  block_uid: blockUid,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Munkadíj', vat_id: 1, qty: 1, net_unit_price: 10000, unit: 'db' }],
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** the parsed answer, kept for joins */
  answer?: any;
}

/** The device's fetch, recording what it sends (and what its joins are answered). */
function recordingFetch(): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      const entry: Sent = { method: init.method ?? 'GET', path: new URL(url).pathname, headers: { ...(init.headers as Record<string, string>) } };
      if (entry.path === '/sync/join') entry.answer = await res.clone().json();
      sent.push(entry);
      return res;
    },
  };
}

async function remoteAt(file: string): Promise<RunningServer> {
  return startLocalRemote(file);
}

async function call(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(url + path, {
    method,
    headers: { 'X-API-KEY': API_KEY, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function expectUnauthorized(r: { status: number; body: any }, message: RegExp) {
  expect(r.status).toBe(401);
  expect(r.body).toMatchObject({ success: false, code: 'unauthorized' });
  expect(r.body.error).toMatch(message);
  expect(r.body.errors).toEqual([{ field: expect.stringMatching(/^X-Folio-Device(-Token)?$/), message: expect.any(String) }]);
}

const remoteDigest = async (remote: RunningServer) => digestOf(await snapshot(remote.core.ctx.db, true));
const deviceIdOf = async (d: Device) => (await d.runtime.core.call('sync.status', {})).device_id;
const tokenRow = async (remote: RunningServer, device: string) =>
  remote.core.ctx.db
    .withTables<{ sync_devices: { device: string; token_hash: string; created_at: string; used_at: string | null } }>()
    .selectFrom('sync_devices')
    .selectAll()
    .where('device', '=', device)
    .executeTakeFirst();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

test("a push naming a device without its token, with another's token or under another's name is refused and stores nothing", async () => {
  test.setTimeout(120_000);
  const tmp = tempDir('identity-push');
  const remote = await remoteAt(tmp.file('remote.db'));
  const proxy = await startFaultProxy(remote.url);
  const spyA = recordingFetch();
  const spyB = recordingFetch();
  const a = await openDevice('Laptop A', tmp.file('a.db'), { fetch: spyA.fetch });
  const b = await openDevice('Laptop B', tmp.file('b.db'), { fetch: spyB.fetch });
  try {
    await configure(a, proxy.url, { block_prefix: 'LAPA' });
    await configure(b, proxy.url, { block_prefix: 'LAPB' });
    await syncOk(a);
    await syncOk(b);
    const [idA, idB] = [await deviceIdOf(a), await deviceIdOf(b)];
    const tokenA = spyA.sent.find((s) => s.path === '/sync/join')!.answer.data.device_token as string;
    const tokenB = spyB.sent.find((s) => s.path === '/sync/join')!.answer.data.device_token as string;

    // A issues an invoice in its own block; its first push of it fails on the way, so we hold the real request
    const ownA = (await a.runtime.core.call('sync.status', {})).own_block_uid!;
    const c = (await a.runtime.core.call('clients.create', { name: 'Vevő Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() })).id;
    await a.runtime.core.call('invoices.create', invoice(c, ownA));
    proxy.rule = (r) => (r.method === 'POST' && r.path === '/sync/invoices' ? { status: 503 } : 'pass');
    expect((await a.runtime.core.call('sync.now', {})).last_error_code).toBe('server');
    const push = proxy.seen.find((s) => s.path === '/sync/invoices')!.body;
    expect(JSON.parse(push).records).toHaveLength(1);

    const before = await remoteDigest(remote);
    const pushAs = (headers: Record<string, string>) => call(remote.url, 'POST', '/sync/invoices', headers, push);
    // the shared key alone no longer pushes
    expectUnauthorized(await pushAs({}), /Only a joined device can do this/);
    expectUnauthorized(await pushAs({ 'X-Folio-Device': idA }), new RegExp(`names the device ${idA} but carries no device token`));
    expectUnauthorized(await pushAs({ 'X-Folio-Device': idA, 'X-Folio-Device-Token': tokenB }), /does not belong to the device/);
    expectUnauthorized(await pushAs({ 'X-Folio-Device': idB, 'X-Folio-Device-Token': tokenA }), /does not belong to the device/);
    expectUnauthorized(await pushAs({ 'X-Folio-Device': idA, 'X-Folio-Device-Token': randomBytes(32).toString('base64url') }), /does not belong/);
    expectUnauthorized(await pushAs({ 'X-Folio-Device': 'dev-never-joined-0001', 'X-Folio-Device-Token': tokenA }), /does not belong/);
    // B, authenticated as itself, cannot bring numbers into A's block
    const asB = await pushAs({ 'X-Folio-Device': idB, 'X-Folio-Device-Token': tokenB });
    expect(asB.status).toBe(200);
    expect(asB.body.data.results).toEqual([{ status: 'refused', message: expect.stringMatching(/Block "LAPA" does not belong to this device/) }]);
    // nor skip through the feed without a token
    expectUnauthorized(await call(remote.url, 'GET', '/sync/skip?after=0', {}), /Only a joined device/);
    expectUnauthorized(await call(remote.url, 'GET', '/sync/skip?after=0', { 'X-Folio-Device': idA }), /carries no device token/);
    expect(await remoteDigest(remote)).toBe(before);

    // the owner's own push goes through, and both devices end with the remote's books
    proxy.rule = () => 'pass';
    await syncUntilQuiet([a, b]);
    const onRemote = await snapshot(remote.core.ctx.db, true);
    expect(onRemote.invoices.map((i) => i.prefixed_invoice_no)).toEqual(['LAPA / 2026-000001']);
    expect(differences(onRemote, await snapshot(a.opened.db, false))).toEqual([]);
    expect(differences(onRemote, await snapshot(b.opened.db, false))).toEqual([]);
  } finally {
    await a.close();
    await b.close();
    await proxy.close();
    await remote.close();
    tmp.remove();
  }
});

test('the join answers a token once; the device sends it on every request and keeps it sealed; a re-join must present it', async () => {
  const tmp = tempDir('identity-token');
  const remote = await remoteAt(tmp.file('remote.db'));
  const spy = recordingFetch();
  const d = await openDevice('Laptop', tmp.file('d.db'), { fetch: spy.fetch, secretBox: aesGcmSecretBox(randomBytes(32)) });
  try {
    await configure(d, remote.url, { block_prefix: 'LAP' });
    await syncOk(d);
    await syncOk(d);
    const id = await deviceIdOf(d);
    const joins = spy.sent.filter((s) => s.path === '/sync/join');
    expect(joins).toHaveLength(1);
    const token = joins[0]!.answer.data.device_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // ≥ 256 bits, base64url

    // before the join the device names itself to no one; from the join on, every request carries the token
    const joinAt = spy.sent.indexOf(joins[0]!);
    expect(spy.sent.slice(0, joinAt).every((s) => s.headers['X-Folio-Device'] === undefined)).toBe(true);
    expect(joins[0]!.headers['X-Folio-Device-Token']).toBeUndefined();
    const after = spy.sent.slice(joinAt + 1);
    expect(after.length).toBeGreaterThan(3);
    expect(after.every((s) => s.headers['X-Folio-Device'] === id && s.headers['X-Folio-Device-Token'] === token)).toBe(true);

    // the device keeps it sealed; the remote keeps only its hash
    const raw = (await syncDb(d.opened.db).selectFrom('sync_state').select('device_token').executeTakeFirstOrThrow()).device_token;
    expect(raw.startsWith('sealed:')).toBe(true);
    expect(raw).not.toContain(token);
    const row = await tokenRow(remote, id);
    expect(row?.token_hash).toBe(sha256(token));
    for (const file of [tmp.file('remote.db'), tmp.file('remote.db-wal')].filter(existsSync)) {
      expect(readFileSync(file).includes(Buffer.from(token))).toBe(false);
    }

    // a re-join without the token is refused, and changes nothing; with it, the answer never shows the token again
    const refused = await call(remote.url, 'POST', '/sync/join', { 'X-Folio-Device': id }, JSON.stringify({ name: 'Laptop', prefix: 'LAP' }));
    expectUnauthorized(refused, /already joined on this remote.*Join as a new device/);
    expect((await tokenRow(remote, id))?.token_hash).toBe(sha256(token));
    const rejoined = await call(remote.url, 'POST', '/sync/join', { 'X-Folio-Device': id, 'X-Folio-Device-Token': token }, JSON.stringify({ name: 'Laptop', prefix: 'LAP' }));
    expect(rejoined.status).toBe(200);
    expect(rejoined.body.data).toMatchObject({ rejoined: true, device_token: null, block: { prefix: 'LAP' } });
    expect(JSON.stringify(rejoined.body)).not.toContain(token);
    await syncOk(d);
  } finally {
    await d.close();
    await remote.close();
    tmp.remove();
  }
});

test('a join whose answer was lost is answered a new token until the device has used one', async () => {
  const tmp = tempDir('identity-lost');
  const remote = await remoteAt(tmp.file('remote.db'));
  try {
    const first = await joinAs(remote.url, 'dev-lost-answer-01', 'LOST');
    // the answer never arrived: the device joins again without a token and gets a new one; the first is void
    const second = await joinAs(remote.url, 'dev-lost-answer-01', 'LOST');
    expect(second.token).not.toBe(first.token);
    expect(second.blockId).toBe(first.blockId);
    expectUnauthorized(await call(remote.url, 'GET', '/sync/info', first.headers), /does not belong/);
    expect((await call(remote.url, 'GET', '/sync/info', second.headers)).status).toBe(200);
    // used once, it is the device's for good: a join without it is refused
    const again = await call(remote.url, 'POST', '/sync/join', { 'X-Folio-Device': 'dev-lost-answer-01' }, JSON.stringify({ name: 'LOST', prefix: 'LOST' }));
    expectUnauthorized(again, /already joined/);
    expect(await authenticateDevice(remote.core.ctx.db, 'dev-lost-answer-01', second.token)).toBe(true);
  } finally {
    await remote.close();
    tmp.remove();
  }
});

test('a device that joined before device tokens existed gets one on its next sync, once', async () => {
  const tmp = tempDir('identity-legacy');
  const remote = await remoteAt(tmp.file('remote.db'));
  const d = await openDevice('Laptop', tmp.file('d.db'));
  try {
    await configure(d, remote.url, { block_prefix: 'LAP' });
    await syncOk(d);
    const id = await deviceIdOf(d);
    // as before this change: the remote has no credential for the device, the device no token
    await remote.core.ctx.db.withTables<{ sync_devices: { device: string } }>().deleteFrom('sync_devices').where('device', '=', id).execute();
    await syncDb(d.opened.db).updateTable('sync_state').set({ device_token: '' }).execute();
    const own = (await d.runtime.core.call('sync.status', {})).own_block_uid!;
    const c = (await d.runtime.core.call('clients.create', { name: 'Régi Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() })).id;
    await d.runtime.core.call('invoices.create', invoice(c, own));
    // until it has a token, only a join may name it
    expectUnauthorized(await call(remote.url, 'GET', '/sync/changes?after=0', { 'X-Folio-Device': id }), /carries no device token/);

    const s = await syncOk(d);
    expect(s.pending_changes).toBe(0);
    const raw = (await syncDb(d.opened.db).selectFrom('sync_state').select('device_token').executeTakeFirstOrThrow()).device_token;
    expect(raw).not.toBe('');
    const row = await tokenRow(remote, id);
    expect(row?.token_hash).toBe(sha256(raw)); // no secret box here: stored as given, like the API key
    expect(row?.used_at).not.toBeNull();
    expect(differences(await snapshot(remote.core.ctx.db, true), await snapshot(d.opened.db, false))).toEqual([]);
    // once: now that the credential exists and was used, nobody claims it again with the shared key
    const claim = await call(remote.url, 'POST', '/sync/join', { 'X-Folio-Device': id }, JSON.stringify({ name: 'Laptop', prefix: 'LAP' }));
    expectUnauthorized(claim, /already joined/);
    await syncOk(d);
  } finally {
    await d.close();
    await remote.close();
    tmp.remove();
  }
});
