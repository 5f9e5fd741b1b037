// Quotes (árajánlat) over the real HTTP door: their own yearly numbering, edits until accepted, accepting into a
// proforma or a draft (the invoices' own create path, linked both ways, once), the offer running out, delete, the
// error envelopes, the PDF read back, and the e-mail through a real SMTP server. A quote is never an invoice: it is
// not listed among them and never queued for NAV.
import { expect, test } from '@playwright/test';
import { formatDate, formatMoney } from '../../electron/documents/format';
import { pdfText } from '../documents/pdf-text';
import { startSmtp, until, type TestSmtp } from '../mail/helpers';
import { API_KEY, startFolio, type Folio } from '../e2e/support/folio';
import { ApiClient } from '../support/api-client';
import { sql } from 'kysely';
import { createClient, grossItem, netItem, seedSeller, serverPerFile, testDb, TODAY, withServer, YEAR, clientBody } from '../support/fixtures';

const s = serverPerFile();

/** A quote body: two lines (a net-priced one, a gross-priced one), valid to the end of the month. */
function quoteBody(clientUid: number, over: Record<string, unknown> = {}) {
  return {
    client_uid: clientUid,
    payment_method: 2,
    currency: 'HUF',
    valid_until: '2026-03-31',
    template_lang_code: 'hu',
    comment: 'Az ár a helyszíni felmérés után változhat.',
    items: [netItem(3500, { qty: 2 }), grossItem(1270)],
    ...over,
  };
}

async function createQuote(api: ApiClient, over: Record<string, unknown> = {}) {
  const clientUid = (over.client_uid as number | undefined) ?? (await createClient(api));
  return (await api.ok('POST', '/quotes', { body: quoteBody(clientUid, over) })).data;
}

const lineOf = (i: Record<string, string>) => [i.description, i.qty, i.unit, i.net_unit_price, i.vat_id, i.net_amount, i.vat_amount, i.gross_amount];
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

test('quotes are numbered AJ-YYYY-NNNNNN in a sequence of their own, and are never invoices nor reported', async () => {
  await withServer(async (server) => {
    const clientUid = await createClient(server.api);
    const first = await createQuote(server.api, { client_uid: clientUid });
    const second = await createQuote(server.api, { client_uid: clientUid });
    expect(first.attributes.quote_no).toBe(`AJ-${YEAR}-000001`);
    expect(second.attributes.quote_no).toBe(`AJ-${YEAR}-000002`);
    // a quote dated in another year starts that year's sequence
    const lastYear = await createQuote(server.api, { client_uid: clientUid, date: '2025-12-30', valid_until: '2026-04-30' });
    expect(lastYear.attributes.quote_no).toBe('AJ-2025-000001');
    // an invoice issued meanwhile keeps its own numbering
    const invoice = (await server.api.ok('POST', '/invoices', {
      body: { ...quoteBody(clientUid), valid_until: undefined, comment: '', type: 3, fulfillment_date: TODAY, due_date: '2026-03-23' },
    })).data;
    expect(invoice.attributes.invoice_no).toBe(`${YEAR}-000001`);
    const third = await createQuote(server.api, { client_uid: clientUid });
    expect(third.attributes.quote_no).toBe(`AJ-${YEAR}-000003`);

    const list = await server.api.ok('GET', '/quotes');
    expect(list.type).toBe('quotes');
    expect(list.data.map((q: { attributes: { quote_no: string } }) => q.attributes.quote_no)).toEqual([
      `AJ-${YEAR}-000003`, 'AJ-2025-000001', `AJ-${YEAR}-000002`, `AJ-${YEAR}-000001`,
    ]);
    const invoices = await server.api.ok('GET', '/invoices');
    expect(invoices.data.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    const db = testDb(server);
    const reported = (await sql<{ invoice_id: number }>`SELECT invoice_id FROM nav_reports`.execute(db)).rows.map((r) => r.invoice_id);
    expect(reported).toEqual([invoice.id]);
    expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM invoices`.execute(db)).rows[0]!.n).toBe(1);
  });
});

test('a quote is priced like an invoice and keeps its body; paged like the invoice list', async () => {
  const quote = await createQuote(s.api);
  const a = quote.attributes;
  expect(a).toMatchObject({
    status: 'open',
    date: TODAY,
    valid_until: '2026-03-31',
    currency: 'HUF',
    net_total: '8000.000',
    vat_total: '2160.000',
    gross_total: '10160.000',
    total: '10160.000',
    comment: 'Az ár a helyszíni felmérés után változhat.',
    template_lang_code: 'hu',
    accepted_invoice_uid: null,
    payment_method: { id: 2 },
  });
  expect(a.items.map(lineOf)).toEqual([
    ['Tanácsadás', '2.000', 'óra', '3500.000', '1', '7000.000', '1890.000', '8890.000'],
    ['Termék bruttó áron', '1.000', 'db', '1000.000', '1', '1000.000', '270.000', '1270.000'],
  ]);
  const again = await s.api.ok('GET', `/quotes/${quote.id}`);
  expect(again.type).toBe('quotes');
  expect(again.data).toEqual(quote);
  const page = await s.api.get('/quotes', { max_per_page: 1 });
  expect(page.status).toBe(200);
  expect(page.body.data).toHaveLength(1);
});

test('update changes lines and dates until the quote is accepted; then update and delete are refused', async () => {
  const quote = await createQuote(s.api);
  const updated = await s.api.ok('PUT', `/quotes/${quote.id}`, {
    body: { valid_until: '2026-04-15', items: [netItem(10000, { qty: 3, description: 'Fejlesztés' })] },
  });
  expect(updated.data.attributes).toMatchObject({ quote_no: quote.attributes.quote_no, valid_until: '2026-04-15', net_total: '30000.000', total: '38100.000', comment: quote.attributes.comment });
  expect(updated.data.attributes.items.map(lineOf)).toEqual([['Fejlesztés', '3.000', 'óra', '10000.000', '1', '30000.000', '8100.000', '38100.000']]);

  await s.api.ok('POST', `/quotes/${quote.id}/accept`, { body: { type: 0 } });
  const refused = await s.api.put(`/quotes/${quote.id}`, { comment: 'más' });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ success: false, code: 'rule_violation', errors: [{ field: 'id', message: 'an accepted quote cannot be changed' }] });
  const notDeleted = await s.api.delete(`/quotes/${quote.id}`);
  expect(notDeleted.status).toBe(422);
  expect(notDeleted.body.code).toBe('rule_violation');
});

test('accepting into a proforma makes it with the same lines and totals, links both ways, and only once', async () => {
  const quote = await createQuote(s.api);
  const accepted = await s.api.ok('POST', `/quotes/${quote.id}/accept`, { body: { type: 1 } });
  expect(accepted.type).toBe('quotes');
  const q = accepted.data.attributes;
  expect(q.status).toBe('accepted');
  expect(q.accepted_at).not.toBeNull();
  expect(typeof q.accepted_invoice_uid).toBe('number');

  const settings = (await s.api.ok('GET', '/settings')).data;
  const proforma = (await s.api.ok('GET', `/invoices/${q.accepted_invoice_uid}`)).data.attributes;
  // the quote names the document it became by its number (issue 36: the quote list shows it)
  expect(q.accepted_invoice_no).toBe(proforma.prefixed_invoice_no);
  expect(proforma).toMatchObject({
    type: 1,
    quote_uid: quote.id,
    client_uid: quote.attributes.client_uid,
    currency: 'HUF',
    comment: quote.attributes.comment,
    fulfillment_date: TODAY,
    net_total: quote.attributes.net_total,
    vat_total: quote.attributes.vat_total,
    gross_total: quote.attributes.gross_total,
    total: quote.attributes.total,
  });
  // the client has no terms of its own: the business's default
  const due = new Date(`${TODAY}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + Number(settings.default_due_days));
  expect(proforma.due_date).toBe(due.toISOString().slice(0, 10));
  expect(proforma.invoice_no).toMatch(/^D-2026-\d{6}$/);
  expect(proforma.items.map(lineOf)).toEqual(quote.attributes.items.map(lineOf));

  const twice = await s.api.post(`/quotes/${quote.id}/accept`, { type: 0 });
  expect(twice.status).toBe(409);
  expect(twice.body).toMatchObject({ success: false, code: 'conflict' });
  // still exactly one document made from it
  const made = await testDb(s.server).selectFrom('invoices').select('id').where('quote_id', '=', quote.id).execute();
  expect(made.map((r) => r.id)).toEqual([q.accepted_invoice_uid]);
});

test('two accepts at once make one document: the other is a 409', async () => {
  const quote = await createQuote(s.api);
  const answers = await Promise.all([s.api.post(`/quotes/${quote.id}/accept`, { type: 1 }), s.api.post(`/quotes/${quote.id}/accept`, { type: 0 })]);
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  const made = await testDb(s.server).selectFrom('invoices').select('id').where('quote_id', '=', quote.id).execute();
  expect(made).toHaveLength(1);
});

test('accepting into a draft invoice takes the dates the quote names; the draft stays editable', async () => {
  const quote = await createQuote(s.api, { fulfillment_date: '2026-03-20', due_date: '2026-04-05' });
  const q = (await s.api.ok('POST', `/quotes/${quote.id}/accept`, { body: { type: 0 } })).data.attributes;
  const draft = (await s.api.ok('GET', `/invoices/${q.accepted_invoice_uid}`)).data.attributes;
  expect(draft).toMatchObject({ type: 0, invoice_no: null, quote_uid: quote.id, fulfillment_date: '2026-03-20', due_date: '2026-04-05', total: quote.attributes.total });
  await s.api.ok('PUT', `/invoices/${q.accepted_invoice_uid}`, { body: { comment: 'átnézve' } });
  expect((await s.api.ok('GET', `/invoices/${q.accepted_invoice_uid}`)).data.attributes.quote_uid).toBe(quote.id);
});

test('an expired quote is shown as expired and cannot be accepted', async () => {
  const quote = await createQuote(s.api, { date: '2026-03-01', valid_until: '2026-03-10' });
  expect(quote.attributes.status).toBe('expired');
  const refused = await s.api.post(`/quotes/${quote.id}/accept`, { type: 1 });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ success: false, code: 'rule_violation', errors: [{ field: 'valid_until', message: expect.stringContaining('2026-03-10') }] });
  // extending the offer makes it acceptable again
  const extended = await s.api.ok('PUT', `/quotes/${quote.id}`, { body: { valid_until: '2026-03-31' } });
  expect(extended.data.attributes.status).toBe('open');
});

test('rules: valid_until not before the quote date; decline; delete hides it and keeps its number taken', async () => {
  const clientUid = await createClient(s.api);
  const early = await s.api.post('/quotes', quoteBody(clientUid, { date: '2026-03-10', valid_until: '2026-03-09' }));
  expect(early.status).toBe(422);
  expect(early.body).toMatchObject({ code: 'rule_violation', errors: [{ field: 'valid_until', message: 'valid_until cannot be before the quote date' }] });

  const quote = await createQuote(s.api, { client_uid: clientUid });
  const declined = await s.api.ok('POST', `/quotes/${quote.id}/decline`);
  expect(declined.data.attributes.status).toBe('declined');

  expect((await s.api.ok('DELETE', `/quotes/${quote.id}`))).toEqual({ success: true });
  expect((await s.api.get(`/quotes/${quote.id}`)).status).toBe(404);
  const ids = (await s.api.ok('GET', '/quotes', { query: { max_per_page: 50 } })).data.map((q: { id: number }) => q.id);
  expect(ids).not.toContain(quote.id);
  const next = await createQuote(s.api, { client_uid: clientUid });
  expect(Number(next.attributes.quote_no.slice(-6))).toBe(Number(quote.attributes.quote_no.slice(-6)) + 1);
});

test('a missing quote is a 404 on every path; a bad body a 400 with the fields named', async () => {
  for (const [method, path, body] of [
    ['GET', '/quotes/987654', undefined],
    ['PUT', '/quotes/987654', { comment: 'x' }],
    ['DELETE', '/quotes/987654', undefined],
    ['POST', '/quotes/987654/accept', { type: 1 }],
    ['GET', '/quotes/987654/download', undefined],
  ] as const) {
    const res = await s.api.request(method, path, body ? { body } : {});
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'not_found' });
  }
  const clientUid = await createClient(s.api);
  const bad = await s.api.post('/quotes', { ...quoteBody(clientUid), valid_until: undefined, items: [{ qty: 1, net_unit_price: 'sok' }] });
  expect(bad.status).toBe(400);
  expect(bad.body.success).toBe(false);
  expect(bad.body.code).toBe('validation_failed');
  const fields = bad.body.errors.map((e: { field: string }) => e.field);
  expect(fields).toEqual(expect.arrayContaining(['valid_until', 'items.0.net_unit_price']));
  expect(bad.body.errors.find((e: { field: string }) => e.field === 'valid_until').message).toBe('is required');
  const badType = await s.api.post(`/quotes/1/accept`, { type: 3 });
  expect(badType.status).toBe(400);
  expect(badType.body.errors).toEqual([{ field: 'type', message: 'must be 1 (proforma) or 0 (draft invoice)' }]);
  const unknownClient = await s.api.post('/quotes', quoteBody(987654));
  expect(unknownClient.status).toBe(400);
  expect(unknownClient.body.errors).toEqual([{ field: 'client_uid', message: 'no such client' }]);
});

test('the PDF says Árajánlat, its number, how long it stands, the totals, and that it is not an invoice', async () => {
  const quote = await createQuote(s.api);
  const a = quote.attributes;
  const res = await fetch(s.api.url(`/quotes/${quote.id}/download`), { headers: { 'X-API-KEY': (s.api.defaultHeaders as Record<string, string>)['X-API-KEY']! } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  expect(res.headers.get('content-disposition')).toContain(`arajanlat-${a.quote_no}.pdf`);
  const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
  expect(text).toContain('Árajánlat');
  expect(text).toContain(a.quote_no);
  // the meta grid prints its labels as captions, in capitals
  expect(text).toContain('ÉRVÉNYES');
  expect(text).toContain(plain(formatDate(a.valid_until, 'hu')));
  expect(text).toContain('Ez nem számla.');
  for (const amount of [a.net_total, a.vat_total, a.gross_total]) expect(text).toContain(plain(formatMoney(amount, 'HUF', 'hu')));
  expect(text).toContain('Tanácsadás');
  // no invoice notes, no payment state
  expect(text).not.toContain('Fizetendő');
  expect(text).not.toContain('Díjbekérő');
  expect(text).not.toContain('PISZKOZAT');

  for (const [lang, title, valid, notice] of [
    ['en', 'Quote', 'VALID UNTIL', 'This is not an invoice.'],
    ['de', 'Angebot', 'GÜLTIG BIS', 'Dies ist keine Rechnung.'],
    ['hu-en', 'Árajánlat / Quote', 'ÉRVÉNYES / VALID UNTIL', 'Ez nem számla. / This is not an invoice.'],
  ] as const) {
    const other = await createQuote(s.api, { template_lang_code: lang });
    const file = await fetch(s.api.url(`/quotes/${other.id}/download`), { headers: { 'X-API-KEY': (s.api.defaultHeaders as Record<string, string>)['X-API-KEY']! } });
    const read = (await pdfText(new Uint8Array(await file.arrayBuffer()))).text;
    for (const words of [title, other.attributes.quote_no, valid, notice]) expect(read, `${lang}: ${words}`).toContain(words);
  }
});

test.describe('e-mail', () => {
  let folio: Folio;
  let smtp: TestSmtp;
  test.beforeAll(async () => {
    smtp = await startSmtp();
    folio = await startFolio(undefined, { env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none&from=${encodeURIComponent('Minta Bt. <ajanlat@minta.example>')}` } });
    await seedSeller(folio.server.core);
  });
  test.afterAll(async () => {
    await folio?.stop();
    await smtp?.close();
  });

  test('Send mails the quote as a PDF through the outbox, and the quote is marked sent', async () => {
    const api = new ApiClient(folio.url, { 'X-API-KEY': API_KEY });
    const clientUid = (await api.ok('POST', '/clients', { body: clientBody({ email: 'beszerzes@vevo.example' }) })).data.id;
    // this server's business day is in November
    const quote = await createQuote(api, { client_uid: clientUid, valid_until: '2026-12-31' });
    const no = quote.attributes.quote_no;
    expect(await api.ok('GET', `/quotes/${quote.id}/send`)).toEqual({ success: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to && 'value' in mail!.to ? mail!.to.value.map((v) => v.address) : []).toEqual(['beszerzes@vevo.example']);
    expect(mail!.subject).toContain(`Árajánlat ${no}`);
    expect(mail!.text).toContain(`a(z) ${no} számú árajánlatunkat`);
    expect(mail!.attachments.map((f) => [f.filename, f.contentType])).toEqual([[`Árajánlat-${no}.pdf`, 'application/pdf']]);
    const attached = (await pdfText(mail!.attachments[0]!.content)).text;
    expect(attached).toContain(no);
    expect(attached).toContain('Ez nem számla.');

    expect((await api.ok('GET', `/quotes/${quote.id}`)).data.attributes).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    const outbox = await until(async () => {
      const res = await fetch(`${folio.url}/rpc/mail.outbox`, { method: 'POST', headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' }, body: '{}' });
      const items = ((await res.json()) as { data: { items: Array<Record<string, unknown>> } }).data.items;
      return items.find((m) => m.state === 'sent') ? items : undefined;
    });
    expect(outbox[0]).toMatchObject({ quote_id: quote.id, invoice_id: null, invoice_no: no, state: 'sent' });
    // a quote's mail is no invoice's: the invoice list stays empty
    expect((await api.ok('GET', '/invoices')).data).toEqual([]);
  });
});
