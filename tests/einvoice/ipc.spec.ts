// The export over the desktop's IPC door: the same contract operation, dispatched as the renderer calls it, answers
// the checked file as data; refusals arrive as envelopes with their field.
import { expect, test } from '@playwright/test';
import { createDispatcher } from '../../electron/main/dispatch';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { createBuyer, openTestCore } from '../support/fixtures';

test('invoices.einvoice over IPC: the UBL file of an issued invoice, a 422 envelope for a proforma', async () => {
  test.setTimeout(120_000);
  const t = await openTestCore();
  try {
    const dispatch = createDispatcher({ call: (name, input) => t.core.call(name, input) });
    const buyer = await createBuyer(t.core);
    const body = { client_uid: buyer, payment_method: 1, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-15', items: [{ description: 'Javítás', vat_id: 1, qty: 1, net_unit_price: 9000, unit: 'db' }] };
    const issued = await t.core.call('invoices.create', { ...body, type: 3 } as never);
    const reply = (await dispatch('invoices.einvoice', { id: issued.id, format: 'ubl' })) as { success: true; data: { filename: string; content_type: string; content: string } };
    expect(reply.success).toBe(true);
    expect(reply.data.filename).toBe('2026-000001-ubl.xml');
    expect(reply.data.content).toContain('<cbc:PaymentMeansCode name="Készpénz">10</cbc:PaymentMeansCode>');
    expect(fatalFailures(await validateEn16931('ubl', reply.data.content))).toEqual([]);

    const proforma = await t.core.call('invoices.create', { ...body, type: 1 } as never);
    const refused = await dispatch('invoices.einvoice', { id: proforma.id, format: 'ubl' });
    expect(refused).toMatchObject({ success: false, code: 'rule_violation', errors: [{ field: 'id', reason: 'not_issued' }] });
  } finally {
    await t.close();
  }
});
