// Requests at the same time (docs/design.md §4, §6): parallel creates take distinct gapless numbers, parallel payments can
// never over-pay, a proforma generates once, and two servers on one database file never share a number.
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { ApiClient } from '../support/api-client';
import { API_KEY, createClient, createInvoice, FIXED_NOW, invoiceBody, readInvoice, startTestServer, TODAY, withServer, serverOptions } from '../support/fixtures';

test('30 invoices created at once take the numbers 1..30, each once', async () => {
  await withServer(async (srv) => {
    const clientUid = await createClient(srv.api);
    const answers = await Promise.all(Array.from({ length: 30 }, () => srv.api.post('/invoices', invoiceBody(clientUid))));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const numbers = answers.map((a) => a.body.data.attributes.invoice_no as string).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  });
});

test('two payments of 3000 at once on a 4445 invoice: one is taken, the other refused', async () => {
  await withServer(async (srv) => {
    const inv = await createInvoice(srv.api);
    const answers = await Promise.all([1, 2].map(() => srv.api.post(`/invoices/${inv.id}/pay`, { date: TODAY, amount: 3000 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const a = (await readInvoice(srv.api, inv.id)).attributes;
    expect(a.total_paid).toBe('3000.000');
    expect(a.payments).toHaveLength(1);
  });
});

test('a proforma generated twice at once makes one invoice', async () => {
  await withServer(async (srv) => {
    const p = await createInvoice(srv.api, { type: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => srv.api.get(`/invoices/${p.id}/generate`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });
});

test('an invoice cancelled twice at once has one cancelling invoice', async () => {
  await withServer(async (srv) => {
    const inv = await createInvoice(srv.api);
    const answers = await Promise.all([1, 2].map(() => srv.api.get(`/invoices/${inv.id}/cancel`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

test('two servers on one database file (desktop and serve) never share a number', async () => {
  const first = await startTestServer();
  const second = await startServer(serverOptions(first.database.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
  try {
    const api2 = new ApiClient(second.url, { 'X-API-KEY': API_KEY });
    const clientUid = await createClient(first.api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first.api : api2).post('/invoices', invoiceBody(clientUid))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => a.body.data.attributes.invoice_no as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  } finally {
    await second.close();
    await first.close();
  }
});

test('a draft issued twice at once takes one number', async () => {
  await withServer(async (srv) => {
    const d = await createInvoice(srv.api, { type: 0 });
    const answers = await Promise.all([1, 2].map(() => srv.api.post(`/invoices/${d.id}/issue`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const next = await createInvoice(srv.api);
    expect(next.attributes.invoice_no).toBe('2026-000002');
  });
});
