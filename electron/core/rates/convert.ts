// rates.convert: how many units of one currency one unit of another is worth on a day, from the same rate provider
// invoices use (MNB's official HUF rates by default). Every rate is HUF per unit, so X→Y goes through HUF:
// rate(X) / rate(Y). Offline without a saved rate of the day the provider refuses with reason 'rate_unavailable'.
import Big from 'big.js';
import { FolioError, rule } from '../../../shared/errors';
import type { RateConvertInput } from '../../../shared/contract/schemas';
import type { RateConversion } from '../../../shared/contract/operations';
import { today, type CoreContext } from '../context';
import type { RateProvider } from '../invoices/service';

/** Digits kept of a cross rate (MNB prints two decimals of HUF; a cross rate like EUR→USD needs more). */
const CROSS_DP = 6;

export async function convertRate(ctx: CoreContext, rates: RateProvider | undefined, input: RateConvertInput): Promise<RateConversion> {
  const date = input.date ?? today(ctx);
  const { from, to } = input;
  if (from === to) return { from, to, date, rate: '1', from_source: 'same currency', to_source: 'same currency' };
  if (!rates) throw rule('No exchange rate service is set up in this build of Folio', 'from');
  // HUF is answered by the provider itself ('home currency'); both legs go through it so the sources are named.
  const a = await leg(rates, from, date, 'from');
  const b = await leg(rates, to, date, 'to');
  const rate = new Big(a.rate).div(b.rate).round(CROSS_DP, Big.roundHalfUp);
  return { from, to, date, rate: rate.toFixed(), from_source: a.source, to_source: b.source };
}

/** One currency's HUF rate; a refusal is put on the input's field (from / to), its reason and data kept. */
async function leg(rates: RateProvider, currency: string, date: string, field: 'from' | 'to') {
  try {
    return await rates.rateFor(currency, date);
  } catch (e) {
    if (!(e instanceof FolioError) || !e.errors) throw e;
    throw new FolioError(e.code, e.message, e.errors.map((f) => ({ ...f, field })));
  }
}
