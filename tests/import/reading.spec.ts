// Reading an export's text: encodings, separators, header words, addresses, prices and VAT rates as older Hungarian
// programs write them. Pure functions, checked by example.
import { expect, test } from '@playwright/test';
import { decode, detectEncoding, detectSeparator, readTable } from '../../electron/core/import/csv-read';
import { guessMapping, proposeMapping } from '../../electron/core/import/headers';
import { decimalText, splitStreet, taxTypeOf, vatIdText } from '../../electron/core/import/cells';
import { utf8, windows1250 } from './files';

test('encoding: a UTF-8 BOM or valid UTF-8 is UTF-8; Hungarian letters in Windows-1250 are not', () => {
  expect(detectEncoding(utf8('Név;Város\r\n', true))).toBe('utf-8');
  expect(detectEncoding(utf8('Név;Város\r\n'))).toBe('utf-8');
  expect(detectEncoding(utf8('Name;City\r\n'))).toBe('utf-8');
  const legacy = windows1250('Név;Város\r\nŐrség Kft.;Győr\r\n');
  expect(detectEncoding(legacy)).toBe('windows-1250');
  expect(decode(legacy, 'windows-1250')).toBe('Név;Város\r\nŐrség Kft.;Győr\r\n');
  expect(decode(utf8('Név', true), 'utf-8')).toBe('Név');
});

test('separator: the one the header uses most, outside quotes; ";" when there is none', () => {
  expect(detectSeparator('Név;Cím;Város\r\na,b;c;d')).toBe(';');
  expect(detectSeparator('"Név; neve",Cím,Város\n')).toBe(',');
  expect(detectSeparator('Név\tCím\tVáros, megye\n')).toBe('\t');
  expect(detectSeparator('Név\n')).toBe(';');
});

test('records: quoted fields, short rows, blank lines left out but counted as spreadsheet rows', () => {
  const table = readTable('Név;Cím\r\n"A; ""B"" Kft.";"Fő utca\r\n1."\r\n\r\nC Bt.\r\n', ';');
  expect(table.headers).toEqual(['Név', 'Cím']);
  expect(table.rows).toEqual([
    { row: 2, cells: ['A; "B" Kft.', 'Fő utca\r\n1.'] },
    { row: 4, cells: ['C Bt.'] },
  ]);
  expect(() => readTable('', ';')).toThrow(/no header row/);
});

test('headers: Hungarian, English and German names; remembered columns first', () => {
  expect(guessMapping('clients', ['Ügyfél neve', 'Adószáma', 'Irsz.', 'Helység', 'Utca, házszám', 'E-mail cím', 'Telefonszám', 'Közösségi adószám'])).toEqual({
    name: 0, taxcode: 1, postcode: 2, city: 3, address: 4, email: 5, phone: 6, eu_taxcode: 7,
  });
  expect(guessMapping('products', ['Megnevezés', 'Nettó egységár', 'ME', 'ÁFA %', 'Deviza', 'Cikkszám'])).toEqual({
    name: 0, price: 1, unit: 2, vat: 3, currency: 4, product_code: 5,
  });
  expect(guessMapping('clients', ['Name', 'Tax number', 'ZIP', 'City', 'Street', 'Country'])).toEqual({
    name: 0, taxcode: 1, postcode: 2, city: 3, address: 4, country: 5,
  });
  const proposal = proposeMapping('clients', ['Név', 'Partnerkód', 'Város'], { partnerkod: 'fokonyv_szam', nev: 'name' });
  expect(proposal).toEqual({ mapping: { name: 0, fokonyv_szam: 1, city: 2 }, remembered: true });
});

test('addresses: street name, type and house number split as the interface matches clients', () => {
  expect(splitStreet('Kossuth Lajos u. 12/A.')).toEqual({ street_name: 'Kossuth Lajos', street_type: 'utca', house_nr: '12/A' });
  expect(splitStreet('Fő utca 1.')).toEqual({ street_name: 'Fő', street_type: 'utca', house_nr: '1' });
  expect(splitStreet('Rákóczi út 5. 2. em. 3.')).toEqual({ street_name: 'Rákóczi', street_type: 'út', house_nr: '5. 2. em. 3.' });
  expect(splitStreet('Szent István krt. 7')).toEqual({ street_name: 'Szent István', street_type: 'körút', house_nr: '7' });
  expect(splitStreet('Tér utca 3')).toEqual({ street_name: 'Tér', street_type: 'utca', house_nr: '3' });
  expect(splitStreet('Pf. 123')).toEqual({ street_name: 'Pf. 123', street_type: '', house_nr: '' });
});

test('numbers, VAT and the type of buyer read from the way files write them', () => {
  expect(['1 234,50', '1.234,50 Ft', '1234.5', '12000', '1,234.50', '-5,5'].map(decimalText)).toEqual(['1234.50', '1234.50', '1234.5', '12000', '1234.50', '-5.5']);
  expect(decimalText('sok')).toBe('sok');
  expect(['27%', '27', '27 %', '0,27', '5', '18%', '0%', 'AAM', 'tam', 'alanyi adómentes', 'F.ÁFA'].map(vatIdText)).toEqual(['1', '1', '1', '1', '2', '3', '6', '7', '8', '7', '11']);
  expect(vatIdText('20%')).toBe('20%');
  expect(vatIdText('1')).toBe('1%'); // never taken for the code id 1
  expect(vatIdText('áfás')).toBe('áfás');
  expect(taxTypeOf('Belföldi cég', '', '')).toBe('HAS_TAX_NUMBER');
  expect(taxTypeOf('Magánszemély', '', '')).toBe('NO_TAX_NUMBER');
  expect(taxTypeOf('nem adóalany', '', '')).toBe('NO_TAX_NUMBER');
  expect(taxTypeOf('Külföldi cég', '', '')).toBe('FOREIGN');
  expect(taxTypeOf('FOREIGN', '', '')).toBe('FOREIGN');
  expect(taxTypeOf('űrlény', '', '')).toBe('űrlény');
  expect(taxTypeOf('', '', '')).toBe('');
  expect(taxTypeOf('', '8123456786', '')).toBe('NO_TAX_NUMBER');
  expect(taxTypeOf('', 'ATU12345678', 'Ausztria')).toBe('FOREIGN');
  expect(taxTypeOf('', '12345678-2-41', 'Magyarország')).toBe('HAS_TAX_NUMBER');
});
