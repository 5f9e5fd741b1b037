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

/** How far back the prefetch looks for currencies beyond the usual ones: the newest invoices, not all of them. */
export const PREFETCH_RECENT_INVOICES = 5000;

/**
 * What the prefetch keeps ready: the editor's usual currencies and any other one a recent invoice was written in.
 * Recent: the newest invoices by id, read backwards along the table itself. A `distinct` over every invoice read the
 * whole file on each pass and held the server's only thread for 1–6 s at a million invoices (docs/million.md,
 * "Start-up"); a currency last used thousands of invoices ago still gets its rate, fetched when an invoice needs it.
 */
export async function prefetchCurrencies(db: Db): Promise<string[]> {
  const used = await db
    .selectFrom((eb) => eb.selectFrom('invoices').select('currency').orderBy('id', 'desc').limit(PREFETCH_RECENT_INVOICES).as('recent'))
    .select('currency')
    .distinct()
    .execute();
  const all = new Set<string>([...CURRENCIES, ...used.map((r) => r.currency.toUpperCase())]);
  all.delete('HUF');
  return [...all].filter((c) => /^[A-Z]{3}$/.test(c)).sort();
}

/** FOLIO_RATES_PREFETCH=off turns the prefetch off (a machine that must not reach out on its own). */
export function prefetchEnabled(env: Record<string, string | undefined>): boolean {
  return !/^(off|0|false|no)$/i.test((env.FOLIO_RATES_PREFETCH ?? '').trim());
}
