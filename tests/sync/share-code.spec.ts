// A share link made on a desktop opens on the remote too. Two real `serve` processes — the remote, and the desktop
// the user works on (its sync service runs inside it) — driven over their HTTP doors as the UI drives them. A code
// made after the invoice was pushed, a code made before the first push, and a revoked code all reach the remote;
// the remote serves the very PDF the desktop serves. The remote's door takes a code only from a joined device.
import { expect, test } from '@playwright/test';
import { API_KEY as REMOTE_KEY, joinAs, startRemote, tempDir, type RemoteProcess } from './support/nodes';
import { rpcOn } from '../e2e/support/folio';
import { pdfText } from '../documents/pdf-text';
import { addressBody } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const DEVICE_KEY = 'desktop-key-0123456789abcdef';
let tmp: ReturnType<typeof tempDir>;
let remote: RemoteProcess;
let desktop: RemoteProcess;

const onDesktop = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(desktop.url, DEVICE_KEY, name, input);

async function fetchPdf(node: RemoteProcess, code: string): Promise<{ status: number; bytes: Uint8Array }> {
  const res = await fetch(`${node.url}/access/c:${code}`);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function syncDesktop() {
  const s = await onDesktop('sync.now');
  expect(s.last_error).toBeNull();
  return s;
}

async function issue(clientUid: number, blockUid: number): Promise<{ id: number; number: string }> {
  const created = await onDesktop('invoices.create', {
    client_uid: clientUid,
    block_uid: blockUid,
    type: 3,
    payment_method: 2,
    currency: 'HUF',
    fulfillment_date: '2026-03-15',
    due_date: '2026-03-23',
    items: [{ description: 'Megosztott munka', vat_id: 1, qty: 1, net_unit_price: 12000 }],
  });
  return { id: created.id, number: created.attributes.prefixed_invoice_no };
}

let clientUid = 0;
let ownBlock = 0;

test.beforeAll(async () => {
  tmp = tempDir('share');
  [remote, desktop] = await Promise.all([startRemote(tmp.file('remote.db')), startRemote(tmp.file('desktop.db'), { apiKey: DEVICE_KEY })]);
  await onDesktop('settings.update', {
    seller: { name: 'Minta Bt.', taxcode: '12345676-2-41', address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' } },
  });
  clientUid = (await onDesktop('clients.create', { name: 'Link Kft.', billing_address: addressBody({ city: 'Szeged', postcode: '6720' }) })).id;
  await onDesktop('sync.configure', { base_url: remote.url, api_key: REMOTE_KEY, device_name: 'Asztali gép', block_prefix: 'ASZ', enabled: true });
  ownBlock = (await syncDesktop()).own_block_uid;
});

test.afterAll(async () => {
  await desktop?.stop();
  await remote?.stop();
  tmp?.remove();
});

test('a code made after the invoice was pushed reaches the remote, which serves the same PDF', async () => {
  const invoice = await issue(clientUid, ownBlock);
  await syncDesktop();
  expect((await onDesktop('sync.status')).pending_changes).toBe(0);

  const { code } = await onDesktop<{ code: string }>('invoices.code', { id: invoice.id });
  expect((await onDesktop('sync.status')).pending_changes).toBe(1);
  expect((await fetchPdf(remote, code)).status).toBe(404); // not there before the next sync

  await syncDesktop();
  const here = await fetchPdf(desktop, code);
  const there = await fetchPdf(remote, code);
  expect([here.status, there.status]).toEqual([200, 200]);
  expect((await pdfText(there.bytes)).text).toContain(invoice.number);
  expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
  expect((await onDesktop('sync.status')).pending_changes).toBe(0);
});

test('revoking and making a new code: the old link stops on the remote, the new one opens', async () => {
  const invoice = await issue(clientUid, ownBlock);
  await syncDesktop();
  const first = (await onDesktop<{ code: string }>('invoices.code', { id: invoice.id })).code;
  await syncDesktop();
  expect((await fetchPdf(remote, first)).status).toBe(200);

  await onDesktop('invoices.revokeCode', { id: invoice.id });
  await syncDesktop();
  expect((await fetchPdf(remote, first)).status).toBe(404);

  const second = (await onDesktop<{ code: string }>('invoices.code', { id: invoice.id })).code;
  expect(second).not.toBe(first);
  await syncDesktop();
  expect((await fetchPdf(remote, first)).status).toBe(404);
  expect((await fetchPdf(remote, second)).status).toBe(200);
});

test('a code made before the invoice ever reached the remote travels with the first sync', async () => {
  await onDesktop('sync.configure', { enabled: false });
  const invoice = await issue(clientUid, ownBlock);
  const { code } = await onDesktop<{ code: string }>('invoices.code', { id: invoice.id });
  await onDesktop('sync.configure', { enabled: true });
  await syncDesktop();
  const there = await fetchPdf(remote, code);
  expect(there.status).toBe(200);
  expect((await pdfText(there.bytes)).text).toContain(invoice.number);
});

test("the remote's door takes a code only from a joined device, and only a well-formed one", async () => {
  const remoteInvoices = await rpcOn<{ items: Array<{ id: number }> }>(remote.url, REMOTE_KEY, 'invoices.list', {});
  const id = remoteInvoices.items[0]!.id;
  const put = (headers: Record<string, string>, body: unknown) =>
    fetch(`${remote.url}/sync/invoices/${id}/code`, { method: 'PUT', headers: { 'X-API-KEY': REMOTE_KEY, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  const anonymous = await put({}, { code: 'A'.repeat(32) });
  expect(anonymous.status).toBe(401);
  expect(((await anonymous.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['X-Folio-Device']);

  const wrongToken = await put({ 'X-Folio-Device': 'dev-not-joined-here', 'X-Folio-Device-Token': 'x' }, { code: 'A'.repeat(32) });
  expect(wrongToken.status).toBe(401);

  const { headers } = await joinAs(remote.url, 'dev-share-test-0001', 'TST');
  const malformed = await put(headers, { code: 'short' });
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['code']);

  // a code another invoice opens is refused: one link never opens two invoices
  const other = remoteInvoices.items[1]!.id;
  const taken = (await rpcOn<{ code: string }>(remote.url, REMOTE_KEY, 'invoices.code', { id: other })).code;
  const clash = await put(headers, { code: taken });
  expect(clash.status).toBe(409);
  expect((await fetchPdf(remote, taken)).status).toBe(200);
});
