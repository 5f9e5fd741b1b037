// GET /invoices/query: every parameter, the date defaults (first day of the month .. today on the business clock),
// the year/number pairing rule and the number range (docs/interface.md §4; docs/design.md §8).
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { createBlock, createClient, invoiceBody, startTestServer, type TestServer } from '../support/fixtures';
import type { ApiClient } from '../support/api-client';

// Instants at 10:00 Budapest time on the given days.
const at = (day: string) => `${day}T09:00:00Z`;

interface Scenario {
  server: TestServer;
  clock: ManualClock;
  ids: Record<string, number>;
  blockX: number;
}

let sc: Scenario;

async function make(api: ApiClient, clientUid: number, over: Record<string, unknown>) {
  return (await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, over) })).data;
}

test.beforeAll(async () => {
  const clock = new ManualClock(at('2025-12-20'));
  const server = await startTestServer({ clock });
  const api = server.api;
  const clientUid = await createClient(api);
  const ids: Record<string, number> = {};
  const blockX = await createBlock(api, 'QX');
  ids.A1 = (await make(api, clientUid, {})).id; // 2025-000001
  ids.A2 = (await make(api, clientUid, {})).id; // 2025-000002
  ids.P0 = (await make(api, clientUid, { type: 1 })).id; // D-2025-000001
  clock.set(at('2026-02-10'));
  ids.B1 = (await make(api, clientUid, { payment_method: 1 })).id; // 2026-000001
  clock.set(at('2026-03-05'));
  ids.B2 = (await make(api, clientUid, {})).id; // 2026-000002
  ids.C1 = (await make(api, clientUid, { block_uid: blockX })).id; // QX 2026-000001
  ids.P1 = (await make(api, clientUid, { type: 1 })).id; // D-2026-000001
  ids.D1 = (await make(api, clientUid, { type: 0 })).id; // draft
  clock.set(at('2026-03-20'));
  ids.B3 = (await make(api, clientUid, {})).id; // 2026-000003
  clock.set(at('2026-03-15'));
  sc = { server, clock, ids, blockX };
});

test.afterAll(async () => {
  await sc?.server.close();
});

async function query(params: Record<string, string | number | undefined>) {
  const res = await sc.server.api.get('/invoices/query', params);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'invoices' });
  return res.body.data as Array<{ id: number; attributes: Record<string, unknown> }>;
}

const names = (data: Array<{ id: number }>) =>
  data.map((d) => Object.entries(sc.ids).find(([, id]) => id === d.id)?.[0] ?? `#${d.id}`);

test('the numbers of the scenario are as expected', async () => {
  const all = await query({ start_date: '2025-01-01', end_date: '2026-12-31', max_per_page: 50 });
  const byName = Object.fromEntries(all.map((d) => [names([d])[0], d.attributes.invoice_no]));
  expect(byName).toMatchObject({
    A1: '2025-000001',
    A2: '2025-000002',
    P0: 'D-2025-000001',
    B1: '2026-000001',
    B2: '2026-000002',
    C1: '2026-000001',
    P1: 'D-2026-000001',
    B3: '2026-000003',
  });
});

test('without dates the query covers the first day of the current month to today, newest first', async () => {
  expect(names(await query({}))).toEqual(['D1', 'P1', 'C1', 'B2']);
});

test('start_date alone runs to today; end_date alone starts on the first of the month', async () => {
  expect(names(await query({ start_date: '2026-02-01' }))).toEqual(['D1', 'P1', 'C1', 'B2', 'B1']);
  expect(names(await query({ end_date: '2026-03-31' }))).toEqual(['B3', 'D1', 'P1', 'C1', 'B2']);
});

test('start_date and end_date select on the issue date, both ends included', async () => {
  expect(names(await query({ start_date: '2026-02-10', end_date: '2026-03-05' }))).toEqual(['D1', 'P1', 'C1', 'B2', 'B1']);
  expect(names(await query({ start_date: '2025-12-20', end_date: '2025-12-20' }))).toEqual(['P0', 'A2', 'A1']);
  expect(await query({ start_date: '2026-01-01', end_date: '2026-01-31' })).toEqual([]);
});

test('payment_method filters on the method', async () => {
  expect(names(await query({ start_date: '2025-01-01', end_date: '2026-12-31', payment_method: 1 }))).toEqual(['B1']);
});

test('block filters on the block; block 0 is the default block', async () => {
  expect(names(await query({ start_date: '2025-01-01', end_date: '2026-12-31', block: sc.blockX }))).toEqual(['C1']);
  const inDefault = names(await query({ start_date: '2025-01-01', end_date: '2026-12-31', block: 0 }));
  expect(inDefault).not.toContain('C1');
  expect(inDefault).toContain('B1');
});

test('year_start/num_start and year_end/num_end select a number range of normal invoices', async () => {
  const wide = { start_date: '2025-01-01', end_date: '2026-12-31' };
  expect(names(await query({ ...wide, year_start: 2026, num_start: 2, year_end: 2026, num_end: 3 })).sort()).toEqual(['B2', 'B3']);
  expect(names(await query({ ...wide, year_start: 2025, num_start: 2, year_end: 2026, num_end: 1 })).sort()).toEqual(['A2', 'B1', 'C1']);
  expect(names(await query({ ...wide, year_start: 2025, num_start: 2, year_end: 2026, num_end: 1, block: sc.blockX }))).toEqual(['C1']);
});

test('a number range never selects proformas or drafts', async () => {
  const got = names(await query({ start_date: '2025-01-01', end_date: '2026-12-31', year_start: 2025, num_start: 1, year_end: 2026, num_end: 999999, max_per_page: 50 }));
  expect(got.sort()).toEqual(['A1', 'A2', 'B1', 'B2', 'B3', 'C1']);
});

test('one end of a number range may be given alone', async () => {
  const wide = { start_date: '2025-01-01', end_date: '2026-12-31' };
  expect(names(await query({ ...wide, year_start: 2026, num_start: 3 }))).toEqual(['B3']);
  expect(names(await query({ ...wide, year_end: 2025, num_end: 1 }))).toEqual(['A1']);
});

for (const params of [
  { num_start: 1 },
  { year_start: 2026 },
  { num_end: 5 },
  { year_end: 2026 },
  { num_start: 1, year_start: 2026, num_end: 5 },
  { num_start: 1, year_end: 2026, num_end: 5 },
]) {
  test(`the pairing rule: ${JSON.stringify(params)} is a 400`, async () => {
    const res = await sc.server.api.get('/invoices/query', params);
    expect(res.status, res.text).toBe(400);
    expect(res.body.success).toBe(false);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields.some((f: string) => /^(year|num)_(start|end)$/.test(f))).toBe(true);
  });
}

test('page and max_per_page page the query', async () => {
  const wide = { start_date: '2025-01-01', end_date: '2026-12-31' };
  const all = await query({ ...wide, max_per_page: 50 });
  expect(all).toHaveLength(9);
  const p1 = await query({ ...wide, max_per_page: 4 });
  const p2 = await query({ ...wide, max_per_page: 4, page: 2 });
  const p3 = await query({ ...wide, max_per_page: 4, page: 3 });
  expect([...p1, ...p2, ...p3].map((d) => d.id)).toEqual(all.map((d) => d.id));
  expect(p3).toHaveLength(1);
  expect(await query({ ...wide, max_per_page: 4, page: 4 })).toEqual([]);
});

for (const params of [{ page: 0 }, { max_per_page: 0 }, { page: -1 }, { max_per_page: 'x' }, { start_date: '2026-13-01' }, { end_date: 'today' }, { payment_method: 'cash' }, { block: -2 }]) {
  test(`query ${JSON.stringify(params)} is a 400`, async () => {
    const res = await sc.server.api.get('/invoices/query', params);
    expect(res.status, res.text).toBe(400);
  });
}

test('each element carries the listed attributes', async () => {
  const [first] = await query({ start_date: '2026-03-05', end_date: '2026-03-05', block: sc.blockX });
  expect(first).toBeDefined();
  expect(first!.id).toBe(first!.attributes.uid);
  for (const key of ['date', 'fulfillment_date', 'due_date', 'invoice_no', 'total', 'total_paid', 'comment', 'currency', 'client_uid', 'block_uid', 'uid', 'items', 'client', 'payment_method']) {
    expect(first!.attributes).toHaveProperty(key);
  }
  expect(first!.attributes.total).toBe('4445.000');
});

test('the cancelling invoice of a cancellation is in a number range', async () => {
  const server = await startTestServer();
  try {
    const clientUid = await createClient(server.api);
    const inv = await make(server.api, clientUid, {});
    const cancel = (await server.api.ok('GET', `/invoices/${inv.id}/cancel`)).data;
    const res = await server.api.ok('GET', '/invoices/query', { query: { year_start: 2026, num_start: 2, year_end: 2026, num_end: 2, start_date: '2026-01-01', end_date: '2026-12-31' } });
    expect(res.data.map((d: { id: number }) => d.id)).toEqual([cancel.id]);
    expect(res.data[0].attributes.is_cancel_invoice).toBe(1);
  } finally {
    await server.close();
  }
});

test('with a fixed `now` (FOLIO_NOW) the defaults follow the business day in Budapest', async () => {
  // 23:30 UTC on 31 May is 01:30 on 1 June in Budapest: the invoice is dated 1 June and this month is June.
  const server = await startTestServer({ now: '2026-05-31T23:30:00Z' });
  try {
    const clientUid = await createClient(server.api);
    const inv = await make(server.api, clientUid, { fulfillment_date: '2026-06-01', due_date: '2026-06-09' });
    expect(inv.attributes.date).toBe('2026-06-01');
    const res = await server.api.ok('GET', '/invoices/query');
    expect(res.data.map((d: { id: number }) => d.id)).toEqual([inv.id]);
    const may = await server.api.ok('GET', '/invoices/query', { query: { start_date: '2026-05-01', end_date: '2026-05-31' } });
    expect(may.data).toEqual([]);
  } finally {
    await server.close();
  }
});
