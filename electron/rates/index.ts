// Exchange rates for foreign-currency invoices: MNB (default) or ECB, cached in the database for offline use.
import type { Db } from '../db/types';
import { createRateProvider, type ExchangeRateProvider, type RateProviderOptions } from './provider';
import type { RateSource } from './types';

export { createRateProvider, type ExchangeRateProvider, type RateProviderOptions } from './provider';
export { MNB_DEFAULT_URL, parseMnbResponse, parseMnbRates } from './mnb';
export { ECB_DEFAULT_HISTORY_URL, ECB_DEFAULT_URL, parseEcbRates } from './ecb';
export type { PublishedRate, RateSource } from './types';

/**
 * The provider as the server and the CLI configure it: FOLIO_RATES_SOURCE (MNB | ECB, default MNB),
 * FOLIO_RATES_URL (the source's address), FOLIO_RATES_HISTORY_URL (ECB's full history file).
 */
export function ratesFromEnv(db: Db, env: NodeJS.ProcessEnv, extra: Partial<RateProviderOptions> = {}): ExchangeRateProvider {
  const raw = (env.FOLIO_RATES_SOURCE ?? 'MNB').trim().toUpperCase();
  if (raw !== 'MNB' && raw !== 'ECB') throw new Error(`FOLIO_RATES_SOURCE must be MNB or ECB, not ${env.FOLIO_RATES_SOURCE}`);
  const source: RateSource = raw;
  return createRateProvider({
    db,
    source,
    ...(env.FOLIO_RATES_URL ? { url: env.FOLIO_RATES_URL } : {}),
    ...(env.FOLIO_RATES_HISTORY_URL ? { historyUrl: env.FOLIO_RATES_HISTORY_URL } : {}),
    ...extra,
  });
}
