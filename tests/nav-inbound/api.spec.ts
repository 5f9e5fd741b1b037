// The three buyer's queries as Folio sends them validate against NAV's invoiceApi.xsd (every optional part Folio
// uses), and their answers are read as NAV writes them: its own namespace prefixes, one digest or many, compressed
// invoice data, a chain's reference data; a received invoice is read from NAV's published sample layout.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseResponse } from '../../electron/nav/api';
import {
  buildQueryInvoiceChainDigestRequest,
  buildQueryInvoiceDataRequest,
  buildQueryInvoiceDigestRequest,
  readInvoiceChainPage,
  readInvoiceData,
  readInvoiceDigestPage,
} from '../../electron/nav/query-api';
import { readNavInvoice } from '../../electron/nav-inbound/invoice-read';
import { NAV_REFERENCE_DIR, validateNavXml } from '../nav/schema';

const USER = { login: 'folio0test', password: 'Titkos-jelszo-1', taxNumber: '12345676-2-41', signatureKey: 'ac-ac3a-7f661bff7d342N43CYX4U9FG', exchangeKey: 'ABCDEF0123456789' };
const SOFTWARE = { softwareId: 'HU12345676-FOLIO01', softwareName: 'Folio', softwareOperation: 'LOCAL_SOFTWARE' as const, softwareMainVersion: '1.0', softwareDevName: 'Folio', softwareDevContact: 'dev@example.hu' };
const meta = (id: string) => ({ requestId: id, timestamp: new Date('2026-02-15T08:00:00.123Z') });

test('the three requests validate against invoiceApi.xsd', async () => {
  test.setTimeout(120_000);
  const requests = [
    buildQueryInvoiceDigestRequest(USER, SOFTWARE, meta('REQ1'), { page: 2, direction: 'INBOUND', insFrom: new Date('2025-01-01T00:00:00Z'), insTo: new Date('2025-02-04T23:59:59.999Z') }),
    buildQueryInvoiceDataRequest(USER, SOFTWARE, meta('REQ2'), { invoiceNumber: 'SZLA/2025/0001', direction: 'INBOUND', supplierTaxNumber: '20000019' }),
    buildQueryInvoiceChainDigestRequest(USER, SOFTWARE, meta('REQ3'), { page: 1, invoiceNumber: 'SZLA/2025/0001', direction: 'INBOUND', taxNumber: '20000019' }),
  ];
  for (const xml of requests) {
    const result = await validateNavXml('api', xml);
    expect(result.errors).toBe('');
    expect(xml).toContain('<common:taxNumber>12345676</common:taxNumber>');
  }
});

const wrap = (root: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ns2:${root} xmlns="http://schemas.nav.gov.hu/NTCA/1.0/common" xmlns:ns2="http://schemas.nav.gov.hu/OSA/3.0/api">
<header><requestId>R1</requestId><timestamp>2026-02-15T08:00:00.000Z</timestamp><requestVersion>3.0</requestVersion><headerVersion>1.0</headerVersion></header>
<result><funcCode>OK</funcCode></result>
<ns2:software><ns2:softwareId>HU12345676-FOLIO01</ns2:softwareId><ns2:softwareName>Folio</ns2:softwareName><ns2:softwareOperation>LOCAL_SOFTWARE</ns2:softwareOperation><ns2:softwareMainVersion>1.0</ns2:softwareMainVersion><ns2:softwareDevName>Folio</ns2:softwareDevName><ns2:softwareDevContact>dev@example.hu</ns2:softwareDevContact></ns2:software>
${body}
</ns2:${root}>`;

test('answers read under NAV’s prefixes: one digest, compressed data, a chain with its reference', async () => {
  test.setTimeout(120_000);
  const digest = wrap(
    'QueryInvoiceDigestResponse',
    '<ns2:invoiceDigestResult><ns2:currentPage>1</ns2:currentPage><ns2:availablePage>1</ns2:availablePage><ns2:invoiceDigest><ns2:invoiceNumber>ZZZ000009</ns2:invoiceNumber><ns2:invoiceOperation>MODIFY</ns2:invoiceOperation><ns2:invoiceCategory>NORMAL</ns2:invoiceCategory><ns2:invoiceIssueDate>2021-05-20</ns2:invoiceIssueDate><ns2:supplierTaxNumber>99999999</ns2:supplierTaxNumber><ns2:supplierName>Értékesítő Kft</ns2:supplierName><ns2:originalInvoiceNumber>ZZZ000001</ns2:originalInvoiceNumber><ns2:modificationIndex>1</ns2:modificationIndex><ns2:insDate>2021-05-20T10:00:00.000Z</ns2:insDate></ns2:invoiceDigest></ns2:invoiceDigestResult>',
  );
  expect((await validateNavXml('api', digest)).errors).toBe('');
  const page = readInvoiceDigestPage(parseResponse(digest));
  expect(page).toMatchObject({ currentPage: 1, availablePage: 1 });
  expect(page.digests).toEqual([expect.objectContaining({ invoiceNumber: 'ZZZ000009', operation: 'MODIFY', supplierTaxNumber: '99999999', originalInvoiceNumber: 'ZZZ000001', modificationIndex: 1 })]);

  // NAV's own sample of a modifying invoice, as a supplier submitted it compressed
  const sample = readFileSync(join(NAV_REFERENCE_DIR, 'samples', 'Modositas-es-ervenytelenites-1.xml'), 'utf8');
  const data = wrap(
    'QueryInvoiceDataResponse',
    `<ns2:invoiceDataResult><ns2:invoiceData>${gzipSync(Buffer.from(sample)).toString('base64')}</ns2:invoiceData><ns2:auditData><ns2:insdate>2021-05-20T10:00:00.000Z</ns2:insdate><ns2:insCusUser>supplier01</ns2:insCusUser><ns2:source>XML</ns2:source><ns2:originalRequestVersion>3.0</ns2:originalRequestVersion></ns2:auditData><ns2:compressedContentIndicator>true</ns2:compressedContentIndicator></ns2:invoiceDataResult>`,
  );
  expect((await validateNavXml('api', data)).errors).toBe('');
  const answer = readInvoiceData(parseResponse(data))!;
  expect(answer).toMatchObject({ compressed: true, insDate: '2021-05-20T10:00:00.000Z' });
  expect(answer.xml).toBe(sample);
  const invoice = readNavInvoice(answer.xml);
  expect(invoice).toMatchObject({ invoiceNumber: 'ZZZ000009', issueDate: '2021-05-20', supplier: { taxpayerId: '99999999', taxNumber: '99999999-2-41', name: 'Értékesítő Kft' } });
  expect(invoice.reference).toEqual({ originalInvoiceNumber: 'ZZZ000001', modifyWithoutMaster: false, modificationIndex: 1 });
  expect(invoice.parts.reduce((s, p) => s + p.net, 0)).toBe(invoice.net);
  expect(invoice.parts.reduce((s, p) => s + p.vat, 0)).toBe(invoice.vat);
  // no result: NAV holds no such invoice
  expect(readInvoiceData(parseResponse(wrap('QueryInvoiceDataResponse', '')))).toBeNull();

  const chain = wrap(
    'QueryInvoiceChainDigestResponse',
    '<ns2:invoiceChainDigestResult><ns2:currentPage>1</ns2:currentPage><ns2:availablePage>1</ns2:availablePage><ns2:invoiceChainElement><ns2:invoiceChainDigest><ns2:invoiceNumber>ZZZ000001</ns2:invoiceNumber><ns2:invoiceOperation>CREATE</ns2:invoiceOperation><ns2:supplierTaxNumber>99999999</ns2:supplierTaxNumber><ns2:insDate>2021-05-15T10:00:00.000Z</ns2:insDate><ns2:originalRequestVersion>3.0</ns2:originalRequestVersion></ns2:invoiceChainDigest></ns2:invoiceChainElement><ns2:invoiceChainElement><ns2:invoiceChainDigest><ns2:invoiceNumber>ZZZ000009</ns2:invoiceNumber><ns2:invoiceOperation>MODIFY</ns2:invoiceOperation><ns2:supplierTaxNumber>99999999</ns2:supplierTaxNumber><ns2:insDate>2021-05-20T10:00:00.000Z</ns2:insDate><ns2:originalRequestVersion>3.0</ns2:originalRequestVersion></ns2:invoiceChainDigest><ns2:invoiceReferenceData><ns2:originalInvoiceNumber>ZZZ000001</ns2:originalInvoiceNumber><ns2:modifyWithoutMaster>false</ns2:modifyWithoutMaster><ns2:modificationIndex>1</ns2:modificationIndex></ns2:invoiceReferenceData></ns2:invoiceChainElement></ns2:invoiceChainDigestResult>',
  );
  expect((await validateNavXml('api', chain)).errors).toBe('');
  expect(readInvoiceChainPage(parseResponse(chain)).elements).toEqual([
    { invoiceNumber: 'ZZZ000001', operation: 'CREATE', supplierTaxNumber: '99999999', insDate: '2021-05-15T10:00:00.000Z' },
    { invoiceNumber: 'ZZZ000009', operation: 'MODIFY', supplierTaxNumber: '99999999', insDate: '2021-05-20T10:00:00.000Z', originalInvoiceNumber: 'ZZZ000001', modifyWithoutMaster: false, modificationIndex: 1 },
  ]);
});
