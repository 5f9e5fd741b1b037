// Field schemas shared by the operations. Inputs are lenient in form (a query string is text, and clients written
// for the original service send numbers as strings) but strict in meaning; outputs are always the exact JSON forms.
import { z } from 'zod';
import { isValidDate } from '../dates';
import { DecimalError, parseDecimal, plainDecimalText } from '../money';

const INT_RE = /^-?\d{1,15}$/;

/**
 * One schema per distinct argument. A zod schema never changes (each method returns a new one), so the fields that
 * ask for the same one may share it: the contract asks ~300 times, built afresh ~20 ms of every start.
 */
function shared<A extends unknown[], S>(make: (...args: A) => S): (...args: A) => S {
  const made = new Map<string, S>();
  return (...args) => {
    const key = JSON.stringify(args);
    let schema = made.get(key);
    if (schema === undefined) made.set(key, (schema = make(...args)));
    return schema;
  };
}

/** An integer given as a JSON number or as digits in a string. */
export const int = shared((opts: { min?: number; max?: number } = {}) => {
  const { min = -1_000_000_000, max = 1_000_000_000 } = opts;
  return z
    .union([z.number(), z.string()], { error: 'must be a whole number' })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : INT_RE.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });
});

/** A record id: a positive integer. */
export const id = () => int({ min: 1, max: 2_000_000_000 });

/** An exact decimal, kept as its canonical string so no float ever carries it. */
export const decimal = shared((opts: { maxDecimals?: number; min?: string; positive?: boolean } = {}) => {
  const { maxDecimals = 3 } = opts;
  return z
    .union([z.number(), z.string()], { error: 'must be a number' })
    .transform((v, ctx) => {
      // a plain decimal's canonical text without a big.js number (../money.ts); anything else as big.js reads it
      const plain = typeof v === 'string' && opts.min === undefined ? plainDecimalText(v, maxDecimals) : undefined;
      if (plain !== undefined) {
        if (opts.positive && (plain === '0' || plain.startsWith('-'))) {
          ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
          return z.NEVER;
        }
        return plain;
      }
      try {
        const big = parseDecimal(v, maxDecimals);
        if (opts.positive && big.lte(0)) {
          ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
          return z.NEVER;
        }
        if (opts.min !== undefined && big.lt(opts.min)) {
          ctx.addIssue({ code: 'custom', message: `must be at least ${opts.min}` });
          return z.NEVER;
        }
        return big.toFixed();
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: e instanceof DecimalError ? `${e.message}` : 'must be a number' });
        return z.NEVER;
      }
    });
});

export const date = shared(() =>
  z.string({ error: 'must be a date (YYYY-MM-DD)' }).refine(isValidDate, { message: 'must be a real date (YYYY-MM-DD)' }),
);

/** true/false, 1/0, "1"/"0", "true"/"false". */
export const bool = shared(() =>
  z
    .union([z.boolean(), z.number(), z.string()], { error: 'must be true or false' })
    .transform((v, ctx) => {
      if (v === true || v === 1 || v === '1' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    }),
);

// No control characters except tab and new lines: they break PDFs, XML reports and terminals.
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const text = shared((max: number = 255) =>
  z
    .string({ error: 'must be text' })
    .max(max, { message: `must be at most ${max} characters` })
    .refine((s) => !CONTROL_RE.test(s), { message: 'must not contain control characters' }),
);

/** Text that must not be blank, kept exactly as given (surrounding spaces too: what a client writes, it reads back). */
export const requiredText = shared((max: number = 255) => text(max).refine((s) => s.trim().length > 0, { message: 'is required' }));

export const currency = () =>
  z
    .string({ error: 'must be a currency code such as HUF or EUR' })
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => /^[A-Z]{3}$/.test(s), { message: 'must be a 3-letter currency code such as HUF or EUR' });

export const email = () =>
  text(254).refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), { message: 'must be an e-mail address' });

export const page = () => int({ min: 1, max: 1_000_000 }).optional();
export const maxPerPage = () => int({ min: 1, max: 1_000_000 }).optional();
export const paging = { page: page(), max_per_page: maxPerPage() };

export const countryCode = () =>
  z
    .string({ error: 'must be a 2-letter country code' })
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => /^[A-Z]{2}$/.test(s), { message: 'must be a 2-letter ISO 3166 country code' });
