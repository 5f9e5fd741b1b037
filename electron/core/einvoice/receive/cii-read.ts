// A UN/CEFACT Cross Industry Invoice (D16B, the EN 16931 profile; also the XML inside Factur-X / ZUGFeRD and an
// XRechnung in CII) read into the terms Folio needs (received.ts), following the EN 16931 CII binding.
import { CREDIT_TYPE_CODES, type ReceivedInvoice, type ReceivedLine, type ReceivedParty, type SchemedId } from './received';
import { all, first, ram, rsm, schemedId, text, udt, type XmlElement } from './xml';

/** A CII date (format 102, YYYYMMDD) as YYYY-MM-DD; other formats are not dates EN 16931 allows. */
function date(el: XmlElement | undefined): string | null {
  const s = text(el, udt('DateTimeString'));
  const m = s && /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * A trade party by the EN 16931 CII binding: BT-29 `ram:ID` / `ram:GlobalID@schemeID`, BT-30
 * `SpecifiedLegalOrganization/ID@schemeID`, and the tax registrations by their scheme — `VA` the VAT identifier
 * (BT-31), `FC` the national tax number (BT-32). A registration is taken by its scheme only, never by its position.
 */
function party(el: XmlElement | undefined): ReceivedParty {
  const regs = all(el, ram('SpecifiedTaxRegistration'), ram('ID'));
  const scheme = (id: string) => regs.find((r) => r.getAttribute('schemeID')?.trim().toUpperCase() === id)?.textContent?.trim() || null;
  return {
    name: text(el, ram('Name')) ?? '',
    vat_id: scheme('VA'),
    tax_registration: scheme('FC'),
    legal_registration: schemedId(first(el, ram('SpecifiedLegalOrganization'), ram('ID'))),
    identifiers: [...all(el, ram('ID')), ...all(el, ram('GlobalID'))].map((e) => schemedId(e)).filter((x): x is SchemedId => x !== null),
    country: text(el, ram('PostalTradeAddress'), ram('CountryID')),
  };
}

export function readCii(root: XmlElement): ReceivedInvoice {
  const doc = first(root, rsm('ExchangedDocument'));
  const trade = first(root, rsm('SupplyChainTradeTransaction'));
  const agreement = first(trade, ram('ApplicableHeaderTradeAgreement'));
  const settlement = first(trade, ram('ApplicableHeaderTradeSettlement'));
  const sums = first(settlement, ram('SpecifiedTradeSettlementHeaderMonetarySummation'));
  const currency = text(settlement, ram('InvoiceCurrencyCode')) ?? '';
  const typeCode = text(doc, ram('TypeCode')) ?? '';
  // BT-110 is the tax total in the invoice's currency; BT-111 (in the VAT currency) may stand beside it
  const taxTotals = all(sums, ram('TaxTotalAmount'));
  const vat = taxTotals.find((t) => t.getAttribute('currencyID') === currency) ?? taxTotals.find((t) => !t.getAttribute('currencyID')) ?? taxTotals[0];
  const lines: ReceivedLine[] = all(trade, ram('IncludedSupplyChainTradeLineItem')).map((l) => {
    const q = first(l, ram('SpecifiedLineTradeDelivery'), ram('BilledQuantity'));
    const lineSettlement = first(l, ram('SpecifiedLineTradeSettlement'));
    return {
      id: text(l, ram('AssociatedDocumentLineDocument'), ram('LineID')) ?? '',
      name: text(l, ram('SpecifiedTradeProduct'), ram('Name')) ?? '',
      quantity: q?.textContent?.trim() || null,
      unit: q?.getAttribute('unitCode') ?? null,
      net: text(lineSettlement, ram('SpecifiedTradeSettlementLineMonetarySummation'), ram('LineTotalAmount')) ?? '0',
      category: text(lineSettlement, ram('ApplicableTradeTax'), ram('CategoryCode')),
      rate: text(lineSettlement, ram('ApplicableTradeTax'), ram('RateApplicablePercent')),
    };
  });

  return {
    syntax: 'cii',
    type_code: typeCode,
    credit_note: CREDIT_TYPE_CODES.has(typeCode),
    number: text(doc, ram('ID')) ?? '',
    issue_date: date(first(doc, ram('IssueDateTime'))),
    due_date: all(settlement, ram('SpecifiedTradePaymentTerms')).map((t) => date(first(t, ram('DueDateDateTime')))).find(Boolean) ?? null,
    delivery_date:
      date(first(trade, ram('ApplicableHeaderTradeDelivery'), ram('ActualDeliverySupplyChainEvent'), ram('OccurrenceDateTime'))) ??
      date(first(settlement, ram('BillingSpecifiedPeriod'), ram('EndDateTime'))),
    currency,
    vat_currency: text(settlement, ram('TaxCurrencyCode')),
    seller: party(first(agreement, ram('SellerTradeParty'))),
    buyer_name: text(agreement, ram('BuyerTradeParty'), ram('Name')),
    iban:
      all(settlement, ram('SpecifiedTradeSettlementPaymentMeans'))
        .map((p) => text(p, ram('PayeePartyCreditorFinancialAccount'), ram('IBANID')))
        .find(Boolean) ?? null,
    totals: {
      lines: text(sums, ram('LineTotalAmount')),
      net: text(sums, ram('TaxBasisTotalAmount')) ?? '0',
      vat: vat?.textContent?.trim() || '0',
      gross: text(sums, ram('GrandTotalAmount')) ?? '0',
      prepaid: text(sums, ram('TotalPrepaidAmount')),
      rounding: text(sums, ram('RoundingAmount')),
      due: text(sums, ram('DuePayableAmount')) ?? '0',
    },
    vat_breakdown: all(settlement, ram('ApplicableTradeTax')).map((t) => ({
      category: text(t, ram('CategoryCode')) ?? '',
      rate: text(t, ram('RateApplicablePercent')),
      taxable: text(t, ram('BasisAmount')) ?? '0',
      tax: text(t, ram('CalculatedAmount')) ?? '0',
      exemption_reason: text(t, ram('ExemptionReason')),
    })),
    lines,
  };
}
