// GET /v3/documents/{id}/reminders (3.0.15's DocumentReminderEventList; 3.0.14 has no such path): Folio's reminder
// history and next step, answered in v3's shape and validated against 3.0.15's schema.
import { expect, test } from '@playwright/test';
import type { InvoiceReminders, ReminderEntry } from '../../shared/contract/areas/reminders';
import { reminderEventsOf } from '../../electron/server/v3/document-outputs';
import { coreClient, startTestServer, type TestServer } from '../support/fixtures';
import { v3 } from '../support/v3-client';
import { v3SchemaErrors } from '../support/v3-schema';

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => server?.close());

test('an invoice with reminders switched on: no event sent yet, the next step upcoming; stopped: none upcoming; 404 for none', async () => {
  await server.api.put('/reminders/settings', { enabled: true, steps: [-3, 7], interest: true, recovery_cost: false });
  const client = await coreClient(server.core);
  const inv = (await server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 1000 }],
  } as never)) as { id: number };
  const events = await v3(server.api, 'GET', `/documents/${inv.id}/reminders`, { status: 200, schema: 'DocumentReminderEventList' });
  expect(events.body).toEqual({ sent_reminders: [], upcoming_reminders: [{ emails: ['konyveles@example.com'], send_at: '2026-03-20' }], sent_postal_mail: [] });

  await server.api.post(`/invoices/${inv.id}/reminders/stop`, {});
  const stopped = await v3(server.api, 'GET', `/documents/${inv.id}/reminders`, { status: 200, schema: 'DocumentReminderEventList' });
  expect(stopped.body.upcoming_reminders).toEqual([]);
  await v3(server.api, 'GET', '/documents/999999/reminders', { status: 404, schema: 'ClientErrorResponse' });
});

test('the mapping: sent and failed messages are sent events, queued ones upcoming, withdrawn ones left out', () => {
  const entry = (over: Partial<ReminderEntry>): ReminderEntry => ({
    id: 1, invoice_id: 7, step: 'rule:7', offset_days: 7, business_date: '2026-04-01', state: 'queued', recipients: ['a@example.com'],
    currency: 'HUF', outstanding: '1270.000', days_late: 7, interest: null, recovery_cost: null, created_at: '2026-04-01T08:00:00.000Z',
    mail_state: 'sent', sent_at: '2026-04-01T08:01:00.000Z', ...over,
  });
  const reminders: InvoiceReminders = {
    invoice_id: 7, eligible: true, stopped: false, client_opted_out: false, enabled: true,
    next: { step: 'rule:21', offset_days: 21, date: '2026-04-15' }, interest_today: null,
    history: [
      entry({}),
      entry({ id: 2, step: 'manual:2026-04-03', business_date: '2026-04-03', mail_state: 'failed', sent_at: null }),
      entry({ id: 3, business_date: '2026-04-05', mail_state: 'queued', sent_at: null }),
      entry({ id: 4, business_date: '2026-04-06', state: 'withdrawn', mail_state: null, sent_at: null }),
    ],
  };
  const events = reminderEventsOf(reminders, 'b@example.com');
  expect(v3SchemaErrors('DocumentReminderEventList', events)).toEqual([]);
  expect(events).toEqual({
    sent_reminders: [
      { type: 'document_reminder', send_at: '2026-04-01', delivery_at: '2026-04-01', recipients: ['a@example.com'], status: { status: 'sent', date: '2026-04-01T08:01:00.000Z' } },
      { type: 'document_reminder', send_at: '2026-04-03', recipients: ['a@example.com'], status: { status: 'rejected' } },
    ],
    upcoming_reminders: [{ emails: ['a@example.com'], send_at: '2026-04-05' }, { emails: ['b@example.com'], send_at: '2026-04-15' }],
    sent_postal_mail: [],
  });
});
