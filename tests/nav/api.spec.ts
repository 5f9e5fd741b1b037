// The API requests: signatures reproduce NAV's own samples (whose signature key NAV left in a comment), every
// request validates against invoiceApi.xsd, and the exchange-token cryptography round-trips.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  buildManageInvoiceRequest,
  buildQueryTransactionListRequest,
  buildQueryTransactionStatusRequest,
  buildTokenExchangeRequest,
  newRequestId,
  parseResponse,
  passwordHash,
  readProcessingResults,
  type NavSoftware,
  type NavUser,
} from '../../electron/nav/api';
import { decryptExchangeToken, encryptExchangeToken, requestSignature, signatureTimestamp } from '../../electron/nav/crypto';
import { describeNavCode } from '../../electron/nav/messages';
import { prepareNavReport } from '../../electron/nav/invoice-data';
import { invoice } from './fixtures';
import { NAV_REFERENCE_DIR, validateNavXml } from './schema';

const SAMPLE_SIGN_KEY = 'ac-ac3a-7f661bff7d342N43CYX4U9FG'; // from the <!--<signKey>--> comment of NAV's samples

const user: NavUser = {
  login: 'folio0test',
  password: 'Titkos-jelszo-1',
  taxNumber: '12345676-2-41',
  signatureKey: SAMPLE_SIGN_KEY,
  exchangeKey: 'ABCDEF0123456789',
};
const software: NavSoftware = {
  softwareId: 'HU12345676-FOLIO01',
  softwareName: 'Folio',
  softwareOperation: 'LOCAL_SOFTWARE',
  softwareMainVersion: '0.1.0',
  softwareDevName: 'Folio',
  softwareDevContact: 'dev@folio.example',
  softwareDevCountryCode: 'HU',
};

function sample(name: string): string {
  return readFileSync(join(NAV_REFERENCE_DIR, 'samples', name), 'utf8');
}

test('requestSignature reproduces NAV’s tokenExchange and queryTransactionStatus samples', () => {
  expect(signatureTimestamp(new Date('2019-09-11T10:55:31.440Z'))).toBe('20190911105531');
  for (const [file, id, ts] of [
    ['api-tokenExchange.xml', 'RID896801578348', '2019-09-11T10:55:31.440Z'],
    ['api-queryTransactionStatus.xml', 'RID603063244730', '2019-09-11T10:55:34.063Z'],
  ] as const) {
    const expected = /<common:requestSignature cryptoType="SHA3-512">([0-9A-F]+)</.exec(sample(file))![1];
    expect(requestSignature(id, new Date(ts), SAMPLE_SIGN_KEY)).toBe(expected);
  }
});

test('requestSignature reproduces NAV’s manageInvoice sample with its three invoices', () => {
  const xml = sample('api-manageInvoice.xml');
  const ops = [...xml.matchAll(/<invoiceOperation>(CREATE|MODIFY|STORNO)<\/invoiceOperation>\s*<invoiceData>([^<]+)</g)].map((m) => ({
    operation: m[1]!,
    invoiceDataBase64: m[2]!,
  }));
  expect(ops).toHaveLength(3);
  const expected = /<common:requestSignature cryptoType="SHA3-512">([0-9A-F]+)</.exec(xml)![1];
  expect(requestSignature('RID181837288942', new Date('2020-09-11T12:44:55.442Z'), SAMPLE_SIGN_KEY, ops)).toBe(expected);
});

test('passwordHash is upper-case SHA-512', () => {
  expect(passwordHash('abc')).toBe(
    'DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A2192992A274FC1A836BA3C23A3FEEBBD454D4423643CE80E2A9AC94FA54CA49F',
  );
});

test('request ids fit EntityIdType and differ', () => {
  const ids = new Set(Array.from({ length: 200 }, () => newRequestId()));
  expect(ids.size).toBe(200);
  for (const id of ids) expect(id).toMatch(/^[+a-zA-Z0-9_]{1,30}$/);
});

test('every request validates against NAV’s API schema', async () => {
  const meta = { requestId: newRequestId(), timestamp: new Date('2025-03-10T09:15:00.123Z') };
  const prepared = prepareNavReport(invoice({ items: [{ qty: '1', netUnitPrice: '1000', vatId: '1' }] }));
  const requests = [
    buildTokenExchangeRequest(user, software, meta),
    buildManageInvoiceRequest(user, software, meta, 'token-123', [
      { operation: prepared.operation, invoiceDataBase64: prepared.invoiceDataBase64 },
    ]),
    buildQueryTransactionStatusRequest(user, software, meta, '4H0AXWEZ3XJFFUJ7', true),
    buildQueryTransactionListRequest(user, software, meta, new Date('2025-03-10T09:00:00Z'), new Date('2025-03-10T09:30:00Z')),
  ];
  for (const xml of requests) {
    const result = await validateNavXml('api', xml);
    expect(result.errors).toBe('');
  }
  expect(requests[0]).toContain('<common:taxNumber>12345676</common:taxNumber>');
  expect(requests[1]).toContain('<invoiceOperation>CREATE</invoiceOperation>');
  expect(requests[1]).not.toContain('electronicInvoiceHash');
});

test('the exchange token round-trips through AES-128-ECB with the exchange key', () => {
  const encoded = encryptExchangeToken('b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U', user.exchangeKey);
  expect(Buffer.from(encoded, 'base64')).toHaveLength(64); // 48 bytes: a full block of PKCS#7 padding follows
  expect(decryptExchangeToken(encoded, user.exchangeKey)).toBe('b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U');
  expect(() => decryptExchangeToken(encoded, 'wrong-key-123456')).toThrow();
  expect(() => decryptExchangeToken(encoded, 'short')).toThrow(/16 characters/);
});

test('the exchange token decrypts a known answer computed outside Folio (AES-128-ECB, PKCS#7)', () => {
  // Computed once with OpenSSL, not with Folio's code:
  //   printf '%s' 'b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U' \
  //     | openssl enc -aes-128-ecb -K 41424344454630313233343536373839 -nosalt | base64 -w0
  // (the key is the hex of the exchange key ABCDEF0123456789). CBC with a zero IV shares the first block only, so a
  // wrong mode garbles all but the first 16 characters.
  const fromOpenssl = 'wNW1t6H1Qpy+Hb6qu5LmlGwUqNHCuwuhTsRSpjpR81IlIJ4qhnW183j42Bz7i7lRsGy6YJHSszOo1//Mc+GIew==';
  expect(decryptExchangeToken(fromOpenssl, 'ABCDEF0123456789')).toBe('b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U');
  expect(encryptExchangeToken('b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U', 'ABCDEF0123456789')).toBe(fromOpenssl);
});

test('responses are read whatever the namespace prefixes', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:QueryTransactionStatusResponse xmlns="http://schemas.nav.gov.hu/NTCA/1.0/common" xmlns:ns2="http://schemas.nav.gov.hu/OSA/3.0/api">
  <header><requestId>X</requestId><timestamp>2025-03-10T09:15:00Z</timestamp><requestVersion>3.0</requestVersion></header>
  <result><funcCode>OK</funcCode></result>
  <ns2:processingResults>
    <ns2:processingResult>
      <ns2:index>1</ns2:index><ns2:invoiceStatus>ABORTED</ns2:invoiceStatus>
      <ns2:businessValidationMessages><ns2:validationResultCode>ERROR</ns2:validationResultCode>
        <ns2:validationErrorCode>INVOICE_NUMBER_NOT_UNIQUE</ns2:validationErrorCode><ns2:message>dup</ns2:message>
        <ns2:pointer><ns2:tag>invoiceNumber</ns2:tag><ns2:line>3</ns2:line></ns2:pointer></ns2:businessValidationMessages>
      <ns2:compressedContentIndicator>false</ns2:compressedContentIndicator>
    </ns2:processingResult>
    <ns2:originalRequestVersion>3.0</ns2:originalRequestVersion>
  </ns2:processingResults>
</ns2:QueryTransactionStatusResponse>`;
  const parsed = parseResponse(xml);
  expect(parsed.funcCode).toBe('OK');
  expect(readProcessingResults(parsed)).toEqual([
    {
      index: 1,
      status: 'ABORTED',
      messages: [{ severity: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', text: 'dup', line: 3, tag: 'invoiceNumber' }],
      originalRequest: undefined,
    },
  ]);
});

test('codes have messages: NAV’s English, Hungarian where known', () => {
  expect(describeNavCode('INVOICE_NUMBER_NOT_UNIQUE')).toBe('The specified invoice number has already been used previously.');
  expect(describeNavCode('INVALID_INVOICE_REFERENCE', 'hu')).toMatch(/nem történt adatszolgáltatás/);
  expect(describeNavCode('INVALID_SECURITY_USER', 'hu')).toMatch(/jelszó/);
  expect(describeNavCode('SOMETHING_NEW', 'en', 'NAV said so')).toBe('NAV said so');
});
