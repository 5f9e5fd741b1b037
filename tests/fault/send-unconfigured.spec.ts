// Issue 6.3: "never a 5xx". GET /invoices/{id}/send on a server with no mail sender set up must be refused as a
// client-side condition (a 4xx envelope that says e-mail is not set up), not a 501 server error.
import { expect, test } from '@playwright/test';
import { call, isErrorEnvelope } from './support/http';
import { FUZZ_KEY, startFuzzServer } from './support/fuzz-server';

test('sending an invoice without a mail set-up is a 422 that says so, and changes nothing', async () => {
  const server = await startFuzzServer('send');
  try {
    const digest = await server.digest();
    const version = await server.dataVersion();
    const res = await call(server.url, 'GET', `/invoices/${server.known.invoice[1]}/send`, { key: FUZZ_KEY });
    expect(res.status, res.text).toBe(422);
    expect(isErrorEnvelope(res.body)).toBe(true);
    expect(res.body).toMatchObject({ code: 'rule_violation', error: expect.stringContaining('E-mail is not set up') });
    // refused before anything was queued or marked as sent
    expect(await server.dataVersion()).toBe(version);
    expect(await server.digest()).toBe(digest);
  } finally {
    await server.close();
  }
});
