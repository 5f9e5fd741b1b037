// Reading NAV's QueryTaxpayerResponse as NAV's servers write it — their own namespace prefixes (ns2 for the API,
// ns3 for base, ns4 for common) — with one address item (which must still come back as a list) and without any
// taxpayer data (a number NAV does not know).
import { expect, test } from '@playwright/test';
import { parseResponse, readQueryTaxpayer } from '../../electron/nav/api';

const head = `<ns2:header><ns4:requestId>R1</ns4:requestId><ns4:timestamp>2026-11-22T09:00:00.000Z</ns4:timestamp><ns4:requestVersion>3.0</ns4:requestVersion><ns4:headerVersion>1.0</ns4:headerVersion></ns2:header>
  <ns4:result><ns4:funcCode>OK</ns4:funcCode></ns4:result>`;
const root = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ns2:QueryTaxpayerResponse xmlns:ns2="http://schemas.nav.gov.hu/OSA/3.0/api" xmlns:ns3="http://schemas.nav.gov.hu/OSA/3.0/base" xmlns:ns4="http://schemas.nav.gov.hu/NTCA/1.0/common">
  ${head}
  ${body}
</ns2:QueryTaxpayerResponse>`;

test('a valid taxpayer with one address, under NAV’s own prefixes', () => {
  const xml = root(`<ns2:infoDate>2024-01-02T08:00:00.000Z</ns2:infoDate>
  <ns2:taxpayerValidity>true</ns2:taxpayerValidity>
  <ns2:taxpayerData>
    <ns2:taxpayerName>MINTA ÉS TÁRSA BETÉTI TÁRSASÁG</ns2:taxpayerName>
    <ns2:taxNumberDetail><ns3:taxpayerId>01234567</ns3:taxpayerId><ns3:vatCode>2</ns3:vatCode><ns3:countyCode>13</ns3:countyCode></ns2:taxNumberDetail>
    <ns2:incorporation>ORGANIZATION</ns2:incorporation>
    <ns2:vatGroupMembership>17777777</ns2:vatGroupMembership>
    <ns2:taxpayerAddressList>
      <ns2:taxpayerAddressItem>
        <ns2:taxpayerAddressType>HQ</ns2:taxpayerAddressType>
        <ns2:taxpayerAddress><ns3:countryCode>HU</ns3:countryCode><ns3:postalCode>2000</ns3:postalCode><ns3:city>SZENTENDRE</ns3:city><ns3:streetName>FŐ</ns3:streetName><ns3:publicPlaceCategory>TÉR</ns3:publicPlaceCategory><ns3:number>0012</ns3:number><ns3:door>2</ns3:door></ns2:taxpayerAddress>
      </ns2:taxpayerAddressItem>
    </ns2:taxpayerAddressList>
  </ns2:taxpayerData>`);
  const read = readQueryTaxpayer(parseResponse(xml));
  expect(read.validity).toBe(true);
  expect(read.infoDate).toBe('2024-01-02T08:00:00.000Z');
  expect(read.data).toMatchObject({ name: 'MINTA ÉS TÁRSA BETÉTI TÁRSASÁG', taxpayerId: '01234567', vatCode: '2', countyCode: '13', vatGroupMembership: '17777777' });
  expect(read.data?.shortName).toBeUndefined();
  // "0012" stays a string with its zeros: a house number is text
  expect(read.data?.addresses).toEqual([
    expect.objectContaining({ type: 'HQ', countryCode: 'HU', postalCode: '2000', city: 'SZENTENDRE', streetName: 'FŐ', publicPlaceCategory: 'TÉR', number: '0012', door: '2' }),
  ]);
});

test('a number NAV does not know: no validity, no data', () => {
  expect(readQueryTaxpayer(parseResponse(root('')))).toEqual({ validity: undefined });
  expect(readQueryTaxpayer(parseResponse(root('<ns2:taxpayerValidity>false</ns2:taxpayerValidity>')))).toEqual({ validity: false });
});
