// A supplier's identifiers are read by their scheme and kept as the file gave them. The files are the official
// EN 16931 examples (CII_example1.xml and its UBL twin ubl-tc434-example1.xml, the same invoice in both syntaxes)
// with the seller party written as a German, Austrian, Swiss or Hungarian supplier writes it, in the element order
// of the EN 16931 bindings (the XRechnung test suite's sellers: a Steuernummer under scheme FC beside the VAT id under
// VA, a VAT id written with spaces, an FC number alone with the company register number). Each file passes the
// official rules (the import checks them first) and is sent over the real HTTP door.
//
// Before: an 11-digit German Steuernummer (`04523149435`) was booked as the Hungarian tax number `04523149-4-35` and
// the VAT id beside it lost; a VAT id written with a space was dropped for the FC number.
import { expect, test } from '@playwright/test';
import { serverPerFile } from '../support/fixtures';
import { invoiceFile, type Seller } from './seller-files';

const s = serverPerFile();
// The first check of a syntax may compile the rules (≈ 15 s each on a cold cache).
test.describe.configure({ timeout: 180_000 });

async function imported(syntax: 'cii' | 'ubl', seller: Seller, number: string) {
  const bytes = invoiceFile(syntax, seller, number);
  const res = await s.api.post('/expenses/einvoice', { file_name: `${number}.xml`, content_base64: bytes.toString('base64') });
  expect(res.status, `${syntax} ${number}: ${res.text.slice(0, 800)}`).toBe(200);
  const id = res.body.data.expense.id as number;
  // read back as stored, not as the import answered
  return (await s.api.ok('GET', `/expenses/${id}`)).data.attributes as Record<string, unknown>;
}

const GERMAN_BOTH: Seller = { name: 'Lieferant GmbH', country: 'DE', fc: '04523149435', va: 'DE152338654', legal: { id: 'HRB 123456' } };
const GERMAN_SPACED: Seller = { name: 'Lieferant GmbH', country: 'DE', fc: '04523149435', va: 'DE 123456789', legal: { id: 'HRB 123456' } };
const GERMAN_FC_ONLY: Seller = { name: 'Handwerk Müller e.K.', country: 'DE', fc: '201/113/40209', legal: { id: 'HRA 4711', scheme: '0204' }, ids: [{ id: '4000001123452', scheme: '0088' }] };
const GERMAN_FC_DIGITS_ONLY: Seller = { name: 'Bäckerei Schmidt', country: 'DE', fc: '04523149435', ids: [{ id: 'LIEF-0815' }] };
const AUSTRIAN_VA_ONLY: Seller = { name: 'Alpen Handel GmbH', country: 'AT', va: 'ATU 123 456 78', legal: { id: 'FN 123456a' } };
const SWISS_VA_ONLY: Seller = { name: 'Uhren AG', country: 'CH', va: 'CHE-123.456.788 MWST' };
const HUNGARIAN_BOTH: Seller = { name: 'Magyar Szállító Kft.', country: 'HU', fc: '12345676-2-41', va: 'HU12345676', legal: { id: '01-09-123456' } };
const HUNGARIAN_FC_ONLY: Seller = { name: 'Másik Szállító Bt.', country: 'HU', fc: '11111111241', legal: { id: '06-06-000001' } };
const HUNGARIAN_VA_SPACED: Seller = { name: 'Harmadik Kft.', country: 'HU', va: 'HU 22222222', legal: { id: '13-09-000002' } };

for (const syntax of ['cii', 'ubl'] as const) {
  test(`${syntax}: a German seller with FC and VA: the VAT id is booked, the Steuernummer kept as written, never as a Hungarian number`, async () => {
    const a = await imported(syntax, GERMAN_BOTH, `DE-BOTH-${syntax}`);
    expect(a.supplier_taxcode).toBe('DE152338654');
    expect(a.supplier_taxcode).not.toBe('04523149-4-35');
    expect(a).toMatchObject({
      supplier_vat_id: 'DE152338654',
      supplier_tax_registration: '04523149435',
      supplier_legal_registration: { id: 'HRB 123456', scheme: '' },
      supplier_identifiers: [],
    });
  });

  test(`${syntax}: a VAT id written with a space (DE 123456789) is read and normalised, the FC number beside it kept`, async () => {
    const a = await imported(syntax, GERMAN_SPACED, `DE-SPACE-${syntax}`);
    expect(a).toMatchObject({ supplier_taxcode: 'DE123456789', supplier_vat_id: 'DE123456789', supplier_tax_registration: '04523149435' });
  });

  test(`${syntax}: a German seller with FC only: no VAT id, the Steuernummer kept as written, the register number and GLN with their schemes`, async () => {
    const a = await imported(syntax, GERMAN_FC_ONLY, `DE-FC-${syntax}`);
    expect(a).toMatchObject({
      supplier_taxcode: '',
      supplier_vat_id: '',
      supplier_tax_registration: '201/113/40209',
      supplier_legal_registration: { id: 'HRA 4711', scheme: '0204' },
      supplier_identifiers: [{ id: '4000001123452', scheme: '0088' }],
    });
    // an 11-digit FC number that passes the Hungarian check digit is still not a Hungarian tax number
    const b = await imported(syntax, GERMAN_FC_DIGITS_ONLY, `DE-FC11-${syntax}`);
    expect(b).toMatchObject({ supplier_taxcode: '', supplier_tax_registration: '04523149435', supplier_identifiers: [{ id: 'LIEF-0815', scheme: '' }] });
  });

  test(`${syntax}: an Austrian seller with its VAT id only, written with spaces`, async () => {
    const a = await imported(syntax, AUSTRIAN_VA_ONLY, `AT-VA-${syntax}`);
    expect(a).toMatchObject({ supplier_taxcode: 'ATU12345678', supplier_vat_id: 'ATU12345678', supplier_tax_registration: '', supplier_legal_registration: { id: 'FN 123456a', scheme: '' } });
  });

  test(`${syntax}: a VAT id not in an EU VAT number's form (Swiss) is kept as given, not blank`, async () => {
    const a = await imported(syntax, SWISS_VA_ONLY, `CH-VA-${syntax}`);
    // the number booked by takes EU VAT numbers and Hungarian tax numbers only; the file's id is kept beside it
    expect(a).toMatchObject({ supplier_taxcode: '', supplier_vat_id: 'CHE-123.456.788MWST' });
  });

  test(`${syntax}: Hungarian sellers: the adószám from FC (with or without hyphens), the HU VAT id, a spaced VAT id`, async () => {
    const both = await imported(syntax, HUNGARIAN_BOTH, `HU-BOTH-${syntax}`);
    expect(both).toMatchObject({ supplier_taxcode: '12345676-2-41', supplier_vat_id: 'HU12345676', supplier_tax_registration: '12345676-2-41', supplier_legal_registration: { id: '01-09-123456', scheme: '' } });
    const fcOnly = await imported(syntax, HUNGARIAN_FC_ONLY, `HU-FC-${syntax}`);
    // a Hungarian supplier's tax number is a Hungarian tax number: booked in its usual form, kept as written beside it
    expect(fcOnly).toMatchObject({ supplier_taxcode: '11111111-2-41', supplier_vat_id: '', supplier_tax_registration: '11111111241' });
    const spaced = await imported(syntax, HUNGARIAN_VA_SPACED, `HU-VA-${syntax}`);
    expect(spaced).toMatchObject({ supplier_taxcode: 'HU22222222', supplier_vat_id: 'HU22222222', supplier_tax_registration: '' });
  });
}

test('the same German invoice in CII and in UBL is one invoice: the second is recognised by the VAT id', async () => {
  await imported('cii', GERMAN_BOTH, 'DE-SAME-1');
  const again = await s.api.post('/expenses/einvoice', { file_name: 'again.xml', content_base64: invoiceFile('ubl', { ...GERMAN_BOTH, va: 'DE 152 338 654' }, 'DE-SAME-1').toString('base64') });
  expect(again.status, again.text.slice(0, 500)).toBe(409);
  expect(again.body.errors[0]).toMatchObject({ reason: 'einvoice_imported_before' });
});

test('an expense typed in has no identifiers of a file: the fields are there, empty', async () => {
  const res = await s.api.ok('POST', '/expenses', { body: { name: 'Kézzel', categories_id: '16', gross_price: '1270', supplier_taxcode: 'DE123456789' } });
  expect(res.data.attributes).toMatchObject({ supplier_taxcode: 'DE123456789', supplier_vat_id: '', supplier_tax_registration: '', supplier_legal_registration: null, supplier_identifiers: [] });
});
