// The reminder operations over a real server's REST door: settings read and saved (bad fields named), a base rate,
// a client's opt-out, an invoice's reminders; what is refused and why (settled invoice, e-mail not set up, unknown
// invoice). The business day is FIXED_NOW (15 March 2026).
import { expect, test } from '@playwright/test';
import { coreClient, startTestServer, type TestServer } from '../support/fixtures';

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

async function issued(due: string): Promise<number> {
  const client = await coreClient(server.core);
  const created = await server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: due,
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 1000 }],
  } as never);
  return (created as { id: number }).id;
}

test('settings: defaults, a save with its fields checked, a base rate, a client opted out', async () => {
  const first = await server.api.get('/reminders/settings');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ success: true, data: { enabled: false, steps: [-3, 7, 21], interest: true, recovery_cost: false, base_rates: [] } });

  const bad = await server.api.put('/reminders/settings', { enabled: true, steps: [7, 400, 'x'], interest: true, recovery_cost: false });
  expect(bad.status).toBe(400);
  expect((bad.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['steps.1', 'steps.2']);

  const saved = await server.api.put('/reminders/settings', { enabled: true, steps: [21, 7, 7, -3], interest: 1, recovery_cost: 'true' });
  expect(saved.status).toBe(200);
  expect((saved.body as { data: unknown }).data).toMatchObject({ enabled: true, steps: [-3, 7, 21], recovery_cost: true });

  expect((await server.api.post('/reminders/base-rates', { valid_from: '2026-02-30', rate: '6.5' })).status).toBe(400);
  expect((await server.api.post('/reminders/base-rates', { valid_from: '2026-01-01', rate: '150' })).status).toBe(400);
  const rate = await server.api.post('/reminders/base-rates', { valid_from: '2024-09-25', rate: '6.50' });
  expect((rate.body as { data: { base_rates: unknown[] } }).data.base_rates).toEqual([{ valid_from: '2024-09-25', rate: '6.5' }]);

  const client = await coreClient(server.core, { name: 'Csendes Kft.' });
  const put = await server.api.put(`/clients/${client}/reminders`, { opted_out: true });
  expect(put.body).toMatchObject({ data: { client_id: client, opted_out: true } });
  expect((await server.api.get(`/clients/${client}/reminders`)).body).toMatchObject({ data: { opted_out: true } });
  expect((await server.api.get('/reminders/settings')).body).toMatchObject({ data: { opted_out: [{ client_id: client, name: 'Csendes Kft.' }] } });
  expect((await server.api.put('/clients/999999/reminders', { opted_out: true })).status).toBe(404);
});

test("an invoice's reminders: the next step; remind now refused without e-mail and for a paid invoice; stop and resume", async () => {
  await server.api.put('/reminders/settings', { enabled: true, steps: [-3, 7], interest: true, recovery_cost: false });
  const id = await issued('2026-03-23');
  const view = await server.api.get(`/invoices/${id}/reminders`);
  expect(view.body).toMatchObject({ data: { eligible: true, stopped: false, next: { step: 'rule:-3', offset_days: -3, date: '2026-03-20' }, history: [] } });

  const noMail = await server.api.post(`/invoices/${id}/remind`, {});
  expect(noMail.status).toBe(422);
  expect((noMail.body as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('smtp');

  const stopped = await server.api.post(`/invoices/${id}/reminders/stop`, {});
  expect(stopped.body).toMatchObject({ data: { stopped: true, next: null } });
  const resumed = await server.api.post(`/invoices/${id}/reminders/resume`, {});
  expect(resumed.body).toMatchObject({ data: { stopped: false, next: { step: 'rule:-3' } } });

  const owed = (await server.core.invoices.read(id)).attributes.outstanding;
  await server.core.call('invoices.pay', { id, date: '2026-03-15', amount: owed });
  const paid = await server.api.post(`/invoices/${id}/remind`, {});
  expect(paid.status).toBe(422);
  expect((await server.api.get(`/invoices/${id}/reminders`)).body).toMatchObject({ data: { eligible: false, next: null } });
  expect((await server.api.get('/invoices/999999/reminders')).status).toBe(404);
});

test('a draft whose reminders were stopped can still be deleted: the stop goes with it', async () => {
  const client = await coreClient(server.core);
  const draft = (await server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
    items: [{ description: 'Terv', vat_id: 1, qty: 1, net_unit_price: 1000 }],
  } as never)) as { id: number };
  expect((await server.api.post(`/invoices/${draft.id}/reminders/stop`, {})).status).toBe(200);
  const deleted = await server.api.delete(`/invoices/${draft.id}`);
  expect(deleted.status, deleted.text).toBe(200);
  expect((await server.api.get(`/invoices/${draft.id}`)).status).toBe(404);
});
