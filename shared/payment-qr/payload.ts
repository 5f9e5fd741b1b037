// The text of a payment QR code, to the published formats:
// - HUF: the Magyar Nemzeti Bank's code for instant credit transfers ("QR-kód útmutató", standard version 001). 17
//   fields, each ended by a line feed, in this order: identification HCT, version 001, character set 1 (UTF-8), the
//   beneficiary's BIC (11 characters: an 8-character one is completed with XXX, the branch code of a head office),
//   beneficiary name (≤ 70), IBAN (28, HU), "HUF" + whole forints (≤ 12 digits), valid until (YYYYMMDDhhmmss+Z, the
//   offset in whole hours), purpose code (4, optional), remittance (≤ 70), shop, device, invoice, customer,
//   transaction, loyalty and NAV check ids (≤ 35 each, optional). The whole text is at most 345 characters.
// - EUR: the European Payments Council's SEPA credit transfer code (EPC069-12, "BCD"), version 002: BCD, 002, 1
//   (UTF-8), SCT, BIC (optional in 002), name (≤ 70), IBAN (≤ 34), "EUR" + amount with a decimal point (0.01 –
//   999999999.99), purpose, structured reference, unstructured remittance (≤ 140), information; separated by line
//   feeds, nothing after the last field given; at most 331 bytes.
// Both want error correction level M (the drawing does that: electron/documents/qr.ts). Pure: no clock, no I/O.
import Big from 'big.js';
import { compactIban, hungarianIban, isValidIban } from './iban';

export type PaymentQrKind = 'HCT' | 'EPC';

/** What a code is made from: the invoice's payable amount, its seller's bank details and number. */
export interface PaymentQrInput {
  currency: string;
  /** the payable amount, a decimal string ("127000.000") */
  amount: string;
  beneficiary: string;
  iban: string;
  /** used when `iban` is empty: a Hungarian account number gives its IBAN */
  account_no: string;
  bic: string;
  /** the remittance a payer's bank carries to ours: the invoice's number */
  remittance: string;
  /** the HCT code's invoice id field (the invoice's number again, ≤ 35) */
  invoice_id: string;
  /** the last day the code may be paid (the due date), YYYY-MM-DD, ending at 23:59:59 in `time_zone` */
  valid_until: string;
  time_zone: string;
}

/** Why no code is printed; the message names the standard's limit. */
export type PaymentQrRefusal =
  | 'currency'
  | 'amount_not_positive'
  | 'amount_too_large'
  | 'amount_fraction'
  | 'no_iban'
  | 'iban_not_hungarian'
  | 'no_bic'
  | 'no_beneficiary'
  | 'too_long';

/** What was changed to fit the standard (the code is still printed). */
export type PaymentQrNote = 'name_shortened' | 'remittance_shortened' | 'invoice_id_shortened' | 'characters_replaced';

export type PaymentQr =
  | { ok: true; kind: PaymentQrKind; text: string; fields: Record<string, string>; notes: PaymentQrNote[] }
  | { ok: false; kind: PaymentQrKind | null; reason: PaymentQrRefusal; field: string; message: string };

export const HCT_MAX_CHARS = 345;
export const EPC_MAX_BYTES = 331;
const HCT_MAX_AMOUNT = new Big('999999999999');
const EPC_MAX_AMOUNT = new Big('999999999.99');

/** The HCT code's field names, in the order the standard lists them. */
export const HCT_FIELDS = [
  'id', 'version', 'charset', 'bic', 'name', 'iban', 'amount', 'valid_until', 'purpose', 'remittance',
  'shop_id', 'device_id', 'invoice_id', 'customer_id', 'transaction_id', 'loyalty_id', 'nav_check_id',
] as const;

/** The EPC code's field names, in the standard's order. */
export const EPC_FIELDS = [
  'service_tag', 'version', 'charset', 'identification', 'bic', 'name', 'iban', 'amount', 'purpose',
  'reference', 'remittance', 'information',
] as const;

export function paymentQr(input: PaymentQrInput): PaymentQr {
  if (input.currency === 'HUF') return hct(input);
  if (input.currency === 'EUR') return epc(input);
  return refuse(null, 'currency', 'currency', `no payment code exists for ${input.currency}: the MNB code is for HUF, the EPC code for EUR`);
}

function refuse(kind: PaymentQrKind | null, reason: PaymentQrRefusal, field: string, message: string): PaymentQr {
  return { ok: false, kind, reason, field, message };
}

function hct(input: PaymentQrInput): PaymentQr {
  const notes = new Set<PaymentQrNote>();
  const amount = new Big(input.amount);
  if (amount.lte(0)) return refuse('HCT', 'amount_not_positive', 'amount', 'a payment code asks for a positive amount');
  if (!amount.round(0).eq(amount)) return refuse('HCT', 'amount_fraction', 'amount', 'the MNB code carries whole forints only');
  if (amount.gt(HCT_MAX_AMOUNT)) return refuse('HCT', 'amount_too_large', 'amount', 'the MNB code carries at most 12 digits of forints (999 999 999 999 Ft)');
  const iban = ibanOf(input);
  if (!iban) return refuse('HCT', 'no_iban', 'iban', 'the bank account has no valid IBAN or Hungarian account number');
  if (!/^HU\d{26}$/.test(iban)) return refuse('HCT', 'iban_not_hungarian', 'iban', 'the MNB code needs a Hungarian IBAN (28 characters, HU…)');
  const bic = input.bic.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return refuse('HCT', 'no_bic', 'bic', 'the MNB code needs the bank\'s BIC (SWIFT code, 8 or 11 characters)');
  const name = fit(hctText(input.beneficiary, notes), 70, 'name_shortened', notes);
  if (!name) return refuse('HCT', 'no_beneficiary', 'name', 'the seller has no name');
  const fields: Record<(typeof HCT_FIELDS)[number], string> = {
    id: 'HCT',
    version: '001',
    charset: '1',
    bic: bic.length === 8 ? `${bic}XXX` : bic,
    name,
    iban,
    amount: `HUF${amount.toFixed(0)}`,
    valid_until: validUntil(input.valid_until, input.time_zone),
    purpose: '',
    remittance: fit(hctText(input.remittance, notes), 70, 'remittance_shortened', notes),
    shop_id: '',
    device_id: '',
    invoice_id: fit(hctText(input.invoice_id, notes), 35, 'invoice_id_shortened', notes),
    customer_id: '',
    transaction_id: '',
    loyalty_id: '',
    nav_check_id: '',
  };
  const text = HCT_FIELDS.map((f) => `${fields[f]}\n`).join('');
  if ([...text].length > HCT_MAX_CHARS) return refuse('HCT', 'too_long', 'remittance', `the MNB code holds at most ${HCT_MAX_CHARS} characters`);
  return { ok: true, kind: 'HCT', text, fields, notes: [...notes] };
}

function epc(input: PaymentQrInput): PaymentQr {
  const notes = new Set<PaymentQrNote>();
  const amount = new Big(input.amount);
  if (amount.lte(0)) return refuse('EPC', 'amount_not_positive', 'amount', 'a payment code asks for a positive amount');
  if (!amount.round(2).eq(amount)) return refuse('EPC', 'amount_fraction', 'amount', 'the EPC code carries cents at most');
  if (amount.gt(EPC_MAX_AMOUNT)) return refuse('EPC', 'amount_too_large', 'amount', 'the EPC code carries at most EUR 999999999.99');
  const iban = ibanOf(input);
  if (!iban) return refuse('EPC', 'no_iban', 'iban', 'the bank account has no valid IBAN');
  const bic = input.bic.replace(/\s/g, '').toUpperCase();
  const name = fit(plainText(input.beneficiary, notes), 70, 'name_shortened', notes);
  if (!name) return refuse('EPC', 'no_beneficiary', 'name', 'the seller has no name');
  const fields: Record<(typeof EPC_FIELDS)[number], string> = {
    service_tag: 'BCD',
    version: '002',
    charset: '1',
    identification: 'SCT',
    // optional in version 002 within the EEA; a malformed one would make the code unreadable, so it is left out
    bic: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : '',
    name,
    iban,
    amount: `EUR${amount.toFixed(2)}`,
    purpose: '',
    reference: '',
    remittance: fit(plainText(input.remittance, notes), 140, 'remittance_shortened', notes),
    information: '',
  };
  const values = EPC_FIELDS.map((f) => fields[f]);
  while (values.length && values[values.length - 1] === '') values.pop();
  const text = values.join('\n');
  if (new TextEncoder().encode(text).length > EPC_MAX_BYTES) return refuse('EPC', 'too_long', 'remittance', `the EPC code holds at most ${EPC_MAX_BYTES} bytes`);
  return { ok: true, kind: 'EPC', text, fields, notes: [...notes] };
}

function ibanOf(input: PaymentQrInput): string | null {
  const given = compactIban(input.iban);
  if (given) return isValidIban(given) ? given : null;
  return hungarianIban(input.account_no);
}

/** Cut to the field's length (in characters), noting it. */
function fit(text: string, max: number, note: PaymentQrNote, notes: Set<PaymentQrNote>): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  notes.add(note);
  return chars.slice(0, max).join('').trimEnd();
}

/** A line feed ends a field and control characters have no place in one: each becomes a space. */
function plainText(text: string, notes: Set<PaymentQrNote>): string {
  const out = text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/ {2,}/g, ' ').trim();
  if (out !== text.trim()) notes.add('characters_replaced');
  return out;
}

// The MNB code's character set: printable ASCII and the Hungarian accented letters. Other letters lose their accent
// (ä → a, ß → ss); anything else becomes a space.
const HCT_CHAR = /[\x20-\x7eáéíóöőúüűÁÉÍÓÖŐÚÜŰ]/;
const SPELLED: Record<string, string> = { ß: 'ss', '–': '-', '—': '-', '„': '"', '”': '"', '“': '"', '’': "'", '‘': "'", '€': 'EUR' };

function hctText(text: string, notes: Set<PaymentQrNote>): string {
  let changed = false;
  const out = [...plainText(text, notes)]
    .map((ch) => {
      if (HCT_CHAR.test(ch)) return ch;
      changed = true;
      if (SPELLED[ch]) return SPELLED[ch];
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...bare].every((c) => HCT_CHAR.test(c)) ? bare : ' ';
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (changed) notes.add('characters_replaced');
  return out;
}

/** The due date's end, 23:59:59, with the time zone's offset in whole hours on that day ("20260415235959+2"). */
function validUntil(date: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`));
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(offset);
  const hours = m ? Number(m[2]) : 0;
  const sign = m?.[1] === '-' ? '-' : '+';
  return `${date.replace(/-/g, '')}235959${sign}${hours}`;
}
