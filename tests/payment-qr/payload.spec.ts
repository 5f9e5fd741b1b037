// The payment codes' text against the published formats: the MNB's HCT code (QR-kód útmutató, version 001: 17 fields
// each ended by a line feed, at most 345 characters) and the EPC's SEPA code (EPC069-12 version 002, "BCD", at most 331
// bytes, nothing after the last field). Expected texts are written here from the standards' field tables, not from
// the writer; the bad inputs are refused (an amount beyond the field, no IBAN, no BIC) or shortened as the standard
// allows (a name beyond 70 characters), with the reason.
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { paymentQr, type PaymentQrInput } from '../../shared/payment-qr/payload';
import { hungarianIban, isValidIban } from '../../shared/payment-qr/iban';
import { qrMatrix } from '../../electron/documents/payment-qr/matrix';

const HUF: PaymentQrInput = {
  currency: 'HUF',
  amount: '127000.000',
  beneficiary: 'Kővári és Fűzős Kft.',
  iban: 'HU42 1177 3016 1111 1018 0000 0000',
  account_no: '',
  bic: 'OTPVHUHB',
  remittance: 'FOL-2026-000123',
  invoice_id: 'FOL-2026-000123',
  valid_until: '2026-03-31',
  time_zone: 'Europe/Budapest',
};

test('HCT: the 17 fields in the standard\'s order, each ended by a line feed', () => {
  const qr = paymentQr(HUF);
  expect(qr.ok).toBe(true);
  if (!qr.ok) return;
  expect(qr.kind).toBe('HCT');
  expect(qr.text).toBe(
    [
      'HCT', '001', '1', 'OTPVHUHBXXX', 'Kővári és Fűzős Kft.', 'HU42117730161111101800000000', 'HUF127000',
      // the due date's end in Budapest: 31 March 2026 is summer time (UTC+2)
      '20260331235959+2',
      '', 'FOL-2026-000123', '', '', 'FOL-2026-000123', '', '', '', '',
    ].map((f) => `${f}\n`).join(''),
  );
  expect(qr.text.split('\n')).toHaveLength(18);
  expect(qr.notes).toEqual([]);
});

test('HCT: winter time gives +1; an 11-character BIC stays as it is', () => {
  const qr = paymentQr({ ...HUF, valid_until: '2026-01-15', bic: 'GIBAHUHBXXX' });
  if (!qr.ok) throw new Error(qr.message);
  expect(qr.fields.valid_until).toBe('20260115235959+1');
  expect(qr.fields.bic).toBe('GIBAHUHBXXX');
});

test('a Hungarian account number gives its IBAN (mod 97); a wrong IBAN is refused, not printed', () => {
  expect(hungarianIban('11773016-11111018-00000000')).toBe('HU42117730161111101800000000');
  expect(hungarianIban('11773016-11111018')).toBe('HU42117730161111101800000000');
  expect(isValidIban('HU42117730161111101800000000')).toBe(true);
  expect(isValidIban('HU43117730161111101800000000')).toBe(false);
  const derived = paymentQr({ ...HUF, iban: '', account_no: '11773016-11111018' });
  expect(derived.ok && derived.fields.iban).toBe('HU42117730161111101800000000');
  expect(paymentQr({ ...HUF, iban: 'HU43117730161111101800000000' })).toMatchObject({ ok: false, reason: 'no_iban', field: 'iban' });
  expect(paymentQr({ ...HUF, iban: 'DE89370400440532013000' })).toMatchObject({ ok: false, reason: 'iban_not_hungarian' });
});

test('HCT refusals: an amount beyond its 12 digits, fillér, nothing to pay, no BIC, another currency', () => {
  expect(paymentQr({ ...HUF, amount: '999999999999' }).ok).toBe(true);
  const big = paymentQr({ ...HUF, amount: '1000000000000' });
  expect(big).toMatchObject({ ok: false, kind: 'HCT', reason: 'amount_too_large', field: 'amount' });
  expect(!big.ok && big.message).toContain('12 digits');
  expect(paymentQr({ ...HUF, amount: '100.500' })).toMatchObject({ ok: false, reason: 'amount_fraction', field: 'amount' });
  expect(paymentQr({ ...HUF, amount: '0' })).toMatchObject({ ok: false, reason: 'amount_not_positive' });
  expect(paymentQr({ ...HUF, amount: '-5000' })).toMatchObject({ ok: false, reason: 'amount_not_positive' });
  expect(paymentQr({ ...HUF, bic: '' })).toMatchObject({ ok: false, reason: 'no_bic', field: 'bic' });
  expect(paymentQr({ ...HUF, bic: 'OTP' })).toMatchObject({ ok: false, reason: 'no_bic' });
  expect(paymentQr({ ...HUF, currency: 'USD' })).toMatchObject({ ok: false, kind: null, reason: 'currency' });
});

test('HCT: a beneficiary name over 70 characters is cut to 70, a remittance over 70 likewise, each noted', () => {
  const name = 'Nagyon Hosszú Nevű Építőipari, Kereskedelmi és Szolgáltató Korlátolt Felelősségű Társaság';
  expect([...name].length).toBeGreaterThan(70);
  const qr = paymentQr({ ...HUF, beneficiary: name, remittance: 'R'.repeat(90), invoice_id: 'I'.repeat(40) });
  if (!qr.ok) throw new Error(qr.message);
  expect([...qr.fields.name!].length).toBeLessThanOrEqual(70);
  expect(name.startsWith(qr.fields.name!)).toBe(true);
  expect(qr.fields.remittance).toBe('R'.repeat(70));
  expect(qr.fields.invoice_id).toBe('I'.repeat(35));
  expect(qr.notes.sort()).toEqual(['invoice_id_shortened', 'name_shortened', 'remittance_shortened']);
  expect([...qr.text].length).toBeLessThanOrEqual(345);
});

test('HCT: characters outside its set lose their accent or become a space; a line feed never splits a field', () => {
  const qr = paymentQr({ ...HUF, beneficiary: 'Müller & Söhne – Straße\nGmbH' });
  if (!qr.ok) throw new Error(qr.message);
  // ö and ü are Hungarian letters; ß and the dash are spelled out, the line feed becomes a space
  expect(qr.fields.name).toBe('Müller & Söhne - Strasse GmbH');
  expect(qr.notes).toContain('characters_replaced');
  expect(qr.text.split('\n')).toHaveLength(18);
});

const EUR: PaymentQrInput = { ...HUF, currency: 'EUR', amount: '1500.5' };

test('EPC: BCD, 002, UTF-8, SCT, BIC, name, IBAN, EUR amount with two decimals, the remittance last', () => {
  const qr = paymentQr(EUR);
  if (!qr.ok) throw new Error(qr.message);
  expect(qr.kind).toBe('EPC');
  expect(qr.text).toBe(['BCD', '002', '1', 'SCT', 'OTPVHUHB', 'Kővári és Fűzős Kft.', 'HU42117730161111101800000000', 'EUR1500.50', '', '', 'FOL-2026-000123'].join('\n'));
  expect(qr.text.endsWith('\n')).toBe(false);
  expect(Buffer.byteLength(qr.text)).toBeLessThanOrEqual(331);
});

test('EPC refusals and limits: 999999999.99 at most, cents at most, an IBAN needed; the BIC may be left out', () => {
  expect(paymentQr({ ...EUR, amount: '999999999.99' }).ok).toBe(true);
  expect(paymentQr({ ...EUR, amount: '1000000000' })).toMatchObject({ ok: false, kind: 'EPC', reason: 'amount_too_large', field: 'amount' });
  expect(paymentQr({ ...EUR, amount: '10.005' })).toMatchObject({ ok: false, reason: 'amount_fraction' });
  expect(paymentQr({ ...EUR, iban: '', account_no: '' })).toMatchObject({ ok: false, reason: 'no_iban' });
  const noBic = paymentQr({ ...EUR, bic: '' });
  expect(noBic.ok && noBic.fields.bic).toBe('');
  const long = paymentQr({ ...EUR, beneficiary: 'N'.repeat(90), remittance: 'R'.repeat(200) });
  if (!long.ok) throw new Error(long.message);
  expect(long.fields.name).toBe('N'.repeat(70));
  expect(long.fields.remittance).toBe('R'.repeat(140));
  expect(long.notes.sort()).toEqual(['name_shortened', 'remittance_shortened']);
});

test('the code is encoded at error correction level M, in byte mode, as the standards want', () => {
  const qr = paymentQr(HUF);
  if (!qr.ok) throw new Error(qr.message);
  const m = qrMatrix(qr.text);
  expect(m.level).toBe('M');
  // the library's own read of what it made: byte segments carrying the UTF-8 text
  const made = QRCode.create([{ data: new TextEncoder().encode(qr.text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  expect(made.segments.map((s) => (s.mode as unknown as { id: string }).id)).toEqual(['Byte']);
  // byte mode carries the UTF-8 bytes: "ő" is two of them
  expect(made.segments[0]!.getLength()).toBe(Buffer.byteLength(qr.text));
  expect(m.size).toBe(made.modules.size);
  expect(m.version).toBeLessThanOrEqual(13);
});
