// A UBL 2.1 Invoice or CreditNote read into the terms Folio needs (received.ts), following the EN 16931 UBL
// binding: which element carries which business term.
import { CREDIT_TYPE_CODES, type ReceivedInvoice, type ReceivedLine, type ReceivedParty, type SchemedId } from './received';
import { all, cac, cbc, first, NS, schemedId, text, type XmlElement } from './xml';

/**
 * A party by the EN 16931 UBL binding: BT-29 `PartyIdentification/ID@schemeID`, BT-30
 * `PartyLegalEntity/CompanyID@schemeID`, BT-31 the `PartyTaxScheme` whose TaxScheme is VAT, BT-32 the other one.
 */
function party(root: XmlElement, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): ReceivedParty {
  const p = first(root, cac(role), cac('Party'));
  const schemes = all(p, cac('PartyTaxScheme'));
  const isVat = (s: XmlElement) => text(s, cac('TaxScheme'), cbc('ID'))?.toUpperCase() === 'VAT';
  const vat = schemes.find(isVat);
  const other = schemes.find((s) => !isVat(s));
  return {
    name: text(p, cac('PartyLegalEntity'), cbc('RegistrationName')) ?? text(p, cac('PartyName'), cbc('Name')) ?? '',
    vat_id: text(vat, cbc('CompanyID')),
    tax_registration: text(other, cbc('CompanyID')),
    legal_registration: schemedId(first(p, cac('PartyLegalEntity'), cbc('CompanyID'))),
    identifiers: all(p, cac('PartyIdentification'), cbc('ID')).map((e) => schemedId(e)).filter((x): x is SchemedId => x !== null),
    country: text(p, cac('PostalAddress'), cac('Country'), cbc('IdentificationCode')),
  };
}

export function readUbl(root: XmlElement): ReceivedInvoice {
  const isCreditNote = root.namespaceURI === NS.ublCreditNote;
  const currency = text(root, cbc('DocumentCurrencyCode')) ?? '';
  const typeCode = text(root, cbc(isCreditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')) ?? '';
  // BT-110 is the tax total in the document's currency, the one with the breakdown (BT-111 may stand beside it)
  const taxTotals = all(root, cac('TaxTotal'));
  const taxTotal =
    taxTotals.find((t) => first(t, cbc('TaxAmount'))?.getAttribute('currencyID') === currency) ??
    taxTotals.find((t) => all(t, cac('TaxSubtotal')).length > 0) ??
    taxTotals[0];
  const sums = first(root, cac('LegalMonetaryTotal'));
  const payments = all(root, cac('PaymentMeans'));
  const lineName = isCreditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const lines: ReceivedLine[] = all(root, cac(lineName)).map((l) => {
    const q = first(l, cbc(isCreditNote ? 'CreditedQuantity' : 'InvoicedQuantity'));
    const tax = first(l, cac('Item'), cac('ClassifiedTaxCategory'));
    return {
      id: text(l, cbc('ID')) ?? '',
      name: text(l, cac('Item'), cbc('Name')) ?? '',
      quantity: q?.textContent?.trim() || null,
      unit: q?.getAttribute('unitCode') ?? null,
      net: text(l, cbc('LineExtensionAmount')) ?? '0',
      category: text(tax, cbc('ID')),
      rate: text(tax, cbc('Percent')),
    };
  });

  return {
    syntax: 'ubl',
    type_code: typeCode,
    credit_note: isCreditNote || CREDIT_TYPE_CODES.has(typeCode),
    number: text(root, cbc('ID')) ?? '',
    issue_date: text(root, cbc('IssueDate')),
    due_date: text(root, cbc('DueDate')) ?? payments.map((p) => text(p, cbc('PaymentDueDate'))).find(Boolean) ?? null,
    delivery_date: text(root, cac('Delivery'), cbc('ActualDeliveryDate')) ?? text(root, cac('InvoicePeriod'), cbc('EndDate')),
    currency,
    vat_currency: text(root, cbc('TaxCurrencyCode')),
    seller: party(root, 'AccountingSupplierParty'),
    buyer_name: party(root, 'AccountingCustomerParty').name || null,
    iban: payments.map((p) => text(p, cac('PayeeFinancialAccount'), cbc('ID'))).find(Boolean) ?? null,
    totals: {
      lines: text(sums, cbc('LineExtensionAmount')),
      net: text(sums, cbc('TaxExclusiveAmount')) ?? '0',
      vat: text(taxTotal, cbc('TaxAmount')) ?? '0',
      gross: text(sums, cbc('TaxInclusiveAmount')) ?? '0',
      prepaid: text(sums, cbc('PrepaidAmount')),
      rounding: text(sums, cbc('PayableRoundingAmount')),
      due: text(sums, cbc('PayableAmount')) ?? '0',
    },
    vat_breakdown: all(taxTotal, cac('TaxSubtotal')).map((s) => ({
      category: text(s, cac('TaxCategory'), cbc('ID')) ?? '',
      rate: text(s, cac('TaxCategory'), cbc('Percent')),
      taxable: text(s, cbc('TaxableAmount')) ?? '0',
      tax: text(s, cbc('TaxAmount')) ?? '0',
      exemption_reason: text(s, cac('TaxCategory'), cbc('TaxExemptionReason')),
    })),
    lines,
  };
}
