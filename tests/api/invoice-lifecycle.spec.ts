// The transitions of invoices over HTTP (docs/interface.md §3, docs/design.md §4 and §8): generate from a proforma, cancel, pay and
// unpay, share codes, and the drafts' edit, issue and delete.
import { expect, test } from '@playwright/test';
import {
  createBlock,
  createInvoice,
  netItem,
  readInvoice,
  serverPerFile,
  TODAY,
  uniquePrefix,
} from '../support/fixtures';

const s = serverPerFile();

const pay = (id: number, amount: unknown, extra: Record<string, unknown> = {}) =>
  s.api.post(`/invoices/${id}/pay`, { date: TODAY, amount, payment_method: 2, ...extra });

test.describe('generate', () => {
  test('a proforma generates a normal invoice once, answering {success, id}', async () => {
    const proforma = await createInvoice(s.api, { type: 1, comment: 'előleg' });
    const res = await s.api.get(`/invoices/${proforma.id}/generate`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'success']);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.id).toBe('number');
    expect(res.body.id).not.toBe(proforma.id);

    const inv = (await readInvoice(s.api, res.body.id)).attributes;
    const pro = (await readInvoice(s.api, proforma.id)).attributes;
    expect(inv.type).toBe(3);
    expect(inv.invoice_no).toMatch(/^2026-\d{6}$/);
    expect(inv.date).toBe(TODAY);
    expect(inv.total).toBe(pro.total);
    expect(inv.client_uid).toBe(pro.client_uid);
    expect(inv.items.map((i: { description: string; net_unit_price: string; qty: string }) => [i.description, i.net_unit_price, i.qty])).toEqual(
      pro.items.map((i: { description: string; net_unit_price: string; qty: string }) => [i.description, i.net_unit_price, i.qty]),
    );
    expect(inv.proforma_uid).toBe(proforma.id);
    expect(pro.generated_invoice_uid).toBe(res.body.id);
  });

  test('generating a second time is a 409', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    await s.api.ok('GET', `/invoices/${proforma.id}/generate`);
    const again = await s.api.get(`/invoices/${proforma.id}/generate`);
    expect(again.status, again.text).toBe(409);
    expect(again.body.success).toBe(false);
  });

  test('a normal invoice cannot generate: 422', async () => {
    const normal = await createInvoice(s.api, { type: 3 });
    const res = await s.api.get(`/invoices/${normal.id}/generate`);
    expect(res.status, res.text).toBe(422);
  });

  test('a draft cannot generate: 422', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.get(`/invoices/${draft.id}/generate`);
    expect(res.status, res.text).toBe(422);
  });

  test('an unknown id is a 404', async () => {
    const res = await s.api.get('/invoices/999999/generate');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false });
  });

  test('the generated invoice carries the payments of the proforma', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    await s.api.ok('POST', `/invoices/${proforma.id}/pay`, { body: { date: TODAY, amount: 1000, payment_method: 2 } });
    const { id } = await s.api.ok('GET', `/invoices/${proforma.id}/generate`);
    const inv = (await readInvoice(s.api, id)).attributes;
    expect(inv.total_paid).toBe('1000.000');
    expect(inv.status).toBe(2);
  });

  test('a fully paid proforma generates a paid invoice', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    await s.api.ok('POST', `/invoices/${proforma.id}/pay`, { body: { date: TODAY, amount: 4445, payment_method: 2 } });
    const { id } = await s.api.ok('GET', `/invoices/${proforma.id}/generate`);
    const inv = (await readInvoice(s.api, id)).attributes;
    expect(inv.status).toBe(1);
    expect(inv.total_paid).toBe('4445.000');
  });

  test('a voided proforma cannot generate', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    await s.api.ok('GET', `/invoices/${proforma.id}/cancel`);
    const res = await s.api.get(`/invoices/${proforma.id}/generate`);
    expect([409, 422]).toContain(res.status);
  });

  test('the generated invoice is numbered in the proforma block', async () => {
    const prefix = uniquePrefix('PF');
    const blockUid = await createBlock(s.api, prefix);
    const proforma = await createInvoice(s.api, { type: 1, block_uid: blockUid });
    expect(proforma.attributes.invoice_no).toBe('D-2026-000001');
    const { id } = await s.api.ok('GET', `/invoices/${proforma.id}/generate`);
    const inv = (await readInvoice(s.api, id)).attributes;
    expect(inv.block_uid).toBe(blockUid);
    expect(inv.prefixed_invoice_no).toBe(`${prefix} / 2026-000001`);
  });
});

test.describe('cancel', () => {
  test('cancelling sets the original to status 4 and creates the cancelling invoice', async () => {
    const original = await createInvoice(s.api);
    const cancel = (await s.api.ok('GET', `/invoices/${original.id}/cancel`)).data;
    const o = (await readInvoice(s.api, original.id)).attributes;
    const c = (await readInvoice(s.api, cancel.id)).attributes;
    expect(o.status).toBe(4);
    expect(o.cancelled_by_uid).toBe(cancel.id);
    expect(c).toMatchObject({
      status: 1,
      is_cancel_invoice: 1,
      connected_invoice_no: original.attributes.invoice_no,
      total: '-4445.000',
      total_paid: '-4445.000',
      date: TODAY,
      client_uid: original.attributes.client_uid,
      block_uid: 0,
      cancels_uid: original.id,
    });
    expect(c.invoice_no).toMatch(/^2026-\d{6}$/);
    expect(c.invoice_no).not.toBe(o.invoice_no);
    expect(c.items).toHaveLength(1);
    expect(c.items[0].gross_amount).toBe('-4445.000');
  });

  test('the cancelling invoice takes the next number of the block', async () => {
    const prefix = uniquePrefix('CX');
    const blockUid = await createBlock(s.api, prefix);
    const first = await createInvoice(s.api, { block_uid: blockUid });
    const second = await createInvoice(s.api, { block_uid: blockUid });
    expect([first.attributes.invoice_no, second.attributes.invoice_no]).toEqual(['2026-000001', '2026-000002']);
    const cancel = (await s.api.ok('GET', `/invoices/${first.id}/cancel`)).data;
    expect(cancel.attributes.invoice_no).toBe('2026-000003');
    expect(cancel.attributes.block_uid).toBe(blockUid);
    const c = (await readInvoice(s.api, cancel.id)).attributes;
    expect(c.prefixed_invoice_no).toBe(`${prefix} / 2026-000003`);
    expect(c.connected_invoice_no).toBe('2026-000001');
  });

  test('cancelling a cancelled invoice again is refused (409) and changes nothing', async () => {
    const original = await createInvoice(s.api);
    await s.api.ok('GET', `/invoices/${original.id}/cancel`);
    const before = (await s.api.ok('GET', '/invoices', { query: { max_per_page: 50 } })).data.length;
    const again = await s.api.get(`/invoices/${original.id}/cancel`);
    expect([409, 422]).toContain(again.status);
    expect(again.body.success).toBe(false);
    const after = (await s.api.ok('GET', '/invoices', { query: { max_per_page: 50 } })).data.length;
    expect(after).toBe(before);
  });

  test('a cancelling invoice cannot be cancelled', async () => {
    const original = await createInvoice(s.api);
    const cancel = (await s.api.ok('GET', `/invoices/${original.id}/cancel`)).data;
    const res = await s.api.get(`/invoices/${cancel.id}/cancel`);
    expect([409, 422]).toContain(res.status);
    expect((await readInvoice(s.api, cancel.id)).attributes.status).toBe(1);
  });

  test('cancelling a proforma voids it (status 4) without a cancelling invoice', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    const res = await s.api.get(`/invoices/${proforma.id}/cancel`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    const p = (await readInvoice(s.api, proforma.id)).attributes;
    expect(p.status).toBe(4);
    expect(p.cancelled_by_uid).toBeNull();
    const query = await s.api.ok('GET', '/invoices/query', { query: { type: 3, max_per_page: 50 } });
    expect(query.data.some((i: { attributes: { connected_invoice_no: string | null } }) => i.attributes.connected_invoice_no === p.invoice_no)).toBe(false);
  });

  test('a draft cannot be cancelled: 422', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.get(`/invoices/${draft.id}/cancel`);
    expect(res.status, res.text).toBe(422);
  });

  test('a paid invoice can be cancelled', async () => {
    const original = await createInvoice(s.api, { payment_method: 1 });
    const cancel = await s.api.get(`/invoices/${original.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.attributes.total).toBe(-4445);
    expect((await readInvoice(s.api, original.id)).attributes.status).toBe(4);
  });

  test('a rounded invoice is mirrored exactly: round_to 10 cancels with -4450', async () => {
    const original = await createInvoice(s.api, { round_to: 10 });
    expect(original.attributes.total).toBe(4450);
    const cancel = (await s.api.ok('GET', `/invoices/${original.id}/cancel`)).data;
    expect(cancel.attributes.total).toBe(-4450);
  });

  test('an unknown id is a 404', async () => {
    const res = await s.api.get('/invoices/999999/cancel');
    expect(res.status).toBe(404);
  });
});

test.describe('pay and unpay', () => {
  test('paying in full answers fully_paid true, outstanding 0 and marks the invoice paid', async () => {
    const inv = await createInvoice(s.api);
    const res = await pay(inv.id, 4445);
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({ fully_paid: true, outstanding: 0 });
    const a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.status).toBe(1);
    expect(a.total_paid).toBe('4445.000');
  });

  test('a partial then a full payment: status 2, then 1; outstanding is a number', async () => {
    const inv = await createInvoice(s.api);
    const first = await pay(inv.id, 1000);
    expect(first.body.data).toEqual({ fully_paid: false, outstanding: 3445 });
    expect(typeof first.body.data.outstanding).toBe('number');
    let a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.status).toBe(2);
    expect(a.total_paid).toBe('1000.000');
    const second = await pay(inv.id, '3445');
    expect(second.body.data).toEqual({ fully_paid: true, outstanding: 0 });
    a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.status).toBe(1);
    expect(a.total_paid).toBe('4445.000');
  });

  test('payments in cents on a EUR invoice', async () => {
    const inv = await createInvoice(s.api, { currency: 'EUR', exchange_rate: 400, items: [netItem('10.01')] });
    const first = await pay(inv.id, 5.5, { conversion_rate: 401.25 });
    expect(first.body.data).toEqual({ fully_paid: false, outstanding: 7.21 });
    const second = await pay(inv.id, '7.21');
    expect(second.body.data).toEqual({ fully_paid: true, outstanding: 0 });
  });

  test('over-payment is a 422 and records nothing', async () => {
    const inv = await createInvoice(s.api);
    const res = await pay(inv.id, 4446);
    expect(res.status, res.text).toBe(422);
    expect(res.body.success).toBe(false);
    await pay(inv.id, 4000);
    const over = await pay(inv.id, 446);
    expect(over.status).toBe(422);
    const a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.total_paid).toBe('4000.000');
    expect(a.status).toBe(2);
  });

  test('paying a fully paid invoice is a 422', async () => {
    const inv = await createInvoice(s.api, { payment_method: 1 });
    const res = await pay(inv.id, 1);
    expect(res.status).toBe(422);
  });

  test('paying a draft is a 422', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await pay(draft.id, 100);
    expect(res.status, res.text).toBe(422);
  });

  test('paying a cancelled or a cancelling invoice is a 422', async () => {
    const inv = await createInvoice(s.api);
    const cancel = (await s.api.ok('GET', `/invoices/${inv.id}/cancel`)).data;
    expect((await pay(inv.id, 100)).status).toBe(422);
    expect((await pay(cancel.id, 100)).status).toBe(422);
  });

  for (const amount of [0, -5, '-0.001', '0.000', 'abc', null, '1.0001']) {
    test(`amount ${JSON.stringify(amount)} is a 400 on amount`, async () => {
      const inv = await createInvoice(s.api);
      const res = await pay(inv.id, amount);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('amount');
    });
  }

  test('a payment without date or amount is a 400 naming them', async () => {
    const inv = await createInvoice(s.api);
    const res = await s.api.post(`/invoices/${inv.id}/pay`, {});
    expect(res.status).toBe(400);
    const f = res.body.errors.map((e: { field: string }) => e.field);
    expect(f).toEqual(expect.arrayContaining(['date', 'amount']));
  });

  test('a payment with an unknown payment method is a 400', async () => {
    const inv = await createInvoice(s.api);
    const res = await pay(inv.id, 100, { payment_method: 3 });
    expect(res.status).toBe(400);
    expect((await readInvoice(s.api, inv.id)).attributes.total_paid).toBe('0.000');
  });

  test('paying an unknown invoice is a 404', async () => {
    const res = await pay(999999, 100);
    expect(res.status).toBe(404);
  });

  test('a proforma may be paid (an advance)', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    const res = await pay(proforma.id, 4445);
    expect(res.body.data).toEqual({ fully_paid: true, outstanding: 0 });
    expect((await readInvoice(s.api, proforma.id)).attributes.status).toBe(1);
  });

  test('DELETE …/pay removes the payments: status 2, outstanding the total', async () => {
    const inv = await createInvoice(s.api);
    await pay(inv.id, 1000);
    await pay(inv.id, 3445);
    const res = await s.api.delete(`/invoices/${inv.id}/pay`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({ fully_paid: false, outstanding: 4445 });
    const a = (await readInvoice(s.api, inv.id)).attributes;
    expect(a.status).toBe(2);
    expect(a.total_paid).toBe('0.000');
    expect(a.payments).toEqual([]);
  });

  test('DELETE …/pay with no payment answers the invoice as it stands', async () => {
    const inv = await createInvoice(s.api);
    const res = await s.api.delete(`/invoices/${inv.id}/pay`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ fully_paid: false, outstanding: 4445 });
  });

  test('DELETE …/pay undoes the payment recorded by an advance_paid method', async () => {
    const inv = await createInvoice(s.api, { payment_method: 5 });
    const res = await s.api.delete(`/invoices/${inv.id}/pay`);
    expect(res.body.data).toEqual({ fully_paid: false, outstanding: 4445 });
    expect((await readInvoice(s.api, inv.id)).attributes.status).toBe(2);
  });

  test('DELETE …/pay on a draft or a cancelled invoice is a 422', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    expect((await s.api.delete(`/invoices/${draft.id}/pay`)).status).toBe(422);
    const inv = await createInvoice(s.api, { payment_method: 1 });
    await s.api.ok('GET', `/invoices/${inv.id}/cancel`);
    expect((await s.api.delete(`/invoices/${inv.id}/pay`)).status).toBe(422);
    expect((await readInvoice(s.api, inv.id)).attributes.total_paid).toBe('4445.000');
  });
});

test.describe('share code', () => {
  test('the code is stable, URL-safe and at least 128 bits', async () => {
    const inv = await createInvoice(s.api);
    const first = await s.api.get(`/invoices/${inv.id}/code`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.success).toBe(true);
    const code = first.body.data.code as string;
    expect(typeof code).toBe('string');
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(code.length).toBeGreaterThanOrEqual(22);
    const second = await s.api.ok('GET', `/invoices/${inv.id}/code`);
    expect(second.data.code).toBe(code);
  });

  test('two invoices have different codes', async () => {
    const a = await createInvoice(s.api);
    const b = await createInvoice(s.api);
    const ca = (await s.api.ok('GET', `/invoices/${a.id}/code`)).data.code;
    const cb = (await s.api.ok('GET', `/invoices/${b.id}/code`)).data.code;
    expect(ca).not.toBe(cb);
  });

  test('the access link of a code answers without a key', async () => {
    const inv = await createInvoice(s.api);
    const code = (await s.api.ok('GET', `/invoices/${inv.id}/code`)).data.code;
    const res = await fetch(`${s.server.url}/access/c:${code}`);
    expect(res.status).not.toBe(401);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('an unknown access code is a 404 without a key', async () => {
    const res = await fetch(`${s.server.url}/access/c:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(res.status).toBe(404);
  });

  test('the code of an unknown invoice is a 404', async () => {
    expect((await s.api.get('/invoices/999999/code')).status).toBe(404);
  });
});

test.describe('drafts', () => {
  test('PUT /invoices/{id} changes a draft and keeps the fields it does not carry', async () => {
    const draft = await createInvoice(s.api, { type: 0, comment: 'régi', due_date: '2026-04-01' });
    const res = await s.api.put(`/invoices/${draft.id}`, { comment: 'új', items: [netItem(1000), netItem(2000)] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'invoices' });
    expect(res.body.data.id).toBe(draft.id);
    const a = (await readInvoice(s.api, draft.id)).attributes;
    expect(a.comment).toBe('új');
    expect(a.due_date).toBe('2026-04-01');
    expect(a.items).toHaveLength(2);
    expect(a.total).toBe('3810.000');
    expect(a.type).toBe(0);
    expect(a.invoice_no).toBeNull();
  });

  test('PUT with invalid content is a 400 and leaves the draft as it was', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.put(`/invoices/${draft.id}`, { items: [] });
    expect(res.status).toBe(400);
    expect((await readInvoice(s.api, draft.id)).attributes.items).toHaveLength(1);
  });

  test('POST /invoices/{id}/issue issues a draft: it takes a number, today as its date, and is unpaid', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.post(`/invoices/${draft.id}/issue`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    const a = (await readInvoice(s.api, draft.id)).attributes;
    expect(a.type).toBe(3);
    expect(a.invoice_no).toMatch(/^2026-\d{6}$/);
    expect(a.date).toBe(TODAY);
    expect(a.status).toBe(2);
    expect(a.total).toBe('4445.000');
  });

  test('issuing a cash draft records its payment', async () => {
    const draft = await createInvoice(s.api, { type: 0, payment_method: 1 });
    await s.api.ok('POST', `/invoices/${draft.id}/issue`);
    const a = (await readInvoice(s.api, draft.id)).attributes;
    expect(a.status).toBe(1);
    expect(a.total_paid).toBe('4445.000');
  });

  test('DELETE /invoices/{id} deletes a draft and answers {success: true} only', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.delete(`/invoices/${draft.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await s.api.get(`/invoices/${draft.id}`)).status).toBe(404);
  });

  for (const [label, over] of [
    ['a normal invoice', { type: 3 }],
    ['a proforma', { type: 1 }],
  ] as const) {
    test(`PUT, issue and DELETE on ${label} are 422 and change nothing`, async () => {
      const inv = await createInvoice(s.api, over);
      const before = await readInvoice(s.api, inv.id);
      const put = await s.api.put(`/invoices/${inv.id}`, { comment: 'változás' });
      expect(put.status, put.text).toBe(422);
      const issue = await s.api.post(`/invoices/${inv.id}/issue`);
      expect(issue.status, issue.text).toBe(422);
      const del = await s.api.delete(`/invoices/${inv.id}`);
      expect(del.status, del.text).toBe(422);
      expect(await readInvoice(s.api, inv.id)).toEqual(before);
    });
  }

  test('PUT, issue and DELETE on a cancelling invoice are 422', async () => {
    const inv = await createInvoice(s.api);
    const cancel = (await s.api.ok('GET', `/invoices/${inv.id}/cancel`)).data;
    expect((await s.api.put(`/invoices/${cancel.id}`, { comment: 'x' })).status).toBe(422);
    expect((await s.api.post(`/invoices/${cancel.id}/issue`)).status).toBe(422);
    expect((await s.api.delete(`/invoices/${cancel.id}`)).status).toBe(422);
  });

  test('PUT, issue and DELETE on an unknown invoice are 404', async () => {
    expect((await s.api.put('/invoices/999999', { comment: 'x' })).status).toBe(404);
    expect((await s.api.post('/invoices/999999/issue')).status).toBe(404);
    expect((await s.api.delete('/invoices/999999')).status).toBe(404);
  });

  test('a draft cannot be turned into a normal invoice by PUT (type 3 is a 400)', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    const res = await s.api.put(`/invoices/${draft.id}`, { type: 3 });
    expect(res.status).toBe(400);
    expect((await readInvoice(s.api, draft.id)).attributes.type).toBe(0);
  });

  test('a draft cannot be shared', async () => {
    const draft = await createInvoice(s.api, { type: 0 });
    expect((await s.api.get(`/invoices/${draft.id}/code`)).status).toBe(422);
  });
});
