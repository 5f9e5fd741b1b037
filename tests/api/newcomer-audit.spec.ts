// Issue 36, item 13: the audit log names invoices by their numbers (not "#1, #5") and does not log looks that change
// nothing (an import's analysis); a refund is logged as the write it is.
import { expect, test } from '@playwright/test';
import { createInvoice, readInvoice, serverPerFile, TODAY } from '../support/fixtures';

const s = serverPerFile();

test('invoices by their numbers; an import analysis is not logged', async () => {
  const invoice = await createInvoice(s.api);
  const number = (await readInvoice(s.api, invoice.id)).attributes.prefixed_invoice_no;
  await s.api.ok('POST', `/invoices/${invoice.id}/pay`, { body: { date: TODAY, amount: '4445' } });
  const csv = Buffer.from('Név;Adószám\r\nMinta Kft.;12345676-2-41\r\n', 'utf8').toString('base64');
  const analyzed = await s.api.post('/rpc/import.analyze', { kind: 'clients', file: csv });
  expect(analyzed.status, analyzed.text).toBe(200);
  const items = (await s.api.ok('GET', '/audit-log', { query: { limit: 20 } })).data.items as Array<{ operation: string; targets: string[]; target_ids: number[] }>;
  expect(items.map((i) => i.operation)).not.toContain('import.analyze');
  const paid = items.find((i) => i.operation === 'invoices.pay')!;
  expect(paid.target_ids).toEqual([invoice.id]);
  expect(paid.targets).toEqual([number]);
  const created = items.find((i) => i.operation === 'clients.create')!;
  expect(created.targets).toEqual([`#${created.target_ids[0]}`]);
});
