// Recurring profiles over HTTP: list, read, create (answer carries `invoice`), update (reads carry `invoices`),
// stop and resume (docs/interface.md §2, §3, §4; docs/design.md §8).
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { API_KEY, clientBody, createInvoice, FIXED_NOW, invoiceBody, serverPerFile, tableDigest, TEST_SELLER, TODAY, freshTestDatabase, serverOptions } from '../support/fixtures';
import { ApiClient, type ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

const profileBody = (baseInvoiceUid: number, over: Record<string, unknown> = {}) => ({
  base_invoice_uid: baseInvoiceUid,
  frequency: '1M',
  due_days: 8,
  fulfillment_shift: 0,
  send_invoice: false,
  max_qty: 12,
  comment: 'havi díj',
  stopped: false,
  start_date: '2026-04-01',
  ...over,
});

async function newProfile(over: Record<string, unknown> = {}) {
  const base = await createInvoice(s.api);
  const res = await s.api.ok('POST', '/recurring', { body: profileBody(base.id, over) });
  return { base, profile: res.data };
}

test('POST /recurring answers the profile with the base invoice as `invoice`', async () => {
  const base = await createInvoice(s.api);
  const res = await s.api.post('/recurring', profileBody(base.id));
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'recurring_profiles' });
  const d = res.body.data;
  expect(d.id).toBe(d.attributes.uid);
  expect(d.attributes).toMatchObject({
    base_invoice_uid: base.id,
    frequency: '1M',
    due_days: 8,
    fulfillment_shift: 0,
    send_invoice: false,
    max_qty: 12,
    comment: 'havi díj',
    stopped: false,
    start_date: '2026-04-01',
    last_recurring_date: null,
  });
  expect(d.attributes.invoice).toMatchObject({ id: base.id, attributes: { uid: base.id, total: '4445.000' } });
  expect(d.attributes).not.toHaveProperty('invoices');
  expect(d.attributes.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('GET /recurring/{id} reads the profile with `invoices`', async () => {
  const { profile } = await newProfile({ send_invoice: true, due_days: 15 });
  const res = await s.api.get(`/recurring/${profile.id}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'recurring_profiles' });
  const a = res.body.data.attributes;
  expect(a).toMatchObject({ uid: profile.id, send_invoice: true, due_days: 15 });
  expect(Array.isArray(a.invoices)).toBe(true);
  expect(typeof a.stopped).toBe('boolean');
  expect(Number.isInteger(a.max_qty)).toBe(true);
});

test('GET /recurring lists the profiles, each with `invoices`', async () => {
  const { profile } = await newProfile();
  const res = await s.api.get('/recurring');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'recurring_profiles' });
  const found = res.body.data.find((p: { id: number }) => p.id === profile.id);
  expect(found).toBeDefined();
  expect(Array.isArray(found.attributes.invoices)).toBe(true);
});

test('PUT /recurring/{id} changes the profile and answers it with `invoices`', async () => {
  const { profile } = await newProfile();
  const res = await s.api.put(`/recurring/${profile.id}`, { frequency: '2W', comment: 'kéthetente', max_qty: 0 });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'recurring_profiles' });
  expect(res.body.data.attributes).toMatchObject({ uid: profile.id, frequency: '2W', comment: 'kéthetente', max_qty: 0, due_days: 8 });
  expect(Array.isArray(res.body.data.attributes.invoices)).toBe(true);
});

test('stop sets stopped true and resume sets it false, each answering {success: true}', async () => {
  const { profile } = await newProfile();
  const stop = await s.api.post(`/recurring/${profile.id}/stop`);
  expect(stop.status, stop.text).toBe(200);
  expect(stop.body).toEqual({ success: true });
  expect((await s.api.ok('GET', `/recurring/${profile.id}`)).data.attributes.stopped).toBe(true);
  const stopAgain = await s.api.post(`/recurring/${profile.id}/stop`);
  expect(stopAgain.status).toBe(200);
  const resume = await s.api.post(`/recurring/${profile.id}/resume`);
  expect(resume.status, resume.text).toBe(200);
  expect(resume.body).toEqual({ success: true });
  expect((await s.api.ok('GET', `/recurring/${profile.id}`)).data.attributes.stopped).toBe(false);
});

test('stop and resume accept an empty JSON body', async () => {
  const { profile } = await newProfile();
  const res = await s.api.request('POST', `/recurring/${profile.id}/stop`, { body: '', headers: { 'content-type': 'application/json' } });
  expect(res.status, res.text).toBe(200);
});

test('an unknown profile is a 404 on read, update, stop and resume', async () => {
  expect((await s.api.get('/recurring/999999')).status).toBe(404);
  expect((await s.api.put('/recurring/999999', { comment: 'x' })).status).toBe(404);
  expect((await s.api.post('/recurring/999999/stop')).status).toBe(404);
  expect((await s.api.post('/recurring/999999/resume')).status).toBe(404);
});

for (const [label, over, field] of [
  ['an unknown base invoice', { base_invoice_uid: 999999 }, 'base_invoice_uid'],
  ['a frequency that is not a duration code', { frequency: 'monthly' }, 'frequency'],
  ['no start date', { start_date: undefined }, 'start_date'],
  ['a negative max_qty', { max_qty: -1 }, 'max_qty'],
  ['a non-boolean send_invoice', { send_invoice: 'sometimes' }, 'send_invoice'],
] as const) {
  test(`a profile with ${label} is a 400 on ${field}`, async () => {
    const base = await createInvoice(s.api);
    const body: Record<string, unknown> = profileBody(base.id, over as Record<string, unknown>);
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await s.api.post('/recurring', body);
    expect(res.status, res.text).toBe(400);
    expect(fields(res)).toContain(field);
  });
}

test('a cancelling invoice cannot be the base of a profile', async () => {
  const inv = await createInvoice(s.api);
  const cancel = (await s.api.ok('GET', `/invoices/${inv.id}/cancel`)).data;
  const res = await s.api.post('/recurring', profileBody(cancel.id));
  expect(res.status).toBe(400);
  expect(fields(res)).toContain('base_invoice_uid');
});

test('a due profile is issued by the scheduler when the server starts; reads then carry the issued invoice', async () => {
  const tmp = await freshTestDatabase();
  try {
    const first = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
    let profileId: number;
    let baseId: number;
    try {
      const api = new ApiClient(first.url, { 'X-API-KEY': API_KEY });
      await api.ok('PUT', '/settings', { body: { seller: TEST_SELLER } }); // a fresh file: the seller the next start issues as
      const clientUid = (await api.ok('POST', '/clients', { body: clientBody() })).data.id;
      baseId = (await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, { type: 0 }) })).data.id;
      const created = await api.ok('POST', '/recurring', { body: { base_invoice_uid: baseId, frequency: '1M', due_days: 10, start_date: TODAY, max_qty: 3 } });
      profileId = created.data.id;
      expect(created.data.attributes.invoice.id).toBe(baseId);
    } finally {
      await first.close();
    }
    // The next start runs a scheduler pass at once.
    const second = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
    try {
      const api = new ApiClient(second.url, { 'X-API-KEY': API_KEY });
      const read = (await api.ok('GET', `/recurring/${profileId}`)).data.attributes;
      expect(read.invoices).toHaveLength(1);
      expect(read.used_qty).toBe(1);
      expect(read.last_recurring_date).toBe(TODAY);
      const issued = read.invoices[0];
      expect(issued.id).not.toBe(baseId);
      expect(issued.attributes).toMatchObject({ type: 3, date: TODAY, due_date: '2026-03-25', recurring_uid: profileId, total: '4445.000' });
      expect(issued.attributes.invoice_no).toMatch(/^2026-\d{6}$/);
      const listed = (await api.ok('GET', '/recurring')).data.find((p: { id: number }) => p.id === profileId);
      expect(listed.attributes.invoices.map((i: { id: number }) => i.id)).toEqual([issued.id]);
    } finally {
      await second.close();
    }
  } finally {
    tmp.remove();
  }
});

// Saving a profile that would issue more than 31 invoices at once needs the count confirmed (confirm_catch_up).
test.describe('catch-up on save', () => {
  const TWO_YEARS_BACK = '2024-03-15'; // daily from here to 2026-03-15: 366 + 365 days = 731 occurrences

  test('a daily profile starting two years back is a 422 naming 731, and nothing is stored', async () => {
    const base = await createInvoice(s.api);
    const before = await tableDigest(s.server);
    for (const confirm of [undefined, 730, 1]) {
      const res = await s.api.post('/recurring', { ...profileBody(base.id, { frequency: '1D', start_date: TWO_YEARS_BACK, max_qty: 0 }), ...(confirm ? { confirm_catch_up: confirm } : {}) });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: 'rule_violation' });
      expect(res.body.error).toContain('731 invoices');
      expect(fields(res)).toEqual(['confirm_catch_up']);
      expect(res.body.errors[0].message).toContain('731');
    }
    expect(await tableDigest(s.server)).toBe(before);
  });

  test('max_qty counts: the same profile limited to 20 invoices saves without a question', async () => {
    const base = await createInvoice(s.api);
    const res = await s.api.post('/recurring', profileBody(base.id, { frequency: '1D', start_date: TWO_YEARS_BACK, max_qty: 20 }));
    expect(res.status, res.text).toBe(200);
    await s.api.ok('POST', `/recurring/${res.body.data.id}/stop`, { body: {} }); // the shared server's scheduler need not issue them
  });

  test('moving the start of a saved profile two years back is refused the same way on update, then saved when confirmed', async () => {
    const { profile } = await newProfile({ frequency: '1D', max_qty: 0, stopped: true });
    // stopped: nothing is issued, so no question
    expect((await s.api.put(`/recurring/${profile.id}`, { start_date: TWO_YEARS_BACK })).status).toBe(200);
    const running = await s.api.put(`/recurring/${profile.id}`, { stopped: false, start_date: TWO_YEARS_BACK });
    // resuming starts after today: still nothing to catch up
    expect(running.status, running.text).toBe(200);
    const { profile: other } = await newProfile({ frequency: '1D', max_qty: 0 });
    const refused = await s.api.put(`/recurring/${other.id}`, { start_date: TWO_YEARS_BACK });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error).toContain('731 invoices');
    expect((await s.api.ok('GET', `/recurring/${other.id}`)).data.attributes.start_date).toBe('2026-04-01');
    const confirmed = await s.api.put(`/recurring/${other.id}`, { start_date: TWO_YEARS_BACK, confirm_catch_up: 731, stopped: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.attributes.start_date).toBe(TWO_YEARS_BACK);
  });

  test('a confirmed count saves, and the scheduler then issues exactly that many', async () => {
    const tmp = await freshTestDatabase();
    try {
      let profileId: number;
      const first = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
      try {
        const api = new ApiClient(first.url, { 'X-API-KEY': API_KEY });
        await api.ok('PUT', '/settings', { body: { seller: TEST_SELLER } });
        const clientUid = (await api.ok('POST', '/clients', { body: clientBody() })).data.id;
        const baseId = (await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, { type: 0 }) })).data.id;
        // daily from 3 February to 15 March 2026: 41 occurrences
        const body = { base_invoice_uid: baseId, frequency: '1D', start_date: '2026-02-03' };
        const refused = await api.post('/recurring', body);
        expect(refused.status, refused.text).toBe(422);
        expect(refused.body.error).toContain('41 invoices');
        const saved = await api.post('/recurring', { ...body, confirm_catch_up: 41 });
        expect(saved.status, saved.text).toBe(200);
        profileId = saved.body.data.id;
      } finally {
        await first.close();
      }
      const second = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
      try {
        const api = new ApiClient(second.url, { 'X-API-KEY': API_KEY });
        const read = (await api.ok('GET', `/recurring/${profileId}`)).data.attributes;
        expect(read.invoices).toHaveLength(41);
        expect(read.last_recurring_date).toBe(TODAY);
      } finally {
        await second.close();
      }
    } finally {
      tmp.remove();
    }
  });

  test('a monthly profile 13 months back saves without a question and catches up its 14 invoices', async () => {
    const tmp = await freshTestDatabase();
    try {
      let profileId: number;
      const first = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
      try {
        const api = new ApiClient(first.url, { 'X-API-KEY': API_KEY });
        await api.ok('PUT', '/settings', { body: { seller: TEST_SELLER } });
        const clientUid = (await api.ok('POST', '/clients', { body: clientBody() })).data.id;
        const baseId = (await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, { type: 0 }) })).data.id;
        const saved = await api.post('/recurring', { base_invoice_uid: baseId, frequency: '1M', start_date: '2025-02-15' });
        expect(saved.status, saved.text).toBe(200);
        profileId = saved.body.data.id;
      } finally {
        await first.close();
      }
      const second = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW }));
      try {
        const api = new ApiClient(second.url, { 'X-API-KEY': API_KEY });
        const read = (await api.ok('GET', `/recurring/${profileId}`)).data.attributes;
        expect(read.invoices).toHaveLength(14);
        expect(read.used_qty).toBe(14);
        expect(read.last_recurring_date).toBe('2026-03-15');
      } finally {
        await second.close();
      }
    } finally {
      tmp.remove();
    }
  });
});
