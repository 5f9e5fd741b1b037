// lookups.checkTaxNumber: a Hungarian tax number checked offline by its check digit and, when NAV is set up, by
// NAV's queryTaxpayer (which also names the taxpayer and its addresses). Offline first: NAV is asked only about a
// number whose check digit is right, and NAV being away never fails the check — the answer then comes from the
// check digit, with the reason NAV gave none.
import type { TaxNumberCheck, TaxpayerLookup } from '../../../shared/tax-number-check';
import { parseTaxNumberForm, taxpayerIdChecksumOk } from '../../../shared/tax-number-check';

export async function checkTaxNumber(input: { tax_number: string }, lookup: TaxpayerLookup | undefined): Promise<TaxNumberCheck> {
  const given = input.tax_number.trim();
  const parsed = parseTaxNumberForm(given);
  if (!parsed) {
    return {
      tax_number: given,
      valid: false,
      checksum_ok: false,
      source: 'checksum',
      nav_set_up: lookup ? await lookup.setUp() : false,
      message: 'Not a Hungarian tax number: 12345678-1-12, 12345678112 or the 8-digit 12345678',
    };
  }
  const taxNumber = parsed.full ?? parsed.taxpayerId;
  const checksumOk = taxpayerIdChecksumOk(parsed.taxpayerId);
  const base = { tax_number: taxNumber, checksum_ok: checksumOk };
  if (!checksumOk) {
    // a mistyped number is not worth NAV's time (nor the user's wait)
    const navSetUp = lookup ? await lookup.setUp() : false;
    return { ...base, valid: false, source: 'checksum', nav_set_up: navSetUp, message: 'The check digit is wrong: the number is mistyped' };
  }
  const outcome = lookup ? await lookup.query(parsed.taxpayerId) : ({ kind: 'not_set_up' } as const);
  switch (outcome.kind) {
    case 'not_set_up':
      return { ...base, valid: true, source: 'checksum', nav_set_up: false, message: 'The check digit is right; NAV is not set up, so it was not asked' };
    case 'failed':
      return {
        ...base,
        valid: true,
        source: 'checksum',
        nav_set_up: true,
        message: 'The check digit is right; NAV could not be asked',
        nav_error: { reason: outcome.reason, code: outcome.code, message: outcome.message },
      };
    case 'answered':
      return outcome.valid && outcome.taxpayer
        ? { ...base, valid: true, source: 'nav', nav_set_up: true, message: 'NAV knows this taxpayer as valid', taxpayer: outcome.taxpayer }
        : { ...base, valid: false, source: 'nav', nav_set_up: true, message: 'NAV knows no valid taxpayer with this number' };
  }
}
