// The EN 16931 model as a UBL 2.1 Invoice or CreditNote (the CEN syntax binding, EN 16931-3-2), in the element
// order of the UBL schema, with Peppol BIS Billing 3.0's profile so an access point can carry it unchanged.
import { objectToXml } from '../../xml/object-xml';
import type { Big } from '../../../shared/money';
import type { VatCategory } from './codes';
import type { EinvoiceAddress, EinvoiceModel, EinvoiceParty } from './model';

export const EN16931_CUSTOMIZATION = 'urn:cen.eu:en16931:2017';
export const PEPPOL_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

type Node = Record<string, unknown>;

const amount = (value: Big, currency: string): Node => ({ '@currencyID': currency, '#': value.toFixed(2) });

function address(a: EinvoiceAddress): Node {
  return {
    'cbc:StreetName': a.street,
    'cbc:AdditionalStreetName': a.additional,
    'cbc:CityName': a.city,
    'cbc:PostalZone': a.postcode,
    'cac:Country': { 'cbc:IdentificationCode': a.country },
  };
}

function party(p: EinvoiceParty, seller: boolean): Node {
  const schemes: Node[] = [];
  if (p.vatId) schemes.push({ 'cbc:CompanyID': p.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
  // BT-32: the seller's tax registration that is not its VAT number (the full Hungarian tax number)
  if (seller && p.taxRegistrationId) schemes.push({ 'cbc:CompanyID': p.taxRegistrationId, 'cac:TaxScheme': { 'cbc:ID': 'FC' } });
  return {
    'cac:Party': {
      'cbc:EndpointID': p.endpoint ? { '@schemeID': p.endpoint.scheme, '#': p.endpoint.id } : undefined,
      'cac:PartyIdentification': p.id ? { 'cbc:ID': p.id } : undefined,
      'cac:PartyName': { 'cbc:Name': p.name },
      'cac:PostalAddress': address(p.address),
      'cac:PartyTaxScheme': schemes.length ? schemes : undefined,
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name, 'cbc:CompanyID': p.legalId },
      'cac:Contact': p.contact
        ? { 'cbc:Name': p.contact.name, 'cbc:Telephone': p.contact.phone, 'cbc:ElectronicMail': p.contact.email }
        : undefined,
    },
  };
}

function taxCategory(c: VatCategory, withReason: boolean): Node {
  return {
    'cbc:ID': c.code,
    'cbc:Percent': c.percent ? c.percent.toFixed() : undefined,
    'cbc:TaxExemptionReasonCode': withReason ? c.exemptionCode : undefined,
    'cbc:TaxExemptionReason': withReason ? c.exemptionReason : undefined,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

export function ublXmlOf(m: EinvoiceModel): string {
  const cur = m.currency;
  const root = m.creditNote ? 'CreditNote' : 'Invoice';
  const lineName = m.creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityName = m.creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const taxTotals: Node[] = [
    {
      'cbc:TaxAmount': amount(m.totals.tax, cur),
      'cac:TaxSubtotal': m.breakdown.map((b) => ({
        'cbc:TaxableAmount': amount(b.taxable, cur),
        'cbc:TaxAmount': amount(b.tax, cur),
        'cac:TaxCategory': taxCategory(b.category, true),
      })),
    },
  ];
  // BT-111: the VAT total in the tax currency, a TaxTotal of its own without subtotals
  if (m.taxCurrency && m.totals.taxInTaxCurrency) taxTotals.push({ 'cbc:TaxAmount': amount(m.totals.taxInTaxCurrency, m.taxCurrency) });

  const doc: Node = {
    [root]: {
      '@xmlns': m.creditNote ? NS.creditNote : NS.invoice,
      '@xmlns:cac': NS.cac,
      '@xmlns:cbc': NS.cbc,
      'cbc:CustomizationID': EN16931_CUSTOMIZATION,
      'cbc:ProfileID': PEPPOL_BILLING_PROFILE,
      'cbc:ID': m.number,
      'cbc:IssueDate': m.issueDate,
      // a UBL 2.1 credit note has no header due date: BT-9 goes into its payment means
      'cbc:DueDate': m.creditNote ? undefined : m.dueDate,
      [m.creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: m.typeCode,
      'cbc:Note': m.notes.length ? m.notes : undefined,
      'cbc:DocumentCurrencyCode': cur,
      'cbc:TaxCurrencyCode': m.taxCurrency,
      'cbc:BuyerReference': m.buyerReference,
      'cac:InvoicePeriod': m.period ? { 'cbc:StartDate': m.period.start, 'cbc:EndDate': m.period.end } : undefined,
      'cac:BillingReference': m.preceding.length
        ? m.preceding.map((p) => ({ 'cac:InvoiceDocumentReference': { 'cbc:ID': p.number, 'cbc:IssueDate': p.date } }))
        : undefined,
      'cac:AccountingSupplierParty': party(m.seller, true),
      'cac:AccountingCustomerParty': party(m.buyer, false),
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': m.deliveryDate,
        'cac:DeliveryLocation': m.deliverToCountry ? { 'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': m.deliverToCountry } } } : undefined,
      },
      'cac:PaymentMeans': {
        'cbc:PaymentMeansCode': { '@name': m.payment.meansText || undefined, '#': m.payment.meansCode },
        'cbc:PaymentDueDate': m.creditNote ? m.dueDate : undefined,
        'cbc:PaymentID': m.number,
        'cac:PayeeFinancialAccount': m.payment.account
          ? {
              'cbc:ID': m.payment.account.id,
              'cbc:Name': m.payment.account.name,
              'cac:FinancialInstitutionBranch': m.payment.account.bic ? { 'cbc:ID': m.payment.account.bic } : undefined,
            }
          : undefined,
      },
      'cac:TaxTotal': taxTotals,
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(m.totals.lineNet, cur),
        'cbc:TaxExclusiveAmount': amount(m.totals.taxExclusive, cur),
        'cbc:TaxInclusiveAmount': amount(m.totals.taxInclusive, cur),
        'cbc:PrepaidAmount': m.totals.prepaid.eq(0) ? undefined : amount(m.totals.prepaid, cur),
        'cbc:PayableRoundingAmount': m.totals.rounding.eq(0) ? undefined : amount(m.totals.rounding, cur),
        'cbc:PayableAmount': amount(m.totals.payable, cur),
      },
      [lineName]: m.lines.map((l) => ({
        'cbc:ID': l.id,
        'cbc:Note': l.note,
        [quantityName]: { '@unitCode': l.unitCode, '#': l.quantity.toFixed() },
        'cbc:LineExtensionAmount': amount(l.net, cur),
        'cac:Item': { 'cbc:Name': l.name, 'cac:ClassifiedTaxCategory': taxCategory(l.category, false) },
        'cac:Price': { 'cbc:PriceAmount': { '@currencyID': cur, '#': l.price.toFixed() } },
      })),
    },
  };
  return objectToXml(doc);
}
