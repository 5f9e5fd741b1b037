// Reading the small values of statement files: amounts and dates in the forms banks write them, including the
// Hungarian ones ("1 234,50", "2026.03.05."), always into exact decimal text and ISO dates, never through floats.
import { isValidDate } from '../../../../shared/dates';

/**
 * "1 234 567,89", "1.234.567,89", "1234567.89", "-12 000", "+500,5 Ft" → "1234567.89" (sign kept); null when the
 * text is not an amount. With both separators the last one is the decimal mark; a lone "." followed by exactly
 * three digits in groups ("1.234.567") is a thousands separator.
 */
export function amountText(raw: string): string | null {
  // a currency written before or after the number, with the sign on either side of it: "-€12.50", "€-12.50", "12 000 Ft"
  let s = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/^\((.*)\)$/, '-$1');
  s = s.replace(/(HUF|Ft|EUR|USD|GBP|CHF|[€$£])$/i, '');
  let sign = '';
  if (/^[+\-−]/.test(s)) {
    sign = s[0] === '-' || s[0] === '−' ? '-' : '';
    s = s.slice(1);
  }
  const lead = /^(HUF|Ft|EUR|USD|GBP|CHF|[€$£])/i.exec(s);
  if (lead) {
    s = s.slice(lead[0].length);
    if (!sign && /^[+\-−]/.test(s)) {
      sign = s[0] === '+' ? '' : '-';
      s = s.slice(1);
    }
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let frac = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = Math.max(lastDot, lastComma);
    intPart = s.slice(0, mark).replace(/[.,]/g, '');
    frac = s.slice(mark + 1);
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) {
      if (!/^\d{1,3}(,\d{3})+$/.test(s)) return null;
      intPart = s.replace(/,/g, '');
    } else {
      intPart = s.slice(0, lastComma);
      frac = s.slice(lastComma + 1);
    }
  } else if (lastDot >= 0) {
    if (/^\d{1,3}(\.\d{3}){2,}$/.test(s) || (s.indexOf('.') !== lastDot && /^\d{1,3}(\.\d{3})+$/.test(s))) {
      intPart = s.replace(/\./g, '');
    } else if (s.indexOf('.') !== lastDot) {
      return null;
    } else {
      intPart = s.slice(0, lastDot);
      frac = s.slice(lastDot + 1);
    }
  } else {
    intPart = s;
  }
  if (!/^\d+$/.test(intPart || '0') || !/^\d*$/.test(frac) || frac.length > 3) return null;
  const int = (intPart || '0').replace(/^0+(?=\d)/, '');
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * "2026-03-05", "2026.03.05.", "2026. 03. 05.", "2026/03/05", "20260305", ISO timestamps ("2026-03-05T10:11:12Z",
 * "2026-03-05 10:11:12"), and day first: "05.03.2026", "05-03-2026" (Wise), "5/3/2026" (day/month, as Europe writes
 * it) → "2026-03-05"; null otherwise.
 */
export function dateText(raw: string): string | null {
  const s = raw.trim().replace(/\.$/, '');
  let m = /^(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})\.?(?:[T ].*)?$/.exec(s);
  let iso: string | null = null;
  if (m) iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) iso = `${m[1]}-${m[2]}-${m[3]}`;
  else if ((m = /^(\d{1,2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{4})(?:[T ,].*)?$/.exec(s))) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return iso && isValidDate(iso) ? iso : null;
}

/**
 * An Excel date serial number (days since 1899-12-30 in the 1900 system, since 1904-01-01 in the 1904 one; a time of
 * day is the fraction) → "2026-03-05"; null when the number is no date of a bank statement's era (1990–2100).
 */
export function excelSerialDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial)) return null;
  const days = Math.floor(serial + 1e-9) + (date1904 ? 1462 : 0);
  if (days < 32874 || days > 73051) return null;
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}

/** MT940's YYMMDD; years 00–79 are 20xx (statements are never that old), 80–99 are 19xx. */
export function yymmdd(raw: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!m) return null;
  const year = Number(m[1]) < 80 ? `20${m[1]}` : `19${m[1]}`;
  const iso = `${year}-${m[2]}-${m[3]}`;
  return isValidDate(iso) ? iso : null;
}

/** An IBAN or account number with its spaces and dashes taken out, upper case. */
export function accountText(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Whitespace runs to one space, ends trimmed; control characters out (they cannot be stored as text fields). */
export function cleanText(raw: string): string {
  return raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
}
