// Paging and order of the lists (docs/interface.md §1, §8; docs/design.md §8): invoices, the invoice query, clients, products and
// expenses are paged — default 20, at most 50 (a larger max_per_page is capped), page/max_per_page below 1 → 400 —
// newest first; bank accounts, recurring profiles and blocks are returned whole.
import { expect, test } from '@playwright/test';
import { clientBody, createClient, invoiceBody, productBody, startTestServer, type TestServer } from '../support/fixtures';

/** A Hungarian account number that can exist, the i-th of a bank branch: its account part's 8th digit is the GIRO
 * check digit (weights 9, 7, 3, 1; the part sums to a multiple of 10). */
function giroAccount(i: number): string {
  const seven = String(1_000_000 + i).padStart(7, '0');
  const sum = [...seven].reduce((acc, d, k) => acc + Number(d) * [9, 7, 3, 1][k % 4]!, 0);
  return `11773016-${seven}${(10 - (sum % 10)) % 10}`;
}

const N = 55;
let srv: TestServer;
const created: Record<string, number[]> = { invoices: [], clients: [], products: [], expenses: [], bank_accounts: [], recurring: [] };

test.beforeAll(async () => {
  srv = await startTestServer();
  const api = srv.api;
  const clientUid = await createClient(api);
  created.clients!.push(clientUid);
  for (let i = 0; i < N; i++) {
    created.invoices!.push((await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, { comment: `#${i}` }) })).data.id);
    created.clients!.push((await api.ok('POST', '/clients', { body: clientBody() })).data.id);
    created.products!.push((await api.ok('POST', '/products', { body: productBody() })).data.id);
    created.expenses!.push((await api.ok('POST', '/expenses', { body: { categories_id: 1, name: `Költség ${i}`, gross_price: 100 + i } })).data.id);
  }
  for (let i = 0; i < 25; i++) {
    created.bank_accounts!.push((await api.ok('POST', '/bank_accounts', { body: { bank_name: `Bank ${i}`, account_no: giroAccount(i) } })).data.id);
    created.recurring!.push((await api.ok('POST', '/recurring', { body: { base_invoice_uid: created.invoices![i], frequency: '1M', start_date: '2026-04-01' } })).data.id);
  }
});

test.afterAll(async () => {
  await srv?.close();
});

const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

const paged: Array<[string, string, Record<string, string>]> = [
  ['invoices', '/invoices', {}],
  ['invoices', '/invoices/query', { start_date: '2026-01-01', end_date: '2026-12-31' }],
  ['clients', '/clients', {}],
  ['products', '/products', {}],
  ['expenses', '/expenses', {}],
];

for (const [kind, path, extra] of paged) {
  test.describe(`${path}`, () => {
    const get = async (q: Record<string, string | number> = {}) => {
      const res = await srv.api.get(path, { ...extra, ...q });
      expect(res.status, res.text).toBe(200);
      expect(res.body.type).toBe(kind);
      return (res.body.data as Array<{ id: number }>).map((d) => d.id);
    };
    const all = () => newestFirst(created[kind]!);

    test('the first page has 20, newest first', async () => {
      expect(await get()).toEqual(all().slice(0, 20));
    });

    test('page 2 and 3 continue where page 1 stopped', async () => {
      expect(await get({ page: 2 })).toEqual(all().slice(20, 40));
      expect(await get({ page: 3 })).toEqual(all().slice(40, 60));
      expect(await get({ page: 99 })).toEqual([]);
    });

    test('max_per_page sets the size; 50 is the most', async () => {
      expect(await get({ max_per_page: 7, page: 2 })).toEqual(all().slice(7, 14));
      expect(await get({ max_per_page: 50 })).toEqual(all().slice(0, 50));
    });

    test('a larger max_per_page is capped to 50', async () => {
      expect(await get({ max_per_page: 51 })).toHaveLength(50);
      expect(await get({ max_per_page: 1000 })).toEqual(all().slice(0, 50));
      expect(await get({ max_per_page: 1000, page: 2 })).toEqual(all().slice(50, 100));
    });

    for (const q of [{ page: 0 }, { page: -3 }, { max_per_page: 0 }, { max_per_page: -1 }, { page: 'first' }, { max_per_page: '1.5' }]) {
      test(`${JSON.stringify(q)} is a 400`, async () => {
        const res = await srv.api.get(path, { ...extra, ...q });
        expect(res.status, res.text).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(Object.keys(q)[0]);
      });
    }
  });
}

for (const [kind, path] of [
  ['bank_accounts', '/bank_accounts'],
  ['recurring', '/recurring'],
] as const) {
  test(`${path} is returned whole, newest first`, async () => {
    const res = await srv.api.get(path);
    expect(res.status).toBe(200);
    expect((res.body.data as Array<{ id: number }>).map((d) => d.id)).toEqual(newestFirst(created[kind]!));
  });
}

test('VAT codes and payment methods are returned whole', async () => {
  expect((await srv.api.ok('GET', '/vat')).data.length).toBeGreaterThan(20);
  expect((await srv.api.ok('GET', '/payment_methods/en')).data).toHaveLength(11);
});
