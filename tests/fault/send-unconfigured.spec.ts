// Issue 6.3: "never a 5xx". GET /invoices/{id}/send on a server with no mail sender set up must be refused as a
// client-side condition (a 4xx envelope that says e-mail is not set up), not a 501 server error.
import { expect, test } from '@playwright/test';
import { call, isErrorEnvelope } from './support/http';
import { FUZZ_KEY, startFuzzServer } from './support/fuzz-server';

test('sending an invoice without a mail set-up is a 4xx, not a 5xx', async () => {
  const server = await startFuzzServer('send');
  try {
    const res = await call(server.url, 'GET', `/invoices/${server.known.invoice[1]}/send`, { key: FUZZ_KEY });
    expect(isErrorEnvelope(res.body) || res.status === 200).toBe(true);
    expect(res.status, res.text).toBeLessThan(500);
  } finally {
    await server.close();
  }
});
