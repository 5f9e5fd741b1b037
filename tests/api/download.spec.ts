// GET /invoices/{id}/download: the invoice as application/pdf, at most 10 requests per minute per client IP
// (docs/interface.md §8; docs/design.md §5, §8: 429 with Retry-After).
import { expect, test } from '@playwright/test';
import { createInvoice, withServer } from '../support/fixtures';

test('download answers the PDF; the 11th request within a minute is a 429 with Retry-After', async () => {
  test.setTimeout(120_000);
  await withServer(async (srv) => {
    const inv = await createInvoice(srv.api);
    for (let i = 1; i <= 10; i++) {
      const res = await fetch(srv.api.url(`/invoices/${inv.id}/download`), { headers: { 'X-API-KEY': srv.api.defaultHeaders['X-API-KEY']! } });
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const limited = await srv.api.get(`/invoices/${inv.id}/download`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other paths are not limited by it.
    expect((await srv.api.get(`/invoices/${inv.id}`)).status).toBe(200);
  });
});

test('downloading an unknown invoice is a 404', async () => {
  await withServer(async (srv) => {
    const res = await srv.api.get('/invoices/999999/download');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});

test('download needs a key', async () => {
  await withServer(async (srv) => {
    const inv = await createInvoice(srv.api);
    expect((await srv.anon.get(`/invoices/${inv.id}/download`)).status).toBe(401);
  });
});

test('the download is named in the invoice\'s language: szamla-…, invoice-…, rechnung-…, sztorno-…', async () => {
  await withServer(async (srv) => {
    const key = { 'X-API-KEY': srv.api.defaultHeaders['X-API-KEY']! };
    const nameOf = async (id: number) => {
      const res = await fetch(srv.api.url(`/invoices/${id}/download`), { headers: key });
      expect(res.status).toBe(200);
      const disposition = res.headers.get('content-disposition') ?? '';
      const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
      const utf8 = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(plain).toBe(utf8);
      // read to its end, as a browser saving it would: an unread body holds its connection open
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      return utf8;
    };
    const no = async (inv: { id: unknown }) => (await srv.api.ok('GET', `/invoices/${inv.id as number}`)).data.attributes.invoice_no as string;
    const hu = await createInvoice(srv.api);
    expect(await nameOf(hu.id as number)).toBe(`szamla-${await no(hu)}.pdf`);
    const en = await createInvoice(srv.api, { template_lang_code: 'en' });
    expect(await nameOf(en.id as number)).toBe(`invoice-${await no(en)}.pdf`);
    const de = await createInvoice(srv.api, { template_lang_code: 'de' });
    expect(await nameOf(de.id as number)).toBe(`rechnung-${await no(de)}.pdf`);
    const storno = (await srv.api.ok('GET', `/invoices/${hu.id as number}/cancel`)).data;
    expect(await nameOf(storno.id as number)).toBe(`sztorno-${await no(storno)}.pdf`);
  });
});
