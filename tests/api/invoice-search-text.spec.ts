// The search box finds an invoice by its buyer's tax number and by the words of its lines (migration 0037: FTS5 on
// SQLite, PostgreSQL's text search on the team server) — and nothing else: not another buyer's invoice, not a part
// of a word, not a bare number's other invoices. Drafts are searched too, with the lines and buyer they have now.
// Each search runs along every path the list can take (src: electron/core/invoices/list-filter.ts listTuning), since
// which one a query takes depends on how many invoices there are.
import { expect, test } from '@playwright/test';
import { listTuning } from '../../electron/core/invoices/list-filter';
import { clientBody, createClient, invoiceBody, netItem, startTestServer, type TestServer } from '../support/fixtures';

let server: TestServer;
const ids: Record<string, number> = {};
let alma: number;
let barack: number;

const line = (description: string) => netItem(1000, { description });

test.beforeAll(async () => {
  server = await startTestServer();
  const api = server.api;
  alma = await createClient(api, clientBody({ name: 'Alma Kft.', taxcode: '10000001-2-41' }));
  barack = await createClient(api, clientBody({ name: 'Barack Bt.', taxcode: '34567898-2-41' }));
  const cseresznye = await createClient(api, clientBody({ name: 'Cseresznye Zrt.' })); // 12345676-2-41
  const make = async (name: string, client: number, lines: string[], over: Record<string, unknown> = {}) => {
    ids[name] = (await api.ok('POST', '/invoices', { body: invoiceBody(client, { items: lines.map(line), ...over }) })).data.id as number;
  };
  await make('A1', alma, ['Karbantartás havi díj', 'Kábel csere']);
  await make('A2', alma, ['Webfejlesztés']);
  await make('B1', barack, ['Tárhely prémium csomag', 'Karbantartás']);
  await make('C1', cseresznye, ['Szoftverlicenc éves']);
  await make('P1', barack, ['Fordítás angolra'], { type: 1 });
  // a draft: its lines and its buyer change before the searches
  await make('D1', cseresznye, ['Papír írószer'], { type: 0 });
  await api.ok('PUT', `/invoices/${ids.D1}`, { body: { client_uid: alma, items: [line('Festék kék')] } });
});

test.afterAll(async () => {
  await server?.close();
});

const PATHS = [
  { name: 'through the indexes of the filters', tuning: { narrowDates: 2000, fewClients: 20 } },
  { name: 'walking the list, a name read client by client', tuning: { narrowDates: 0, fewClients: 20 } },
  { name: 'walking the list, a name walked too', tuning: { narrowDates: 0, fewClients: 0 } },
];

async function search(text: string, more: Record<string, string | number> = {}) {
  const found: string[][] = [];
  const saved = { ...listTuning };
  try {
    for (const path of PATHS) {
      Object.assign(listTuning, path.tuning);
      const res = await server.api.get('/invoices/query', { start_date: '1900-01-01', end_date: '9999-12-31', search: text, ...more });
      expect(res.status, res.text).toBe(200);
      const data = res.body.data as Array<{ id: number }>;
      found.push(data.map((d) => Object.entries(ids).find(([, id]) => id === d.id)?.[0] ?? `#${d.id}`));
    }
  } finally {
    Object.assign(listTuning, saved);
  }
  // every path finds the same invoices, newest first
  for (const [i, f] of found.entries()) expect(f, `${text}: ${PATHS[i]!.name}`).toEqual(found[0]);
  return [...found[0]!].sort();
}

test("a buyer's tax number finds that buyer's invoices: whole, its first eight digits, with or without the dashes", async () => {
  expect(await search('10000001-2-41')).toEqual(['A1', 'A2', 'D1']);
  expect(await search('10000001')).toEqual(['A1', 'A2', 'D1']);
  expect(await search('34567898-2-41')).toEqual(['B1', 'P1']);
  expect(await search('12345676-2-41')).toEqual(['C1']);
  // another check-digit-valid number nobody has, and a number with the right start but another ending
  expect(await search('23456787-2-41')).toEqual([]);
  expect(await search('10000001-2-42')).toEqual([]);
});

test("a word of a line finds the invoices with it, in any line, any case; a part of a word does not", async () => {
  expect(await search('Karbantartás')).toEqual(['A1', 'B1']);
  expect(await search('kábel')).toEqual(['A1']);
  expect(await search('HAVI')).toEqual(['A1']);
  expect(await search('prémium csomag')).toEqual(['B1']);
  expect(await search('angolra')).toEqual(['P1']);
  // the words in another order are another phrase; a part of a word is no word
  expect(await search('csomag prémium')).toEqual([]);
  expect(await search('Karban')).toEqual([]);
  expect(await search('Nincs ilyen tétel')).toEqual([]);
});

test("a draft is found by the lines and the buyer it has now, not by those it had", async () => {
  expect(await search('Festék')).toEqual(['D1']);
  expect(await search('Papír')).toEqual([]);
  expect(await search('12345676')).toEqual(['C1']);
});

test('the other filters narrow a text search', async () => {
  expect(await search('Karbantartás', { client_uid: barack })).toEqual(['B1']);
  expect(await search('34567898-2-41', { type: 1 })).toEqual(['P1']);
  expect(await search('10000001', { type: 3 })).toEqual(['A1', 'A2']);
  expect(await search('Webfejlesztés', { status: 1 })).toEqual([]);
  expect(await search('Karbantartás', { client: 'alma' })).toEqual(['A1']);
});

test('a bare number is still an invoice number and an amount, not a word of a line or of a tax number', async () => {
  // every buyer's tax number has the words 2 and 41; the search "2" is the invoice 2026-000002 (A2) alone
  expect(await search('2')).toEqual(['A2']);
  expect(await search('41')).toEqual([]);
});

test('with_total counts the invoices the search finds, along every path', async () => {
  const saved = { ...listTuning };
  try {
    for (const path of PATHS) {
      Object.assign(listTuning, path.tuning);
      for (const [text, n] of [['Karbantartás', 2], ['10000001', 3], ['2', 1], ['Nincs ilyen', 0]] as const) {
        const page = await server.core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', search: text, with_total: 1, max_per_page: 1 });
        expect(page.total, `${text}: ${path.name}`).toBe(n);
        expect(page.items.length).toBe(Math.min(n, 1));
      }
    }
  } finally {
    Object.assign(listTuning, saved);
  }
});
