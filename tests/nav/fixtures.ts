// Hand-built issued invoices for the NAV tests. Amounts come from the same shared/totals.ts the core issues with,
// so every fixture is an invoice the app could really have produced; a cancelling invoice mirrors its original
// the way the core's cancel does (negated quantities and amounts, same fulfilment date).
import { Big, fromMilli, milliToString, roundTo, toMilli } from '../../shared/money';
import type { Address, InvoiceAttributes, InvoiceClient, InvoiceItem, SellerSnapshot, TaxType } from '../../shared/resources';
import { findPaymentMethod } from '../../shared/reference/payment-methods';
import { findVatCode } from '../../shared/reference/vat-codes';
import { computeLine, computeTotals } from '../../shared/totals';

export interface ItemSpec {
  description?: string;
  qty: string;
  unit?: string;
  netUnitPrice?: string;
  grossUnitPrice?: string;
  vatId: string;
  entitlement?: string | null;
}

export interface InvoiceSpec {
  number?: string;
  prefix?: string;
  date?: string;
  fulfillmentDate?: string;
  dueDate?: string;
  currency?: string;
  exchangeRate?: string;
  roundTo?: number;
  paymentMethodId?: number;
  electronic?: 0 | 1;
  items: ItemSpec[];
  client?: Partial<InvoiceClient>;
  seller?: Partial<SellerSnapshot>;
}

export function address(over: Partial<Address> = {}): Address {
  return {
    street_name: '',
    street_type: '',
    house_nr: '',
    block: '',
    entrance: '',
    floor: '',
    door: '',
    city: '',
    postcode: '',
    district: '',
    country: '',
    ...over,
  };
}

export const SELLER: SellerSnapshot = {
  name: 'Minta Kereskedő Kft.',
  address: address({ street_name: 'Hármas', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1234', country: 'HU' }),
  taxcode: '12345676-2-41',
  eu_taxcode: 'HU12345676',
  email: 'szamla@minta.hu',
  phone: '+36 1 234 5678',
  bank_name: 'Minta Bank',
  bank_account_no: '11111111-22222222-33333333',
  bank_iban: 'HU42111111112222222233333333',
  bank_swift: 'MINTHUHB',
  vat_exempt: false,
};

export function client(taxType: TaxType, over: Partial<InvoiceClient> = {}): InvoiceClient {
  return {
    name: 'Beszerző Kft.',
    email: 'beszerzo@example.hu',
    taxcode: taxType === 'HAS_TAX_NUMBER' ? '99999999-2-02' : '',
    eu_taxcode: '',
    billing_address: address({
      street_name: 'Északi',
      street_type: 'sugárút',
      house_nr: '123',
      city: 'Pécs',
      postcode: '7600',
      country: 'Magyarország',
    }),
    bank: { iban: '', swift: '', account_no: '' },
    tax_type: taxType,
    ...over,
  };
}

export const DOMESTIC_COMPANY = client('HAS_TAX_NUMBER');
export const PRIVATE_PERSON = client('NO_TAX_NUMBER', {
  name: 'Kiss Anna',
  billing_address: address({ street_name: 'Rózsa u. 5.', city: 'Szeged', postcode: '6720', country: 'HU' }),
});
export const EU_COMPANY = client('FOREIGN', {
  name: 'Käufer GmbH',
  taxcode: '',
  eu_taxcode: 'DE 123 456 789',
  billing_address: address({ street_name: 'Leopoldstraße', street_type: 'Straße', house_nr: '7', city: 'München', postcode: '80802', country: 'Deutschland' }),
});
export const THIRD_COUNTRY_COMPANY = client('FOREIGN', {
  name: 'Buyer Inc.',
  taxcode: '12-3456789',
  billing_address: address({ street_name: '350 Fifth Avenue', city: 'New York', postcode: '10118', country: 'United States' }),
});

let nextUid = 100;

function huf(milli: number, rate: string, currency: string): string {
  if (currency === 'HUF') return milliToString(milli);
  return milliToString(toMilli(roundTo(fromMilli(milli).times(new Big(rate)), 0)));
}

export function invoice(spec: InvoiceSpec): InvoiceAttributes {
  const currency = spec.currency ?? 'HUF';
  const rate = currency === 'HUF' ? '1' : (spec.exchangeRate ?? '400');
  const priced = spec.items.map((it) => {
    const code = findVatCode(it.vatId);
    if (!code) throw new Error(`fixture: unknown VAT code ${it.vatId}`);
    const amounts = computeLine(
      { qty: it.qty, vatRate: code.value, vatId: it.vatId, netUnitPrice: it.netUnitPrice, grossUnitPrice: it.grossUnitPrice },
      currency,
    );
    return { it, code, amounts };
  });
  const totals = computeTotals(
    priced.map((p) => ({ vatId: p.code.id, vatRate: p.code.value, amounts: p.amounts })),
    spec.roundTo ?? 0,
  );
  const items: InvoiceItem[] = priced.map(({ it, code, amounts }) => ({
    description: it.description ?? 'Tétel',
    net_unit_price: amounts.netUnitPrice,
    qty: new Big(it.qty).toFixed(3),
    unit: it.unit ?? 'db',
    vat_id: code.id,
    item_comment: '',
    entitlement: it.entitlement ?? null,
    product_uid: null,
    gross_unit_price: it.grossUnitPrice ? new Big(it.grossUnitPrice).toFixed(3) : null,
    vat_rate: code.value,
    vat_description: code.description,
    net_amount: milliToString(amounts.net),
    vat_amount: milliToString(amounts.vat),
    gross_amount: milliToString(amounts.gross),
  }));
  const uid = nextUid++;
  const number = spec.number ?? `2025-${String(uid).padStart(6, '0')}`;
  const method = findPaymentMethod(spec.paymentMethodId ?? 2)!;
  return {
    uid,
    type: 3,
    status: 2,
    date: spec.date ?? '2025-03-10',
    fulfillment_date: spec.fulfillmentDate ?? '2025-03-08',
    due_date: spec.dueDate ?? '2025-03-18',
    invoice_no: number,
    prefixed_invoice_no: spec.prefix ? `${spec.prefix} / ${number}` : number,
    prefix: spec.prefix ?? '',
    total: milliToString(totals.total),
    total_paid: '0.000',
    comment: '',
    currency,
    client_uid: 1,
    block_uid: 0,
    items,
    client: spec.client ? { ...DOMESTIC_COMPANY, ...spec.client } : DOMESTIC_COMPANY,
    payment_method: { id: method.id, lang_code: 'hu', name: method.names.hu, advance_paid: method.advancePaid ? '1' : '0' },
    connected_invoice_no: null,
    is_cancel_invoice: 0,
    template_lang_code: 'hu',
    electronic_invoice: spec.electronic ?? 0,
    exchange_rate: new Big(rate).toFixed(6),
    exchange_rate_source: 'given',
    round_to: spec.roundTo ?? 0,
    rounding: milliToString(totals.rounding),
    net_total: milliToString(totals.net),
    vat_total: milliToString(totals.vat),
    gross_total: milliToString(totals.gross),
    outstanding: milliToString(totals.total),
    vat_summary: totals.vatSummary.map((row) => ({
      vat_id: row.vatId,
      vat_rate: row.vatRate,
      vat_description: findVatCode(row.vatId)?.description ?? '',
      net: milliToString(row.net),
      vat: milliToString(row.vat),
      gross: milliToString(row.gross),
      vat_huf: huf(row.vat, rate, currency),
    })),
    bank_account_uid: null,
    seller: spec.seller ? { ...SELLER, ...spec.seller } : SELLER,
    payments: [],
    cancelled_by_uid: null,
    cancels_uid: null,
    generated_invoice_uid: null,
    proforma_uid: null,
    recurring_uid: null,
    quote_uid: null,
    vendor_id: null,
    period_start: null,
    period_end: null,
    document_kind: 'invoice',
    original: null,
    modifies_uid: null,
    modification_index: null,
    modification_reason: null,
    modifications: [],
    current_total: milliToString(totals.total),
    overpayment: '0.000',
    is_advance: 0,
    deducted_by_uid: null,
    advance_deductions: [],
    created_at: '2025-03-10 10:00:00',
    updated_at: '2025-03-10 10:00:00',
  };
}

const negate = (amount: string) => {
  const v = new Big(amount).times(-1);
  return (v.eq(0) ? new Big(0) : v).toFixed(3);
};

/** The cancelling invoice of `original`, as the core's cancel makes it. */
export function cancelling(original: InvoiceAttributes, number?: string, date = '2025-03-20'): InvoiceAttributes {
  const uid = nextUid++;
  const no = number ?? `2025-${String(uid).padStart(6, '0')}`;
  return {
    ...original,
    uid,
    status: 1,
    date,
    invoice_no: no,
    prefixed_invoice_no: original.prefix ? `${original.prefix} / ${no}` : no,
    is_cancel_invoice: 1,
    connected_invoice_no: original.invoice_no,
    cancels_uid: original.uid,
    items: original.items.map((it) => ({
      ...it,
      qty: negate(it.qty),
      net_amount: negate(it.net_amount),
      vat_amount: negate(it.vat_amount),
      gross_amount: negate(it.gross_amount),
    })),
    total: negate(original.total),
    total_paid: negate(original.total),
    rounding: negate(original.rounding),
    net_total: negate(original.net_total),
    vat_total: negate(original.vat_total),
    gross_total: negate(original.gross_total),
    outstanding: '0.000',
    vat_summary: original.vat_summary.map((row) => ({
      ...row,
      net: negate(row.net),
      vat: negate(row.vat),
      gross: negate(row.gross),
      vat_huf: negate(row.vat_huf),
    })),
  };
}
