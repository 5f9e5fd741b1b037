// The one table between Billingo API v3's string enums and Folio's v2 ids (docs/v3.md "Enums"). Answers use only the
// values Billingo's 3.0.14 description lists, because the published generated clients reject a whole response holding
// any other; requests may use 3.0.15's values too. Where Folio holds something 3.0.14 cannot name, the nearest value
// is answered, and the choice is written here beside the mapping.
import { VAT_CODES } from '../reference/vat-codes';
import { EXPENSE_CATEGORIES_HU } from '../reference/expense-categories';

// ---- VAT ---------------------------------------------------------------------------------------------------------

/** Folio's Hungarian VAT ids and their v3 names (same words as Folio's own descriptions). */
const HU_VAT: ReadonlyArray<readonly [string, string]> = [
  ['1', '27%'], ['2', '5%'], ['3', '18%'], ['4', 'AM'], ['5', 'EU'], ['6', '0%'], ['7', 'AAM'], ['8', 'TAM'],
  ['9', 'EUK'], ['10', 'MAA'], ['11', 'F.AFA'], ['12', 'K.AFA'], ['13', 'ÁKK'], ['14', 'ÁTHK'], ['15', 'FAD'],
];

/** The 3.0.14 Vat enum: what an answer may hold. */
export const V3_VAT_3014 = [
  '0%', '1%', '10%', '11%', '12%', '13%', '14%', '15%', '16%', '17%', '18%', '19%', '2%', '20%', '21%', '22%', '23%',
  '24%', '25%', '26%', '27%', '3%', '4%', '5%', '5,5%', '6%', '7%', '7,7%', '8%', '9%', '9,5%', 'AAM', 'AM', 'EU',
  'EUK', 'F.AFA', 'FAD', 'K.AFA', 'MAA', 'TAM', 'ÁKK', 'ÁTHK',
] as const;
/** 3.0.15 adds two rates a request may name. */
export const V3_VAT_3015_ONLY = ['8,1%', '25,5%'] as const;
const VAT_ANSWERABLE = new Set<string>(V3_VAT_3014);

/** A rate as v3 writes it: percent with a decimal comma ("19%", "5,5%", "25,5%"). */
function percentOf(rate: string): string {
  const pct = (Math.round(Number(rate) * 10000) / 100).toString();
  return `${pct.replace('.', ',')}%`;
}

/**
 * An EU member state's rate code (ids from 100) is answered as its percentage. One 3.0.14 cannot name: Finland's
 * 25.5 % (3.0.15's "25,5%") is answered as "25%", the nearest value 3.0.14 lists; its exact rate stays on the record.
 */
function answerablePercent(rate: string): string {
  const exact = percentOf(rate);
  if (VAT_ANSWERABLE.has(exact)) return exact;
  const target = Number(rate) * 100;
  let best = '0%';
  for (const v of V3_VAT_3014) {
    if (!/^\d+(,\d+)?%$/.test(v)) continue;
    const n = Number(v.slice(0, -1).replace(',', '.'));
    const b = Number(best.slice(0, -1).replace(',', '.'));
    if (Math.abs(n - target) < Math.abs(b - target) || (Math.abs(n - target) === Math.abs(b - target) && n < b)) best = v;
  }
  return best;
}

/** Folio's VAT id → the v3 Vat value (3.0.14). Undefined for an id Folio does not know. */
export function vatToV3(vatId: string | number): string | undefined {
  const id = String(vatId);
  const hu = HU_VAT.find(([i]) => i === id);
  if (hu) return hu[1];
  const code = VAT_CODES.find((v) => v.id === id);
  return code ? answerablePercent(code.value) : undefined;
}

/**
 * A v3 Vat value → Folio's VAT id. The Hungarian codes map one to one. Any other percentage is an EU member state's
 * rate, found by rate alone — ambiguous where states share a rate ("21%": BE, CZ, ES, LT, LV, NL, RO): the first state
 * in alphabetical order of its code is taken. The request cannot say which state was meant; the rate, which is what
 * the invoice's figures use, is right either way. Undefined when no Folio code has that rate.
 */
export function vatFromV3(value: string): string | undefined {
  const hu = HU_VAT.find(([, v]) => v === value);
  if (hu) return hu[0];
  const m = /^(\d+(?:,\d+)?)%$/.exec(value);
  if (!m) return undefined;
  const pct = Number(m[1]!.replace(',', '.'));
  const code = VAT_CODES.filter((v) => v.treatment === 'foreign_rate').find((v) => Math.abs(Number(v.value) * 100 - pct) < 1e-9);
  return code?.id;
}

// ---- payment methods ---------------------------------------------------------------------------------------------

/** The 3.0.14 PaymentMethod (and SpendingPaymentMethod) enum. */
export const V3_PAYMENT_METHODS_3014 = [
  'aruhitel', 'bankcard', 'barion', 'barter', 'cash', 'cash_on_delivery', 'coupon', 'elore_utalas', 'ep_kartya',
  'kompenzacio', 'levonas', 'online_bankcard', 'other', 'paylike', 'payoneer', 'paypal', 'paypal_utolag', 'payu',
  'pick_pack_pont', 'postai_csekk', 'postautalvany', 'skrill', 'szep_card', 'transferwise', 'upwork', 'utalvany',
  'valto', 'wire_transfer',
] as const;
export const V3_PAYMENT_METHODS_3015_ONLY = ['cod_balance', 'combined', 'credit', 'ebay', 'revolut', 'stripe'] as const;

/** Folio's payment method ids and their v3 names. 10 (health insurance card, egészségpénztári kártya) has no v3 name: 'other'. */
const PAYMENT_TO_V3: Readonly<Record<number, string>> = {
  1: 'cash', 2: 'wire_transfer', 4: 'cash_on_delivery', 5: 'bankcard', 6: 'szep_card', 7: 'paypal', 8: 'postai_csekk',
  9: 'kompenzacio', 10: 'other', 11: 'coupon', 12: 'utalvany',
};

/**
 * v3 methods Folio has no id for, and the nearest Folio id (docs/v3.md). Card-like and online payments → bankcard
 * (5); transfers and transfer services → wire transfer (2); paying after delivery → cash on delivery (4); vouchers →
 * voucher (12); set-off and barter → compensation (9); anything else → wire transfer (2), the usual default.
 */
const PAYMENT_NEAREST: Readonly<Record<string, number>> = {
  aruhitel: 2, barion: 5, barter: 9, elore_utalas: 2, ep_kartya: 10, levonas: 9, online_bankcard: 5, other: 2,
  paylike: 5, payoneer: 2, paypal_utolag: 7, payu: 5, pick_pack_pont: 4, postautalvany: 8, skrill: 5, transferwise: 2,
  upwork: 2, valto: 2,
  // 3.0.15 only
  cod_balance: 4, combined: 2, credit: 2, ebay: 5, revolut: 5, stripe: 5,
};

export function paymentMethodToV3(id: number | string): string {
  return PAYMENT_TO_V3[Number(id)] ?? 'other';
}

/**
 * A receipt line's VAT → Folio's code. 3.0.15's ReceiptVat (none, 5%, 18%, 27%, AAM, TAM); 3.0.14 types it as the
 * whole Vat enum, so any Hungarian value is read too. `none` (no VAT in the price) is Folio's 0 % (code 6): nothing is
 * added to the price, and a Document answers it as `0%`. A member state's rate is refused: a receipt is a domestic sale.
 */
export function receiptVatFromV3(value: string): string | undefined {
  if (value === 'none') return '6';
  return HU_VAT.find(([, v]) => v === value)?.[0];
}

export function paymentMethodFromV3(value: string): number | undefined {
  if (value === 'other') return PAYMENT_NEAREST.other;
  const direct = Object.entries(PAYMENT_TO_V3).find(([id, v]) => v === value && id !== '10');
  if (direct) return Number(direct[0]);
  return PAYMENT_NEAREST[value];
}

// ---- currencies --------------------------------------------------------------------------------------------------

export const V3_CURRENCIES_3014 = [
  'AED', 'AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HRK', 'HUF', 'IDR', 'ILS', 'INR',
  'ISK', 'JPY', 'KRW', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'RON', 'RSD', 'RUB', 'SEK', 'SGD', 'THB', 'TRY', 'UAH',
  'USD', 'ZAR',
] as const;
export const V3_CURRENCIES_3015_ONLY = ['ALL', 'COP', 'GEL', 'LEJ', 'MKD', 'MNT', 'SKK'] as const;
const CURRENCY_ANSWERABLE = new Set<string>(V3_CURRENCIES_3014);

/**
 * Folio keeps any ISO code a user typed; one 3.0.14 does not list (e.g. ALL) cannot be answered without breaking the
 * published clients, so it is answered as 'HUF', and docs/v3.md says so. Such a record is rare: the editor offers
 * 3.0.14's codes. Empty (a record without a currency) is HUF, Folio's default.
 */
export function currencyToV3(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return CURRENCY_ANSWERABLE.has(c) ? c : 'HUF';
}

/** Requests: 3.0.14 and 3.0.15 codes are taken as they are (Folio stores ISO codes); LEJ is v3's old name of RON. */
export function currencyFromV3(code: string): string {
  return code === 'LEJ' ? 'RON' : code;
}

// ---- document language -------------------------------------------------------------------------------------------

export const V3_LANGUAGES_3014 = ['de', 'en', 'fr', 'hr', 'hu', 'it', 'ro', 'sk', 'us'] as const;

/** Folio prints hu, en and de (and bilingual hu-en, answered as 'hu', its first language). */
export function languageToV3(lang: string | null | undefined): string {
  if (lang === 'en' || lang === 'de') return lang;
  return 'hu';
}

/** 'us' is English; the languages Folio does not print (fr, hr, it, ro, sk) are printed in English, the nearest understood abroad. */
export function languageFromV3(lang: string): 'hu' | 'en' | 'de' {
  if (lang === 'hu' || lang === 'de') return lang;
  return 'en';
}

// ---- rounding ----------------------------------------------------------------------------------------------------

export const V3_ROUNDS = ['five', 'none', 'one', 'ten'] as const;
const ROUND_TO: Readonly<Record<string, number>> = { none: 0, one: 1, five: 5, ten: 10 };

export function roundToV3(roundTo: number | null | undefined): string {
  return Object.entries(ROUND_TO).find(([, n]) => n === Number(roundTo ?? 0))?.[0] ?? 'none';
}

export function roundFromV3(value: string): number | undefined {
  return ROUND_TO[value];
}

// ---- spending categories -----------------------------------------------------------------------------------------

export const V3_CATEGORIES_3014 = ['advertisement', 'development', 'other', 'overheads', 'service', 'stock', 'tangible_assets'] as const;

/**
 * Folio's expense categories (shared/reference/expense-categories.ts) → the 3.0.14 Category, nearest: material and
 * goods → stock; rent, utilities, phone, fuel, travel, office supplies, bank costs, insurance, taxes → overheads;
 * software → development; accounting and training → service; marketing → advertisement; other → other.
 */
const CATEGORY_TO_V3: Readonly<Record<string, string>> = {
  '1': 'stock', '2': 'stock', '3': 'overheads', '4': 'overheads', '5': 'overheads', '6': 'overheads', '7': 'overheads',
  '8': 'overheads', '9': 'development', '10': 'service', '11': 'advertisement', '12': 'overheads', '13': 'overheads',
  '14': 'overheads', '15': 'service', '16': 'other',
};

/** A v3 category → the Folio category a new spending gets (overheads: utilities; tangible assets: other). */
const CATEGORY_FROM_V3: Readonly<Record<string, string>> = {
  advertisement: '11', development: '9', other: '16', overheads: '4', service: '10', stock: '2', tangible_assets: '16',
};

export function categoryToV3(id: string | null | undefined): string {
  return CATEGORY_TO_V3[String(id ?? '')] ?? 'other';
}

/** 3.0.15's finer categories fall back to 'other' (16) when unknown here. */
export function categoryFromV3(value: string): string {
  return CATEGORY_FROM_V3[value] ?? '16';
}

/** Every Folio category id, for the table's own test. */
export const FOLIO_CATEGORY_IDS = EXPENSE_CATEGORIES_HU.map((c) => c.id);
