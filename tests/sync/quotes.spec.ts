// Quotes travel with sync like the other master data (docs/sync.md "Quotes"): a real `serve` remote and two
// desktops. A quote keeps its number everywhere — each joined device numbers in its own series, so two machines
// working apart never make two quotes with one number — and its lines; an edit on the other device comes back; a
// quote accepted into a proforma arrives with the proforma linked to it; a delete is carried.
import { expect, test } from '@playwright/test';
import type { Core } from '../../electron/core/index';
import { clientBody } from '../support/fixtures';
import { API_KEY, syncUntilQuiet, withLaptopAndDesktop, type Device } from './support/nodes';

const LINES = [
  { description: 'Karbantartás', qty: 2, net_unit_price: '40000', vat_id: 1, unit: 'óra' },
  { description: 'Alkatrész', qty: 3, net_unit_price: '1250.5', vat_id: 1, unit: 'db' },
];

function quoteBody(client_uid: number, items: unknown[] = LINES) {
  return { client_uid, payment_method: 2, currency: 'HUF', valid_until: '2026-12-31', items };
}

async function quotes(core: Core) {
  return (await core.call('quotes.list', { max_per_page: 100 })).items;
}

async function quoteNamed(d: Device, quoteNo: string) {
  const found = (await quotes(d.runtime.core)).find((q) => q.attributes.quote_no === quoteNo);
  expect(found, `${quoteNo} on ${d.name}`).toBeDefined();
  return found!;
}

/** What must be the same on every node: the number, the state, the client's name, the lines and their amounts. */
function essence(q: Awaited<ReturnType<typeof quotes>>[number]) {
  const a = q.attributes;
  return {
    quote_no: a.quote_no,
    status: a.status,
    comment: a.comment,
    client: a.client.name,
    lines: a.items.map((i) => ({ description: i.description, qty: i.qty, net_unit_price: i.net_unit_price, net: i.net_amount, gross: i.gross_amount })),
  };
}

test('a quote made on one device reaches the other with its number and lines; edits, acceptance and deletes travel too', async () => {
  test.setTimeout(120_000);
  await withLaptopAndDesktop('quotes', async ({ remote, a, b }) => {
    // Made on the laptop before it ever joined: numbered in the plain series, moved into the laptop's own one by
    // the join (the plain series is the remote's, where the same number may be taken).
    const buyer = clientBody();
    const clientA = (await a.runtime.core.call('clients.create', buyer)).id;
    const early = await a.runtime.core.call('quotes.create', quoteBody(clientA));
    expect(early.attributes.quote_no).toBe('AJ-2026-000001');

    // The remote's own users number in the plain series.
    const remoteClient = await fetch(`${remote.url}/clients`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ ...clientBody(), name: 'Távoli Kft.', taxcode: '34567898-2-41' }),
    });
    expect(remoteClient.status).toBe(200);
    const remoteClientId = ((await remoteClient.json()) as { data: { id: number } }).data.id;
    const onRemote = await fetch(`${remote.url}/quotes`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(quoteBody(remoteClientId, [LINES[0]])),
    });
    expect(onRemote.status).toBe(200);
    expect(((await onRemote.json()) as { data: { attributes: { quote_no: string } } }).data.attributes.quote_no).toBe('AJ-2026-000001');

    await syncUntilQuiet([a, b]);
    expect((await a.runtime.core.call('quotes.get', { id: early.id })).attributes.quote_no).toBe('AJ-LAP-2026-000001');

    // Working apart: each device numbers in its own series, so the numbers never meet.
    const onA = await a.runtime.core.call('quotes.create', quoteBody(clientA));
    const clientOnB = (await b.runtime.core.call('clients.list', {})).items.find((c) => c.attributes.name === buyer.name)!;
    const onB = await b.runtime.core.call('quotes.create', quoteBody(clientOnB.id, [LINES[1]]));
    expect(onA.attributes.quote_no).toBe('AJ-LAP-2026-000002');
    expect(onB.attributes.quote_no).toBe('AJ-DESK-2026-000001');
    await syncUntilQuiet([a, b]);

    const numbers = ['AJ-2026-000001', 'AJ-LAP-2026-000001', 'AJ-LAP-2026-000002', 'AJ-DESK-2026-000001'];
    for (const d of [a, b]) {
      const here = (await quotes(d.runtime.core)).map((q) => q.attributes.quote_no).sort();
      expect(here, d.name).toEqual([...numbers].sort());
    }
    // the same number, lines and amounts on both devices
    const lapOnB = await quoteNamed(b, 'AJ-LAP-2026-000002');
    expect(essence(lapOnB)).toEqual(essence(await a.runtime.core.call('quotes.get', { id: onA.id })));
    expect(lapOnB.attributes.items.map((i) => i.description)).toEqual(['Karbantartás', 'Alkatrész']);
    expect(lapOnB.attributes.client_uid).toBe(clientOnB.id);

    // An edit on the desktop reaches the laptop.
    await b.runtime.core.call('quotes.update', { id: lapOnB.id, comment: 'Kedvezménnyel', items: [{ ...LINES[0], qty: 5 }] });
    await syncUntilQuiet([b, a]);
    const edited = await a.runtime.core.call('quotes.get', { id: onA.id });
    expect(edited.attributes.comment).toBe('Kedvezménnyel');
    expect(edited.attributes.items.map((i) => [i.description, Number(i.qty)])).toEqual([['Karbantartás', 5]]);
    expect(essence(edited)).toEqual(essence(await b.runtime.core.call('quotes.get', { id: lapOnB.id })));

    // Accepted on the laptop into a proforma: the desktop gets the proforma linked to its copy of the quote.
    const accepted = await a.runtime.core.call('quotes.accept', { id: onA.id, type: 1 });
    expect(accepted.attributes.status).toBe('accepted');
    const proformaA = await a.runtime.core.call('invoices.get', { id: accepted.attributes.accepted_invoice_uid! });
    expect(proformaA.attributes.quote_uid).toBe(onA.id);
    await syncUntilQuiet([a, b]);
    const acceptedOnB = await b.runtime.core.call('quotes.get', { id: lapOnB.id });
    expect(acceptedOnB.attributes.status).toBe('accepted');
    const proformaB = await b.runtime.core.call('invoices.get', { id: acceptedOnB.attributes.accepted_invoice_uid! });
    expect(proformaB.attributes.prefixed_invoice_no).toBe(proformaA.attributes.prefixed_invoice_no);
    expect(proformaB.attributes.quote_uid).toBe(lapOnB.id);
    // and the remote holds the same link
    const remoteQuotes = (await (await fetch(`${remote.url}/quotes?per_page=100`, { headers: { 'X-API-KEY': API_KEY } })).json()) as {
      data: Array<{ id: number; attributes: { quote_no: string; status: string; accepted_invoice_uid: number | null } }>;
    };
    const onRemoteQuote = remoteQuotes.data.find((q) => q.attributes.quote_no === 'AJ-LAP-2026-000002')!;
    expect(onRemoteQuote.attributes.status).toBe('accepted');
    const remoteProforma = (await (await fetch(`${remote.url}/invoices/${onRemoteQuote.attributes.accepted_invoice_uid}`, { headers: { 'X-API-KEY': API_KEY } })).json()) as {
      data: { attributes: { quote_uid: number | null; prefixed_invoice_no: string } };
    };
    expect(remoteProforma.data.attributes).toMatchObject({ quote_uid: onRemoteQuote.id, prefixed_invoice_no: proformaA.attributes.prefixed_invoice_no });

    // A delete on the desktop is carried to the laptop and the remote; the number stays taken.
    await b.runtime.core.call('quotes.delete', { id: onB.id });
    await syncUntilQuiet([b, a]);
    for (const d of [a, b]) {
      expect((await quotes(d.runtime.core)).map((q) => q.attributes.quote_no), d.name).not.toContain('AJ-DESK-2026-000001');
    }
    const stillThere = (await (await fetch(`${remote.url}/quotes?per_page=100`, { headers: { 'X-API-KEY': API_KEY } })).json()) as { data: Array<{ attributes: { quote_no: string } }> };
    expect(stillThere.data.map((q) => q.attributes.quote_no)).not.toContain('AJ-DESK-2026-000001');
    const next = await b.runtime.core.call('quotes.create', quoteBody(clientOnB.id));
    expect(next.attributes.quote_no).toBe('AJ-DESK-2026-000002');

    for (const d of [a, b]) {
      const { issues } = await d.runtime.core.call('sync.conflicts', {});
      expect(issues.filter((i) => !i.dismissed_at), d.name).toEqual([]);
    }
  });
});

test('a quote changed on both devices while apart: the later push wins everywhere, both keep the losing version, which can be restored', async () => {
  test.setTimeout(120_000);
  await withLaptopAndDesktop('quote-conflict', async ({ a, b }) => {
    const buyer = clientBody();
    const clientA = (await a.runtime.core.call('clients.create', buyer)).id;
    const quote = await a.runtime.core.call('quotes.create', quoteBody(clientA));
    await syncUntilQuiet([a, b]);
    const number = (await a.runtime.core.call('quotes.get', { id: quote.id })).attributes.quote_no;
    expect(number).toBe('AJ-LAP-2026-000001'); // made before the laptop joined
    const onB = await quoteNamed(b, number);

    await a.runtime.core.call('quotes.update', { id: quote.id, comment: 'A laptop ajánlata' });
    await b.runtime.core.call('quotes.update', { id: onB.id, comment: 'Az asztali gép ajánlata', items: [LINES[1]] });
    // the laptop pushes first; the desktop pulls that while its own edit waits, so its later push wins
    await syncUntilQuiet([a, b]);

    for (const [d, id] of [[a, quote.id], [b, onB.id]] as const) {
      const now = await d.runtime.core.call('quotes.get', { id });
      expect(now.attributes.comment, d.name).toBe('Az asztali gép ajánlata');
      expect(now.attributes.items.map((i) => i.description), d.name).toEqual(['Alkatrész']);
      const [lost] = (await d.runtime.core.call('sync.conflicts', {})).conflicts;
      expect(lost, d.name).toMatchObject({ entity: 'quote', local_uid: id });
      expect((lost!.version as { attributes: { comment: string } }).attributes.comment, d.name).toBe('A laptop ajánlata');
    }

    // The laptop restores its version: a new change of the laptop, the last writer everywhere.
    const [lostOnA] = (await a.runtime.core.call('sync.conflicts', {})).conflicts;
    await a.runtime.core.call('sync.restoreConflict', { id: lostOnA!.id });
    await syncUntilQuiet([a, b]);
    const restored = await b.runtime.core.call('quotes.get', { id: onB.id });
    expect(restored.attributes.comment).toBe('A laptop ajánlata');
    expect(restored.attributes.items.map((i) => i.description)).toEqual(['Karbantartás', 'Alkatrész']);
    expect(essence(restored)).toEqual(essence(await a.runtime.core.call('quotes.get', { id: quote.id })));
  });
});
