// The read-only lookups and the small resources: VAT codes (v and d), the EU VAT lookup, payment methods in three
// languages, invoice blocks (list, create, rename), settings and the public time.
import { expect, test } from '@playwright/test';
import { API_KEY, createBlock, createInvoice, FIXED_NOW, INVALID_TAXCODE, readInvoice, serverPerFile, uniquePrefix, withServer } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

test.describe('VAT codes', () => {
  test('GET /vat lists the documented codes 1–5 with string ids and decimal string rates', async () => {
    const res = await s.api.get('/vat');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'vat' });
    const byId = new Map((res.body.data as Array<{ id: string; attributes: Record<string, unknown> }>).map((v) => [v.id, v]));
    expect(byId.get('1')).toEqual({ id: '1', attributes: { id: '1', value: '0.27', description: '27%', info_text: '' } });
    expect(byId.get('2')?.attributes).toMatchObject({ value: '0.05', description: '5%' });
    expect(byId.get('3')?.attributes).toMatchObject({ value: '0.18', description: '18%' });
    expect(byId.get('4')?.attributes).toMatchObject({ description: 'AM', info_text: 'adómentes' });
    expect(Number(byId.get('4')?.attributes.value)).toBe(0);
    expect(byId.get('5')?.attributes).toMatchObject({ description: 'EU', info_text: 'EU-n belül' });
    for (const v of res.body.data) {
      expect(typeof v.id).toBe('string');
      expect(v.id).toBe(v.attributes.id);
      expect(v.attributes.value).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  test('v filters on the rate', async () => {
    const res = await s.api.ok('GET', '/vat', { query: { v: '0.27' } });
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.map((v: { id: string }) => v.id)).toContain('1');
    for (const v of res.data) expect(Number(v.attributes.value)).toBe(0.27);
    const five = await s.api.ok('GET', '/vat', { query: { v: '0.05' } });
    expect(five.data.map((v: { id: string }) => v.id)).toEqual(['2']);
  });

  test('d filters on the description', async () => {
    const res = await s.api.ok('GET', '/vat', { query: { d: '18%' } });
    expect(res.data.map((v: { id: string }) => v.id)).toContain('3');
    for (const v of res.data) expect(`${v.attributes.description} ${v.attributes.info_text ?? ''}`.toLowerCase()).toContain('18%');
    const eu = await s.api.ok('GET', '/vat', { query: { d: 'EU' } });
    expect(eu.data.map((v: { id: string }) => v.id)).toContain('5');
  });

  test('v and d together narrow both ways', async () => {
    const res = await s.api.ok('GET', '/vat', { query: { v: '0', d: 'AM' } });
    expect(res.data.map((v: { id: string }) => v.id)).toContain('4');
    for (const v of res.data) expect(Number(v.attributes.value)).toBe(0);
    expect((await s.api.ok('GET', '/vat', { query: { v: '0.27', d: 'AM' } })).data).toEqual([]);
  });

  test('a v that is not a rate is a 400', async () => {
    const res = await s.api.get('/vat', { v: 'sok' });
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('v');
  });
});

test.describe('EU VAT lookup', () => {
  test('a consumer in Germany pays the German rate on a service', async () => {
    const res = await s.api.get('/vat/eu', { country: 'DE', business_country: 'HU' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    const d = res.body.data;
    expect(d).toMatchObject({ set_country: 'DE', company: null, tax_rate: 0.19 });
    expect(d.folio_vat).toMatchObject({ value: '0.19', description: '19.0% - DE' });
    expect(typeof d.folio_vat.id).toBe('number');
    expect(d.billingo_vat).toEqual(d.folio_vat);
  });

  test('country and business_country are required', async () => {
    const res = await s.api.get('/vat/eu', { country: 'DE' });
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('business_country');
    expect(fields(await s.api.get('/vat/eu', { business_country: 'HU' }))).toContain('country');
  });
});

test.describe('payment methods', () => {
  const EN = ['Cash', 'Wiretransfer', 'Cash on Delivery', 'Bankcard', 'SZEP card', 'PayPal', 'Postal check', 'Compensation', 'Health insurance card', 'Coupon', 'Voucher'];
  const HU = ['Készpénz', 'Átutalás', 'Utánvét', 'Bankkártya', 'SZÉP kártya', 'PayPal', 'Postai csekk', 'Kompenzáció', 'Egészségpénztári kártya', 'Kupon', 'Utalvány'];
  const IDS = ['1', '2', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
  const ADVANCE = new Set(['1', '5', '9', '11', '12']);

  for (const [lang, names] of [
    ['en', EN],
    ['hu', HU],
  ] as const) {
    test(`GET /payment_methods/${lang} lists ids 1–12 without 3, with the exact names`, async () => {
      const res = await s.api.get(`/payment_methods/${lang}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, type: 'payment_methods' });
      const data = res.body.data as Array<{ id: string; attributes: Record<string, string> }>;
      expect(data.map((m) => m.id)).toEqual(IDS);
      expect(data.map((m) => m.attributes.name)).toEqual(names);
      for (const m of data) {
        expect(m.attributes).toEqual({ id: m.id, lang_code: lang, name: expect.any(String), advance_paid: ADVANCE.has(m.id) ? '1' : '0' });
      }
    });
  }

  test('GET /payment_methods/de has a German name for every method', async () => {
    const data = (await s.api.ok('GET', '/payment_methods/de')).data as Array<{ id: string; attributes: { lang_code: string; name: string } }>;
    expect(data.map((m) => m.id)).toEqual(IDS);
    for (const m of data) {
      expect(m.attributes.lang_code).toBe('de');
      expect(m.attributes.name.length).toBeGreaterThan(0);
    }
    expect(data.find((m) => m.id === '2')?.attributes.name).not.toBe('Wiretransfer');
  });

  for (const lang of ['fr', 'HU', 'english']) {
    test(`GET /payment_methods/${lang} is a 400`, async () => {
      const res = await s.api.get(`/payment_methods/${lang}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });
  }

  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    test(`${method} /payment_methods/hu is a 405`, async () => {
      const res = await s.api.request(method, '/payment_methods/hu', method === 'DELETE' ? {} : { body: { name: 'x' } });
      expect(res.status).toBe(405);
      expect(res.body).toMatchObject({ success: false });
    });
  }
});

test.describe('invoice blocks', () => {
  test('GET /invoices/blocks lists the default block 0 "Számlák" with an empty prefix', async () => {
    await withServer(async (srv) => {
      const res = await srv.api.get('/invoices/blocks');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, type: 'invoice_blocks', data: [{ id: 0, attributes: { uid: 0, name: 'Számlák', prefix: '' } }] });
    });
  });

  test('POST /invoices/blocks creates a block that the list then shows', async () => {
    const prefix = uniquePrefix('NB');
    const res = await s.api.post('/invoices/blocks', { name: 'Webshop', prefix });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'invoice_blocks', data: { attributes: { name: 'Webshop', prefix } } });
    expect(res.body.data.id).toBe(res.body.data.attributes.uid);
    const list = (await s.api.ok('GET', '/invoices/blocks')).data;
    expect(list[0].id).toBe(0);
    expect(list.map((b: { id: number }) => b.id)).toContain(res.body.data.id);
  });

  test('PUT /invoices/blocks/{id} renames a block', async () => {
    const id = await createBlock(s.api, uniquePrefix('RN'), 'Régi név');
    const res = await s.api.put(`/invoices/blocks/${id}`, { name: 'Új név' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.name).toBe('Új név');
    const listed = (await s.api.ok('GET', '/invoices/blocks')).data.find((b: { id: number }) => b.id === id);
    expect(listed.attributes.name).toBe('Új név');
  });

  test('the prefix of a block with issued invoices cannot change; its name can', async () => {
    const prefix = uniquePrefix('FX');
    const id = await createBlock(s.api, prefix);
    const inv = await createInvoice(s.api, { block_uid: id });
    const res = await s.api.put(`/invoices/blocks/${id}`, { prefix: uniquePrefix('FY') });
    expect(res.status, res.text).toBe(422);
    expect((await readInvoice(s.api, inv.id)).attributes.prefixed_invoice_no).toBe(`${prefix} / 2026-000001`);
    expect((await s.api.put(`/invoices/blocks/${id}`, { name: 'Más név' })).status).toBe(200);
  });

  test('two blocks cannot share a prefix: 409', async () => {
    const prefix = uniquePrefix('DP');
    await createBlock(s.api, prefix);
    const res = await s.api.post('/invoices/blocks', { name: 'Másik', prefix });
    expect(res.status).toBe(409);
  });

  test('prefixes that differ only in letter case are the same prefix: create, update and sync join refuse it', async () => {
    const prefix = uniquePrefix('Cs');
    const first = await createBlock(s.api, prefix.toUpperCase());
    const refused = (res: ApiResponse) => {
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'conflict' });
      expect(fields(res)).toContain('prefix');
    };
    const before = (await s.api.ok('GET', '/invoices/blocks')).data.length;
    refused(await s.api.post('/invoices/blocks', { name: 'Kisbetűs', prefix: prefix.toLowerCase() }));
    // Unicode letters fold too
    await createBlock(s.api, `Á${prefix}`);
    refused(await s.api.post('/invoices/blocks', { name: 'Ékezetes', prefix: `á${prefix.toLowerCase()}` }));
    const other = await createBlock(s.api, uniquePrefix('OT'));
    refused(await s.api.put(`/invoices/blocks/${other}`, { prefix: prefix.toLowerCase() }));
    refused(await s.api.withHeaders({ 'X-API-KEY': API_KEY, 'X-Folio-Device': `device-${prefix}` }).post('/sync/join', { name: 'Laptop', prefix: prefix.toLowerCase() }));
    expect((await s.api.ok('GET', '/invoices/blocks')).data.length).toBe(before + 2);
    // the block itself may change the case of its own prefix
    expect((await s.api.put(`/invoices/blocks/${first}`, { prefix: prefix.toLowerCase() })).status).toBe(200);
  });

  test('a block needs a name, and a prefix of letters, digits, "-", "_" and "." only', async () => {
    const noName = await s.api.post('/invoices/blocks', { prefix: uniquePrefix('NN') });
    expect(noName.status).toBe(400);
    expect(fields(noName)).toContain('name');
    const badPrefix = await s.api.post('/invoices/blocks', { name: 'x', prefix: 'A / B' });
    expect(badPrefix.status).toBe(400);
    expect(fields(badPrefix)).toContain('prefix');
  });

  test('renaming an unknown block is a 404', async () => {
    expect((await s.api.put('/invoices/blocks/999999', { name: 'x' })).status).toBe(404);
  });
});

test.describe('settings', () => {
  test('GET /settings answers the seller profile and the defaults', async () => {
    const res = await s.api.get('/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'settings' });
    expect(res.body.data).toMatchObject({ home_currency: 'HUF', time_zone: 'Europe/Budapest' });
    expect(res.body.data.seller).toHaveProperty('name');
  });

  test('PUT /settings changes the seller; invoices issued after it carry the new seller, earlier ones keep theirs', async () => {
    // a valid tax number of its own: neither the test seller's (so the change shows) nor the buyers' (VALID_TAXCODE)
    const taxcode = '34567898-2-42';
    await withServer(async (srv) => {
      await srv.api.ok('PUT', '/settings', { body: { seller: { name: 'Első Eladó Kft.', taxcode } } });
      const before = await createInvoice(srv.api);
      const res = await srv.api.put('/settings', { seller: { name: 'Második Eladó Kft.' } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.seller).toMatchObject({ name: 'Második Eladó Kft.', taxcode });
      const after = await createInvoice(srv.api);
      expect((await readInvoice(srv.api, before.id)).attributes.seller.name).toBe('Első Eladó Kft.');
      expect((await readInvoice(srv.api, after.id)).attributes.seller.name).toBe('Második Eladó Kft.');
    });
  });

  test('a bad seller tax number is a 400; an unknown time zone a 422; neither changes the settings', async () => {
    await withServer(async (srv) => {
      const before = (await srv.api.ok('GET', '/settings')).data;
      const badTax = await srv.api.put('/settings', { seller: { taxcode: INVALID_TAXCODE } });
      expect(badTax.status).toBe(400);
      expect(fields(badTax)).toContain('seller.taxcode');
      const badZone = await srv.api.put('/settings', { time_zone: 'Mars/Olympus' });
      expect(badZone.status).toBe(422);
      expect((await srv.api.ok('GET', '/settings')).data).toEqual(before);
    });
  });
});

test('GET /time answers without a key', async () => {
  const res = await s.anon.get('/time');
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  expect(res.body.data.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(Math.abs(res.body.data.timestamp - Date.now() / 1000)).toBeLessThan(120);
  // the business date follows the server's business clock (fixed here), not the real one
  expect(res.body.data.today).toBe(FIXED_NOW.slice(0, 10));
});
