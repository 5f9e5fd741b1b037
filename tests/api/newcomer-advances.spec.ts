// Issue 36, item 3: a final invoice deducts an advance invoice for what was received on it. One not received in full
// is refused with the amounts and the consequence in words, nothing written, unless the caller confirms; the PDF prints
// the days the advance was really paid, or "nincs befizetve", never a date nothing was paid on.
import { expect, test } from '@playwright/test';
import type { ApiClient } from '../support/api-client';
import { createClient, createInvoice, netItem, readInvoice, serverPerFile, tableDigest, TODAY } from '../support/fixtures';
import { expectPhrase } from '../documents/helpers';
import { pdfText } from '../documents/pdf-text';

const s = serverPerFile();

async function downloadText(api: ApiClient, id: number): Promise<string> {
  const res = await fetch(api.url(`/invoices/${id}/download`), { headers: { 'X-API-KEY': api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text.replace(/\n/g, ' ');
}

const finalBody = (client: number, advance: number, over: Record<string, unknown> = {}) => ({
  client_uid: client,
  advance_invoice_uids: [advance],
  items: [netItem(100_000, { description: 'Weboldal', unit: 'db' })],
  ...over,
});

async function advanceOf(client: number) {
  // 10 000 net at 27 %: 12 700 gross, unpaid (wire transfer)
  return createInvoice(s.api, { client_uid: client, advance: 1, items: [netItem(10_000, { description: 'Előleg', unit: '' })] });
}

test('an advance never paid is not deducted unasked: 422 with the amounts and the consequence, nothing written', async () => {
  const client = await createClient(s.api);
  const advance = await advanceOf(client);
  const number = (await readInvoice(s.api, advance.id)).attributes.prefixed_invoice_no;
  const before = await tableDigest(s.server);
  const res = await s.api.post('/invoices', { ...finalBodyFull(client, advance.id) });
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors).toEqual([
    {
      field: 'advance_invoice_uids.0',
      message:
        `the advance invoice ${number} is not received in full (received 0 of 12700 HUF): record its payment first, or deduct it anyway ` +
        '(deduct_unpaid_advances) and the 12700 HUF not received stays owed on the advance invoice',
    },
  ]);
  expect(await tableDigest(s.server)).toBe(before);
});

test('partly paid: still refused, with what was received', async () => {
  const client = await createClient(s.api);
  const advance = await advanceOf(client);
  await s.api.ok('POST', `/invoices/${advance.id}/pay`, { body: { date: '2026-03-10', amount: 5000 } });
  const res = await s.api.post('/invoices', finalBodyFull(client, advance.id));
  expect(res.status).toBe(422);
  expect(res.body.errors[0].message).toMatch(/received 5000 of 12700 HUF.*the 7700 HUF not received stays owed/);
});

test('paid in two parts: deducted, and the PDF prints both days it was received', async () => {
  const client = await createClient(s.api);
  const advance = await advanceOf(client);
  await s.api.ok('POST', `/invoices/${advance.id}/pay`, { body: { date: '2026-03-10', amount: 5000 } });
  await s.api.ok('POST', `/invoices/${advance.id}/pay`, { body: { date: '2026-03-12', amount: 7700 } });
  const final = (await s.api.ok('POST', '/invoices', { body: finalBodyFull(client, advance.id) })).data;
  const fin = (await readInvoice(s.api, final.id)).attributes;
  expect(fin.advance_deductions[0]).toMatchObject({ payment_date: '2026-03-12', payment_dates: ['2026-03-10', '2026-03-12'], gross: '12700.000' });
  const text = await downloadText(s.api, final.id);
  expectPhrase(text, '2026.03.10., 2026.03.12.');
});

test('confirmed although not paid: deducted, and the PDF says it was not received instead of a date', async () => {
  const client = await createClient(s.api);
  const advance = await advanceOf(client);
  const final = (await s.api.ok('POST', '/invoices', { body: finalBodyFull(client, advance.id, { deduct_unpaid_advances: true }) })).data;
  const fin = (await readInvoice(s.api, final.id)).attributes;
  expect(fin.advance_deductions[0]).toMatchObject({ payment_date: null, payment_dates: [] });
  const text = await downloadText(s.api, final.id);
  expectPhrase(text, 'nincs befizetve');
  expect(text).not.toContain(`Előleg fizetése ${TODAY.replace(/-/g, '.')}`);
});

test('a draft final invoice may name an unpaid advance; issuing it asks the same question', async () => {
  const client = await createClient(s.api);
  const advance = await advanceOf(client);
  const draft = (await s.api.ok('POST', '/invoices', { body: finalBodyFull(client, advance.id, { type: 0 }) })).data;
  const refused = await s.api.post(`/invoices/${draft.id}/issue`, {});
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0].field).toBe('advance_invoice_uids.0');
  expect((await readInvoice(s.api, draft.id)).attributes.type).toBe(0);
  const issued = await s.api.ok('POST', `/invoices/${draft.id}/issue`, { body: { deduct_unpaid_advances: true } });
  expect(issued.data.attributes.document_kind).toBe('final');
});

function finalBodyFull(client: number, advance: number, over: Record<string, unknown> = {}) {
  return {
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    ...finalBody(client, advance, over),
  };
}
