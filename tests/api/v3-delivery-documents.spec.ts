// The v3 door lists, reads and downloads delivery notes, order confirmations and completion certificates with
// 3.0.14's type names (waybill, order_form, cert_of_completion); every answer validated against 3.0.14.
import { expect, test } from '@playwright/test';
import { createClient, serverPerFile } from '../support/fixtures';
import { pdfText } from '../documents/pdf-text';
import { v3 } from '../support/v3-client';

const s = serverPerFile();

test('v3: GET /documents?type=waybill|order_form|cert_of_completion, GET /documents/{id}, its PDF', async () => {
  test.setTimeout(120_000);
  const client = await createClient(s.api);
  const line = { description: 'Zsalukő', qty: 200, unit: 'db', net_unit_price: 450, vat_id: 1 };
  const made: Record<string, { id: number; attributes: { note_no: string } }> = {};
  for (const kind of ['waybill', 'order_form', 'cert_of_completion']) {
    made[kind] = (await s.api.ok('POST', '/delivery-notes', { body: { kind, client_uid: client, items: [line] } })).data;
  }
  // an invoice in the same list is not among them, and they are not among the invoices
  await s.api.ok('POST', '/invoices', { body: { client_uid: client, payment_method: 2, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-23', type: 3, items: [{ description: 'X', qty: 1, unit: 'db', vat_id: 1, net_unit_price: 100 }] } });
  for (const kind of ['waybill', 'order_form', 'cert_of_completion']) {
    const list = (await v3(s.api, 'GET', `/documents?type=${kind}&partner_id=${client}`, { status: 200, schema: 'DocumentList' })).body;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ type: kind, invoice_number: made[kind]!.attributes.note_no, payment_status: 'none' });
    const id = list.data[0].id as number;
    const one = (await v3(s.api, 'GET', `/documents/${id}`, { status: 200, schema: 'Document' })).body;
    expect(one).toMatchObject({ id, type: kind, gross_total: 90000, items: [{ name: 'Zsalukő', quantity: 200 }] });
    const res = await fetch(s.api.url(`/v3/documents/${id}/download`), { headers: { 'X-API-KEY': s.api.defaultHeaders['X-API-KEY']! } });
    expect(res.status).toBe(200);
    expect((await pdfText(Buffer.from(await res.arrayBuffer()))).text).toContain(made[kind]!.attributes.note_no);
  }
  const invoices = (await v3(s.api, 'GET', `/documents?type=invoice&partner_id=${client}`, { status: 200, schema: 'DocumentList' })).body;
  expect(invoices.data.every((d: { type: string }) => d.type === 'invoice')).toBe(true);
  expect(invoices.total).toBe(1);
});
