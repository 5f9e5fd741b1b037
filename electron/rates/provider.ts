// The core's RateProvider: the daily rate of an invoice's tax point (its fulfillment date), i.e. the latest rate
// published on or before that day — MNB's official rate by default, the ECB's cross rate as the alternative.
// Every fetched rate goes into the exchange_rates table. Offline, a cached rate is used only when it is certainly the
// rate of the date (that very day, or a fetch that covered the day found nothing newer); its source and day are
// recorded on the invoice ("MNB 2026-11-20"). Otherwise the invoice is refused on exchange_rate with the latest
// saved rate attached (reason 'rate_unavailable'), so the user decides: that rate, another, or wait to be online.
import { addDays } from '../../shared/dates';
import { FolioError, rule } from '../../shared/errors';
import type { Db } from '../db/types';
import type { RateProvider, RateQuote } from '../core/invoices/service';
import { coveredThrough, latestRate, storeRates } from './cache';
import { ECB_DEFAULT_HISTORY_URL, ECB_DEFAULT_URL, fetchEcbRates } from './ecb';
import { SourceError, type FetchLike } from './http';
import { fetchMnbRates, MNB_DEFAULT_URL } from './mnb';
import type { PublishedRate, RateSource } from './types';

export interface RateProviderOptions {
  db: Db;
  /** 'MNB' (default: the rate Hungarian VAT law names) or 'ECB' */
  source?: RateSource;
  /** the source's address (a setting: tests and proxies point it elsewhere) */
  url?: string;
  /** ECB only: the full history file, fetched when `url` (the 90-day file) does not reach back to the date */
  historyUrl?: string;
  fetch?: FetchLike;
  /** per request; past it the cache answers as if offline */
  timeoutMs?: number;
  /** how far before the date to ask for, so weekends and the longest run of bank holidays are covered */
  lookbackDays?: number;
  /** after a failed fetch, how long to answer from the cache without trying again (a catch-up of many invoices
   *  offline then waits for one timeout, not one per invoice) */
  retryAfterMs?: number;
  /** real time, for fetched_at and the retry pause (rates are not business dates) */
  now?: () => Date;
  /** where a failed request's technical reason goes (ENOTFOUND, a timeout …): never into the invoice's error */
  log?: (message: string) => void;
}

export interface ExchangeRateProvider extends RateProvider {
  readonly source: RateSource;
  /** fetches and caches the rates of [from, to] now (a warm-up while online); returns how many were stored */
  prefetch(currencies: string[], from: string, to: string): Promise<number>;
}

const CURRENCY_RE = /^[A-Z]{3}$/;

export function createRateProvider(options: RateProviderOptions): ExchangeRateProvider {
  const { db } = options;
  const source = options.source ?? 'MNB';
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const lookback = options.lookbackDays ?? 14;
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const url = options.url ?? (source === 'MNB' ? MNB_DEFAULT_URL : ECB_DEFAULT_URL);
  const historyUrl = options.historyUrl ?? (options.url ? undefined : ECB_DEFAULT_HISTORY_URL);

  /** currency|date asked of the source successfully, with when: a past day's answer never changes */
  const asked = new Map<string, number>();
  let offlineUntil = 0;
  let failing = false;
  const log = options.log ?? ((m: string) => console.warn(`folio: exchange rates: ${m}`));

  /** The answer as runs of days without a gap: each run is stored as one fetch (cache.ts coveredThrough). */
  async function download(currencies: string[], from: string, to: string): Promise<PublishedRate[][]> {
    if (source === 'MNB') return [await fetchMnbRates(fetchImpl, url, { from, to, currencies }, timeoutMs)];
    const recent = await fetchEcbRates(fetchImpl, url, timeoutMs);
    // The 90-day file runs without a gap up to today: if it has any day on or before the date, it has the latest one.
    if (!historyUrl || recent.some((r) => r.date <= to)) return [recent];
    // It starts after the date: the full history has it; keep only the window, not 25 years (so a gap lies between
    // the window and the 90 days: two runs).
    const history = await fetchEcbRates(fetchImpl, historyUrl, timeoutMs);
    return [recent, history.filter((r) => r.date >= from && r.date <= to)];
  }

  let lastStamp = 0;
  /** fetched_at: the real time, but never the same for two fetches, as rows sharing it claim one gapless answer */
  function stamp(): string {
    lastStamp = Math.max(now().getTime(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  }

  async function fetchAndStore(currencies: string[], from: string, to: string): Promise<number> {
    const runs = await download(currencies, from, to);
    for (const run of runs) await storeRates(db, source, run, stamp());
    return runs.reduce((n, run) => n + run.length, 0);
  }

  /** Whether the source must be asked: not when this day was asked already and its answer is final. */
  function shouldAsk(key: string, date: string): boolean {
    if (now().getTime() < offlineUntil) return false;
    const at = asked.get(key);
    if (at === undefined) return true;
    const today = now().toISOString().slice(0, 10);
    // Today's (or a future day's) rate may still be published later today: ask again at most hourly.
    return date >= today && now().getTime() - at > 3_600_000;
  }

  async function rateFor(currencyIn: string, date: string): Promise<RateQuote> {
    const currency = currencyIn.trim().toUpperCase();
    if (currency === 'HUF') return { rate: '1', source: 'home currency' };
    if (!CURRENCY_RE.test(currency)) throw rule(`${currencyIn} is not a currency code`, 'currency');

    const cached = await latestRate(db, source, currency, date);
    if (cached && (cached.date === date || (await coveredThrough(db, source, cached, date)))) return quote(cached);

    const key = `${currency}|${date}`;
    if (shouldAsk(key, date)) {
      try {
        await fetchAndStore([currency], addDays(date, -lookback), date);
        asked.set(key, now().getTime());
        failing = false;
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        offlineUntil = now().getTime() + retryAfterMs;
        // One line per outage, not one per invoice of a catch-up.
        if (!failing) log(e.message);
        failing = true;
        throw unavailable(currency, date, cached);
      }
    } else if (!asked.has(key)) {
      throw unavailable(currency, date, cached); // paused after a failure: offline as far as we know
    }
    const answer = await latestRate(db, source, currency, date);
    if (answer) return quote(answer);
    throw rule(`${source} publishes no exchange rate for ${currency} on or before ${date}. Give the exchange_rate of the invoice yourself.`, 'exchange_rate');
  }

  /** The refusal when the source cannot be asked: plain words, and the latest saved rate as data for the UI. */
  function unavailable(currency: string, date: string, latest: { rate: string; date: string } | undefined): FolioError {
    const message =
      `The ${source} exchange rate of ${currency} for ${date} is not saved on this computer and the rate service could not be asked. ` +
      (latest
        ? `The latest saved rate is ${latest.rate} HUF (${source} ${latest.date}): give it or another rate as exchange_rate, or try again online.`
        : 'Give the exchange_rate of the invoice yourself, or try again online.');
    const meta: Record<string, string> = { source, currency, date, ...(latest ? { latest_rate: latest.rate, latest_date: latest.date } : {}) };
    return new FolioError('rule_violation', message, [{ field: 'exchange_rate', message, reason: 'rate_unavailable', meta }]);
  }

  function quote(r: { rate: string; date: string }): RateQuote {
    return { rate: r.rate, source: `${source} ${r.date}` };
  }

  return {
    source,
    rateFor,
    prefetch: (currencies, from, to) => fetchAndStore(currencies.map((c) => c.toUpperCase()), from, to),
  };
}
