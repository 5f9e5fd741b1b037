// POST /invoices: the types, the three kinds of items, blocks, payment methods, currencies, round_to, the required
// fields (docs/design.md §8) and the statuses a new invoice starts in (docs/design.md §4).
import { expect, test } from '@playwright/test';
import {
  createBlock,
  createClient,
  createInvoice,
  createProduct,
  grossItem,
  invoiceBody,
  netItem,
  productLine,
  readInvoice,
  serverPerFile,
  uniquePrefix,
} from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();

function fields(res: ApiResponse): string[] {
  return ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);
}

function expectValidationError(res: ApiResponse, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body).toMatchObject({ success: false });
  expect(typeof res.body.error).toBe('string');
  expect(fields(res)).toContain(field);
}

test.describe('types', () => {
  for (const [type, label] of [
    [0, 'draft'],
    [1, 'proforma'],
    [3, 'normal invoice'],
  ] as const) {
    test(`type ${type} (${label}) is created`, async () => {
      const created = await createInvoice(s.api, { type });
      expect(created.id).toBeGreaterThan(0);
      const a = (await readInvoice(s.api, created.id)).attributes;
      expect(a.type).toBe(type);
    });
  }

  for (const type of [2, 4, -1, 99, '3x', 'normal', null, 1.5]) {
    test(`type ${JSON.stringify(type)} is refused with 400 on the field type`, async () => {
      const clientUid = await createClient(s.api);
      const res = await s.api.post('/invoices', invoiceBody(clientUid, { type }));
      expectValidationError(res, 'type');
    });
  }

  test('type given as the string "3" is accepted like the number', async () => {
    const created = await createInvoice(s.api, { type: '3' });
    expect(created.attributes.invoice_no).toMatch(/^2026-\d{6}$/);
  });
});

test.describe('items', () => {
  test('an item by net price: 3500 net at 27 % is 4445 gross', async () => {
    const created = await createInvoice(s.api, { items: [netItem(3500)] });
    expect(created.attributes.total).toBe(4445);
  });

  test('an item by gross price keeps the gross and derives the net unit price', async () => {
    const created = await createInvoice(s.api, { items: [grossItem(1000)] });
    expect(created.attributes.total).toBe(1000);
    const a = (await readInvoice(s.api, created.id)).attributes;
    expect(a.total).toBe('1000.000');
    // 1000 / 1.27 = 787.4015…: the unit price to 3 decimals; the line net rounded to whole forints.
    expect(a.items[0].net_unit_price).toBe('787.402');
    expect(a.items[0].net_amount).toBe('787.000');
    expect(a.items[0].vat_amount).toBe('213.000');
    expect(a.items[0].gross_amount).toBe('1000.000');
  });

  test('an item by gross price 4445 at 27 % has the net unit price 3500.000', async () => {
    const created = await createInvoice(s.api, { items: [grossItem(4445)] });
    const a = (await readInvoice(s.api, created.id)).attributes;
    expect(a.items[0].net_unit_price).toBe('3500.000');
    expect(a.total).toBe('4445.000');
  });

  test('an item by product_uid and qty takes name, unit, price and VAT from the product', async () => {
    const productUid = await createProduct(s.api, { name: 'Csavar M6', price: 2000, unit: 'doboz', vat_id: 2 });
    const created = await createInvoice(s.api, { items: [productLine(productUid, 3)] });
    // 3 × 2000 = 6000 net, 5 % VAT = 300
    expect(created.attributes.total).toBe(6300);
    const item = (await readInvoice(s.api, created.id)).attributes.items[0];
    expect(item).toMatchObject({ description: 'Csavar M6', unit: 'doboz', net_unit_price: '2000.000', qty: '3.000', vat_id: '2' });
  });

  test('net, gross and product items mix on one invoice', async () => {
    const productUid = await createProduct(s.api, { price: 100, vat_id: 1 });
    const created = await createInvoice(s.api, { items: [netItem(3500), grossItem(1270), productLine(productUid, '2.5')] });
    // 4445 + 1270 + (250 net + 68 VAT (67.5 rounds half away from zero) = 318)
    expect(created.attributes.total).toBe(4445 + 1270 + 318);
  });

  test('a product priced in EUR on a HUF invoice is a 422 that says so (docs/design.md §8)', async () => {
    const productUid = await createProduct(s.api, { price: 10, currency_code: 'EUR' });
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { items: [productLine(productUid, 1)] }));
    expect(res.status, res.text).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/EUR/);
  });

  test('an unknown product is refused on its item, never a 500', async () => {
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { items: [productLine(987654, 1)] }));
    expect([400, 422]).toContain(res.status);
    expect(fields(res)).toContain('items.0.product_uid');
  });

  test('a deleted product cannot be put on a new invoice', async () => {
    const productUid = await createProduct(s.api);
    await s.api.ok('DELETE', `/api/products/${productUid}`);
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { items: [productLine(productUid, 1)] }));
    expect([400, 422]).toContain(res.status);
    expect(fields(res)).toContain('items.0.product_uid');
  });

  const itemCases: Array<[string, Record<string, unknown>, string]> = [
    ['without description', { description: undefined }, 'items.0.description'],
    ['with an empty description', { description: '   ' }, 'items.0.description'],
    ['without vat_id', { vat_id: undefined }, 'items.0.vat_id'],
    ['with an unknown vat_id', { vat_id: 999 }, 'items.0.vat_id'],
    ['without qty', { qty: undefined }, 'items.0.qty'],
    ['with qty 0', { qty: 0 }, 'items.0.qty'],
    ['with a non-numeric qty', { qty: 'two' }, 'items.0.qty'],
    ['without a price', { net_unit_price: undefined }, 'items.0.net_unit_price'],
    ['with both a net and a gross price', { gross_unit_price: 100 }, 'items.0.net_unit_price'],
    ['with a price of more than 3 decimals', { net_unit_price: '1.23456' }, 'items.0.net_unit_price'],
    ['with an unknown entitlement', { entitlement: 'NOPE' }, 'items.0.entitlement'],
  ];
  for (const [label, over, field] of itemCases) {
    test(`an item ${label} is a 400 on ${field}`, async () => {
      const item = netItem(3500, over);
      for (const k of Object.keys(item) as Array<keyof typeof item>) if (item[k] === undefined) delete item[k];
      const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { items: [item] }));
      expectValidationError(res, field);
    });
  }

  test('an entitlement is kept on the item; an AAM line without one gets the code default', async () => {
    const created = await createInvoice(s.api, {
      items: [netItem(1000, { vat_id: 4, entitlement: 'TAM' }), netItem(1000, { vat_id: 7 })],
    });
    const items = (await readInvoice(s.api, created.id)).attributes.items;
    expect(items[0].entitlement).toBe('TAM');
    expect(items[1].entitlement).toBe('AAM');
  });
});

test.describe('required fields (docs/design.md §8)', () => {
  for (const field of ['client_uid', 'payment_method', 'currency', 'type', 'fulfillment_date', 'due_date', 'items']) {
    test(`a body without ${field} is a 400 naming it`, async () => {
      const body: Record<string, unknown> = invoiceBody(await createClient(s.api));
      delete body[field];
      const res = await s.api.post('/invoices', body);
      expectValidationError(res, field);
    });
  }

  test('an empty item list is a 400 on items', async () => {
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { items: [] }));
    expectValidationError(res, 'items');
  });

  test('a date that does not exist is a 400', async () => {
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { fulfillment_date: '2026-02-30' }));
    expectValidationError(res, 'fulfillment_date');
  });

  test('an unknown client is a 400 on client_uid', async () => {
    const res = await s.api.post('/invoices', invoiceBody(123456));
    expectValidationError(res, 'client_uid');
  });

  test('a deleted client cannot be invoiced', async () => {
    const clientUid = await createClient(s.api);
    await s.api.ok('DELETE', `/clients/${clientUid}`);
    const res = await s.api.post('/invoices', invoiceBody(clientUid));
    expectValidationError(res, 'client_uid');
  });

  test('the optional fields may be left out entirely', async () => {
    const clientUid = await createClient(s.api);
    const res = await s.api.post('/invoices', {
      client_uid: clientUid,
      payment_method: 2,
      currency: 'HUF',
      type: 3,
      fulfillment_date: '2026-03-10',
      due_date: '2026-03-20',
      items: [{ description: 'x', vat_id: 1, qty: 1, net_unit_price: 3500 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ block_uid: 0, comment: '', total: 4445 });
  });
});

test.describe('blocks', () => {
  test('block_uid 0 is the default block', async () => {
    const created = await createInvoice(s.api, { block_uid: 0 });
    expect(created.attributes.block_uid).toBe(0);
  });

  test('block_uid of an existing block is accepted', async () => {
    const blockUid = await createBlock(s.api, uniquePrefix('BLK'));
    const created = await createInvoice(s.api, { block_uid: blockUid });
    expect(created.attributes.block_uid).toBe(blockUid);
  });

  for (const blockUid of [424242, -1, 'x']) {
    test(`block_uid ${JSON.stringify(blockUid)} is a 400 on block_uid`, async () => {
      const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { block_uid: blockUid }));
      expectValidationError(res, 'block_uid');
    });
  }
});

test.describe('payment methods and the starting status (docs/design.md §4)', () => {
  for (const method of [1, 5, 9, 11, 12]) {
    test(`advance_paid method ${method} creates a paid invoice`, async () => {
      const created = await createInvoice(s.api, { payment_method: method });
      expect(created.attributes.status).toBe(1);
      const a = (await readInvoice(s.api, created.id)).attributes;
      expect(a.status).toBe(1);
      expect(a.total_paid).toBe('4445.000');
      expect(a.payment_method).toMatchObject({ id: method, advance_paid: '1' });
    });
  }

  for (const method of [2, 4, 6, 7, 8, 10]) {
    test(`method ${method} creates an unpaid invoice`, async () => {
      const created = await createInvoice(s.api, { payment_method: method });
      const a = (await readInvoice(s.api, created.id)).attributes;
      expect(a.status).toBe(2);
      expect(a.total_paid).toBe('0.000');
      expect(a.payment_method).toMatchObject({ id: method, advance_paid: '0' });
    });
  }

  for (const method of [3, 13, 0, 999]) {
    test(`payment method ${method} does not exist: 400 on payment_method`, async () => {
      const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { payment_method: method }));
      expectValidationError(res, 'payment_method');
    });
  }

  test('a proforma paid in cash is not created paid (only normal invoices are)', async () => {
    const created = await createInvoice(s.api, { type: 1, payment_method: 1 });
    expect((await readInvoice(s.api, created.id)).attributes.status).toBe(2);
  });
});

test.describe('currencies', () => {
  test('a foreign currency without exchange_rate is a 422 on a server with no rate provider', async () => {
    const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { currency: 'EUR', items: [netItem('10.00')] }));
    expect(res.status, res.text).toBe(422);
    expect(res.body.success).toBe(false);
    expect(fields(res)).toContain('exchange_rate');
  });

  test('a foreign currency with exchange_rate is kept with the rate and rounded to cents', async () => {
    const created = await createInvoice(s.api, { currency: 'EUR', exchange_rate: 398.55, items: [netItem('10.01')] });
    // 10.01 net, 27 % VAT = 2.7027 → 2.70, gross 12.71
    expect(created.attributes.total).toBe(12.71);
    expect(created.attributes.currency).toBe('EUR');
    const a = (await readInvoice(s.api, created.id)).attributes;
    expect(a.total).toBe('12.710');
    expect(a.exchange_rate).toBe('398.55');
  });

  test('a currency code in lower case is read as upper case', async () => {
    const created = await createInvoice(s.api, { currency: 'huf' });
    expect(created.attributes.currency).toBe('HUF');
  });

  for (const currency of ['EU', 'EURO', '123', '']) {
    test(`currency ${JSON.stringify(currency)} is a 400`, async () => {
      const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { currency }));
      expectValidationError(res, 'currency');
    });
  }
});

test.describe('round_to', () => {
  const cases: Array<[number, number, string]> = [
    [0, 12.71, '12.710'],
    [1, 13, '13.000'],
    [5, 15, '15.000'],
    [10, 10, '10.000'],
  ];
  for (const [roundTo, total, read] of cases) {
    test(`round_to ${roundTo} makes a 12.71 EUR gross total ${read}`, async () => {
      const created = await createInvoice(s.api, { currency: 'EUR', exchange_rate: 400, round_to: roundTo, items: [netItem('10.01')] });
      expect(created.attributes.total).toBe(total);
      const a = (await readInvoice(s.api, created.id)).attributes;
      expect(a.total).toBe(read);
      expect(a.gross_total).toBe('12.710');
    });
  }

  test('round_to rounds half away from zero: 12.50 to 1 is 13', async () => {
    // 10 net at 25 % (HR code) is 12.50 gross
    const hr = (await s.api.ok('GET', '/vat', { query: { d: 'HR' } })).data[0];
    const created = await createInvoice(s.api, { currency: 'EUR', exchange_rate: 400, round_to: 1, items: [netItem('10', { vat_id: hr.id })] });
    expect(created.attributes.total).toBe(13);
  });

  test('round_to 10 on 4445 HUF is 4450; 5 keeps 4445', async () => {
    expect((await createInvoice(s.api, { round_to: 10 })).attributes.total).toBe(4450);
    expect((await createInvoice(s.api, { round_to: 5 })).attributes.total).toBe(4445);
    expect((await createInvoice(s.api, { round_to: 1 })).attributes.total).toBe(4445);
  });

  for (const roundTo of [2, 3, 100, -1]) {
    test(`round_to ${roundTo} is a 400`, async () => {
      const res = await s.api.post('/invoices', invoiceBody(await createClient(s.api), { round_to: roundTo }));
      expectValidationError(res, 'round_to');
    });
  }
});
