// The import over the real HTTP door (/rpc) on a real database file: Windows-1250 and UTF-8 files, separators and
// quoted fields, the mapping and its memory, per-row errors in the create operations' own words, duplicates skipped
// or merged, and all or nothing.
import { expect, test } from '@playwright/test';
import { rawDb, tableDigest, VALID_TAXCODE, withServer } from '../support/fixtures';
import { allClients, allProducts, analyzed, b64, byName, rpc, rpcRaw } from './support';
import { CLIENT_HEADER, clientRow, csv, taxNumber, utf8, windows1250 } from './files';

// An export of an older Hungarian program: Windows-1250, ';', a name with the separator and quotes in it.
const HU_FILE = windows1250(
  csv(
    [
      ['Név', 'Adószám', 'Irányítószám', 'Város', 'Cím', 'E-mail', 'Telefon', 'Vevő típusa'],
      ['Árvíztűrő Tükörfúrógép Kft.', '12345676-2-41', '1051', 'Budapest', 'Fő utca 12.', 'iroda@arvizturo.hu', '+36 1 111 2222', 'Belföldi cég'],
      ['Őszi "Szél"; Bt.', taxNumber(2_000_001), '6720', 'Szeged', 'Kárász u. 5', 'szel@oszi.hu', '', 'Belföldi cég'],
      ['Kovács Éva', '8123456786', '9021', 'Győr', 'Árpád tér 3.', 'eva@kovacs.hu', '', 'Magánszemély'],
    ],
    ';',
  ),
);

test('a Windows-1250 file with ";" is detected, read with its accents and quoted fields, and imported', async () => {
  await withServer(async (s) => {
    const { analysis, input } = await analyzed(s, 'clients', HU_FILE);
    expect(analysis).toMatchObject({ encoding: 'windows-1250', detected_encoding: 'windows-1250', separator: ';', detected_separator: ';', row_count: 3, remembered: false });
    expect(analysis.headers).toEqual(['Név', 'Adószám', 'Irányítószám', 'Város', 'Cím', 'E-mail', 'Telefon', 'Vevő típusa']);
    expect(analysis.mapping).toEqual({ name: 0, taxcode: 1, postcode: 2, city: 3, address: 4, email: 5, phone: 6, tax_type: 7 });
    expect(analysis.sample[1][0]).toBe('Őszi "Szél"; Bt.');

    const preview = await rpc(s, 'import.preview', input);
    expect(preview.counts).toEqual({ rows: 3, create: 3, merge: 0, skip: 0, errors: 0, duplicates: 0 });
    expect(preview.rows[0]).toMatchObject({
      row: 2,
      action: 'create',
      errors: [],
      values: { name: 'Árvíztűrő Tükörfúrógép Kft.', tax_type: 'HAS_TAX_NUMBER', street_name: 'Fő', street_type: 'utca', house_nr: '12', city: 'Budapest' },
    });
    expect(preview.rows[2].values).toMatchObject({ tax_type: 'NO_TAX_NUMBER', taxcode: '8123456786', street_name: 'Árpád', street_type: 'tér' });
    expect(await allClients(s)).toEqual([]); // a preview changes nothing

    expect(await rpc(s, 'import.run', input)).toEqual({ created: 3, merged: 0, skipped: 0, excluded: 0 });
    const clients = await allClients(s);
    expect(clients.map((c) => c.attributes.name)).toEqual(['Kovács Éva', 'Őszi "Szél"; Bt.', 'Árvíztűrő Tükörfúrógép Kft.']);
    expect(byName(clients, 'Őszi "Szél"; Bt.')).toMatchObject({
      email: 'szel@oszi.hu',
      tax_type: 'HAS_TAX_NUMBER',
      billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5' },
    });
  });
});

test('a UTF-8 file with a BOM and "," keeps commas, quotes and line breaks inside quoted fields', async () => {
  await withServer(async (s) => {
    const file = utf8(
      csv(
        [
          ['Name', 'Tax number', 'Postcode', 'City', 'Street name', 'Street type', 'House number', 'Country', 'Email'],
          ['Kiss, Nagy és Társa Kft.', VALID_TAXCODE, '1051', 'Budapest', 'Széchenyi', 'körút', '7', 'Magyarország', 'info@kissnagy.hu'],
          ['Müller "Bau" GmbH', 'ATU12345678', '1010', 'Wien', 'Ring\nHinterhof', 'straße', '1', 'Ausztria', 'office@mueller.at'],
        ],
        ',',
      ),
      true,
    );
    const { analysis, input } = await analyzed(s, 'clients', file);
    expect(analysis).toMatchObject({ encoding: 'utf-8', detected_encoding: 'utf-8', separator: ',', row_count: 2 });
    expect(analysis.headers[0]).toBe('Name'); // the BOM is not part of the first header
    expect(analysis.mapping).toMatchObject({ name: 0, taxcode: 1, postcode: 2, city: 3, street_name: 4, street_type: 5, house_nr: 6, country: 7, email: 8 });
    expect(await rpc(s, 'import.run', input)).toMatchObject({ created: 2, excluded: 0 });
    const clients = await allClients(s);
    expect(byName(clients, 'Kiss, Nagy és Társa Kft.')).toMatchObject({ tax_type: 'HAS_TAX_NUMBER', billing_address: { street_name: 'Széchenyi', street_type: 'körút', country: 'Magyarország' } });
    // a foreign country and a tax number that is not Hungarian: a foreign buyer
    expect(byName(clients, 'Müller "Bau" GmbH')).toMatchObject({ tax_type: 'FOREIGN', taxcode: 'ATU12345678', billing_address: { street_name: 'Ring\nHinterhof' } });
  });
});

test('the user overrides the detected encoding and separator', async () => {
  await withServer(async (s) => {
    const asUtf8 = await rpc(s, 'import.analyze', { kind: 'clients', file: b64(HU_FILE), encoding: 'utf-8' });
    expect(asUtf8).toMatchObject({ encoding: 'utf-8', detected_encoding: 'windows-1250' });
    expect(asUtf8.headers[0]).toBe('N\uFFFDv'); // read as the user asked: the accents are lost, as they see
    const byComma = await rpc(s, 'import.analyze', { kind: 'clients', file: b64(HU_FILE), separator: ',' });
    expect(byComma).toMatchObject({ separator: ',', detected_separator: ';' });
    expect(byComma.headers).toEqual(['Név;Adószám;Irányítószám;Város;Cím;E-mail;Telefon;Vevő típusa']);
    const bad = await rpcRaw(s, 'import.analyze', { kind: 'clients', file: b64(HU_FILE), encoding: 'latin9' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'encoding', message: 'must be utf-8 or windows-1250' }]);
  });
});

test('each row’s errors come in the words clients.create uses for the same values', async () => {
  await withServer(async (s) => {
    const file = utf8(
      csv(
        [
          ['Név', 'Adószám', 'E-mail', 'Vevő típusa'],
          ['Jó Kft.', VALID_TAXCODE, 'jo@jo.hu', ''],
          ['Rossz Adószám Kft.', '12345678-2-41', '', ''],
          ['', VALID_TAXCODE, 'nev@nelkul.hu', ''],
          ['Rossz Levél Bt.', '', 'nem-email', ''],
          ['Furcsa Típus Kft.', VALID_TAXCODE, '', 'űrlény'],
        ],
        ';',
      ),
    );
    const { input } = await analyzed(s, 'clients', file);
    const preview = await rpc(s, 'import.preview', input);
    expect(preview.counts).toMatchObject({ rows: 5, create: 1, errors: 4 });
    const errorsOf = (row: number) => preview.rows.find((r: { row: number }) => r.row === row).errors;
    // the same values sent to clients.create answer with the same field and message
    const refused = async (body: Record<string, unknown>) => (await s.api.post('/rpc/clients.create', body)).body.errors;
    expect(errorsOf(3)).toEqual(await refused({ name: 'Rossz Adószám Kft.', taxcode: '12345678-2-41', tax_type: 'HAS_TAX_NUMBER' }));
    expect(errorsOf(4)).toEqual([{ field: 'name', message: 'is required' }]);
    expect(errorsOf(5)).toEqual(await refused({ name: 'Rossz Levél Bt.', email: 'nem-email' }));
    expect(errorsOf(6)).toEqual(await refused({ name: 'Furcsa Típus Kft.', taxcode: VALID_TAXCODE, tax_type: 'űrlény' }));
    expect(errorsOf(3)[0].message).toMatch(/not a valid Hungarian tax number/);
    expect(preview.rows.every((r: { action: string; errors: unknown[] }) => (r.action === 'error') === r.errors.length > 0)).toBe(true);
  });
});

test('a run with rows in error imports nothing; leaving those rows out imports the rest', async () => {
  await withServer(async (s) => {
    const rows = Array.from({ length: 30 }, (_, i) => clientRow(i));
    rows[7]![1] = '11111112-1-11'; // a wrong check digit
    rows[19]![5] = 'nincs@'; // not an e-mail address
    const { input } = await analyzed(s, 'clients', windows1250(csv([CLIENT_HEADER, ...rows], ';')));
    const before = await tableDigest(s);
    const refused = await rpcRaw(s, 'import.run', input);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'rule_violation' });
    expect(refused.body.errors).toEqual([
      { field: 'rows.9.taxcode', message: expect.stringMatching(/not a valid Hungarian tax number/) },
      { field: 'rows.21.email', message: 'must be an e-mail address' },
    ]);
    expect(await tableDigest(s)).toBe(before);
    expect(await allClients(s)).toHaveLength(0);

    expect(await rpc(s, 'import.run', { ...input, skip_errors: true })).toEqual({ created: 28, merged: 0, skipped: 0, excluded: 2 });
    const names = (await allClients(s)).map((c) => c.attributes.name);
    expect(names).toHaveLength(28);
    expect(names).not.toContain(rows[7]![0]);
    expect(names).not.toContain(rows[19]![0]);
  });
});

test('a write failing half-way through the run rolls every row back', async () => {
  await withServer(async (s) => {
    const rows = Array.from({ length: 200 }, (_, i) => clientRow(i));
    await rpc(s, 'clients.create', { name: 'Már Itt Van Kft.' });
    // the database itself refuses the 150th client (as a full disk or a damaged page would refuse a write)
    const raw = rawDb(s.dbFile);
    raw.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON clients WHEN NEW.name = '${rows[149]![0]}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    raw.close();
    const { input } = await analyzed(s, 'clients', windows1250(csv([CLIENT_HEADER, ...rows], ';')));
    const failed = await rpcRaw(s, 'import.run', input);
    expect(failed.status).toBe(500);
    expect(failed.body.success).toBe(false);
    expect((await allClients(s)).map((c) => c.attributes.name)).toEqual(['Már Itt Van Kft.']);
    const dropper = rawDb(s.dbFile);
    dropper.exec('DROP TRIGGER refuse_one');
    dropper.close();
    expect(await rpc(s, 'import.run', input)).toMatchObject({ created: 200 });
  });
});

test.describe('duplicates', () => {
  const EXISTING = {
    name: 'Meglévő Kft.',
    taxcode: VALID_TAXCODE,
    tax_type: 'HAS_TAX_NUMBER',
    email: 'regi@meglevo.hu',
    phone: '+36 1 000 0000',
    billing_address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1' },
  };
  const FILE = windows1250(
    csv(
      [
        ['Név', 'Adószám', 'Irányítószám', 'Város', 'Cím', 'E-mail', 'Telefon', 'Bankszámlaszám'],
        ['Meglévő Kft.', VALID_TAXCODE, '1051', 'Budapest', 'Fő utca 1.', 'uj@meglevo.hu', '', '11773016-11111111-00000000'],
        ['Új Ügyfél Bt.', taxNumber(3_000_003), '6720', 'Szeged', 'Tisza Lajos körút 2.', 'elso@uj.hu', '', ''],
        ['Új Ügyfél Bt.', taxNumber(3_000_003), '6720', 'Szeged', 'Tisza Lajos krt. 2', '', '+36 62 123 456', ''],
        // same name and tax number, another address: another client by the interface's rule
        ['Új Ügyfél Bt.', taxNumber(3_000_003), '6725', 'Szeged', 'Moszkvai körút 9.', '', '', ''],
      ],
      ';',
    ),
  );

  test('skipped: the existing client stays as it was, the second row of a client in the file is left out', async () => {
    await withServer(async (s) => {
      const existing = await rpc(s, 'clients.create', EXISTING);
      const { input } = await analyzed(s, 'clients', FILE, { duplicates: 'skip' });
      const preview = await rpc(s, 'import.preview', input);
      expect(preview.counts).toEqual({ rows: 4, create: 2, merge: 0, skip: 2, errors: 0, duplicates: 2 });
      expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['skip', 'create', 'skip', 'create']);
      expect(preview.rows[0].duplicate).toEqual({ of: 'existing', id: existing.id, name: 'Meglévő Kft.' });
      expect(preview.rows[2].duplicate).toEqual({ of: 'file', row: 3, name: 'Új Ügyfél Bt.' });

      expect(await rpc(s, 'import.run', input)).toEqual({ created: 2, merged: 0, skipped: 2, excluded: 0 });
      const clients = await allClients(s);
      expect(clients).toHaveLength(3);
      expect(byName(clients, 'Meglévő Kft.')).toEqual(existing.attributes);
      const szeged = clients.filter((c) => c.attributes.name === 'Új Ügyfél Bt.').map((c) => c.attributes);
      expect(szeged.map((c) => c.billing_address.street_name).sort()).toEqual(['Moszkvai', 'Tisza Lajos']);
      expect(szeged.find((c) => c.billing_address.street_name === 'Tisza Lajos')).toMatchObject({ email: 'elso@uj.hu', phone: '' });
    });
  });

  test('merged: the file’s non-empty values are written over the existing client and over the earlier row', async () => {
    await withServer(async (s) => {
      const existing = await rpc(s, 'clients.create', EXISTING);
      const { input } = await analyzed(s, 'clients', FILE, { duplicates: 'merge' });
      const preview = await rpc(s, 'import.preview', input);
      expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['merge', 'create', 'merge', 'create']);
      expect(preview.rows[0].values).toMatchObject({ email: 'uj@meglevo.hu', phone: '+36 1 000 0000', bank_account_no: '11773016-11111111-00000000' });

      expect(await rpc(s, 'import.run', input)).toEqual({ created: 2, merged: 2, skipped: 0, excluded: 0 });
      const clients = await allClients(s);
      expect(clients).toHaveLength(3);
      const merged = byName(clients, 'Meglévő Kft.');
      expect(merged.uid).toBe(existing.id);
      // the file's e-mail and bank account replace or fill in; its empty phone does not erase the one Folio has
      expect(merged).toMatchObject({ email: 'uj@meglevo.hu', phone: '+36 1 000 0000', bank: { account_no: '11773016-11111111-00000000' } });
      expect(merged.created_at).toBe(existing.attributes.created_at);
      const tisza = clients.map((c) => c.attributes).find((c) => c.billing_address.street_name === 'Tisza Lajos');
      expect(tisza).toMatchObject({ email: 'elso@uj.hu', phone: '+36 62 123 456' });
    });
  });
});

test('the mapping used by an import is remembered for that kind and offered for the next file', async () => {
  await withServer(async (s) => {
    // headers no guess can read: the user maps them by hand
    const first = utf8(csv([['Partner', 'ADSZ', 'Levélcím'], ['Első Kft.', VALID_TAXCODE, 'a@elso.hu']], ';'));
    const { analysis, input } = await analyzed(s, 'clients', first);
    expect(analysis.mapping).toEqual({ name: 0 });
    expect(analysis.remembered).toBe(false);
    await rpc(s, 'import.run', { ...input, mapping: { name: 0, taxcode: 1, email: 2 } });

    // the next export, its columns in another order and one more
    const next = utf8(csv([['Levélcím', 'Város', 'Partner', 'ADSZ'], ['b@masodik.hu', 'Pécs', 'Második Kft.', taxNumber(4_000_004)]], ';'));
    const again = await rpc(s, 'import.analyze', { kind: 'clients', file: b64(next) });
    expect(again.remembered).toBe(true);
    expect(again.mapping).toEqual({ email: 0, city: 1, name: 2, taxcode: 3 });
    // remembered per kind: products are not offered the clients' mapping
    const products = await rpc(s, 'import.analyze', { kind: 'products', file: b64(next) });
    expect(products.remembered).toBe(false);
  });
});

test('products: prices as Hungarian files write them, VAT as a rate or a code, duplicates by name', async () => {
  await withServer(async (s) => {
    await rpc(s, 'products.create', { name: 'Tanácsadás', price: '10000', vat_id: '1', unit: 'óra' });
    const file = windows1250(
      csv(
        [
          ['Megnevezés', 'Egységár', 'Mennyiségi egység', 'ÁFA', 'Pénznem', 'Cikkszám'],
          ['Tanácsadás', '12 500', '', '27%', '', 'T-1'],
          ['Könyv „Számvitel”', '4.990,50', 'db', '5', 'HUF', 'K-1'],
          ['Alanyi mentes szolgáltatás', '1000', 'alkalom', 'AAM', 'huf', ''],
          ['Fordítás', '30', 'oldal', '0,27', 'EUR', ''],
          ['Rossz ÁFA', '100', 'db', '20%', '', ''],
          ['Rossz ár', 'sok', 'db', '27%', '', ''],
        ],
        ';',
      ),
    );
    const { analysis, input } = await analyzed(s, 'products', file, { duplicates: 'merge' });
    expect(analysis.mapping).toEqual({ name: 0, price: 1, unit: 2, vat: 3, currency: 4, product_code: 5 });
    const preview = await rpc(s, 'import.preview', input);
    const row = (n: number) => preview.rows.find((r: { row: number }) => r.row === n);
    expect(row(2)).toMatchObject({ action: 'merge', values: { price: '12500', unit: 'óra', vat: '27%' }, duplicate: { of: 'existing' } });
    expect(row(3).values).toMatchObject({ price: '4990.50', vat: '5%', currency: 'HUF' });
    expect(row(4).values).toMatchObject({ vat: 'AAM', currency: 'HUF' });
    expect(row(5).values).toMatchObject({ vat: '27%', currency: 'EUR' });
    const refused = async (body: Record<string, unknown>) => (await s.api.post('/rpc/products.create', body)).body.errors;
    expect(row(6).errors).toEqual((await refused({ name: 'Rossz ÁFA', price: '100', vat_id: '20%' })).map((e: { message: string }) => ({ field: 'vat', message: e.message })));
    expect(row(6).errors[0].message).toMatch(/not a known VAT code/);
    expect(row(7).errors).toEqual([{ field: 'price', message: 'is not a decimal number' }]);

    expect(await rpc(s, 'import.run', { ...input, skip_errors: true })).toEqual({ created: 3, merged: 1, skipped: 0, excluded: 2 });
    const products = await allProducts(s);
    expect(products).toHaveLength(4);
    expect(byName(products, 'Tanácsadás')).toMatchObject({ price: 12500, unit: 'óra', vat_id: 1, product_code: 'T-1' });
    expect(byName(products, 'Könyv „Számvitel”')).toMatchObject({ price: 4990.5, vat_id: 2, unit: 'db' });
    expect(byName(products, 'Alanyi mentes szolgáltatás')).toMatchObject({ vat_id: 7, currency_code: 'HUF' });
  });
});

test('the mapping is checked: the fields an import needs, real columns, each column once', async () => {
  await withServer(async (s) => {
    const { input } = await analyzed(s, 'clients', HU_FILE);
    const noName = await rpcRaw(s, 'import.preview', { ...input, mapping: { taxcode: 1 } });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual([{ field: 'mapping.name', message: 'needs a column of the file' }]);
    const twice = await rpcRaw(s, 'import.preview', { ...input, mapping: { name: 0, email: 0 } });
    expect(twice.body.errors).toEqual([{ field: 'mapping.email', message: 'uses the same column as name' }]);
    const outside = await rpcRaw(s, 'import.run', { ...input, mapping: { name: 0, email: 40 } });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([{ field: 'mapping.email', message: 'is not a column of the file' }]);
    const productOnly = await rpcRaw(s, 'import.preview', { ...input, mapping: { name: 0, vat: 1 } });
    expect(productOnly.body.errors).toEqual([{ field: 'mapping.vat', message: 'is not a field of clients' }]);
    expect(await allClients(s)).toEqual([]);
  });
});

test('a file over 20 MB is refused with a clear message; other operations keep their small body limit', async () => {
  await withServer(async (s) => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 3, 0x41);
    const refused = await rpcRaw(s, 'import.analyze', { kind: 'clients', file: b64(big) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'file', message: 'is larger than 20 MB' }]);
    const notBase64 = await rpcRaw(s, 'import.analyze', { kind: 'clients', file: 'Név;Adószám' });
    expect(notBase64.body.errors).toEqual([{ field: 'file', message: 'must be the file, base64-encoded' }]);
    const hugeClient = await rpcRaw(s, 'clients.create', { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(hugeClient.status).toBe(413);
  });
});
