// What a v3 client writes is what it reads back (issue 38): a partner's one-line address keeps its period on create,
// read and update, while Folio still keeps the parts the legal checks and NAV read; a spending's payment method and
// a category word Folio's categories cannot tell apart come back as given. Every answer validated against 3.0.14.
import { expect, test } from '@playwright/test';
import { serverPerFile } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';

const s = serverPerFile();

test('a partner address "Kossuth Lajos utca 12." reads back with its period on create, read and update; its parts are kept too', async () => {
  const address = { country_code: 'HU', post_code: '6720', city: 'Szeged', address: 'Kossuth Lajos utca 12.' };
  const created = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody({ address }) });
  expect(created.body.address).toEqual(address);
  const id = created.body.id as number;
  expect((await v3(s.api, 'GET', `/partners/${id}`, { status: 200, schema: 'Partner' })).body.address).toEqual(address);
  // the parts v2, the invoices and NAV read
  const billing = (await s.api.ok('GET', `/clients/${id}`)).data.attributes.billing_address;
  expect(billing).toMatchObject({ street_name: 'Kossuth Lajos', street_type: 'utca', house_nr: '12', address_line: 'Kossuth Lajos utca 12.' });

  const moved = { country_code: 'HU', post_code: '1051', city: 'Budapest', address: 'Nádor u. 7/B.' };
  const updated = await v3(s.api, 'PUT', `/partners/${id}`, { status: 200, schema: 'Partner' }, { body: { ...partnerBody(), address: moved } });
  expect(updated.body.address).toEqual(moved);
  expect((await v3(s.api, 'GET', `/partners/${id}`, { status: 200, schema: 'Partner' })).body.address).toEqual(moved);
  // a PUT without an address leaves the line as it was
  await v3(s.api, 'PUT', `/partners/${id}`, { status: 200, schema: 'Partner' }, { body: { phone: '+36 1 111 2222' } });
  expect((await v3(s.api, 'GET', `/partners/${id}`, { status: 200, schema: 'Partner' })).body.address).toEqual(moved);
});

test('a street changed through v2 (or the app) is answered from the new parts, not from the old v3 line', async () => {
  const created = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, {
    body: partnerBody({ address: { country_code: 'HU', post_code: '6720', city: 'Szeged', address: 'Kárász utca 5.' } }),
  });
  const id = created.body.id as number;
  await s.api.ok('PUT', `/clients/${id}`, { body: { billing_address: { street_name: 'Dugonics', street_type: 'tér', house_nr: '2' } } });
  expect((await v3(s.api, 'GET', `/partners/${id}`, { status: 200, schema: 'Partner' })).body.address.address).toBe('Dugonics tér 2');
  expect((await s.api.ok('GET', `/clients/${id}`)).data.attributes.billing_address.address_line).toBeUndefined();
});

test('a spending\'s payment_method wire_transfer reads back as given, and so does category tangible_assets', async () => {
  const body = {
    currency: 'HUF', total_gross: 12700, total_gross_huf: 12700, total_vat_amount: 2700, total_vat_amount_huf: 2700,
    fulfillment_date: '2026-03-10', category: 'tangible_assets', payment_method: 'wire_transfer', comment: 'Laptop',
  };
  const created = await v3(s.api, 'POST', '/spendings', { status: 201, schema: 'Spending' }, { body });
  expect(created.body).toMatchObject({ payment_method: 'wire_transfer', category: 'tangible_assets', comment: 'Laptop' });
  const id = created.body.id as number;
  expect((await v3(s.api, 'GET', `/spendings/${id}`, { status: 200, schema: 'Spending' })).body).toMatchObject({ payment_method: 'wire_transfer', category: 'tangible_assets' });
  const updated = await v3(s.api, 'PUT', `/spendings/${id}`, { status: 200, schema: 'Spending' }, { body: { ...body, payment_method: 'cash', category: 'stock' } });
  expect(updated.body).toMatchObject({ payment_method: 'cash', category: 'stock' });
  // through v2 the expense names the method too
  expect((await s.api.ok('GET', `/expenses/${id}`)).data.attributes).toMatchObject({ payment_method: 'cash', categories_id: '2' });
});

// What the round-trip property test (v3-roundtrip.property.spec.ts) found, pinned as plain cases.
test('found by the property test: surrounding spaces kept, an empty country stays empty, TL stays TL, a document line keeps its spaces', async () => {
  const body = partnerBody({ name: ' Szóközös Kft. ', address: { country_code: '', post_code: '1', city: 'X', address: 'Fő utca 1.' } });
  const made = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body })).body;
  expect(made.name).toBe(' Szóközös Kft. ');
  expect(made.address.country_code).toBe('');
  const timor = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody({ address: { country_code: 'TL', post_code: '1', city: 'Dili', address: 'Rua 1' } }) })).body;
  expect((await v3(s.api, 'GET', `/partners/${timor.id}`, { status: 200, schema: 'Partner' })).body.address.country_code).toBe('TL');
  const block = (await v3(s.api, 'GET', '/document-blocks', { status: 200, schema: 'DocumentBlockList' })).body.data[0].id;
  const doc = await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, {
    body: {
      partner_id: made.id, block_id: block, type: 'draft', fulfillment_date: '2026-03-15', due_date: '2026-03-20', payment_method: 'cash', language: 'hu', currency: 'HUF',
      items: [{ name: 'Tanácsadás  ', unit_price: 1000, unit_price_type: 'net', quantity: 1, unit: 'óra', vat: '27%' }],
    },
  });
  expect(doc.body.items[0].name).toBe('Tanácsadás  ');
  expect(doc.body.document_partner.address.address).toBe('Fő utca 1.');
});

test('found by the property test: an account number of free text keeps its trailing space; XA, XB and XK come back as written', async () => {
  const spaced = partnerBody({ iban: '', account_number: 'A ' });
  const made = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: spaced })).body;
  expect(made.account_number).toBe('A ');
  expect((await v3(s.api, 'GET', `/partners/${made.id}`, { status: 200, schema: 'Partner' })).body.account_number).toBe('A ');
  // Billingo's country list has codes no country name leads back to (XA, XB): Folio keeps the code itself
  for (const code of ['XA', 'XB', 'XK']) {
    const body = partnerBody({ address: { country_code: code, post_code: '1', city: 'A', address: 'A' } });
    const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body })).body;
    expect(partner.address.country_code, code).toBe(code);
    expect((await v3(s.api, 'GET', `/partners/${partner.id}`, { status: 200, schema: 'Partner' })).body.address.country_code, code).toBe(code);
  }
});
