// docs/design.md §8: "/access: its own limiter, counting unknown codes". A client who opens a real share link a few times
// (a customer reloading the invoice) must not use up the budget of wrong guesses: 30 unknown codes are 404s even
// after valid fetches, and only the next unknown one is a 429.
import { expect, test } from '@playwright/test';
import { call } from './support/http';
import { benchInvoice, buyerBody } from './support/bodies';
import { serveDatabase, startServe, tempDir } from './support/procs';

test('valid share-link fetches do not count toward the unknown-code limit', async () => {
  test.setTimeout(120_000);
  const tmp = tempDir('access-limiter');
  const key = 'limiter-key-0123456789abcdef';
  const server = await startServe(await serveDatabase(tmp), key);
  try {
    const client = await call(server.url, 'POST', '/clients', { key, body: buyerBody('Limit Kft.') });
    const invoice = await call(server.url, 'POST', '/invoices', { key, body: benchInvoice((client.body as { data: { id: number } }).data.id) });
    const id = (invoice.body as { data: { id: number } }).data.id;
    const code = ((await call(server.url, 'GET', `/invoices/${id}/code`, { key })).body as { data: { code: string } }).data.code;
    for (let i = 0; i < 5; i++) expect((await call(server.url, 'GET', `/access/c:${code}`, { localAddress: '127.0.0.5' })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call(server.url, 'GET', `/access/c:${'q'.repeat(20)}${i}`, { localAddress: '127.0.0.5' })).status);
    expect(statuses).toEqual(Array(30).fill(404));
    expect((await call(server.url, 'GET', `/access/c:${'q'.repeat(24)}`, { localAddress: '127.0.0.5' })).status).toBe(429);
  } finally {
    await server.kill();
    tmp.remove();
  }
});
