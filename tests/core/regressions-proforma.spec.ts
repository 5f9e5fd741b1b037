// Core regressions: each test pins a bug found by the test suites and since fixed in the implementation.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { coreInvoice, openTestCore, TODAY } from '../support/fixtures';

test('a proforma whose invoice was generated cannot be paid any more: the payment belongs to the invoice', async () => {
  // docs/design.md §8: generate "creates the normal invoice carrying the proforma's payments" — once. A payment recorded on
  // the proforma afterwards is carried nowhere: the generated invoice stays unpaid while the money sits on a
  // superseded document. electron/core/invoices/service.ts payable() checks draft/cancelling/cancelled only.
  const tc = await openTestCore();
  try {
    const p = await coreInvoice(tc.core, { type: 1 });
    const { id } = await tc.core.call('invoices.generate', { id: p.id });
    const err = await tc.core.call('invoices.pay', { id: p.id, date: TODAY, amount: 100 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FolioError);
    expect((err as FolioError).code).toBe('rule_violation');
    expect((await tc.core.call('invoices.get', { id: p.id })).attributes.total_paid).toBe('0.000');
    expect((await tc.core.call('invoices.get', { id })).attributes.total_paid).toBe('0.000');
  } finally {
    await tc.close();
  }
});
