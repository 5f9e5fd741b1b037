// Paging the invoice query page by page gives exactly the invoices of one full read, in the same order — newest
// first, none twice, none left out — under the filters people use, alone and together, and along every path a
// page can be found by (electron/core/invoices/list-filter.ts: which one a query takes depends on how many invoices
// there are; listTuning makes a small database take each). The full read is also checked against the invoices the
// test made, filtered here.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { listTuning } from '../../electron/core/invoices/list-filter';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import { clientBody, createBlock, createClient, invoiceBody, netItem, startTestServer, testDb, type TestServer } from '../support/fixtures';

interface Made {
  id: number;
  client: number;
  block: number;
  type: number;
  pm: number;
  date: string;
  status: number;
  partly: boolean;
  cancelling: boolean;
  word: string;
}

let server: TestServer;
const made: Made[] = [];
let clients: number[] = [];
let web: number;

const day = (i: number) => new Date(Date.UTC(2026, 0, 5 + i)).toISOString().slice(0, 10);

test.beforeAll(async () => {
  // A worker may run this hook more than once (fullyParallel hands it the file's tests in several runs): start afresh.
  made.length = 0;
  const clock = new ManualClock(`${day(0)}T09:00:00Z`);
  server = await startTestServer({ clock });
  const api = server.api;
  clients = [
    await createClient(api, clientBody({ name: 'Alma Kft.', taxcode: '10000001-2-41' })),
    await createClient(api, clientBody({ name: 'Barack Bt.', taxcode: '34567898-2-41' })),
    await createClient(api, clientBody({ name: 'Cseresznye Zrt.' })),
  ];
  web = await createBlock(api, 'WEB');
  for (let i = 0; i < 36; i++) {
    clock.set(`${day(i)}T09:00:00Z`);
    const o = {
      client: clients[i % 3]!,
      block: i % 4 === 0 ? web : 0,
      type: i % 7 === 3 ? INVOICE_TYPE.proforma : INVOICE_TYPE.invoice,
      pm: i % 5 === 0 ? 1 : 2,
      word: i % 2 ? 'Karbantartás' : 'Webfejlesztés',
    };
    const body = invoiceBody(o.client, { block_uid: o.block, type: o.type, payment_method: o.pm, items: [netItem(1000, { description: o.word })] });
    const inv = (await api.ok('POST', '/invoices', { body })).data as { id: number };
    made.push({ id: inv.id, ...o, date: day(i), status: INVOICE_STATUS.unpaid, partly: false, cancelling: false });
  }
  // pay some in full (1,270 Ft), some in part (cash is paid when issued); cancel some (each storno is a new
  // invoice, with the same lines)
  const invoices = made.filter((m) => m.type === INVOICE_TYPE.invoice);
  for (const [i, m] of invoices.entries()) {
    if (m.pm === 1) continue;
    if (i % 3 === 1) await api.ok('POST', `/invoices/${m.id}/pay`, { body: { date: m.date, amount: '1270' } });
    else if (i % 6 === 2) await api.ok('POST', `/invoices/${m.id}/pay`, { body: { date: m.date, amount: '500' } });
  }
  clock.set(`${day(40)}T09:00:00Z`);
  for (const [i, m] of invoices.entries()) {
    if (i % 6 === 3 || i % 6 === 5) {
      const storno = (await api.ok('GET', `/invoices/${m.id}/cancel`)).data as { id: number };
      made.push({ ...m, id: storno.id, date: day(40) });
    }
  }
  // what the filters read, as the invoices now are
  const rows = await testDb(server).selectFrom('invoices').select(['id', 'status', 'total_paid_milli', 'is_cancel_invoice']).execute();
  for (const m of made) {
    const r = rows.find((x) => x.id === m.id)!;
    Object.assign(m, { status: r.status, partly: r.status === INVOICE_STATUS.unpaid && Number(r.total_paid_milli) > 0, cancelling: r.is_cancel_invoice === 1 });
  }
});

test.afterAll(async () => {
  await server?.close();
});

const ANY_DATE = { start_date: '1900-01-01', end_date: '9999-12-31' };

const FILTERS: Array<{ name: string; q: Record<string, string | number>; keep: (m: Made) => boolean | null }> = [
  { name: 'no filter', q: {}, keep: () => true },
  { name: 'the default block', q: { block: 0 }, keep: (m) => m.block === 0 },
  { name: 'unpaid invoices', q: { status: INVOICE_STATUS.unpaid, type: INVOICE_TYPE.invoice }, keep: (m) => m.status === INVOICE_STATUS.unpaid && m.type === INVOICE_TYPE.invoice },
  { name: 'proformas', q: { type: INVOICE_TYPE.proforma }, keep: (m) => m.type === INVOICE_TYPE.proforma },
  { name: 'one client', q: { client_uid: 0 }, keep: (m) => m.client === clients[1] },
  { name: 'cash', q: { payment_method: 1 }, keep: (m) => m.pm === 1 },
  { name: 'a date range', q: { start_date: day(5), end_date: day(24) }, keep: (m) => m.date >= day(5) && m.date <= day(24) },
  { name: 'an early date range', q: { start_date: day(0), end_date: day(6) }, keep: (m) => m.date >= day(0) && m.date <= day(6) },
  { name: 'cancelled', q: { status: INVOICE_STATUS.cancelled }, keep: (m) => m.status === INVOICE_STATUS.cancelled },
  { name: 'stornos', q: { kind: 'cancelling' }, keep: (m) => m.cancelling },
  { name: 'partly paid', q: { payment_state: 'partially_paid' }, keep: (m) => m.partly && m.status === INVOICE_STATUS.unpaid },
  { name: 'the default block, paid, in a date range', q: { block: 0, status: INVOICE_STATUS.paid, start_date: day(3), end_date: day(30) }, keep: (m) => m.block === 0 && m.status === INVOICE_STATUS.paid && m.date >= day(3) && m.date <= day(30) },
  { name: 'a word of a line', q: { search: 'Karbantartás' }, keep: (m) => m.word === 'Karbantartás' },
  { name: 'a word of a line, in the WEB block', q: { search: 'Webfejlesztés', block: -1 }, keep: (m) => m.word === 'Webfejlesztés' && m.block === web },
  { name: "a buyer's tax number, unpaid", q: { search: '10000001', status: INVOICE_STATUS.unpaid }, keep: (m) => m.client === clients[0] && m.status === INVOICE_STATUS.unpaid },
  { name: 'part of a name', q: { search: 'barack' }, keep: (m) => m.client === clients[1] },
];

const PATHS = [
  { name: 'through the indexes of the filters', tuning: { narrowDates: 2000, fewClients: 20 } },
  { name: 'walking the list', tuning: { narrowDates: 0, fewClients: 20 } },
  { name: 'walking the list, names walked too', tuning: { narrowDates: 0, fewClients: 0 } },
];

async function ids(q: Record<string, string | number>): Promise<number[]> {
  const res = await server.api.get('/invoices/query', q);
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<{ id: number }>).map((d) => d.id);
}

for (const f of FILTERS) {
  test(`page by page is one full read, newest first: ${f.name}`, async () => {
    const q = { ...ANY_DATE, ...f.q, ...(f.q.client_uid === 0 ? { client_uid: clients[1]! } : {}), ...(f.q.block === -1 ? { block: web } : {}) };
    const expected = made.filter((m) => f.keep(m)).map((m) => m.id).sort((a, b) => b - a);
    expect(expected.length, 'the filter names a few pages of invoices').toBeGreaterThan(3);
    const saved = { ...listTuning };
    try {
      for (const path of PATHS) {
        Object.assign(listTuning, path.tuning);
        const full = await ids({ ...q, max_per_page: 50 });
        expect(full, path.name).toEqual(expected);
        const paged: number[] = [];
        for (let page = 1; ; page++) {
          const p = await ids({ ...q, max_per_page: 3, page });
          paged.push(...p);
          if (p.length < 3) break;
        }
        expect(paged, path.name).toEqual(full);
        const counted = await server.core.call('invoices.query', { ...q, with_total: 1, max_per_page: 3 } as never);
        expect(counted.total, path.name).toBe(expected.length);
      }
    } finally {
      Object.assign(listTuning, saved);
    }
  });
}

test('the plain list pages the same way: every invoice once, newest first', async () => {
  const expected = made.map((m) => m.id).sort((a, b) => b - a);
  const paged: number[] = [];
  for (let page = 1; ; page++) {
    const res = await server.api.get('/invoices', { max_per_page: 4, page });
    expect(res.status, res.text).toBe(200);
    const got = (res.body.data as Array<{ id: number }>).map((d) => d.id);
    paged.push(...got);
    if (got.length < 4) break;
  }
  expect(paged).toEqual(expected);
});
