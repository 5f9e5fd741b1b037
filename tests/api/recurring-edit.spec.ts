// Editing a recurring profile over HTTP (issue 15): its own lines and client, frequency, next date and end (a count
// or a date). Issued invoices never change; the scheduler issues the edited template from the next occurrence on.
// Bad input is a 4xx naming each field, and nothing is written. The next three issue dates follow the month ends.
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { API_KEY, clientBody, createInvoice, FIXED_NOW, invoiceBody, netItem, seedSeller, serverPerFile, tableDigest, TODAY, freshTestDatabase, serverOptions, type TestDatabase } from '../support/fixtures';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

/**
 * A server on `file` whose business clock stands at `now`; its start runs a scheduler pass (what a restart does).
 * A new database gets the test seller, whom the later starts issue as.
 */
const started = new WeakSet<TestDatabase>();

async function serverAt(database: TestDatabase, now: string) {
  const fresh = !started.has(database);
  started.add(database);
  const running = await startServer(serverOptions(database.target, { port: 0, host: '127.0.0.1', auth: { apiKey: API_KEY }, now }));
  if (fresh) await seedSeller(running.core);
  return { api: new ApiClient(running.url, { 'X-API-KEY': API_KEY }), close: () => running.close() };
}

const hosting = { description: 'Tárhely díj', qty: 2, unit: 'hó', net_unit_price: 10000, vat_id: 1 };

test('edited lines, client, frequency, next date and end date are issued from the next occurrence; issued invoices stay as they were', async () => {
  const tmp = await freshTestDatabase();
  try {
    let profileId = 0;
    let baseId = 0;
    let newClient = 0;
    let firstIssued: unknown;
    let baseBefore: unknown;
    // Day 1: a monthly profile from today; the next start's pass issues its first invoice from the base.
    let srv = await serverAt(tmp, FIXED_NOW);
    try {
      const client = (await srv.api.ok('POST', '/clients', { body: clientBody() })).data.id;
      newClient = (await srv.api.ok('POST', '/clients', { body: clientBody({ name: 'Új Ügyfél Bt.' }) })).data.id;
      baseId = (await srv.api.ok('POST', '/invoices', { body: invoiceBody(client) })).data.id;
      const created = await srv.api.ok('POST', '/recurring', { body: { base_invoice_uid: baseId, frequency: '1M', start_date: TODAY } });
      profileId = created.data.id;
      // a profile that follows its base shows no own template
      expect(created.data.attributes).toMatchObject({ client_uid: null, items: null, end_date: null, upcoming_dates: [TODAY, '2026-04-15', '2026-05-15'] });
    } finally {
      await srv.close();
    }
    srv = await serverAt(tmp, FIXED_NOW);
    try {
      const read = (await srv.api.ok('GET', `/recurring/${profileId}`)).data.attributes;
      expect(read.invoices).toHaveLength(1);
      firstIssued = read.invoices[0];
      baseBefore = (await srv.api.ok('GET', `/invoices/${baseId}`)).data;
      expect(read.invoices[0].attributes).toMatchObject({ client_uid: (baseBefore as { attributes: { client_uid: number } }).attributes.client_uid, total: '4445.000' });

      // The edit: its own client and lines, every two weeks from March 20, none after April 3.
      const put = await srv.api.put(`/recurring/${profileId}`, {
        client_uid: newClient,
        items: [hosting],
        frequency: '2W',
        next_date: '2026-03-20',
        end_date: '2026-04-03',
      });
      expect(put.status, put.text).toBe(200);
      expect(put.body).toMatchObject({ success: true, type: 'recurring_profiles' });
      expect(put.body.data.attributes).toMatchObject({
        uid: profileId,
        base_invoice_uid: baseId,
        frequency: '2W',
        start_date: '2026-03-20',
        next_date: '2026-03-20',
        client_uid: newClient,
        items: [{ description: 'Tárhely díj', qty: '2', unit: 'hó', net_unit_price: '10000', vat_id: '1' }],
        end_date: '2026-04-03',
        upcoming_dates: ['2026-03-20', '2026-04-03'],
        used_qty: 1,
        last_recurring_date: TODAY,
      });
      expect(put.body.data.attributes.invoices).toEqual([firstIssued]);
    } finally {
      await srv.close();
    }

    // Three weeks later: the two occurrences left (March 20, April 3) are issued with the edited template, then none.
    srv = await serverAt(tmp, '2026-04-25T10:00:00+02:00');
    try {
      const read = (await srv.api.ok('GET', `/recurring/${profileId}`)).data.attributes;
      expect(read.invoices).toHaveLength(3);
      expect(read.invoices[0]).toEqual(firstIssued); // an issued invoice never changes
      for (const [i, period] of [[1, '2026-03-20'], [2, '2026-04-03']] as const) {
        const inv = read.invoices[i].attributes;
        expect(inv).toMatchObject({ client_uid: newClient, fulfillment_date: period, period_start: period, total: '25400.000', date: '2026-04-25' });
        expect(inv.client.name).toBe('Új Ügyfél Bt.');
        expect(inv.items).toHaveLength(1);
        expect(inv.items[0]).toMatchObject({ description: 'Tárhely díj', unit: 'hó' });
      }
      expect(read).toMatchObject({ used_qty: 3, next_date: null, upcoming_dates: [] });
      // the base invoice is untouched by the edit
      expect((await srv.api.ok('GET', `/invoices/${baseId}`)).data).toEqual(baseBefore);
    } finally {
      await srv.close();
    }
  } finally {
    tmp.remove();
  }
});

test('the end after a count: max_qty limits the next dates; below what was issued it is refused', async () => {
  const base = await createInvoice(s.api);
  const p = (await s.api.ok('POST', '/recurring', { body: { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-06-30' } })).data;
  const res = await s.api.ok('PUT', `/recurring/${p.id}`, { body: { max_qty: 2 } });
  expect(res.data.attributes).toMatchObject({ max_qty: 2, upcoming_dates: ['2026-06-30', '2026-07-30'] });
  // back to no end at all
  const open = await s.api.ok('PUT', `/recurring/${p.id}`, { body: { max_qty: 0, end_date: null } });
  expect(open.data.attributes).toMatchObject({ max_qty: 0, end_date: null, upcoming_dates: ['2026-06-30', '2026-07-30', '2026-08-30'] });
});

test('bad input is refused field by field and nothing is written', async () => {
  const base = await createInvoice(s.api);
  const p = (await s.api.ok('POST', '/recurring', { body: { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-05-01' } })).data;
  const before = await tableDigest(s.server);

  const shape = await s.api.put(`/recurring/${p.id}`, {
    items: [{ description: ' ', qty: -1, vat_id: 'XX', net_unit_price: 'sok' }, { description: 'Két ár', qty: 1, vat_id: 1, net_unit_price: 1, gross_unit_price: 2 }],
    end_date: '2026-02-30',
    next_date: 'holnap',
    frequency: '0M',
  });
  expect(shape.status, shape.text).toBe(400);
  expect(fields(shape)).toEqual(
    expect.arrayContaining(['items.0.description', 'items.0.qty', 'items.0.vat_id', 'items.0.net_unit_price', 'items.1.net_unit_price', 'end_date', 'next_date', 'frequency']),
  );
  const noLines = await s.api.put(`/recurring/${p.id}`, { items: [] });
  expect(noLines.status).toBe(400);
  expect(fields(noLines)).toEqual(['items']);

  const unknown = await s.api.put(`/recurring/${p.id}`, { client_uid: 999999, items: [{ ...hosting, product_uid: 999999 }] });
  expect(unknown.status, unknown.text).toBe(400);
  expect(fields(unknown)).toEqual(['client_uid', 'items.0.product_uid']);

  const endBeforeNext = await s.api.put(`/recurring/${p.id}`, { end_date: '2026-04-30' });
  expect(endBeforeNext.status).toBe(400);
  expect(fields(endBeforeNext)).toEqual(['end_date']);

  expect(await tableDigest(s.server)).toBe(before);
});

test('a next date on or before a period already issued is refused; an unrelated edit keeps a month-end anchor', async () => {
  const tmp = await freshTestDatabase();
  const now = '2026-04-15T10:00:00+02:00';
  try {
    let srv = await serverAt(tmp, now);
    let id = 0;
    try {
      const client = (await srv.api.ok('POST', '/clients', { body: clientBody() })).data.id;
      const base = (await srv.api.ok('POST', '/invoices', { body: invoiceBody(client, { fulfillment_date: '2026-04-15', due_date: '2026-04-23', items: [netItem(1000)] }) })).data.id;
      id = (await srv.api.ok('POST', '/recurring', { body: { base_invoice_uid: base, frequency: '1M', start_date: '2026-01-31' } })).data.id;
    } finally {
      await srv.close();
    }
    srv = await serverAt(tmp, now); // issues Jan 31, Feb 28, Mar 31
    try {
      expect((await srv.api.ok('GET', `/recurring/${id}`)).data.attributes).toMatchObject({ used_qty: 3, last_recurring_date: '2026-03-31', next_date: '2026-04-30' });
      const res = await srv.api.put(`/recurring/${id}`, { next_date: '2026-03-31' });
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual(['next_date']);
      expect(res.body.errors[0].message).toContain('2026-03-31');
      // the same next date with another field: still counted from January 31, so May 31 (not May 30)
      const same = await srv.api.ok('PUT', `/recurring/${id}`, { body: { comment: 'havi díj', next_date: '2026-04-30' } });
      expect(same.data.attributes).toMatchObject({ start_date: '2026-01-31', upcoming_dates: ['2026-04-30', '2026-05-31', '2026-06-30'] });
      const weekly = await srv.api.ok('PUT', `/recurring/${id}`, { body: { next_date: '2026-04-16', frequency: '1W' } });
      expect(weekly.data.attributes.upcoming_dates).toEqual(['2026-04-16', '2026-04-23', '2026-04-30']);
    } finally {
      await srv.close();
    }
  } finally {
    tmp.remove();
  }
});

test.describe('the next three issue dates', () => {
  for (const [label, body, edit, expected] of [
    ['monthly from March 31 falls on the month ends', { frequency: '1M', start_date: '2026-03-31' }, {}, ['2026-03-31', '2026-04-30', '2026-05-31']],
    ['a new next date on a month end counts from it', { frequency: '1M', start_date: '2026-04-15' }, { next_date: '2026-08-31' }, ['2026-08-31', '2026-09-30', '2026-10-31']],
    ['every two months from December 31 crosses the year and February', { frequency: '1M', start_date: '2026-04-01' }, { frequency: '2M', next_date: '2026-12-31' }, ['2026-12-31', '2027-02-28', '2027-04-30']],
    ['every two weeks across the new year', { frequency: '1M', start_date: '2026-04-01' }, { frequency: '2W', next_date: '2026-12-24' }, ['2026-12-24', '2027-01-07', '2027-01-21']],
    ['yearly from February 29', { frequency: '1Y', start_date: '2028-02-29' }, {}, ['2028-02-29', '2029-02-28', '2030-02-28']],
    ['an end date cuts them short', { frequency: '1M', start_date: '2026-05-31' }, { end_date: '2026-07-15' }, ['2026-05-31', '2026-06-30']],
  ] as const) {
    test(label, async () => {
      const base = await createInvoice(s.api);
      const p = (await s.api.ok('POST', '/recurring', { body: { base_invoice_uid: base.id, ...body } })).data;
      const res = await s.api.ok('PUT', `/recurring/${p.id}`, { body: edit });
      expect(res.data.attributes.upcoming_dates).toEqual(expected);
      expect((await s.api.ok('GET', `/recurring/${p.id}`)).data.attributes.upcoming_dates).toEqual(expected);
    });
  }
});
