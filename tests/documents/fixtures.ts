// InvoiceAttributes fixtures for the document tests and the PDF benchmark. Amounts are computed with the shared
// totals code, exactly as the core computes them when it issues an invoice, so the documents are tested on
// realistic numbers (HUF rounding, 3-decimal strings, VAT summary per code, HUF VAT of foreign invoices).
import { Big, milliToString, roundMoney } from '../../shared/money';
import type {
  Address,
  AdvanceDeduction,
  DocumentKind,
  InvoiceAttributes,
  InvoiceItem,
  InvoiceType,
  OriginalReference,
  SellerSnapshot,
  VatSummaryLine,
} from '../../shared/resources';
import { findPaymentMethod, type Lang } from '../../shared/reference/payment-methods';
import { findVatCode } from '../../shared/reference/vat-codes';
import { computeLine, computeTotals } from '../../shared/totals';

export interface LineSpec {
  description: string;
  qty: string;
  unit: string;
  vatId: string;
  netUnitPrice?: string;
  grossUnitPrice?: string;
  entitlement?: string | null;
  comment?: string;
  /** a modifying invoice's line that changes line N of the chain */
  modifiesLine?: number;
  /** a final invoice's deduction line (set by `advances`, not by hand) */
  advanceInvoiceUid?: number;
}

/** An advance a final invoice deducts: one deduction line per VAT code, as the core appends them. */
export interface AdvanceSpec {
  uid: number;
  number: string;
  date: string;
  paymentDate: string;
  /** the advance's net amount per VAT code */
  nets: Array<{ vatId: string; net: string }>;
}

export interface InvoiceSpec {
  uid?: number;
  type?: InvoiceType;
  number?: string | null;
  lang?: string;
  currency?: string;
  exchangeRate?: string;
  exchangeRateSource?: string;
  roundTo?: number;
  isCancel?: boolean;
  connectedInvoiceNo?: string | null;
  paymentMethodId?: number;
  lines: LineSpec[];
  client?: Partial<InvoiceAttributes['client']>;
  seller?: Partial<SellerSnapshot>;
  comment?: string;
  date?: string;
  fulfillmentDate?: string;
  dueDate?: string;
  totalPaid?: string;
  /** the document set (docs/documents.md): by default derived from the options below */
  kind?: DocumentKind;
  /** a modifying or cancelling invoice's original */
  original?: OriginalReference;
  modificationIndex?: number;
  modificationReason?: string;
  advance?: boolean;
  /** a final invoice: the advances deducted after its own lines */
  advances?: AdvanceSpec[];
}

const DEDUCTION_WORDS: Record<string, string> = { hu: 'Előleg levonása', en: 'Advance deducted', de: 'Abzug Anzahlung' };

export function address(parts: Partial<Address>): Address {
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
    country: 'HU',
    ...parts,
  };
}

export const SELLER: SellerSnapshot = {
  name: 'Kővári és Fűzős Kft.',
  address: address({ street_name: 'Nádor', street_type: 'utca', house_nr: '12.', floor: '3', door: '4', city: 'Budapest', postcode: '1051' }),
  taxcode: '12345678-2-41',
  eu_taxcode: 'HU12345678',
  email: 'szamlazas@kovari-fuzos.hu',
  phone: '+36 1 234 5678',
  bank_name: 'OTP Bank',
  bank_account_no: '11773016-11111018-00000000',
  bank_iban: 'HU42 1177 3016 1111 1018 0000 0000',
  bank_swift: 'OTPVHUHB',
  vat_exempt: false,
};

export const HU_CLIENT: InvoiceAttributes['client'] = {
  name: 'Őrült Űrhajó Bt.',
  email: 'penzugy@urhajo.hu',
  taxcode: '87654321-1-06',
  eu_taxcode: '',
  billing_address: address({ street_name: 'Kárász', street_type: 'utca', house_nr: '5.', city: 'Szeged', postcode: '6720' }),
  bank: { iban: '', swift: '', account_no: '' },
  tax_type: 'HAS_TAX_NUMBER',
};

export const DE_CLIENT: InvoiceAttributes['client'] = {
  name: 'Müller & Söhne GmbH – Straßenbau',
  email: 'buchhaltung@mueller-soehne.de',
  taxcode: '',
  eu_taxcode: 'DE123456789',
  billing_address: address({ street_name: 'Hauptstraße', house_nr: '5', city: 'München', postcode: '80331', country: 'DE' }),
  bank: { iban: '', swift: '', account_no: '' },
  tax_type: 'FOREIGN',
};

/** A domestic HUF invoice with four VAT treatments and an amount above a million (thousands separators). */
export const HU_LINES: LineSpec[] = [
  { description: 'Rendszerintegráció – ügyfélportál bevezetése', qty: '1', unit: 'db', vatId: '1', netUnitPrice: '1234567' },
  { description: 'Webfejlesztés', qty: '12.5', unit: 'óra', vatId: '1', netUnitPrice: '18500', comment: 'Március 1–15.' },
  { description: 'Szakkönyv: Árvíztűrő tükörfúrógép', qty: '3', unit: 'db', vatId: '2', netUnitPrice: '4990' },
  { description: 'Oktatás (felnőttképzés)', qty: '2', unit: 'alkalom', vatId: '8', netUnitPrice: '35000', entitlement: 'TAM' },
  { description: 'Építési-szerelési munka', qty: '1', unit: 'db', vatId: '11', netUnitPrice: '250000' },
];

export function huInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceAttributes {
  return buildInvoice({ number: 'FOL-2026-000123', lines: HU_LINES, ...overrides });
}

/** A EUR invoice: 27 % VAT on one line (printed in HUF too) and an EU reverse-charge service. */
export function eurInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceAttributes {
  return buildInvoice({
    number: 'FOL-2026-000124',
    lang: 'en',
    currency: 'EUR',
    exchangeRate: '392.15',
    exchangeRateSource: 'MNB 2026-03-14',
    client: DE_CLIENT,
    lines: [
      { description: 'Consulting – Qualitätsprüfung der Straßenplanung', qty: '10', unit: 'h', vatId: '1', netUnitPrice: '95.50' },
      { description: 'Software licence', qty: '2', unit: 'pc', vatId: '15', netUnitPrice: '1250.00', entitlement: 'EUFAD37' },
    ],
    ...overrides,
  });
}

/** An invoice long enough to flow over several pages. */
export function longInvoice(lineCount = 120): InvoiceAttributes {
  const lines: LineSpec[] = Array.from({ length: lineCount }, (_, i) => ({
    description: `Tétel ${String(i + 1).padStart(3, '0')} – alkatrész`,
    qty: String((i % 7) + 1),
    unit: 'db',
    vatId: i % 5 === 0 ? '2' : '1',
    netUnitPrice: String(1000 + i * 37),
  }));
  return buildInvoice({ number: 'FOL-2026-000999', lines });
}

/** A typical one-page invoice, the benchmark's unit of work. */
export function onePageInvoice(uid = 1): InvoiceAttributes {
  return huInvoice({ uid, number: `FOL-2026-${String(uid).padStart(6, '0')}` });
}

export function buildInvoice(spec: InvoiceSpec): InvoiceAttributes {
  const currency = spec.currency ?? 'HUF';
  const rate = spec.exchangeRate ?? '1';
  const sign = spec.isCancel ? '-' : '';
  const deductions: LineSpec[] = (spec.advances ?? []).flatMap((a) =>
    a.nets.map((n) => ({
      description: `${DEDUCTION_WORDS[spec.lang ?? 'hu'] ?? DEDUCTION_WORDS.hu} (${a.number})`,
      qty: '-1',
      unit: '',
      vatId: n.vatId,
      netUnitPrice: n.net,
      advanceInvoiceUid: a.uid,
    })),
  );
  const priced = [...spec.lines, ...deductions].map((line) => {
    const code = findVatCode(line.vatId);
    if (!code) throw new Error(`unknown VAT id ${line.vatId}`);
    const qty = sign && !line.qty.startsWith('-') ? `-${line.qty}` : line.qty;
    const amounts = computeLine(
      { qty, vatRate: code.value, vatId: code.id, netUnitPrice: line.netUnitPrice, grossUnitPrice: line.grossUnitPrice },
      currency,
    );
    return { line, code, qty, amounts };
  });
  const totals = computeTotals(
    priced.map((p) => ({ vatId: p.code.id, vatRate: p.code.value, amounts: p.amounts })),
    spec.roundTo ?? 0,
  );
  const items: InvoiceItem[] = priced.map(({ line, code, qty, amounts }) => ({
    description: line.description,
    net_unit_price: amounts.netUnitPrice,
    qty: new Big(qty).toFixed(3),
    unit: line.unit,
    vat_id: code.id,
    item_comment: line.comment ?? '',
    entitlement: line.entitlement ?? code.defaultEntitlement,
    product_uid: null,
    gross_unit_price: line.grossUnitPrice ?? null,
    vat_rate: new Big(code.value).toFixed(3),
    vat_description: code.description,
    net_amount: milliToString(amounts.net),
    vat_amount: milliToString(amounts.vat),
    gross_amount: milliToString(amounts.gross),
    modifies_line: line.modifiesLine ?? null,
    advance_invoice_uid: line.advanceInvoiceUid ?? null,
  }));
  // The advance_deductions the core states: each advance's deduction lines summed, as positive amounts.
  const advanceDeductions: AdvanceDeduction[] = (spec.advances ?? []).map((a) => {
    const lines = items.filter((i) => i.advance_invoice_uid === a.uid);
    const sum = (key: 'net_amount' | 'vat_amount' | 'gross_amount') =>
      lines.reduce((acc, i) => acc.minus(i[key]), new Big(0)).toFixed(3);
    return {
      advance_uid: a.uid,
      prefixed_invoice_no: a.number,
      date: a.date,
      payment_date: a.paymentDate,
      payment_dates: [a.paymentDate],
      fulfillment_date: a.date,
      exchange_rate: new Big(rate).toFixed(3),
      net: sum('net_amount'),
      vat: sum('vat_amount'),
      gross: sum('gross_amount'),
    };
  });
  const vatSummary: VatSummaryLine[] = totals.vatSummary.map((row) => {
    const code = findVatCode(row.vatId)!;
    const vat = new Big(milliToString(row.vat));
    return {
      vat_id: row.vatId,
      vat_rate: new Big(row.vatRate).toFixed(3),
      vat_description: code.description,
      net: milliToString(row.net),
      vat: milliToString(row.vat),
      gross: milliToString(row.gross),
      vat_huf: roundMoney(vat.times(rate), 'HUF').toFixed(3),
    };
  });
  const lang = (spec.lang ?? 'hu') as Lang;
  const method = findPaymentMethod(spec.paymentMethodId ?? 2)!;
  const total = milliToString(totals.total);
  const paid = spec.totalPaid ?? (spec.isCancel ? total : '0.000');
  const number = spec.number === undefined ? 'FOL-2026-000001' : spec.number;
  const type = spec.type ?? 3;
  return {
    uid: spec.uid ?? 1,
    type,
    status: type === 0 ? 2 : 1,
    date: spec.date ?? '2026-03-16',
    fulfillment_date: spec.fulfillmentDate ?? '2026-03-15',
    due_date: spec.dueDate ?? '2026-03-31',
    invoice_no: number,
    prefixed_invoice_no: number,
    prefix: '',
    total,
    total_paid: paid,
    comment: spec.comment ?? '',
    currency,
    client_uid: 7,
    block_uid: 0,
    items,
    client: { ...HU_CLIENT, ...spec.client },
    payment_method: { id: method.id, lang_code: 'hu', name: method.names.hu, advance_paid: method.advancePaid ? '1' : '0' },
    connected_invoice_no: spec.connectedInvoiceNo ?? null,
    is_cancel_invoice: spec.isCancel ? 1 : 0,
    template_lang_code: lang,
    electronic_invoice: 0,
    exchange_rate: new Big(rate).toFixed(3),
    exchange_rate_source: spec.exchangeRateSource ?? 'given',
    round_to: spec.roundTo ?? 0,
    rounding: milliToString(totals.rounding),
    net_total: milliToString(totals.net),
    vat_total: milliToString(totals.vat),
    gross_total: milliToString(totals.gross),
    outstanding: new Big(total).minus(paid).toFixed(3),
    vat_summary: vatSummary,
    bank_account_uid: 1,
    seller: { ...SELLER, ...spec.seller },
    payments: [],
    cancelled_by_uid: null,
    cancels_uid: spec.isCancel ? 41 : null,
    generated_invoice_uid: null,
    proforma_uid: null,
    recurring_uid: null,
    quote_uid: null,
    vendor_id: null,
    period_start: null,
    period_end: null,
    document_kind: spec.kind ?? kindOf(spec, type),
    original: spec.original ?? null,
    modifies_uid: spec.original?.uid ?? null,
    modification_index: spec.modificationIndex ?? null,
    modification_reason: spec.modificationReason ?? null,
    modifications: [],
    current_total: total,
    overpayment: '0.000',
    is_advance: spec.advance ? 1 : 0,
    deducted_by_uid: null,
    advance_deductions: advanceDeductions,
    created_at: '2026-03-16 09:12:00',
    updated_at: '2026-03-16 09:12:00',
  };
}

/** The kind the core's mapping would give (electron/core/invoices/mapping.ts documentKind). */
function kindOf(spec: InvoiceSpec, type: number): DocumentKind {
  if (type === 0) return 'draft';
  if (type === 1) return 'proforma';
  if (spec.isCancel) return 'cancelling';
  if (spec.modificationIndex !== undefined) return 'modifying';
  if (spec.advance) return 'advance';
  if (spec.advances?.length) return 'final';
  return 'invoice';
}

/** A modifying invoice of FOL-2026-000123: line 1's price down, line 2's hours up, one new line. */
export function modifyingInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceAttributes {
  return buildInvoice({
    number: 'FOL-2026-000130',
    date: '2026-04-02',
    fulfillmentDate: '2026-04-02',
    dueDate: '2026-04-17',
    original: { uid: 123, invoice_no: 'FOL-2026-000123', date: '2026-03-16' },
    modificationIndex: 1,
    modificationReason: 'Árengedmény a szerződés 4. pontja szerint',
    lines: [
      { description: 'Rendszerintegráció – ügyfélportál bevezetése', qty: '-1', unit: 'db', vatId: '1', netUnitPrice: '234567', modifiesLine: 1 },
      { description: 'Webfejlesztés', qty: '2', unit: 'óra', vatId: '1', netUnitPrice: '18500', modifiesLine: 2 },
      { description: 'Kiszállás', qty: '1', unit: 'alkalom', vatId: '1', netUnitPrice: '15000' },
    ],
    ...overrides,
  });
}

/** An advance invoice: 30 % of a website, paid before the work. */
export function advanceInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceAttributes {
  return buildInvoice({
    number: 'FOL-2026-000140',
    date: '2026-02-10',
    fulfillmentDate: '2026-02-10',
    dueDate: '2026-02-10',
    advance: true,
    lines: [{ description: 'Előleg: ügyfélportál fejlesztése (30%)', qty: '1', unit: '', vatId: '1', netUnitPrice: '300000' }],
    ...overrides,
  });
}

/** The final invoice of the website: the full price, less two advances (one of them at two VAT rates). */
export function finalInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceAttributes {
  return buildInvoice({
    number: 'FOL-2026-000150',
    date: '2026-04-20',
    fulfillmentDate: '2026-04-18',
    dueDate: '2026-05-05',
    lines: [
      { description: 'Ügyfélportál fejlesztése', qty: '1', unit: 'db', vatId: '1', netUnitPrice: '1000000' },
      { description: 'Felhasználói kézikönyv (nyomtatott)', qty: '2', unit: 'db', vatId: '2', netUnitPrice: '10000' },
    ],
    advances: [
      { uid: 140, number: 'FOL-2026-000140', date: '2026-02-10', paymentDate: '2026-02-09', nets: [{ vatId: '1', net: '300000' }] },
      {
        uid: 145,
        number: 'FOL-2026-000145',
        date: '2026-03-10',
        paymentDate: '2026-03-12',
        nets: [
          { vatId: '1', net: '200000' },
          { vatId: '2', net: '5000' },
        ],
      },
    ],
    ...overrides,
  });
}
