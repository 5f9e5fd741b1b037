// The exchange_rates table (migration 0002-rates): every rate ever fetched, so offline the newest one published on
// or before a date is still at hand. Typed here with withTables, the shared schema type stays the core's.
import type { Kysely } from 'kysely';
import type { Db } from '../db/types';
import type { Database } from '../db/schema';
import type { PublishedRate, RateSource } from './types';

export interface ExchangeRatesTable {
  source: string;
  currency: string;
  date: string;
  rate: string;
  quoted: string;
  unit: number;
  fetched_at: string;
}

type RatesDb = Kysely<Database & { exchange_rates: ExchangeRatesTable }>;

const CHUNK = 500; // rows per INSERT: far below SQLite's bound-parameter limit

export function ratesTable(db: Db): RatesDb {
  return db.withTables<{ exchange_rates: ExchangeRatesTable }>();
}

export async function storeRates(db: Db, source: RateSource, rates: PublishedRate[], fetchedAt: string): Promise<void> {
  const t = ratesTable(db);
  for (let i = 0; i < rates.length; i += CHUNK) {
    await t
      .insertInto('exchange_rates')
      .values(rates.slice(i, i + CHUNK).map((r) => ({ source, ...r, fetched_at: fetchedAt })))
      .onConflict((oc) =>
        oc.columns(['source', 'currency', 'date']).doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          quoted: eb.ref('excluded.quoted'),
          unit: eb.ref('excluded.unit'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }
}

/** The newest cached rate published on or before `date`. */
export async function latestRate(db: Db, source: RateSource, currency: string, date: string) {
  return ratesTable(db)
    .selectFrom('exchange_rates')
    .selectAll()
    .where('source', '=', source)
    .where('currency', '=', currency)
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Whether a cached rate is known to be the rate of `date` although it was published earlier: the fetch that stored
 * it (rows of one fetch share fetched_at) also returned a later day, so it covered every day in between and found
 * nothing newer. A re-fetch that overwrote only one of the two rows makes this false: it errs towards asking.
 */
export async function coveredThrough(db: Db, source: RateSource, cached: { currency: string; fetched_at: string }, date: string): Promise<boolean> {
  const later = await ratesTable(db)
    .selectFrom('exchange_rates')
    .select('date')
    .where('source', '=', source)
    .where('currency', '=', cached.currency)
    .where('fetched_at', '=', cached.fetched_at)
    .where('date', '>', date)
    .limit(1)
    .executeTakeFirst();
  return later !== undefined;
}
