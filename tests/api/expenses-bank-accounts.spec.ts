// Expenses (with their Hungarian categories) and bank accounts over HTTP.
import { expect, test } from '@playwright/test';
import { createClient, invoiceBody, serverPerFile } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

const expenseBody = (over: Record<string, unknown> = {}) => ({
  categories_id: 3,
  name: 'Irodabérlet március',
  invoice_no: 'SZ-2026/114',
  gross_price: 127000,
  vat: 1,
  currency: 'HUF',
  due_date: '2026-03-31',
  ...over,
});

test.describe('expense categories', () => {
  test('GET /expenses/categories/hu lists stable categories with numeric string ids', async () => {
    const res = await s.api.get('/expenses/categories/hu');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'expense_categories' });
    const data = res.body.data as Array<{ id: string; attributes: { id: string; lang_code: string; name: string } }>;
    expect(data.length).toBeGreaterThanOrEqual(10);
    for (const c of data) {
      expect(c.id).toMatch(/^\d+$/);
      expect(c.attributes).toEqual({ id: c.id, lang_code: 'hu', name: expect.any(String) });
      expect(c.attributes.name.length).toBeGreaterThan(0);
    }
    expect(new Set(data.map((c) => c.id)).size).toBe(data.length);
    const again = await s.api.ok('GET', '/expenses/categories/hu');
    expect(again.data).toEqual(data);
  });

  for (const lang of ['en', 'de', 'xx']) {
    test(`GET /expenses/categories/${lang} is a 400`, async () => {
      const res = await s.api.get(`/expenses/categories/${lang}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });
  }
});

test.describe('expenses', () => {
  test('POST /expenses answers the expense with its client embedded', async () => {
    const clientUid = await createClient(s.api, { name: 'Bérbeadó Kft.' });
    const res = await s.api.post('/expenses', expenseBody({ client_uid: clientUid }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'expenses' });
    const d = res.body.data;
    expect(d.id).toBe(d.attributes.uid);
    expect(d.attributes).toMatchObject({ name: 'Irodabérlet március', invoice_no: 'SZ-2026/114', client_uid: clientUid });
    expect(String(d.attributes.categories_id)).toBe('3');
    expect(String(d.attributes.vat)).toBe('1');
    expect(Number(d.attributes.gross_price)).toBe(127000);
    expect(d.attributes.client).toMatchObject({ name: 'Bérbeadó Kft.' });
  });

  test('an expense without a client is fine', async () => {
    const res = await s.api.post('/expenses', expenseBody());
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.client_uid).toBeNull();
  });

  test('a gross price with decimals is kept exactly', async () => {
    const res = await s.api.ok('POST', '/expenses', { body: expenseBody({ gross_price: '19.99', currency: 'EUR' }) });
    expect(Number(res.data.attributes.gross_price)).toBe(19.99);
    expect(String(res.data.attributes.gross_price)).toMatch(/^19\.99/);
  });

  test('GET /expenses lists newest first', async () => {
    const a = (await s.api.ok('POST', '/expenses', { body: expenseBody() })).data.id;
    const b = (await s.api.ok('POST', '/expenses', { body: expenseBody() })).data.id;
    const res = await s.api.get('/expenses');
    expect(res.body).toMatchObject({ success: true, type: 'expenses' });
    const ids = res.body.data.map((e: { id: number }) => e.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
  });

  test('PUT /expenses/{id} changes what it carries and answers the same shape', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: expenseBody() })).data.id;
    const res = await s.api.put(`/expenses/${id}`, { name: 'Irodabérlet április', gross_price: 130000 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'expenses' });
    expect(res.body.data.id).toBe(id);
    expect(res.body.data.attributes).toMatchObject({ uid: id, name: 'Irodabérlet április', invoice_no: 'SZ-2026/114' });
    expect(Number(res.body.data.attributes.gross_price)).toBe(130000);
  });

  test('PUT with the full create body works', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: expenseBody() })).data.id;
    const res = await s.api.put(`/expenses/${id}`, expenseBody({ categories_id: '5', name: 'Internet' }));
    expect(res.status, res.text).toBe(200);
    expect(String(res.body.data.attributes.categories_id)).toBe('5');
  });

  test('PUT on an unknown expense is a 404', async () => {
    expect((await s.api.put('/expenses/999999', { name: 'x' })).status).toBe(404);
  });

  for (const [label, over, field] of [
    ['an unknown category', { categories_id: 9999 }, 'categories_id'],
    ['an unknown client', { client_uid: 999999 }, 'client_uid'],
    ['no name', { name: '' }, 'name'],
    ['a non-numeric gross price', { gross_price: 'sok' }, 'gross_price'],
    ['an unknown VAT code', { vat: 4242 }, 'vat'],
    ['a bad due date', { due_date: '2026-31-03' }, 'due_date'],
    ['a bad currency', { currency: 'forint' }, 'currency'],
  ] as const) {
    test(`an expense with ${label} is a 400 on ${field}`, async () => {
      const res = await s.api.post('/expenses', expenseBody(over as Record<string, unknown>));
      expect(res.status, res.text).toBe(400);
      expect(fields(res)).toContain(field);
    });
  }
});

test.describe('bank accounts', () => {
  const account = (over: Record<string, unknown> = {}) => ({
    bank_name: 'OTP Bank',
    account_no: '11773016-11111018-00000000',
    account_no_iban: 'HU42 1177 3016 1111 1018 0000 0000',
    account_swift: 'OTPVHUHB',
    currency: 'HUF',
    ...over,
  });

  test('POST /bank_accounts answers the account with its uid', async () => {
    const res = await s.api.post('/bank_accounts', account());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'bank_accounts' });
    expect(res.body.data.id).toBe(res.body.data.attributes.uid);
    expect(res.body.data.attributes).toMatchObject(account());
  });

  test('GET /bank_accounts lists every account; GET /bank_accounts/{id} reads one', async () => {
    const id = (await s.api.ok('POST', '/bank_accounts', { body: account({ bank_name: 'K&H', currency: 'EUR' }) })).data.id;
    const list = await s.api.get('/bank_accounts');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, type: 'bank_accounts' });
    expect(list.body.data.map((a: { id: number }) => a.id)).toContain(id);
    const one = await s.api.get(`/bank_accounts/${id}`);
    expect(one.body).toMatchObject({ success: true, type: 'bank_accounts', data: { id, attributes: { uid: id, bank_name: 'K&H', currency: 'EUR' } } });
  });

  test('PUT /bank_accounts/{id} answers the updated account and keeps what it does not carry', async () => {
    const id = (await s.api.ok('POST', '/bank_accounts', { body: account() })).data.id;
    const res = await s.api.put(`/bank_accounts/${id}`, { bank_name: 'MBH Bank', currency: 'EUR' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ uid: id, bank_name: 'MBH Bank', currency: 'EUR', account_no: account().account_no });
    expect((await s.api.ok('GET', `/bank_accounts/${id}`)).data.attributes.bank_name).toBe('MBH Bank');
  });

  test('an unknown account is a 404 on GET and PUT', async () => {
    expect((await s.api.get('/bank_accounts/999999')).status).toBe(404);
    expect((await s.api.put('/bank_accounts/999999', { bank_name: 'x' })).status).toBe(404);
  });

  test('an account needs a bank name and an account number or IBAN', async () => {
    const noName = await s.api.post('/bank_accounts', account({ bank_name: '' }));
    expect(noName.status).toBe(400);
    expect(fields(noName)).toContain('bank_name');
    const noNumber = await s.api.post('/bank_accounts', account({ account_no: '', account_no_iban: '' }));
    expect(noNumber.status).toBe(400);
    expect(fields(noNumber)).toContain('account_no');
  });

  test('an invoice may name a bank account; an unknown one is a 400', async () => {
    const id = (await s.api.ok('POST', '/bank_accounts', { body: account() })).data.id;
    const clientUid = await createClient(s.api);
    const ok = await s.api.post('/invoices', invoiceBody(clientUid, { bank_account_uid: id }));
    expect(ok.status, ok.text).toBe(200);
    const bad = await s.api.post('/invoices', invoiceBody(clientUid, { bank_account_uid: 999999 }));
    expect(bad.status).toBe(400);
    expect(fields(bad)).toContain('bank_account_uid');
  });
});
