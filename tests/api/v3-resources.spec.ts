// The simple v3 resources over the real server, each answer validated against 3.0.14: partners (and v2 ↔ v3: one
// record, one id), products, bank accounts, document blocks, organization, utils.
import { expect, test } from '@playwright/test';
import { clientBody, createInvoice, SELLER_TAXCODE, serverPerFile, withServer } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';
import { VAT_CODES } from '../../shared/reference/vat-codes';

const s = serverPerFile();

test('partners: create 201, get, update, list with query, delete 204, then 404', async () => {
  const body = partnerBody({
    phone: '+36 1 234 5678',
    iban: 'HU42117730161111101800000000',
    swift: 'OTPVHUHB',
    general_ledger_number: '311',
    custom_billing_settings: { payment_method: 'bankcard', document_form: 'electronic', due_days: 15, document_currency: 'EUR', template_language_code: 'en' },
  });
  const created = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body });
  const p = created.body;
  expect(typeof p.id).toBe('number');
  expect(p).toMatchObject({
    name: body.name,
    // kept as street, type and house number beside the line as given: it reads back exactly ("1." with its period)
    address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' },
    emails: ['szamla@example.com'],
    taxcode: '12345676-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    phone: '+36 1 234 5678',
    iban: 'HU42 1177 3016 1111 1018 0000 0000',
    swift: 'OTPVHUHB',
    general_ledger_number: '311',
    custom_billing_settings: { payment_method: 'bankcard', document_form: 'electronic', due_days: 15, document_currency: 'EUR', template_language_code: 'en' },
  });
  expect((await v3(s.api, 'GET', `/partners/${p.id}`, { status: 200, schema: 'Partner' })).body).toEqual(p);

  const updated = await v3(s.api, 'PUT', `/partners/${p.id}`, { status: 200, schema: 'Partner' }, {
    body: { ...body, name: `${body.name} Zrt.`, address: { country_code: 'DE', post_code: '10115', city: 'Berlin', address: 'Unter den Linden 1' }, tax_type: 'FOREIGN', taxcode: 'DE123456789' },
  });
  expect(updated.body).toMatchObject({ id: p.id, name: `${body.name} Zrt.`, address: { country_code: 'DE', city: 'Berlin', address: 'Unter den Linden 1' } });

  const found = await v3(s.api, 'GET', '/partners', { status: 200, schema: 'PartnerList' }, { query: { query: `${body.name} Zrt.` } });
  expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
  expect(found.body.total).toBe(1);

  await v3(s.api, 'DELETE', `/partners/${p.id}`, { status: 204 });
  await v3(s.api, 'GET', `/partners/${p.id}`, { status: 404, schema: 'ClientErrorResponse' });
});

test('a partner made through v3 is the client read through v2 by the same id, and the reverse', async () => {
  const made = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const v2 = (await s.api.ok('GET', `/clients/${made.id}`)).data;
  expect(v2.id).toBe(made.id);
  expect(v2.attributes).toMatchObject({ name: made.name, email: 'szamla@example.com', taxcode: '12345676-2-41' });
  expect(v2.attributes.billing_address).toMatchObject({ postcode: '1011', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' });

  const body = clientBody();
  const v2id = (await s.api.ok('POST', '/clients', { body })).data.id as number;
  const read = (await v3(s.api, 'GET', `/partners/${v2id}`, { status: 200, schema: 'Partner' })).body;
  expect(read).toMatchObject({
    id: v2id,
    name: body.name,
    emails: [body.email],
    address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1' },
  });
});

test('partners/guess finds by tax number, else by name, else creates', async () => {
  const made = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody({ taxcode: '34567898-2-41' }) })).body;
  const byTax = await v3(s.api, 'POST', '/partners/guess', { status: 201, schema: 'Partner' }, { body: partnerBody({ name: 'Más név', taxcode: '34567898-1-41' }) });
  expect(byTax.body.id).toBe(made.id);
  const byName = await v3(s.api, 'POST', '/partners/guess', { status: 201, schema: 'Partner' }, { body: { name: made.name.toUpperCase() } });
  expect(byName.body.id).toBe(made.id);
  const fresh = partnerBody({ taxcode: '10000001-2-41' });
  const created = await v3(s.api, 'POST', '/partners/guess', { status: 201, schema: 'Partner' }, { body: fresh });
  expect(created.body.id).not.toBe(made.id);
  expect(created.body.name).toBe(fresh.name);
});

test('products: create 201 with vat and price as v3 writes them, get, update, list by name, delete 204', async () => {
  const name = `Kávé ${Date.now()}`;
  const created = await v3(s.api, 'POST', '/products', { status: 201, schema: 'Product' }, {
    body: { name, currency: 'HUF', vat: '5%', unit: 'csomag', net_unit_price: 1250.5, comment: 'őrölt', general_ledger_number: '911', general_ledger_taxcode: '467' },
  });
  const p = created.body;
  expect(p).toMatchObject({ name, currency: 'HUF', vat: '5%', unit: 'csomag', net_unit_price: 1250.5, comment: 'őrölt', general_ledger_number: '911', general_ledger_taxcode: '467' });
  // the same record through v2, with Folio's VAT id
  expect((await s.api.ok('GET', `/products/${p.id}`)).data.attributes).toMatchObject({ name, vat_id: 2, price: 1250.5 });

  const exempt = await v3(s.api, 'PUT', `/products/${p.id}`, { status: 200, schema: 'Product' }, { body: { ...p, vat: 'AAM', entitlement: 'AAM', currency: 'EUR' } });
  expect(exempt.body).toMatchObject({ id: p.id, vat: 'AAM', entitlement: 'AAM', currency: 'EUR' });
  const eu = await v3(s.api, 'PUT', `/products/${p.id}`, { status: 200, schema: 'Product' }, { body: { vat: '19%' } });
  expect(eu.body.vat).toBe('19%');

  const list = await v3(s.api, 'GET', '/products', { status: 200, schema: 'ProductList' }, { query: { query: name } });
  expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
  // 3.0.15's sku and ean are Folio's product code and barcode, and the search finds them too
  const sku = `SKU-${Date.now()}`;
  const coded = await v3(s.api, 'PUT', `/products/${p.id}`, { status: 200, schema: 'Product' }, { body: { sku, ean: '5991234567890' } });
  expect(coded.body).toMatchObject({ sku, ean: '5991234567890' });
  expect((await s.api.ok('GET', `/products/${p.id}`)).data.attributes).toMatchObject({ product_code: sku, barcode: '5991234567890' });
  for (const query of [sku.toLowerCase(), '5991234567890']) {
    const found = await v3(s.api, 'GET', '/products', { status: 200, schema: 'ProductList' }, { query: { query } });
    expect(found.body.data.map((x: { id: number }) => x.id)).toContain(p.id);
  }

  await v3(s.api, 'DELETE', `/products/${p.id}`, { status: 204 });
  await v3(s.api, 'GET', `/products/${p.id}`, { status: 404, schema: 'ClientErrorResponse' });
});

test('bank accounts: create 201, get, update, list', async () => {
  const created = await v3(s.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, {
    body: { name: 'OTP', account_number: '11773016-11111018-00000000', account_number_iban: 'HU42117730161111101800000000', swift: 'OTPVHUHB', currency: 'HUF' },
  });
  const b = created.body;
  expect(b).toMatchObject({ name: 'OTP', account_number: '11773016-11111018-00000000', swift: 'OTPVHUHB', currency: 'HUF' });
  const updated = await v3(s.api, 'PUT', `/bank-accounts/${b.id}`, { status: 200, schema: 'BankAccount' }, { body: { name: 'OTP Bank', currency: 'EUR' } });
  expect(updated.body).toMatchObject({ id: b.id, name: 'OTP Bank', currency: 'EUR' });
  expect((await v3(s.api, 'GET', `/bank-accounts/${b.id}`, { status: 200, schema: 'BankAccount' })).body).toEqual(updated.body);
  const list = await v3(s.api, 'GET', '/bank-accounts', { status: 200, schema: 'BankAccountList' });
  expect(list.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
  // the same account through v2
  expect((await s.api.ok('GET', `/bank_accounts/${b.id}`)).data.attributes).toMatchObject({ bank_name: 'OTP Bank', currency: 'EUR' });
});

const account = (name: string) => ({ name, account_number: '11773016-11111018-00000000', currency: 'HUF' });

test('bank accounts: DELETE 204 then 404; v2 DELETE /bank_accounts/{id} too; an unknown id 404', async () => {
  const b = (await v3(s.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, { body: account('Törlendő') })).body;
  await v3(s.api, 'DELETE', `/bank-accounts/${b.id}`, { status: 204 });
  await v3(s.api, 'GET', `/bank-accounts/${b.id}`, { status: 404, schema: 'ClientErrorResponse' });
  const list = await v3(s.api, 'GET', '/bank-accounts', { status: 200, schema: 'BankAccountList' });
  expect(list.body.data.map((x: { id: number }) => x.id)).not.toContain(b.id);
  await v3(s.api, 'DELETE', `/bank-accounts/${b.id}`, { status: 404, schema: 'ClientErrorResponse' });

  const v2 = (await v3(s.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, { body: account('v2-ről törölve') })).body;
  expect(await s.api.ok('DELETE', `/bank_accounts/${v2.id}`)).toMatchObject({ success: true });
  expect((await s.api.request('GET', `/bank_accounts/${v2.id}`)).status).toBe(404);
});

test('bank accounts: DELETE refused (422 on id) while an issued invoice or the settings default names it', async () => {
  await withServer(async (own) => {
    const used = (await v3(own.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, { body: account('Számlán') })).body;
    const invoice = await createInvoice(own.api, { bank_account_uid: used.id });
    expect(invoice.attributes.invoice_no).toBeTruthy();
    const refused = (await v3(own.api, 'DELETE', `/bank-accounts/${used.id}`, { status: 422, schema: 'ValidationErrorResponse' })).body;
    expect(refused.errors).toEqual([{ field: 'id', message: refused.message }]);
    expect(refused.message).toContain('an invoice names it');

    const dflt = (await v3(own.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, { body: account('Alapértelmezett') })).body;
    await own.api.ok('PUT', '/settings', { body: { default_bank_account_uid: dflt.id } });
    const refusedDefault = (await v3(own.api, 'DELETE', `/bank-accounts/${dflt.id}`, { status: 422, schema: 'ValidationErrorResponse' })).body;
    expect(refusedDefault.message).toContain('default bank account');
    // both still there, over v3 and v2
    await v3(own.api, 'GET', `/bank-accounts/${used.id}`, { status: 200, schema: 'BankAccount' });
    expect((await own.api.request('DELETE', `/bank_accounts/${dflt.id}`)).status).toBe(422);
    await v3(own.api, 'GET', `/bank-accounts/${dflt.id}`, { status: 200, schema: 'BankAccount' });
  });
});

test('bank accounts: DELETE refused (422 on id) once a device has joined this node, as sync carries no deletes of them', async () => {
  await withServer(async (own) => {
    const local = (await v3(own.api, 'POST', '/bank-accounts', { status: 201, schema: 'BankAccount' }, { body: account('Helyi') })).body;
    const joined = await own.api.post('/sync/join', { name: 'Laptop', prefix: 'LAP' }, { headers: { 'X-Folio-Device': 'device-bank-0001' } });
    expect(joined.status, joined.text).toBe(200);
    const refused = (await v3(own.api, 'DELETE', `/bank-accounts/${local.id}`, { status: 422, schema: 'ValidationErrorResponse' })).body;
    expect(refused.errors).toEqual([{ field: 'id', message: refused.message }]);
    expect(refused.message).toContain('sync');
    await v3(own.api, 'GET', `/bank-accounts/${local.id}`, { status: 200, schema: 'BankAccount' });
  });
});

test('document blocks: list (the default block first), create 201, filtered by type', async () => {
  const created = await v3(s.api, 'POST', '/document-blocks', { status: 201, schema: 'DocumentBlock' }, { body: { name: 'Webshop', prefix: 'WEB' } });
  expect(created.body).toMatchObject({ name: 'Webshop', prefix: 'WEB', type: 'invoice' });
  const list = await v3(s.api, 'GET', '/document-blocks', { status: 200, schema: 'DocumentBlockList' });
  expect(list.body.data[0].id).toBe(0);
  expect(list.body.data.map((x: { id: number }) => x.id)).toContain(created.body.id);
  // every block numbers receipts too (their own sequence): filtered to receipt, the same blocks as receipt blocks
  const receipts = await v3(s.api, 'GET', '/document-blocks', { status: 200, schema: 'DocumentBlockList' }, { query: { type: 'receipt' } });
  expect(receipts.body.data.map((x: { id: number; type: string }) => [x.id, x.type])).toEqual(list.body.data.map((x: { id: number }) => [x.id, 'receipt']));
  const waybills = await v3(s.api, 'GET', '/document-blocks', { status: 200, schema: 'DocumentBlockList' }, { query: { type: 'waybill' } });
  expect(waybills.body).toMatchObject({ data: [], total: 0 });
  await v3(s.api, 'POST', '/document-blocks', { status: 422, schema: 'ValidationErrorResponse' }, { body: { name: '' } });
});

test('organization is the seller, utils/time the clock, convert-legacy-id the same id', async () => {
  const org = await v3(s.api, 'GET', '/organization', { status: 200, schema: 'OrganizationData' });
  expect(org.body).toMatchObject({ tax_code: SELLER_TAXCODE, has_nav_connection: false });
  const time = await v3(s.api, 'GET', '/utils/time', { status: 200, schema: 'ServerTime' });
  expect(Math.abs(time.body.epoch - Date.now() / 1000)).toBeLessThan(5);
  expect(time.body.timezone).toBe('Europe/Budapest');
  expect(time.body.formatted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(new Date(time.body.w3c).getTime() / 1000).toBeCloseTo(time.body.epoch, -1);

  const clientId = (await s.api.ok('POST', '/clients', { body: clientBody() })).data.id as number;
  const invoice = await s.api.ok('POST', '/invoices', {
    body: { fulfillment_date: '2026-03-15', due_date: '2026-03-23', payment_method: 2, currency: 'HUF', client_uid: clientId, block_uid: 0, type: 1, items: [{ description: 'x', vat_id: 1, qty: 1, net_unit_price: 100 }] },
  });
  const id = invoice.data.id as number;
  const conv = await v3(s.api, 'GET', `/utils/convert-legacy-id/${id}`, { status: 200, schema: 'Id' });
  expect(conv.body).toEqual({ id, legacy_id: id });
});

test('what Folio holds that 3.0.14 cannot name is answered with the nearest value, and the answer still validates', async () => {
  const fi = VAT_CODES.find((c) => c.country === 'FI')!;
  const v2 = await s.api.request('POST', '/products', { body: { name: `Finn ${Date.now()}`, price: 10, unit: 'db', currency_code: 'ALL', vat_id: Number(fi.id) } });
  expect(v2.status, v2.text).toBe(200);
  const p = await v3(s.api, 'GET', `/products/${v2.body.data.id}`, { status: 200, schema: 'Product' });
  expect(p.body).toMatchObject({ vat: '25%', currency: 'HUF' });
  // a client paying by health insurance card (10), in the bilingual template
  const clientId = (await s.api.ok('POST', '/clients', { body: clientBody({ defaults: { payment_method: 10, invoice_template_lang_code: 'hu-en' } }) })).data.id as number;
  const partner = await v3(s.api, 'GET', `/partners/${clientId}`, { status: 200, schema: 'Partner' });
  expect(partner.body.custom_billing_settings).toMatchObject({ payment_method: 'other', template_language_code: 'hu' });
});

test('a partner\'s one-line address is kept in its parts: street, type, house number (the legal checks need them)', async () => {
  const made = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, {
    body: partnerBody({ address: { country_code: 'DE', post_code: '10115', city: 'Berlin', address: 'Invalidenstraße 10' } }),
  });
  const hu = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() });
  const client = async (id: number) => (await s.api.ok('GET', `/clients/${id}`)).data.attributes.billing_address;
  expect(await client(hu.body.id)).toMatchObject({ street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' });
  expect(await client(made.body.id)).toMatchObject({ street_name: 'Invalidenstraße', street_type: '', house_nr: '10' });
  // read back through v3 as the one line it was, exactly (issue 38: the period stays)
  expect(hu.body.address.address).toBe('Fő utca 1.');
});
