// Keeps the rate cache ahead of need: while Folio runs and is online it fetches the last days' rates of the usual
// currencies shortly after start and again once a day, so an invoice written later offline finds the rate of its
// fulfillment date already saved. Checking often and fetching when the business date has moved on (rather than one
// long timer) keeps it right across sleep and clock changes. A failure is only logged and retried at the next check:
// the start of the app never waits for it.
import { addDays, dateIn } from '../../shared/dates';
import type { Clock } from '../core/clock';
import type { ExchangeRateProvider } from './provider';
import { periodicCheck, type PeriodicCheck } from '../background/periodic-check';

export interface PrefetchTuning {
  /** the first fetch after start; default 15 s, so it never competes with the app's start */
  firstCheckMs?: number;
  /** how often to look whether the day has changed (or a failed fetch can be tried again); default 15 minutes */
  checkEveryMs?: number;
  /** how many days back from today to fetch; default 10 (a weekend and the longest run of bank holidays) */
  days?: number;
}

export interface RatePrefetchOptions extends PrefetchTuning {
  provider: Pick<ExchangeRateProvider, 'prefetch'>;
  /** the business clock: "today" is its date in the business's time zone */
  clock: Clock;
  timeZone: () => string;
  /** the currencies to keep ready, asked at each fetch (a currency first used today is in tomorrow's) */
  currencies: () => Promise<string[]>;
  log?: (message: string) => void;
}

/** check(): fetches if today's fetch has not succeeded yet; true when it fetched */
export type RatePrefetch = PeriodicCheck;

export function createRatePrefetch(options: RatePrefetchOptions): RatePrefetch {
  const every = options.checkEveryMs ?? 15 * 60_000;
  const days = options.days ?? 10;
  const log = options.log ?? ((m: string) => console.warn(`folio: exchange rates: ${m}`));
  /** the business date of the last successful fetch */
  let doneFor: string | null = null;
  let failing = false;

  async function run(): Promise<boolean> {
    const today = dateIn(options.clock.now(), options.timeZone());
    if (doneFor === today) return false;
    try {
      const currencies = (await options.currencies()).filter((c) => c !== 'HUF');
      if (!currencies.length) return false;
      await options.provider.prefetch(currencies, addDays(today, -days), today);
      doneFor = today;
      failing = false;
      return true;
    } catch (e) {
      // Offline is normal for Folio: one line per outage, then quiet retries.
      if (!failing) log(`prefetch failed, tried again later: ${e instanceof Error ? e.message : String(e)}`);
      failing = true;
      return false;
    }
  }

  return periodicCheck(run, { everyMs: every, firstMs: options.firstCheckMs ?? 15_000 });
}
