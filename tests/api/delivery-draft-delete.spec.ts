// A draft invoice made from delivery notes (issue 40): deleting it would leave its notes naming an invoice that no
// longer exists (and the database refuses it: the notes point at it). The core refuses the delete with the reason,
// naming the notes, and nothing changes; the draft can still be edited or issued. A draft made otherwise deletes as
// before.
import { expect, test } from '@playwright/test';
import { createClient, serverPerFile } from '../support/fixtures';

const s = serverPerFile();

test('a draft made from delivery notes is not deleted: refused with the notes named, the notes still invoiced', async () => {
  const client = await createClient(s.api);
  const notes = [];
  for (const qty of [3, 4]) {
    notes.push((await s.api.ok('POST', '/delivery-notes', { body: { client_uid: client, items: [{ description: 'Raklap', qty, unit: 'db', net_unit_price: 4500, vat_id: 1 }] } })).data);
  }
  const made = (await s.api.ok('POST', '/delivery-notes/invoice', { body: { note_uids: notes.map((n) => n.id) } })).data;
  const draftId = made.invoice_uid;

  const refused = await s.api.request('DELETE', `/invoices/${draftId}`);
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual([{ field: 'id', message: `made from delivery notes ${notes.map((n) => n.attributes.note_no).join(', ')}: edit or issue it instead` }]);

  // nothing changed: the draft is there, the notes still name it
  expect((await s.api.request('GET', `/invoices/${draftId}`)).status).toBe(200);
  for (const n of notes) {
    const read = (await s.api.ok('GET', `/delivery-notes/${n.id}`)).data.attributes;
    expect(read).toMatchObject({ status: 'invoiced', invoice_uid: draftId });
  }
});

test('a draft made otherwise still deletes', async () => {
  const client = await createClient(s.api);
  const draft = (await s.api.ok('POST', '/invoices', {
    body: { client_uid: client, type: 0, payment_method: 2, currency: 'HUF', fulfillment_date: '2026-11-22', due_date: '2026-11-30', items: [{ description: 'Munka', qty: 1, net_unit_price: 1000, vat_id: 1 }] },
  })).data;
  const res = await s.api.request('DELETE', `/invoices/${draft.id}`);
  expect(res.status).toBeLessThan(300);
  expect((await s.api.request('GET', `/invoices/${draft.id}`)).status).toBe(404);
});
