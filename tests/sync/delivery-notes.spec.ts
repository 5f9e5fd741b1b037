// Delivery notes, order confirmations and completion certificates travel with sync (docs/sync.md "Delivery
// documents"): a real `serve` remote over HTTP and two desktops. A document keeps its number everywhere (each joined
// device numbers in its own series; one made before joining moves into it), its lines and client; cancelling and
// invoicing several notes travel, with the invoice linked on every node (a draft's link follows once it is issued);
// a document is never invoiced twice — the second device is refused with the reason; none of it is reported to NAV.
import { expect, test } from '@playwright/test';
import type { Core } from '../../electron/core/index';
import { clientBody, rawDb } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';
import { API_KEY, configure, joinAs, openDevice, startRemote, syncUntilQuiet, tempDir, withLaptopAndDesktop, type Device, type RemoteProcess } from './support/nodes';

const LINES = [
  { description: 'Cement 25 kg', qty: '10', unit: 'zsák', net_unit_price: '2500', vat_id: 1 },
  { description: 'Szállítás', qty: '1', unit: 'alkalom', net_unit_price: '15000', vat_id: 1 },
];

type Note = Awaited<ReturnType<Core['call']>> & { id: number; attributes: Record<string, any> };
const call = (d: Device) => d.runtime.core.call.bind(d.runtime.core) as (op: string, input: unknown) => Promise<any>;

async function notes(d: Device): Promise<Note[]> {
  return (await call(d)('deliveryNotes.list', { max_per_page: 100 })).items;
}

async function named(d: Device, noteNo: string): Promise<Note> {
  const found = (await notes(d)).find((n) => n.attributes.note_no === noteNo);
  expect(found, `${noteNo} on ${d.name}`).toBeDefined();
  return found!;
}

async function remoteNotes(url: string): Promise<Array<{ id: number; attributes: Record<string, any> }>> {
  const res = await fetch(`${url}/delivery-notes?max_per_page=50`, { headers: { 'X-API-KEY': API_KEY } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Array<{ id: number; attributes: Record<string, any> }> }).data;
}

async function remoteInvoiceNo(url: string, id: number): Promise<string> {
  const res = await fetch(`${url}/invoices/${id}`, { headers: { 'X-API-KEY': API_KEY } });
  return ((await res.json()) as { data: { attributes: { prefixed_invoice_no: string } } }).data.attributes.prefixed_invoice_no;
}

async function invoiceNo(d: Device, id: number | null): Promise<string | null> {
  return id === null ? null : (await call(d)('invoices.get', { id })).attributes.prefixed_invoice_no;
}

/** What must be the same on every node: number, kind, state, client, lines, the covering invoice's number. */
async function essence(n: { attributes: Record<string, any> }, invoice: string | null) {
  const a = n.attributes;
  return {
    note_no: a.note_no,
    kind: a.kind,
    status: a.status,
    date: a.date,
    show_prices: a.show_prices,
    client: a.client.name,
    delivery_address: a.delivery_address,
    items: a.items.map((i: Record<string, unknown>) => ({ description: i.description, qty: i.qty, unit: i.unit, net_unit_price: i.net_unit_price, vat_id: i.vat_id })),
    invoice,
  };
}

async function openIssues(d: Device) {
  return (await call(d)('sync.conflicts', {})).issues.filter((i: { dismissed_at: string | null }) => !i.dismissed_at);
}

test('delivery documents made on either device reach the other and the remote; cancelling and invoicing several notes travel; nothing is reported to NAV', async () => {
  test.setTimeout(150_000);
  await withLaptopAndDesktop('delivery-notes', async ({ remote, a, b }) => {
    const buyer = clientBody();
    const clientA = (await call(a)('clients.create', buyer)).id as number;
    // made before the laptop joined: the plain series, which is the remote's; the join moves it into the laptop's own
    const early = await call(a)('deliveryNotes.create', { client_uid: clientA, items: LINES, show_prices: false, delivery_address: { city: 'Szeged', post_code: '6720', address: 'Kárász u. 1.', country_code: 'HU' } });
    expect(early.attributes.note_no).toBe('SZL-2026-000001');
    await syncUntilQuiet([a, b]);
    expect((await call(a)('deliveryNotes.get', { id: early.id })).attributes.note_no).toBe('SZL-LAP-2026-000001');

    // working apart: each device numbers in its own series, each kind in its own sequence
    const clientOnB = (await call(b)('clients.list', {})).items.find((c: { attributes: { name: string } }) => c.attributes.name === buyer.name)!;
    const second = await call(a)('deliveryNotes.create', { client_uid: clientA, items: [LINES[0]] });
    const third = await call(a)('deliveryNotes.create', { client_uid: clientA, items: [LINES[1]], date: '2026-03-14' });
    const cert = await call(a)('deliveryNotes.create', { kind: 'cert_of_completion', client_uid: clientA, items: [{ description: 'Burkolás', qty: '12', unit: 'm2', net_unit_price: '9000', vat_id: 1 }] });
    const onB = await call(b)('deliveryNotes.create', { client_uid: clientOnB.id, items: LINES });
    const orderOnB = await call(b)('deliveryNotes.create', { kind: 'order_form', client_uid: clientOnB.id, items: [LINES[0]] });
    expect([second, third, cert, onB, orderOnB].map((n) => n.attributes.note_no)).toEqual([
      'SZL-LAP-2026-000002',
      'SZL-LAP-2026-000003',
      'TIG-LAP-2026-000001',
      'SZL-DESK-2026-000001',
      'MV-DESK-2026-000001',
    ]);
    await syncUntilQuiet([a, b]);

    const numbers = ['SZL-LAP-2026-000001', 'SZL-LAP-2026-000002', 'SZL-LAP-2026-000003', 'TIG-LAP-2026-000001', 'SZL-DESK-2026-000001', 'MV-DESK-2026-000001'].sort();
    for (const d of [a, b]) expect((await notes(d)).map((n) => n.attributes.note_no).sort(), d.name).toEqual(numbers);
    expect((await remoteNotes(remote.url)).map((n) => n.attributes.note_no).sort()).toEqual(numbers);
    const earlyOnB = await named(b, 'SZL-LAP-2026-000001');
    expect(await essence(earlyOnB, null)).toEqual(await essence(await call(a)('deliveryNotes.get', { id: early.id }), null));
    expect(earlyOnB.attributes.client_uid).toBe(clientOnB.id);
    expect(earlyOnB.attributes.show_prices).toBe(0);

    // The desktop cancels one of the laptop's notes; the laptop invoices two others in one invoice, and its
    // completion certificate into a draft (drafts stay on their computer: the others see it invoiced, link to come).
    await call(b)('deliveryNotes.cancel', { id: (await named(b, 'SZL-LAP-2026-000002')).id });
    const made = await call(a)('deliveryNotes.invoice', { note_uids: [early.id, third.id], type: 3 });
    const invoiceA = await call(a)('invoices.get', { id: made.invoice_uid });
    expect(invoiceA.attributes.prefixed_invoice_no).toBe('LAP / 2026-000001'); // the device's own block, not the remote's block 0
    const draft = await call(a)('deliveryNotes.invoice', { note_uids: [cert.id] });
    await syncUntilQuiet([b, a]);

    const expectations: Record<string, { status: string; invoice: string | null }> = {
      'SZL-LAP-2026-000001': { status: 'invoiced', invoice: 'LAP / 2026-000001' },
      'SZL-LAP-2026-000002': { status: 'cancelled', invoice: null },
      'SZL-LAP-2026-000003': { status: 'invoiced', invoice: 'LAP / 2026-000001' },
      'TIG-LAP-2026-000001': { status: 'invoiced', invoice: null },
    };
    const check = async () => {
      for (const [no, want] of Object.entries(expectations)) {
        for (const d of [a, b]) {
          const n = await named(d, no);
          expect({ status: n.attributes.status, invoice: await invoiceNo(d, n.attributes.invoice_uid) }, `${no} on ${d.name}`).toEqual(want);
        }
        const r = (await remoteNotes(remote.url)).find((n) => n.attributes.note_no === no)!;
        expect({ status: r.attributes.status, invoice: r.attributes.invoice_uid === null ? null : await remoteInvoiceNo(remote.url, r.attributes.invoice_uid) }, `${no} on the remote`).toEqual(want);
      }
    };
    // the draft is the laptop's alone: the laptop links the certificate to it, the others hold it invoiced
    expect((await call(a)('deliveryNotes.get', { id: cert.id })).attributes.invoice_uid).toBe(draft.invoice_uid);
    expectations['TIG-LAP-2026-000001'] = { status: 'invoiced', invoice: null };
    const certOnA = await call(a)('deliveryNotes.get', { id: cert.id });
    expect({ status: certOnA.attributes.status, invoice: await invoiceNo(a, certOnA.attributes.invoice_uid) }).toEqual({ status: 'invoiced', invoice: null });
    // (checked on the desktop and the remote; the laptop's link is its draft, which has no number)
    for (const no of Object.keys(expectations)) {
      const r = (await remoteNotes(remote.url)).find((n) => n.attributes.note_no === no)!;
      expect({ status: r.attributes.status, invoice: r.attributes.invoice_uid === null ? null : await remoteInvoiceNo(remote.url, r.attributes.invoice_uid) }, no).toEqual(expectations[no]);
      const n = await named(b, no);
      expect({ status: n.attributes.status, invoice: await invoiceNo(b, n.attributes.invoice_uid) }, no).toEqual(expectations[no]);
    }

    // Issuing the draft later: the certificate's link follows its invoice to the remote and the desktop.
    const issued = await call(a)('invoices.issue', { id: draft.invoice_uid, type: 3 });
    expect(issued.attributes.prefixed_invoice_no).toBe('LAP / 2026-000002');
    await syncUntilQuiet([a, b]);
    expectations['TIG-LAP-2026-000001'] = { status: 'invoiced', invoice: 'LAP / 2026-000002' };
    await check();
    // the invoice names its notes (its comment, in delivery order: the third note was delivered a day earlier), the
    // same on the desktop
    const invoiceOnB = (await call(b)('invoices.list', { max_per_page: 50 } as never)).items.find((i: { attributes: { prefixed_invoice_no: string } }) => i.attributes.prefixed_invoice_no === 'LAP / 2026-000001');
    expect(invoiceOnB.attributes.comment).toBe('Szállítólevelek: SZL-LAP-2026-000003, SZL-LAP-2026-000001');
    expect(invoiceA.attributes.comment).toBe(invoiceOnB.attributes.comment);

    // Not invoices: the remote (which stored the records) and the desktop (which issued nothing) queued no NAV
    // report; the laptop's queue, if any, holds only its two invoices.
    for (const [file, allowed] of [[remote.file, []], [b.file, []], [a.file, [made.invoice_uid, draft.invoice_uid]]] as const) {
      const db = rawDb(file, { readonly: true });
      try {
        const reported = db.prepare('SELECT invoice_id FROM nav_reports').pluck().all() as number[];
        expect(reported.filter((id) => !(allowed as readonly number[]).includes(id)), file).toEqual([]);
      } finally {
        db.close();
      }
    }
    for (const d of [a, b]) expect(await openIssues(d), d.name).toEqual([]);
  });
});

/** withLaptopAndDesktop with the remote on SQLite or on PostgreSQL (the team server). */
async function withRig(database: 'sqlite' | 'postgres', work: (rig: { remote: RemoteProcess; a: Device; b: Device }) => Promise<void>): Promise<void> {
  if (database === 'sqlite') return withLaptopAndDesktop('delivery-notes-twice', work);
  const tmp = tempDir('delivery-notes-twice-pg');
  let remote: RemoteProcess | undefined;
  const devices: Device[] = [];
  try {
    remote = await startRemote(await freshPgDatabase());
    const a = await openDevice('Laptop', tmp.file('a.db'));
    devices.push(a);
    const b = await openDevice('Desktop', tmp.file('b.db'));
    devices.push(b);
    await configure(a, remote.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });
    await work({ remote, a, b });
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await remote?.stop();
    tmp.remove();
  }
}

for (const database of ['sqlite', 'postgres'] as const)
test(`a note is never invoiced twice: two devices invoicing (or one cancelling) it while apart — the first to reach the remote wins, the other is refused with the reason (${database} remote)`, async () => {
  test.setTimeout(150_000);
  await withRig(database, async ({ remote, a, b }) => {
    const buyer = clientBody();
    const clientA = (await call(a)('clients.create', buyer)).id as number;
    await syncUntilQuiet([a, b]);
    const note = await call(a)('deliveryNotes.create', { client_uid: clientA, items: LINES });
    const other = await call(a)('deliveryNotes.create', { client_uid: clientA, items: [LINES[0]] });
    await syncUntilQuiet([a, b]);
    const noteOnB = await named(b, note.attributes.note_no);
    const otherOnB = await named(b, other.attributes.note_no);

    // apart: both invoice the first note; the laptop invoices the second while the desktop cancels it
    const onA = await call(a)('deliveryNotes.invoice', { note_uids: [note.id], type: 3 });
    const onA2 = await call(a)('deliveryNotes.invoice', { note_uids: [other.id], type: 3 });
    const onB = await call(b)('deliveryNotes.invoice', { note_uids: [noteOnB.id], type: 3 });
    await call(b)('deliveryNotes.cancel', { id: otherOnB.id });
    // the laptop reaches the remote first
    await syncUntilQuiet([a]);
    await syncUntilQuiet([b, a]);

    const winner = await invoiceNo(a, onA.invoice_uid);
    const winner2 = await invoiceNo(a, onA2.invoice_uid);
    const loser = await invoiceNo(b, onB.invoice_uid);
    expect([winner, winner2, loser]).toEqual(['LAP / 2026-000001', 'LAP / 2026-000002', 'DESK / 2026-000001']);
    // the remote keeps the first: each note invoiced once, by the laptop's invoices
    const onRemote = await remoteNotes(remote.url);
    for (const [no, inv] of [[note.attributes.note_no, winner], [other.attributes.note_no, winner2]] as const) {
      const r = onRemote.find((n) => n.attributes.note_no === no)!;
      expect(r.attributes.status, no).toBe('invoiced');
      expect(await remoteInvoiceNo(remote.url, r.attributes.invoice_uid)).toBe(inv);
    }
    // the desktop is told, in words, for each note: what won, and what it must decide about its own invoice
    const issues = (await openIssues(b)).map((i: { message: string }) => i.message).sort();
    expect(issues).toHaveLength(2);
    expect(issues[0]).toContain(`${note.attributes.note_no} was refused by the remote: ${note.attributes.note_no} was already invoiced elsewhere (invoice LAP / 2026-000001): a document is invoiced once.`);
    expect(issues[0]).toContain('The invoice made here from it covers it a second time');
    expect(issues[1]).toContain(`${other.attributes.note_no} was refused by the remote: ${other.attributes.note_no} was already invoiced elsewhere (invoice LAP / 2026-000002): it is not cancelled.`);
    expect(await openIssues(a)).toEqual([]);
    // the desktop's own invoice is a legal document: it reached the remote like any other
    expect(await remoteInvoiceNo(remote.url, await fetchRemoteInvoiceId(remote.url, 'DESK / 2026-000001'))).toBe('DESK / 2026-000001');

    // over HTTP: another device cannot invoice or cancel a note invoiced elsewhere (409, the error envelope, nothing
    // changed), cannot push a document in another's series (422), nor take a number already used (409)
    const third = await joinAs(remote.url, 'dev-third-device-0001', 'THIRD');
    const rid = onRemote.find((n) => n.attributes.note_no === note.attributes.note_no)!.id;
    const put = async (body: unknown) =>
      fetch(`${remote.url}/sync/delivery-notes/${rid}`, { method: 'PUT', headers: { 'X-API-KEY': API_KEY, ...third.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const body of [{ status: 'invoiced', invoice_uid: null, cancelled_at: null }, { status: 'cancelled', invoice_uid: null, cancelled_at: '2026-03-15 10:00:00' }]) {
      const res = await put(body);
      expect(res.status).toBe(409);
      const env = (await res.json()) as { success: boolean; code: string; error: string; errors: Array<{ field: string }> };
      expect(env).toMatchObject({ success: false, code: 'conflict', errors: [{ field: 'status' }] });
      expect(env.error).toContain('was already invoiced elsewhere (invoice LAP / 2026-000001)');
    }
    const noKey = await fetch(`${remote.url}/sync/delivery-notes/${rid}`, { method: 'PUT', headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'cancelled', invoice_uid: null, cancelled_at: null }) });
    expect(noKey.status).toBe(401);
    const record = (await (await fetch(`${remote.url}/sync/changes?after=0&limit=500`, { headers: { 'X-API-KEY': API_KEY, ...third.headers } })).json()) as {
      data: { changes: Array<{ entity: string; data: { attributes: Record<string, any> } | null }> };
    };
    const sent = record.data.changes.find((c) => c.entity === 'delivery_note' && c.data?.attributes.note_no === note.attributes.note_no)!.data!.attributes;
    const post = async (r: Record<string, unknown>) =>
      fetch(`${remote.url}/sync/delivery-notes`, { method: 'POST', headers: { 'X-API-KEY': API_KEY, ...third.headers, 'content-type': 'application/json' }, body: JSON.stringify({ record: r }) });
    const foreign = await post({ ...sent, invoice_uid: null, status: 'issued' });
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('record.number_series');
    const taken = await post({ ...sent, status: 'issued', invoice_uid: null, number_series: 'THIRD', note_no: 'SZL-THIRD-2026-000001' });
    expect(taken.status).toBe(200);
    const again = await post({ ...sent, status: 'issued', invoice_uid: null, number_series: 'THIRD', note_no: 'SZL-THIRD-2026-000001', created_at: '2026-03-15 11:00:00' });
    expect(again.status).toBe(409);
    expect((await remoteNotes(remote.url)).filter((n) => n.attributes.note_no === 'SZL-THIRD-2026-000001')).toHaveLength(1);
  });
});

async function fetchRemoteInvoiceId(url: string, prefixed: string): Promise<number> {
  const res = await fetch(`${url}/invoices?per_page=50&start_date=2000-01-01&end_date=2999-12-31`, { headers: { 'X-API-KEY': API_KEY } });
  const body = (await res.json()) as { data: Array<{ id: number; attributes: { prefixed_invoice_no: string } }> };
  const found = body.data.find((i) => i.attributes.prefixed_invoice_no === prefixed);
  expect(found, prefixed).toBeDefined();
  return found!.id;
}
