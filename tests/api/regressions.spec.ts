// Regressions: each test pins a bug found by the test suites and since fixed in the implementation.
import { expect, test } from '@playwright/test';
import { clientBody, createInvoice, readInvoice, serverPerFile, withServer } from '../support/fixtures';

const s = serverPerFile();

test('posting the identical client twice returns the first one, even when the taxcode has a trailing space', async () => {
  // docs/interface.md §4, creating a client. The stored taxcode is trimmed, but the duplicate lookup compares the untrimmed input
  // (electron/core/clients/service.ts create(): .where('taxcode', '=', input.taxcode ?? '')), so a second,
  // identical request makes a duplicate.
  const body = clientBody({ taxcode: '12345676-2-41 ' });
  const first = (await s.api.ok('POST', '/clients', { body })).data.id;
  const second = (await s.api.ok('POST', '/clients', { body })).data.id;
  expect(second).toBe(first);
});

test('a second block without a prefix cannot print the same invoice numbers as the default block', async () => {
  // docs/design.md §4: numbers are unique. checkPrefixFree() in electron/core/invoices/blocks.ts skips the empty prefix, so
  // a block created without a prefix prints "2026-000001" just like block 0.
  await withServer(async (srv) => {
    const res = await srv.api.post('/invoices/blocks', { name: 'Prefix nélkül' });
    if (res.status !== 200) {
      expect([400, 409, 422]).toContain(res.status);
      return;
    }
    const a = await createInvoice(srv.api, { block_uid: 0 });
    const b = await createInvoice(srv.api, { block_uid: res.body.data.id });
    const pa = (await readInvoice(srv.api, a.id)).attributes.prefixed_invoice_no;
    const pb = (await readInvoice(srv.api, b.id)).attributes.prefixed_invoice_no;
    expect(pb).not.toBe(pa);
  });
});
