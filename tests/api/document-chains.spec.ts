// The Hungarian document set over HTTP (docs/documents.md): modifying invoices and their chain (index, current state,
// payment status, cancel after modifications), modifying an invoice the previous program issued, advance and final
// invoices, and the chain mistakes NAV refuses — each refused with its field, nothing written.
import { expect, test } from '@playwright/test';
import { createClient, createInvoice, netItem, readInvoice, serverPerFile, tableDigest, TODAY } from '../support/fixtures';

const s = serverPerFile();

const modify = (id: number, body: Record<string, unknown>) => s.api.post(`/invoices/${id}/modify`, body);

async function original100k() {
  return createInvoice(s.api, { items: [netItem(100_000, { vat_id: 1, description: 'Fejlesztés', qty: 1 })], payment_method: 2 });
}

test.describe('modifying invoices', () => {
  test('original 100,000 net, modification −20,000 net, payment of what is left → paid', async () => {
    const original = await original100k();
    const res = await modify(original.id, { reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000, unit: 'db' }] });
    expect(res.status, res.text).toBe(200);
    const mod = (await readInvoice(s.api, res.body.data.id)).attributes;
    expect(mod.document_kind).toBe('modifying');
    expect(mod.modification_index).toBe(1);
    expect(mod.modification_reason).toBe('Árengedmény');
    expect(mod.original).toEqual({ uid: original.id, invoice_no: original.attributes.prefixed_invoice_no, date: original.attributes.date });
    expect(mod.total).toBe('-25400.000');
    expect(mod.items[0].modifies_line).toBe(1);
    expect(mod.invoice_no).not.toBe(original.attributes.invoice_no);

    let after = (await readInvoice(s.api, original.id)).attributes;
    expect(after.total).toBe('127000.000'); // the sealed document does not change
    expect(after.current_total).toBe('101600.000');
    expect(after.outstanding).toBe('101600.000');
    expect(after.modifications.map((m: { uid: number; modification_index: number }) => [m.uid, m.modification_index])).toEqual([[mod.uid, 1]]);

    const paid = await s.api.post(`/invoices/${original.id}/pay`, { date: TODAY, amount: '101600', payment_method: 2 });
    expect(paid.status, paid.text).toBe(200);
    after = (await readInvoice(s.api, original.id)).attributes;
    expect(after.status).toBe(1);
    expect(after.outstanding).toBe('0.000');

    const payMod = await s.api.post(`/invoices/${mod.uid}/pay`, { date: TODAY, amount: '1', payment_method: 2 });
    expect(payMod.status).toBe(422);
  });

  test('a modification below what is already paid shows the overpayment to refund', async () => {
    const original = await original100k();
    await s.api.ok('POST', `/invoices/${original.id}/pay`, { body: { date: TODAY, amount: '127000', payment_method: 2 } });
    await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Hibás mennyiség', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 10_000 }] } });
    const after = (await readInvoice(s.api, original.id)).attributes;
    expect(after.status).toBe(1);
    expect(after.current_total).toBe('114300.000');
    expect(after.overpayment).toBe('12700.000');
    expect(after.outstanding).toBe('0.000');
  });

  test('modifications take indexes 1, 2, 3; cancelling reverses the current state as the next index', async () => {
    const original = await original100k();
    const first = await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Ár', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: 1, net_unit_price: 10_000 }] } });
    const second = await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Új tétel', items: [{ description: 'Tesztelés', vat_id: 1, qty: 2, net_unit_price: 5_000, unit: 'óra' }] } });
    expect((await readInvoice(s.api, first.data.id)).attributes.modification_index).toBe(1);
    expect((await readInvoice(s.api, second.data.id)).attributes.modification_index).toBe(2);

    // the new line of the second modification is line 2 of the chain: a third modification may change it
    const third = await modify(original.id, { reason: 'Kevesebb óra', items: [{ modifies_line: 2, description: 'Tesztelés', vat_id: 1, qty: -1, net_unit_price: 5_000, unit: 'óra' }] });
    expect(third.status, third.text).toBe(200);

    const cancel = await s.api.get(`/invoices/${original.id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    const storno = (await readInvoice(s.api, cancel.body.data.id)).attributes;
    expect(storno.document_kind).toBe('cancelling');
    expect(storno.modification_index).toBe(4);
    // 100,000 + 10,000 + 10,000 − 5,000 net, reversed
    expect(storno.net_total).toBe('-115000.000');
    expect(storno.items).toHaveLength(4);
    const after = (await readInvoice(s.api, original.id)).attributes;
    expect(after.status).toBe(4);

    const modAfterCancel = await modify(original.id, { reason: 'Késő', items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }] });
    expect(modAfterCancel.status).toBe(422);
    expect(modAfterCancel.body.errors.map((e: { field: string }) => e.field)).toEqual(['id']);
  });

  test('chain mistakes are refused with their field and write nothing', async () => {
    const original = await original100k();
    const mod = await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Ár', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: 1, net_unit_price: 1_000 }] } });
    const before = await tableDigest(s.server);

    const noLine = await modify(original.id, { reason: 'Rossz sor', items: [{ modifies_line: 7, description: 'Fejlesztés', vat_id: 1, qty: 1, net_unit_price: 1 }] });
    expect(noLine.status).toBe(422);
    expect(noLine.body.errors[0].field).toBe('items.0.modifies_line');

    const ofMod = await modify(mod.data.id, { reason: 'Lánc', items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }] });
    expect(ofMod.status).toBe(422);
    expect(ofMod.body.errors[0].field).toBe('id');

    const cancelMod = await s.api.get(`/invoices/${mod.data.id}/cancel`);
    expect(cancelMod.status).toBe(422);

    const negative = await modify(original.id, { reason: 'Túl sok', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 500_000 }] });
    expect(negative.status).toBe(422);
    expect(negative.body.errors[0].reason).toBe('negative_total');

    expect(await tableDigest(s.server)).toBe(before);
    const noReason = await modify(original.id, { reason: ' ', items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }] });
    expect(noReason.status).toBe(400);

    const draft = await createInvoice(s.api, { type: 0 });
    const ofDraft = await modify(draft.id, { reason: 'Tervezet', items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }] });
    expect(ofDraft.status).toBe(422);
  });
});

test.describe('modifying an invoice of the previous program', () => {
  test('the first takes index 1 (or after the index given), the second continues', async () => {
    const client = await createClient(s.api);
    const original = { invoice_no: 'RÉGI-2025-0042', date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: client, items: [netItem(50_000)] };
    const first = await s.api.post('/invoices/modify-external', { original, reason: 'Árkorrekció', items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 5_000 }] });
    expect(first.status, first.text).toBe(200);
    const a = (await readInvoice(s.api, first.body.data.id)).attributes;
    expect(a.document_kind).toBe('modifying');
    expect(a.original).toEqual({ uid: null, invoice_no: 'RÉGI-2025-0042', date: '2025-11-03' });
    expect(a.modification_index).toBe(1);
    expect(a.total).toBe('6350.000');
    expect(a.status).toBe(2); // the difference is owed on the modifying invoice itself

    const second = await s.api.ok('POST', '/invoices/modify-external', { body: { original, reason: 'Új tétel', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 2_000 }] } });
    expect((await readInvoice(s.api, second.data.id)).attributes.modification_index).toBe(2);

    const other = await s.api.ok('POST', '/invoices/modify-external', {
      body: { original: { ...original, invoice_no: 'RÉGI-2025-0043', last_modification_index: 2 }, reason: 'Ár', items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: -1, net_unit_price: 1_000 }] },
    });
    expect((await readInvoice(s.api, other.data.id)).attributes.modification_index).toBe(3);

    // lines the previous program's own modifications added can be named once their count is given
    const line4 = { original: { ...original, invoice_no: 'RÉGI-2025-0044' }, reason: 'Sor', items: [{ modifies_line: 4, description: 'Kiszállás', vat_id: 1, qty: -1, net_unit_price: 100 }] };
    expect((await s.api.post('/invoices/modify-external', line4)).status).toBe(422);
    const known = await s.api.post('/invoices/modify-external', { ...line4, original: { ...line4.original, last_line_number: 4 } });
    expect(known.status, known.text).toBe(200);
  });

  test('a Folio invoice is modified from its own page, not as an external one', async () => {
    const own = await createInvoice(s.api);
    const res = await s.api.post('/invoices/modify-external', {
      original: { invoice_no: own.attributes.prefixed_invoice_no, date: own.attributes.date, fulfillment_date: own.attributes.fulfillment_date, client_uid: own.attributes.client_uid, items: [netItem()] },
      reason: 'x',
      items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('original.invoice_no');
  });
});

test.describe('advance and final invoices', () => {
  test('the final invoice deducts the advance per VAT rate; the payable amount is what is left', async () => {
    const client = await createClient(s.api);
    const advance = await createInvoice(s.api, { client_uid: client, advance: 1, items: [netItem(300_000, { description: 'Előleg a weboldalra', unit: '' })] });
    const adv = (await readInvoice(s.api, advance.id)).attributes;
    expect(adv.document_kind).toBe('advance');
    expect(adv.is_advance).toBe(1);

    const final = await createInvoice(s.api, {
      client_uid: client,
      deduct_unpaid_advances: true,
      advance_invoice_uids: [advance.id],
      items: [netItem(1_000_000, { description: 'Weboldal', unit: 'db' }), netItem(100_000, { description: 'Könyv', vat_id: 3, unit: 'db' })],
    });
    const fin = (await readInvoice(s.api, final.id)).attributes;
    expect(fin.document_kind).toBe('final');
    expect(fin.items).toHaveLength(3);
    const deduction = fin.items[2];
    expect(deduction.advance_invoice_uid).toBe(advance.id);
    expect(deduction.net_amount).toBe('-300000.000');
    expect(deduction.vat_amount).toBe('-81000.000');
    expect(deduction.qty).toBe('-1.000');
    // 1,270,000 + 118,000 (18 %) − 381,000
    expect(fin.total).toBe('1007000.000');
    expect(fin.vat_summary.find((r: { vat_id: string }) => r.vat_id === '1').vat).toBe('189000.000');
    expect(fin.advance_deductions).toEqual([
      expect.objectContaining({ advance_uid: advance.id, prefixed_invoice_no: adv.prefixed_invoice_no, net: '300000.000', vat: '81000.000', gross: '381000.000' }),
    ]);
    expect((await readInvoice(s.api, advance.id)).attributes.deducted_by_uid).toBe(final.id);

    const twice = await s.api.post('/invoices', { ...finalBody(client, [advance.id]) });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].field).toBe('advance_invoice_uids.0');

    // cancelling the final invoice gives the advance back; a cancelled advance cannot be deducted
    await s.api.ok('GET', `/invoices/${final.id}/cancel`);
    expect((await readInvoice(s.api, advance.id)).attributes.deducted_by_uid).toBeNull();
    await s.api.ok('GET', `/invoices/${advance.id}/cancel`);
    const cancelled = await s.api.post('/invoices', finalBody(client, [advance.id]));
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.errors[0].message).toContain('cancelled');
  });

  test('an advance of another client, or a normal invoice, is not deducted', async () => {
    const client = await createClient(s.api);
    const other = await createClient(s.api);
    const advance = await createInvoice(s.api, { client_uid: other, advance: 1 });
    const normal = await createInvoice(s.api, { client_uid: client });
    const res = await s.api.post('/invoices', finalBody(client, [advance.id, normal.id]));
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['advance_invoice_uids.0', 'advance_invoice_uids.1']);
  });

  test('a proforma paid in advance becomes an advance invoice', async () => {
    const proforma = await createInvoice(s.api, { type: 1 });
    const res = await s.api.get(`/invoices/${proforma.id}/generate?advance=1`);
    expect(res.status, res.text).toBe(200);
    const inv = (await readInvoice(s.api, res.body.id)).attributes;
    expect(inv.document_kind).toBe('advance');
  });

  test('a draft final invoice keeps its advances and deducts them when issued', async () => {
    const client = await createClient(s.api);
    const advance = await createInvoice(s.api, { client_uid: client, advance: 1, items: [netItem(10_000)] });
    const draft = await createInvoice(s.api, { ...finalBody(client, [advance.id]), type: 0 });
    await s.api.ok('PUT', `/invoices/${draft.id}`, { body: { comment: 'végszámla' } });
    // received by the time the final invoice is issued (issue 36: only a received advance is deducted unasked)
    await s.api.ok('POST', `/invoices/${advance.id}/pay`, { body: { date: TODAY, amount: 12_700 } });
    const issued = await s.api.ok('POST', `/invoices/${draft.id}/issue`, { body: {} });
    expect(issued.data.attributes.document_kind).toBe('final');
    expect(issued.data.attributes.total).toBe('25400.000');
  });
});

function finalBody(client: number, advances: number[]) {
  return {
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 2,
    currency: 'HUF',
    client_uid: client,
    type: 3,
    deduct_unpaid_advances: true,
    advance_invoice_uids: advances,
    items: [netItem(30_000)],
  };
}

test('the list filters by document kind and client', async () => {
  const client = await createClient(s.api);
  const advance = await createInvoice(s.api, { client_uid: client, advance: 1 });
  const final = await createInvoice(s.api, finalBody(client, [advance.id]));
  const original = await createInvoice(s.api, { client_uid: client });
  const mod = await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Ár', items: [{ description: 'X', vat_id: 1, qty: 1, net_unit_price: 1 }] } });
  const ids = async (query: string) =>
    (await s.api.ok('GET', `/invoices/query?client_uid=${client}&${query}`)).data.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b);
  expect(await ids('kind=advance')).toEqual([advance.id]);
  expect(await ids('kind=final')).toEqual([final.id]);
  expect(await ids('kind=modifying')).toEqual([mod.data.id]);
  expect(await ids('kind=cancelling')).toEqual([]);
  expect((await s.api.get('/invoices/query?kind=other')).status).toBe(400);
});
