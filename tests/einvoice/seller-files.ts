// The official EN 16931 examples (CII_example1.xml and its UBL twin ubl-tc434-example1.xml, the same invoice in
// both syntaxes) with the seller party replaced: written as a German, Austrian, Swiss or Hungarian supplier writes it,
// in the element order of the EN 16931 bindings (the XRechnung test suite's sellers: a Steuernummer under scheme FC
// beside the VAT id under VA, a VAT id written with spaces, an FC number alone with the company register number).
// Only the seller and the invoice number change, so each file still passes the official rules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EN16931_EXAMPLES } from './reference';

export interface Seller {
  name: string;
  country: string;
  /** BT-31 as written in the file */
  va?: string;
  /** BT-32 as written in the file */
  fc?: string;
  /** BT-30 and its scheme */
  legal?: { id: string; scheme?: string };
  /** BT-29 */
  ids?: Array<{ id: string; scheme?: string }>;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const schemeAttr = (scheme?: string) => (scheme ? ` schemeID="${esc(scheme)}"` : '');

/** The CII seller (ram:SellerTradeParty) in the D16B element order: ID, GlobalID, Name, legal organisation, address, tax registrations. */
function ciiSeller(p: Seller): string {
  const ids = (p.ids ?? []).map((i) => (i.scheme ? `<ram:GlobalID${schemeAttr(i.scheme)}>${esc(i.id)}</ram:GlobalID>` : `<ram:ID>${esc(i.id)}</ram:ID>`));
  // the binding puts unschemed IDs before GlobalIDs
  ids.sort((a, b) => Number(a.startsWith('<ram:GlobalID')) - Number(b.startsWith('<ram:GlobalID')));
  const regs = [p.fc && `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${esc(p.fc)}</ram:ID></ram:SpecifiedTaxRegistration>`, p.va && `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(p.va)}</ram:ID></ram:SpecifiedTaxRegistration>`];
  return [
    '<ram:SellerTradeParty>',
    ...ids,
    `<ram:Name>${esc(p.name)}</ram:Name>`,
    p.legal ? `<ram:SpecifiedLegalOrganization><ram:ID${schemeAttr(p.legal.scheme)}>${esc(p.legal.id)}</ram:ID></ram:SpecifiedLegalOrganization>` : '',
    `<ram:PostalTradeAddress><ram:PostcodeCode>10115</ram:PostcodeCode><ram:LineOne>Invalidenstraße 10</ram:LineOne><ram:CityName>Berlin</ram:CityName><ram:CountryID>${p.country}</ram:CountryID></ram:PostalTradeAddress>`,
    ...regs.filter(Boolean),
    '</ram:SellerTradeParty>',
  ].join('');
}

/** The UBL supplier (cac:AccountingSupplierParty/cac:Party) in the UBL 2.1 order: identification, address, tax schemes, legal entity. */
function ublSeller(p: Seller): string {
  const taxScheme = (id: string, scheme: string) => `<cac:PartyTaxScheme><cbc:CompanyID>${esc(id)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>${scheme}</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;
  return [
    '<cac:AccountingSupplierParty><cac:Party>',
    ...(p.ids ?? []).map((i) => `<cac:PartyIdentification><cbc:ID${schemeAttr(i.scheme)}>${esc(i.id)}</cbc:ID></cac:PartyIdentification>`),
    `<cac:PostalAddress><cbc:StreetName>Invalidenstraße 10</cbc:StreetName><cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${p.country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`,
    p.va ? taxScheme(p.va, 'VAT') : '',
    p.fc ? taxScheme(p.fc, 'FC') : '',
    `<cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>${p.legal ? `<cbc:CompanyID${schemeAttr(p.legal.scheme)}>${esc(p.legal.id)}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>`,
    '</cac:Party></cac:AccountingSupplierParty>',
  ].join('');
}

const CII = readFileSync(join(EN16931_EXAMPLES, 'cii', 'CII_example1.xml'), 'utf8');
const UBL = readFileSync(join(EN16931_EXAMPLES, 'ubl', 'ubl-tc434-example1.xml'), 'utf8');

/** The example with this seller and invoice number (BT-1), so each case is an invoice of its own. */
export function invoiceFile(syntax: 'cii' | 'ubl', seller: Seller, number: string): Buffer {
  let xml: string;
  if (syntax === 'cii') {
    xml = CII.replace(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/, ciiSeller(seller));
    xml = xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*(<\/ram:ID>)/, `$1${number}$2`);
  } else {
    xml = UBL.replace(/<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/, ublSeller(seller));
    xml = xml.replace(/(<\/cbc:CustomizationID>\s*<cbc:ID>)[^<]*(<\/cbc:ID>)/, `$1${number}$2`);
  }
  if (!xml.includes(`>${number}<`)) throw new Error('the example no longer has the invoice number where expected');
  return Buffer.from(xml, 'utf8');
}

