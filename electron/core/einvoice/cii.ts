// The EN 16931 model as a UN/CEFACT Cross Industry Invoice D16B (EN 16931-3-3), in the element order of the D16B
// schema. With the client's buyer reference (a Leitweg-ID) and the seller contact it is the CII form of an
// XRechnung; Factur-X embeds this same document.
import { objectToXml } from '../../xml/object-xml';
import type { Big } from '../../../shared/money';
import type { VatCategory } from './codes';
import type { EinvoiceAddress, EinvoiceModel, EinvoiceParty } from './model';
import { EN16931_CUSTOMIZATION } from './ubl';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

type Node = Record<string, unknown>;

const money = (v: Big): string => v.toFixed(2);
const date = (d: string): Node => ({ 'udt:DateTimeString': { '@format': '102', '#': d.replace(/-/g, '') } });
const isIban = (id: string): boolean => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(id);

function address(a: EinvoiceAddress): Node {
  return {
    'ram:PostcodeCode': a.postcode,
    'ram:LineOne': a.street,
    'ram:LineTwo': a.additional,
    'ram:CityName': a.city,
    'ram:CountryID': a.country,
  };
}

function party(p: EinvoiceParty, seller: boolean): Node {
  const registrations: Node[] = [];
  if (p.vatId) registrations.push({ 'ram:ID': { '@schemeID': 'VA', '#': p.vatId } });
  if (seller && p.taxRegistrationId) registrations.push({ 'ram:ID': { '@schemeID': 'FC', '#': p.taxRegistrationId } });
  return {
    'ram:ID': p.id,
    'ram:Name': p.name,
    'ram:SpecifiedLegalOrganization': p.legalId ? { 'ram:ID': p.legalId } : undefined,
    'ram:DefinedTradeContact': p.contact && seller
      ? {
          'ram:PersonName': p.contact.name,
          'ram:TelephoneUniversalCommunication': p.contact.phone ? { 'ram:CompleteNumber': p.contact.phone } : undefined,
          'ram:EmailURIUniversalCommunication': p.contact.email ? { 'ram:URIID': p.contact.email } : undefined,
        }
      : undefined,
    'ram:PostalTradeAddress': address(p.address),
    'ram:URIUniversalCommunication': p.endpoint ? { 'ram:URIID': { '@schemeID': p.endpoint.scheme, '#': p.endpoint.id } } : undefined,
    'ram:SpecifiedTaxRegistration': registrations.length ? registrations : undefined,
  };
}

function headerTax(c: VatCategory, taxable: Big, tax: Big): Node {
  return {
    'ram:CalculatedAmount': money(tax),
    'ram:TypeCode': 'VAT',
    'ram:ExemptionReason': c.exemptionReason,
    'ram:BasisAmount': money(taxable),
    'ram:CategoryCode': c.code,
    'ram:ExemptionReasonCode': c.exemptionCode,
    'ram:RateApplicablePercent': c.percent ? c.percent.toFixed() : undefined,
  };
}

export function ciiXmlOf(m: EinvoiceModel): string {
  const cur = m.currency;
  const taxTotals: Node[] = [{ '@currencyID': cur, '#': money(m.totals.tax) }];
  if (m.taxCurrency && m.totals.taxInTaxCurrency) taxTotals.push({ '@currencyID': m.taxCurrency, '#': money(m.totals.taxInTaxCurrency) });
  const account = m.payment.account;

  const doc: Node = {
    'rsm:CrossIndustryInvoice': {
      '@xmlns:rsm': NS.rsm,
      '@xmlns:ram': NS.ram,
      '@xmlns:qdt': NS.qdt,
      '@xmlns:udt': NS.udt,
      'rsm:ExchangedDocumentContext': {
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': EN16931_CUSTOMIZATION },
      },
      'rsm:ExchangedDocument': {
        'ram:ID': m.number,
        'ram:TypeCode': m.typeCode,
        'ram:IssueDateTime': date(m.issueDate),
        'ram:IncludedNote': m.notes.length ? m.notes.map((n) => ({ 'ram:Content': n })) : undefined,
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': m.lines.map((l) => ({
          'ram:AssociatedDocumentLineDocument': { 'ram:LineID': l.id, 'ram:IncludedNote': l.note ? { 'ram:Content': l.note } : undefined },
          'ram:SpecifiedTradeProduct': { 'ram:Name': l.name },
          'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': l.price.toFixed() } },
          'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': l.unitCode, '#': l.quantity.toFixed() } },
          'ram:SpecifiedLineTradeSettlement': {
            'ram:ApplicableTradeTax': {
              'ram:TypeCode': 'VAT',
              'ram:CategoryCode': l.category.code,
              'ram:RateApplicablePercent': l.category.percent ? l.category.percent.toFixed() : undefined,
            },
            'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': money(l.net) },
          },
        })),
        'ram:ApplicableHeaderTradeAgreement': {
          'ram:BuyerReference': m.buyerReference,
          'ram:SellerTradeParty': party(m.seller, true),
          'ram:BuyerTradeParty': party(m.buyer, false),
        },
        'ram:ApplicableHeaderTradeDelivery': {
          'ram:ShipToTradeParty': m.deliverToCountry ? { 'ram:PostalTradeAddress': { 'ram:CountryID': m.deliverToCountry } } : undefined,
          'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': date(m.deliveryDate) },
        },
        'ram:ApplicableHeaderTradeSettlement': {
          'ram:PaymentReference': m.number,
          'ram:TaxCurrencyCode': m.taxCurrency,
          'ram:InvoiceCurrencyCode': cur,
          'ram:SpecifiedTradeSettlementPaymentMeans': {
            'ram:TypeCode': m.payment.meansCode,
            'ram:Information': m.payment.meansText || undefined,
            'ram:PayeePartyCreditorFinancialAccount': account
              ? {
                  ...(isIban(account.id) ? { 'ram:IBANID': account.id } : {}),
                  'ram:AccountName': account.name,
                  ...(isIban(account.id) ? {} : { 'ram:ProprietaryID': account.id }),
                }
              : undefined,
            'ram:PayeeSpecifiedCreditorFinancialInstitution': account?.bic ? { 'ram:BICID': account.bic } : undefined,
          },
          'ram:ApplicableTradeTax': m.breakdown.map((b) => headerTax(b.category, b.taxable, b.tax)),
          'ram:BillingSpecifiedPeriod': m.period
            ? { 'ram:StartDateTime': date(m.period.start), 'ram:EndDateTime': date(m.period.end) }
            : undefined,
          'ram:SpecifiedTradePaymentTerms': m.dueDate ? { 'ram:DueDateDateTime': date(m.dueDate) } : undefined,
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': money(m.totals.lineNet),
            'ram:TaxBasisTotalAmount': money(m.totals.taxExclusive),
            'ram:TaxTotalAmount': taxTotals,
            'ram:RoundingAmount': m.totals.rounding.eq(0) ? undefined : money(m.totals.rounding),
            'ram:GrandTotalAmount': money(m.totals.taxInclusive),
            'ram:TotalPrepaidAmount': m.totals.prepaid.eq(0) ? undefined : money(m.totals.prepaid),
            'ram:DuePayableAmount': money(m.totals.payable),
          },
          'ram:InvoiceReferencedDocument': m.preceding.length
            ? m.preceding.map((p) => ({
                'ram:IssuerAssignedID': p.number,
                'ram:FormattedIssueDateTime': p.date ? { 'qdt:DateTimeString': { '@format': '102', '#': p.date.replace(/-/g, '') } } : undefined,
              }))
            : undefined,
        },
      },
    },
  };
  return objectToXml(doc);
}
