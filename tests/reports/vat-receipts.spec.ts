// Receipts (nyugta) are reported to no one, but their VAT is owed like an invoice's: the VAT analysis and the cash
// view count them beside the invoices of the period.
import { expect, test } from '@playwright/test';
import { clientBody, invoiceBody, openTestCore, TODAY } from '../support/fixtures';

test('a receipt’s VAT is output VAT of its day; its document is listed; the revenue counts it', async () => {
  const t = await openTestCore();
  try {
    const client = (await t.core.call('clients.create', clientBody())).id;
    const invoice = await t.core.call('invoices.create', invoiceBody(client, { fulfillment_date: TODAY, items: [{ description: 'Munka', vat_id: 1, qty: 1, net_unit_price: 10000 }] }) as never);
    // 2 × 635 gross at 27 %: 1,000 net and 270 VAT
    const receipt = await t.core.call('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] } as never);
    const vat = await t.core.call('reports.vat', { from: TODAY, to: TODAY });
    const row27 = vat.output.rows.find((r) => r.vat_id === '1')!;
    expect(row27).toMatchObject({ net: '11000.000', vat: '2970.000' });
    expect(row27.documents).toEqual([invoice.id, receipt.id].sort((a, b) => a - b));
  } finally {
    await t.close();
  }
});
