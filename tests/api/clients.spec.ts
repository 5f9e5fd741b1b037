// Clients over HTTP: CRUD, the create rules of the spec (identical client returned unmodified, split addresses,
// force, tax_type), Hungarian tax numbers, and the snapshot an invoice keeps.
import { expect, test } from '@playwright/test';
import { addressBody, clientBody, createClient, createInvoice, INVALID_TAXCODE, readInvoice, serverPerFile, VALID_TAXCODE } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

test('POST /clients answers {success, type "clients", data} with the whole client', async () => {
  const body = clientBody({
    phone: '+36 1 234 5678',
    fokonyv_szam: '311',
    type: 1,
    bank: { iban: 'HU42117730161111101800000000', swift: 'OTPVHUHB', account_no: '11773016-11111018-00000000' },
    defaults: { payment_method: '2', electronic_invoice: '1', invoice_due_days: '15', invoice_currency: 'HUF', invoice_template_lang_code: 'hu' },
  });
  const res = await s.api.post('/clients', body);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'clients' });
  const d = res.body.data;
  expect(typeof d.id).toBe('number');
  expect(d.id).toBe(d.attributes.uid);
  expect(d.attributes).toMatchObject({
    name: body.name,
    email: body.email,
    taxcode: VALID_TAXCODE,
    tax_type: 'HAS_TAX_NUMBER',
    phone: '+36 1 234 5678',
    fokonyv_szam: '311',
    bank: { iban: 'HU42 1177 3016 1111 1018 0000 0000', swift: 'OTPVHUHB', account_no: '11773016-11111018-00000000' },
    defaults: { payment_method: '2', electronic_invoice: '1', invoice_due_days: '15', invoice_currency: 'HUF', invoice_template_lang_code: 'hu' },
  });
  expect(Object.keys(d.attributes.billing_address).sort()).toEqual(
    ['block', 'city', 'country', 'district', 'door', 'entrance', 'floor', 'house_nr', 'postcode', 'street_name', 'street_type'].sort(),
  );
  for (const v of Object.values(d.attributes.billing_address)) expect(typeof v).toBe('string');
  expect(d.attributes.billing_address).toMatchObject({ street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011' });
});

test('GET /clients/{id} reads the client; an unknown id is a 404; a non-integer id is refused', async () => {
  const id = await createClient(s.api, { name: 'Olvasó Zrt.' });
  const res = await s.api.get(`/clients/${id}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'clients', data: { id, attributes: { uid: id, name: 'Olvasó Zrt.' } } });
  const missing = await s.api.get('/clients/999999');
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ success: false });
  expect(typeof missing.body.error).toBe('string');
  const notAnId = await s.api.get('/clients/abc');
  expect([400, 404]).toContain(notAnId.status);
  expect(notAnId.body.success).toBe(false);
});

test('GET /clients lists clients newest first', async () => {
  const a = await createClient(s.api);
  const b = await createClient(s.api);
  const res = await s.api.get('/clients');
  expect(res.status).toBe(200);
  expect(res.body.type).toBe('clients');
  const ids = res.body.data.map((c: { id: number }) => c.id);
  expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
  expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
});

test.describe('create rules', () => {
  test('an identical name, taxcode and split address returns the existing client unmodified', async () => {
    const body = clientBody({ email: 'elso@example.com', phone: '1' });
    const first = (await s.api.ok('POST', '/clients', { body })).data;
    const second = await s.api.post('/clients', { ...body, email: 'masodik@example.com', phone: '2' });
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.id);
    expect(second.body.data.attributes.email).toBe('elso@example.com');
    expect(second.body.data.attributes.phone).toBe('1');
    const read = (await s.api.ok('GET', `/clients/${first.id}`)).data;
    expect(read.attributes.email).toBe('elso@example.com');
    expect(read.attributes.updated_at).toBe(first.attributes.updated_at);
  });

  test('matching needs a split address: without street_type an identical client is saved again', async () => {
    const body = clientBody({ billing_address: { street_name: 'Fő utca 1.', city: 'Budapest', postcode: '1011' } });
    const first = (await s.api.ok('POST', '/clients', { body })).data;
    const second = (await s.api.ok('POST', '/clients', { body })).data;
    expect(second.id).not.toBe(first.id);
  });

  test('a different house number, taxcode or name is a new client', async () => {
    const body = clientBody();
    const first = (await s.api.ok('POST', '/clients', { body })).data.id;
    const otherHouse = (await s.api.ok('POST', '/clients', { body: { ...body, billing_address: addressBody({ house_nr: '2' }) } })).data.id;
    const otherTax = (await s.api.ok('POST', '/clients', { body: { ...body, taxcode: '', tax_type: '' } })).data.id;
    const otherName = (await s.api.ok('POST', '/clients', { body: { ...body, name: `${body.name} II` } })).data.id;
    expect(new Set([first, otherHouse, otherTax, otherName]).size).toBe(4);
  });

  test('force true saves a new client even when an identical one exists', async () => {
    const body = clientBody();
    const first = (await s.api.ok('POST', '/clients', { body })).data.id;
    const forced = (await s.api.ok('POST', '/clients', { body: { ...body, force: true } })).data.id;
    expect(forced).not.toBe(first);
    const notForced = (await s.api.ok('POST', '/clients', { body: { ...body, force: false } })).data.id;
    expect([first, forced]).toContain(notForced);
  });

  for (const taxType of ['', 'FOREIGN', 'HAS_TAX_NUMBER', 'NO_TAX_NUMBER']) {
    test(`tax_type ${JSON.stringify(taxType)} is accepted`, async () => {
      const taxcode = taxType === 'FOREIGN' ? 'DE123456789' : taxType === 'NO_TAX_NUMBER' ? '8123456786' : VALID_TAXCODE;
      const res = await s.api.post('/clients', clientBody({ tax_type: taxType, taxcode }));
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.attributes.tax_type).toBe(taxType);
    });
  }

  for (const taxType of ['OTHER', 'foreign', 'COMPANY', 1]) {
    test(`tax_type ${JSON.stringify(taxType)} is a 400 on tax_type`, async () => {
      const res = await s.api.post('/clients', clientBody({ tax_type: taxType }));
      expect(res.status, res.text).toBe(400);
      expect(fields(res)).toContain('tax_type');
    });
  }

  for (const taxcode of [INVALID_TAXCODE, '1234', 'ABCDEFGH-1-11', '12345676-9-41']) {
    test(`a bad Hungarian tax number ${taxcode} is a 400 on taxcode`, async () => {
      const res = await s.api.post('/clients', clientBody({ taxcode }));
      expect(res.status, res.text).toBe(400);
      expect(res.body.success).toBe(false);
      expect(fields(res)).toContain('taxcode');
    });
  }

  test('tax numbers are accepted with or without dashes', async () => {
    expect((await s.api.post('/clients', clientBody({ taxcode: '12345676241' }))).status).toBe(200);
  });

  test('a foreign tax number is accepted for a FOREIGN client only', async () => {
    expect((await s.api.post('/clients', clientBody({ tax_type: 'FOREIGN', taxcode: 'ATU12345678' }))).status).toBe(200);
    expect((await s.api.post('/clients', clientBody({ tax_type: 'HAS_TAX_NUMBER', taxcode: 'ATU12345678' }))).status).toBe(400);
  });

  test('a client without a name is a 400 on name', async () => {
    const body: Record<string, unknown> = clientBody();
    delete body.name;
    const res = await s.api.post('/clients', body);
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('name');
    const blank = await s.api.post('/clients', clientBody({ name: '   ' }));
    expect(blank.status).toBe(400);
    expect(fields(blank)).toContain('name');
  });

  test('a name alone is enough', async () => {
    const res = await s.api.post('/clients', { name: `Csak Név ${Date.now()}` });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.taxcode).toBe('');
  });

  test('a malformed e-mail address is a 400 on email', async () => {
    const res = await s.api.post('/clients', clientBody({ email: 'not an address' }));
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('email');
  });
});

test.describe('update and delete', () => {
  test('PUT changes the fields it carries and keeps the others', async () => {
    const id = await createClient(s.api, { email: 'regi@example.com', phone: '111' });
    const res = await s.api.put(`/clients/${id}`, { email: 'uj@example.com', billing_address: { city: 'Debrecen' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'clients' });
    expect(res.body.data.id).toBe(id);
    expect(res.body.data.attributes).toMatchObject({ email: 'uj@example.com', phone: '111', taxcode: VALID_TAXCODE });
    expect(res.body.data.attributes.billing_address).toMatchObject({ city: 'Debrecen', street_name: 'Fő', house_nr: '1' });
    expect((await s.api.ok('GET', `/clients/${id}`)).data.attributes.email).toBe('uj@example.com');
  });

  test('PUT with the same body as create works', async () => {
    const id = await createClient(s.api);
    const body = clientBody({ name: 'Átnevezett Kft.' });
    const res = await s.api.put(`/clients/${id}`, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.name).toBe('Átnevezett Kft.');
  });

  test('PUT with a bad tax number is a 400 and changes nothing', async () => {
    const id = await createClient(s.api);
    const res = await s.api.put(`/clients/${id}`, { taxcode: INVALID_TAXCODE });
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('taxcode');
    expect((await s.api.ok('GET', `/clients/${id}`)).data.attributes.taxcode).toBe(VALID_TAXCODE);
  });

  test('PUT /clients/{id} with only a new foreign taxcode keeps tax_type FOREIGN and accepts it', async () => {
    // docs/design.md §8: "PUT changes the fields it carries and keeps the others" — the stored tax_type FOREIGN still holds.
    const id = await createClient(s.api, { tax_type: 'FOREIGN', taxcode: 'DE123456789' });
    const res = await s.api.put(`/clients/${id}`, { taxcode: 'ATU12345678' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ tax_type: 'FOREIGN', taxcode: 'ATU12345678' });
  });

  test('PUT on an unknown client is a 404', async () => {
    expect((await s.api.put('/clients/999999', { name: 'x' })).status).toBe(404);
  });

  test('DELETE answers {success: true} only; the client is gone from reads and lists', async () => {
    const id = await createClient(s.api);
    const res = await s.api.delete(`/clients/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await s.api.get(`/clients/${id}`)).status).toBe(404);
    const list = (await s.api.ok('GET', '/clients', { query: { max_per_page: 50 } })).data;
    expect(list.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await s.api.delete(`/clients/${id}`)).status).toBe(404);
  });

  test('an invoice keeps its copy of the client when the client changes or is deleted', async () => {
    const id = await createClient(s.api, { name: 'Eredeti Név Kft.' });
    const inv = await createInvoice(s.api, { client_uid: id });
    await s.api.ok('PUT', `/clients/${id}`, { body: { name: 'Új Név Kft.' } });
    expect((await readInvoice(s.api, inv.id)).attributes.client.name).toBe('Eredeti Név Kft.');
    await s.api.ok('DELETE', `/clients/${id}`);
    const a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.client.name).toBe('Eredeti Név Kft.');
    expect(a.client_uid).toBe(id);
  });
});
