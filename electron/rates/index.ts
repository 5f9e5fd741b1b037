// Exchange rates for foreign-currency invoices: MNB (default) or ECB, cached in the database for offline use.
import type { Db } from '../db/types';
import { createRateProvider, type ExchangeRateProvider, type RateProviderOptions } from './provider';
import type { RateSource } from './types';
import { CURRENCIES } from '../../shared/reference/currencies';

export { createRateProvider, type ExchangeRateProvider, type RateProviderOptions } from './provider';
export { createRatePrefetch, type PrefetchTuning, type RatePrefetch } from './prefetch';
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

/** What the prefetch keeps ready: the editor's usual currencies and any other one an invoice was written in. */
export async function prefetchCurrencies(db: Db): Promise<string[]> {
  const used = await db.selectFrom('invoices').select('currency').distinct().execute();
  const all = new Set<string>([...CURRENCIES, ...used.map((r) => r.currency.toUpperCase())]);
  all.delete('HUF');
  return [...all].filter((c) => /^[A-Z]{3}$/.test(c)).sort();
}

/** FOLIO_RATES_PREFETCH=off turns the prefetch off (a machine that must not reach out on its own). */
export function prefetchEnabled(env: Record<string, string | undefined>): boolean {
  return !/^(off|0|false|no)$/i.test((env.FOLIO_RATES_PREFETCH ?? '').trim());
}
