// Every transition of an invoice in the core (createCore on a file, a fixed business clock): draft → issue,
// proforma → generate, normal → cancel, proforma → void, and the payment states (docs/interface.md §3, docs/design.md §4, §8).
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { coreClient, coreInvoice, netItem, openTestCore, TODAY, type TestCore } from '../support/fixtures';

let tc: TestCore;
test.beforeAll(async () => {
  tc = await openTestCore();
});
test.afterAll(async () => {
  await tc?.close();
});

const read = (id: number) => tc.core.call('invoices.get', { id }).then((r) => r.attributes);

async function refused(p: Promise<unknown>, code: FolioError['code']) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a FolioError ${code}`).toBeInstanceOf(FolioError);
  expect((err as FolioError).code).toBe(code);
  return err as FolioError;
}

test.describe('draft', () => {
  test('a draft has no number, status 2, and is not sealed', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    const a = await read(d.id);
    expect(a).toMatchObject({ type: 0, status: 2, invoice_no: null, prefixed_invoice_no: null });
    const row = await tc.opened.db.selectFrom('invoices').select(['sealed', 'number_seq']).where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sealed: 0, number_seq: null });
  });

  test('draft → update → issue: the issued invoice carries the edits, a number and today', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    await tc.core.call('invoices.update', { id: d.id, comment: 'javított', items: [netItem(1000, { qty: 3 })] });
    const issued = await tc.core.call('invoices.issue', { id: d.id });
    expect(issued.attributes).toMatchObject({ type: 3, status: 2, comment: 'javított', total: '3810.000', date: TODAY });
    expect(issued.attributes.invoice_no).toMatch(/^2026-\d{6}$/);
    const row = await tc.opened.db.selectFrom('invoices').select('sealed').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row.sealed).toBe(1);
  });

  test('a draft may be issued as a proforma', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    const issued = await tc.core.call('invoices.issue', { id: d.id, type: 1 });
    expect(issued.attributes.type).toBe(1);
    expect(issued.attributes.invoice_no).toMatch(/^D-2026-\d{6}$/);
  });

  test('an issued invoice is no longer a draft: update, issue and delete are rule violations', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    await tc.core.call('invoices.issue', { id: d.id });
    await refused(tc.core.call('invoices.update', { id: d.id, comment: 'x' }), 'rule_violation');
    await refused(tc.core.call('invoices.issue', { id: d.id }), 'rule_violation');
    await refused(tc.core.call('invoices.delete', { id: d.id }), 'rule_violation');
  });

  test('a deleted draft is gone', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    await tc.core.call('invoices.delete', { id: d.id });
    await refused(tc.core.call('invoices.get', { id: d.id }), 'not_found');
  });

  test('a draft cannot be paid, cancelled, generated from or shared', async () => {
    const d = await coreInvoice(tc.core, { type: 0 });
    await refused(tc.core.call('invoices.pay', { id: d.id, date: TODAY, amount: 1 }), 'rule_violation');
    await refused(tc.core.call('invoices.cancel', { id: d.id }), 'rule_violation');
    await refused(tc.core.call('invoices.generate', { id: d.id }), 'rule_violation');
    await refused(tc.core.call('invoices.code', { id: d.id }), 'rule_violation');
  });
});

test.describe('proforma', () => {
  test('proforma → generate: a new normal invoice, linked both ways, once', async () => {
    const p = await coreInvoice(tc.core, { type: 1 });
    const { id } = await tc.core.call('invoices.generate', { id: p.id });
    const inv = await read(id);
    const pro = await read(p.id);
    expect(inv).toMatchObject({ type: 3, status: 2, proforma_uid: p.id, total: pro.total, date: TODAY });
    expect(pro.generated_invoice_uid).toBe(id);
    await refused(tc.core.call('invoices.generate', { id: p.id }), 'conflict');
  });

  test('a proforma with an advance_paid method generates a paid invoice', async () => {
    const p = await coreInvoice(tc.core, { type: 1, payment_method: 5 });
    expect((await read(p.id)).status).toBe(2);
    const { id } = await tc.core.call('invoices.generate', { id: p.id });
    expect(await read(id)).toMatchObject({ status: 1, total_paid: '4445.000' });
  });

  test('proforma → cancel voids it (status 4): no cancelling invoice, no generate after', async () => {
    const p = await coreInvoice(tc.core, { type: 1 });
    const count = async () => (await tc.opened.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    await tc.core.call('invoices.cancel', { id: p.id });
    expect(await count()).toBe(before);
    expect((await read(p.id)).status).toBe(4);
    await refused(tc.core.call('invoices.generate', { id: p.id }), 'rule_violation');
    await refused(tc.core.call('invoices.cancel', { id: p.id }), 'conflict');
  });

  test('a proforma whose invoice was generated cannot be voided', async () => {
    const p = await coreInvoice(tc.core, { type: 1 });
    await tc.core.call('invoices.generate', { id: p.id });
    await refused(tc.core.call('invoices.cancel', { id: p.id }), 'rule_violation');
  });

  test('only a proforma generates', async () => {
    const n = await coreInvoice(tc.core, { type: 3 });
    await refused(tc.core.call('invoices.generate', { id: n.id }), 'rule_violation');
  });
});

test.describe('normal → cancel', () => {
  test('the original turns status 4; the cancelling invoice mirrors it in one step', async () => {
    const n = await coreInvoice(tc.core, { items: [netItem(3500), netItem('1000.5', { vat_id: 2, qty: 3 })] });
    const c = await tc.core.call('invoices.cancel', { id: n.id });
    const o = await read(n.id);
    const ca = await read(c.id);
    expect(o.status).toBe(4);
    expect(o.cancelled_by_uid).toBe(c.id);
    expect(ca).toMatchObject({ status: 1, is_cancel_invoice: 1, connected_invoice_no: o.invoice_no, cancels_uid: n.id, block_uid: o.block_uid });
    expect(ca.total).toBe(`-${o.total}`);
    expect(ca.total_paid).toBe(ca.total);
    expect(ca.net_total).toBe(`-${o.net_total}`);
    expect(ca.vat_total).toBe(`-${o.vat_total}`);
    expect(ca.items.map((i) => i.gross_amount)).toEqual(o.items.map((i) => `-${i.gross_amount}`));
    expect(ca.items.map((i) => i.qty)).toEqual(o.items.map((i) => `-${i.qty}`));
    expect(c.attributes.total).toBe(-Number(o.total));
  });

  test('cancelled and cancelling invoices cannot be cancelled or paid', async () => {
    const n = await coreInvoice(tc.core);
    const c = await tc.core.call('invoices.cancel', { id: n.id });
    await refused(tc.core.call('invoices.cancel', { id: n.id }), 'conflict');
    await refused(tc.core.call('invoices.cancel', { id: c.id }), 'rule_violation');
    await refused(tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: 1 }), 'rule_violation');
    await refused(tc.core.call('invoices.pay', { id: c.id, date: TODAY, amount: 1 }), 'rule_violation');
    await refused(tc.core.call('invoices.unpay', { id: n.id }), 'rule_violation');
  });

  test('cancelling a paid invoice keeps its payments on record', async () => {
    const n = await coreInvoice(tc.core, { payment_method: 1 });
    await tc.core.call('invoices.cancel', { id: n.id });
    const o = await read(n.id);
    expect(o.status).toBe(4);
    expect(o.total_paid).toBe('4445.000');
    expect(o.payments).toHaveLength(1);
  });

  test('an invoice generated from a proforma can be cancelled', async () => {
    const p = await coreInvoice(tc.core, { type: 1 });
    const { id } = await tc.core.call('invoices.generate', { id: p.id });
    const c = await tc.core.call('invoices.cancel', { id });
    expect((await read(c.id)).connected_invoice_no).toBe((await read(id)).invoice_no);
  });
});

test.describe('payments', () => {
  test('unpaid → partly paid (2) → paid (1) → unpaid again (2)', async () => {
    const n = await coreInvoice(tc.core);
    expect(await tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: '0.5' })).toEqual({ fully_paid: false, outstanding: 4444.5 });
    expect((await read(n.id)).status).toBe(2);
    expect(await tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: 4444.5 })).toEqual({ fully_paid: true, outstanding: 0 });
    const paid = await read(n.id);
    expect(paid).toMatchObject({ status: 1, total_paid: '4445.000', outstanding: '0.000' });
    expect(paid.payments.map((p) => p.amount)).toEqual(['0.500', '4444.500']);
    expect(await tc.core.call('invoices.unpay', { id: n.id })).toEqual({ fully_paid: false, outstanding: 4445 });
    expect(await read(n.id)).toMatchObject({ status: 2, total_paid: '0.000', payments: [] });
  });

  test('a payment may not exceed what is outstanding', async () => {
    const n = await coreInvoice(tc.core);
    await tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: 4000 });
    const err = await refused(tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: '445.001' }), 'rule_violation');
    expect(err.status).toBe(422);
    expect((await read(n.id)).total_paid).toBe('4000.000');
  });

  test('an amount of 0 or less is a validation error', async () => {
    const n = await coreInvoice(tc.core);
    const err = await refused(tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: 0 }), 'validation_failed');
    expect(err.errors?.map((e) => e.field)).toContain('amount');
    await refused(tc.core.call('invoices.pay', { id: n.id, date: TODAY, amount: -1 }), 'validation_failed');
  });

  test('a payment keeps its method, date and the conversion rate (default the invoice rate)', async () => {
    const n = await coreInvoice(tc.core, { currency: 'EUR', exchange_rate: '395.5', items: [netItem('100')] });
    await tc.core.call('invoices.pay', { id: n.id, date: '2026-03-20', amount: 27, payment_method: 5 });
    await tc.core.call('invoices.pay', { id: n.id, date: '2026-03-21', amount: 100, conversion_rate: '401.12' });
    const a = await read(n.id);
    expect(a.status).toBe(1);
    expect(a.payments).toEqual([
      expect.objectContaining({ date: '2026-03-20', amount: '27.000', payment_method: 5, conversion_rate: '395.5' }),
      expect.objectContaining({ date: '2026-03-21', amount: '100.000', payment_method: 2, conversion_rate: '401.12' }),
    ]);
  });

  test('every advance_paid method makes a normal invoice paid at issue, with one payment', async () => {
    const clientUid = await coreClient(tc.core);
    for (const method of [1, 5, 9, 11, 12]) {
      const n = await coreInvoice(tc.core, { client_uid: clientUid, payment_method: method });
      const a = await read(n.id);
      expect(a.status).toBe(1);
      expect(a.payments).toHaveLength(1);
      expect(a.payments[0]).toMatchObject({ amount: '4445.000', payment_method: method, date: TODAY });
    }
  });
});

test('an unknown invoice is not_found for every transition', async () => {
  for (const op of ['invoices.get', 'invoices.issue', 'invoices.delete', 'invoices.generate', 'invoices.cancel', 'invoices.unpay', 'invoices.code'] as const) {
    await refused(tc.core.call(op, { id: 987654 }), 'not_found');
  }
  await refused(tc.core.call('invoices.pay', { id: 987654, date: TODAY, amount: 1 }), 'not_found');
});
