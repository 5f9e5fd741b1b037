// The client's e-invoice fields (extension): additive on the v2 client resource, defaulted for clients that never set
// them, refused with a field error when the format is not one Folio writes.
import { expect, test } from '@playwright/test';
import { clientBody, serverPerFile } from '../support/fixtures';

const s = serverPerFile();

test('a client without e-invoice fields reads as none / null; the fields are set, kept and cleared', async () => {
  const plain = await s.api.ok('POST', '/clients', { body: clientBody() });
  expect(plain.data.attributes).toMatchObject({ einvoice_format: 'none', buyer_reference: null });
  // the v2 fields are all still there
  expect(Object.keys(plain.data.attributes)).toEqual(expect.arrayContaining(['uid', 'name', 'taxcode', 'billing_address', 'bank', 'defaults']));

  const id = plain.data.id as number;
  const set = await s.api.ok('PUT', `/clients/${id}`, { body: { einvoice_format: 'ubl', buyer_reference: ' 991-33333TEST-33 ' } });
  expect(set.data.attributes).toMatchObject({ einvoice_format: 'ubl', buyer_reference: '991-33333TEST-33' });
  const other = await s.api.ok('PUT', `/clients/${id}`, { body: { phone: '+36 30 123 4567' } });
  expect(other.data.attributes).toMatchObject({ einvoice_format: 'ubl', buyer_reference: '991-33333TEST-33' });
  const cleared = await s.api.ok('PUT', `/clients/${id}`, { body: { buyer_reference: '' } });
  expect(cleared.data.attributes.buyer_reference).toBeNull();
});

test('an unknown e-invoice format is a 400 on einvoice_format', async () => {
  const res = await s.api.post('/clients', clientBody({ einvoice_format: 'pdf' }));
  expect(res.status).toBe(400);
  expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['einvoice_format']);
});
