// The invoice list's search (invoices.query `search`): an invoice number in the ways a user types it, part of a
// client's name, an amount with or without a thousands space — each an exact reading, so nothing else is found.
// And the dashboard's monthly revenue, which leaves out a cancelled invoice and the storno that cancelled it.
import { expect, test } from '@playwright/test';
import { createBlock, createClient, invoiceBody, netItem, startTestServer, type TestServer } from '../support/fixtures';

let server: TestServer;
const ids: Record<string, number> = {};

test.beforeAll(async () => {
  server = await startTestServer();
  const api = server.api;
  const kovacs = await createClient(api, { name: 'Kovács és Társa Kft.' });
  const zold = await createClient(api, { name: 'Zöldkert Bt.' });
  const web = await createBlock(api, 'WEB');
  const make = async (name: string, over: Record<string, unknown>) => {
    ids[name] = (await api.ok('POST', '/invoices', { body: invoiceBody(zold, over) })).data.id as number;
  };
  // 2026-000001 … 2026-000012 in the default block; the 150,000 Ft net one is 190,500 Ft gross (27 %).
  for (let n = 1; n <= 12; n++) {
    await make(`N${n}`, n === 5 ? { client_uid: kovacs, items: [netItem(150_000)] } : { items: [netItem(1000 + n)] });
  }
  await make('W1', { block_uid: web, items: [netItem(2000)] }); // WEB / 2026-000001
  await make('P1', { type: 1, items: [netItem(2500)] }); // D-2026-000001
});

test.afterAll(async () => {
  await server?.close();
});

async function search(text: string, more: Record<string, string | number> = {}) {
  const res = await server.api.get('/invoices/query', { start_date: '1900-01-01', end_date: '9999-12-31', search: text, ...more });
  expect(res.status, res.text).toBe(200);
  const data = res.body.data as Array<{ id: number }>;
  return data.map((d) => Object.entries(ids).find(([, id]) => id === d.id)?.[0] ?? `#${d.id}`).sort();
}

test('an invoice number is found as a bare number, with its year, with zeros, with its block prefix', async () => {
  expect(await search('12')).toEqual(['N12']);
  expect(await search('2026-000012')).toEqual(['N12']);
  expect(await search('2026-12')).toEqual(['N12']);
  expect(await search(' 2026-000005 ')).toEqual(['N5']);
  // The default block's 2026-000001, the WEB block's and the proforma's share year and sequence.
  expect(await search('2026-000001')).toEqual(['N1', 'P1', 'W1']);
  expect(await search('WEB / 2026-000001')).toEqual(['W1']);
  expect(await search('web/2026-000001')).toEqual(['W1']);
  expect(await search('D-2026-000001')).toEqual(['P1']);
});

test('a number is not a part of a longer one: "1" is not 2026-000010, 11 or 12', async () => {
  expect(await search('1')).toEqual(['N1', 'P1', 'W1']);
  expect(await search('2026-000013')).toEqual([]);
  expect(await search('XYZ / 2026-000001')).toEqual([]);
});

test('part of a client name finds that client\'s invoices, and only theirs', async () => {
  expect(await search('kovács')).toEqual(['N5']);
  expect(await search('Társa')).toEqual(['N5']);
  expect(await search('Nincs ilyen ügyfél')).toEqual([]);
  // LIKE's own characters are plain text in the search.
  expect(await search('%')).toEqual([]);
});

test('an amount is found typed as on screen, with a space, with decimals, with its currency', async () => {
  for (const typed of ['190500', '190 500', '190 500 Ft', '190.500', '190 500,00']) {
    expect(await search(typed), typed).toEqual(['N5']);
  }
  // Not a part of the total, not a near amount, not the net.
  for (const typed of ['190', '190 501', '150 000', '190 500,50']) {
    expect(await search(typed), typed).toEqual([]);
  }
});

test('the search narrows the other filters and the other filters narrow it', async () => {
  expect(await search('2026-000001', { type: 1 })).toEqual(['P1']);
  expect(await search('kovács', { status: 1 })).toEqual([]);
  expect(await search('kovács', { status: 2 })).toEqual(['N5']);
});

test('a search longer than the field allows is refused as a bad query parameter, naming it', async () => {
  const res = await server.api.get('/invoices/query', { search: 'x'.repeat(201) });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('search');
});

test('this month\'s revenue leaves out a cancelled invoice and its storno; the invoice count too', async () => {
  const fresh = await startTestServer();
  try {
    const api = fresh.api;
    const client = await createClient(api);
    const month = async () => {
      const s = (await api.ok('POST', '/rpc/invoices.summary', { body: {} })).data as { today: string; months: Array<{ month: string; net: string; count: number }> };
      return s.months.find((m) => m.month === s.today.slice(0, 7))!;
    };
    await api.ok('POST', '/invoices', { body: invoiceBody(client, { items: [netItem(3500)] }) });
    const big = (await api.ok('POST', '/invoices', { body: invoiceBody(client, { items: [netItem(100_000)] }) })).data.id as number;
    expect(await month()).toMatchObject({ net: '103500.000', count: 2 });
    await api.ok('GET', `/invoices/${big}/cancel`);
    expect(await month()).toMatchObject({ net: '3500.000', count: 1 });
  } finally {
    await fresh.close();
  }
});
