// What the invoice transitions share: the rate provider they may ask, the hooks that run when an invoice is sealed,
// and the environment each transition is built from.
import type { InvoiceRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import type { CoreContext } from '../context';

export interface RateQuote {
  rate: string;
  source: string;
}

/** Gives the daily rate of a currency against HUF for a tax point date; the rates module implements it. */
export interface RateProvider {
  rateFor(currency: string, date: string): Promise<RateQuote>;
}

/**
 * Called inside the transaction that seals an invoice (the NAV report queue), and awaited there: a hook queues rows
 * through the transaction's statements (a promise on either database); it waits for nothing outside it. A hook marked
 * `readsNothingSealed` (blindSealHook) reads nothing the seal's triggers write: when every hook is, the seal of an
 * invoice a create just inserted may travel with the write's RELEASE on PostgreSQL (./seal.ts), after the hooks ran.
 */
export type SealHook = ((trx: WriteTx, invoice: InvoiceRow) => Promise<void> | void) & { readonly readsNothingSealed?: true };

/** A seal hook that reads nothing the seal wrote (it adds rows of its own, or wakes a worker): see SealHook. */
export function blindSealHook(hook: (trx: WriteTx, invoice: InvoiceRow) => Promise<void> | void): SealHook {
  return Object.assign(hook, { readsNothingSealed: true as const });
}

export interface InvoiceDeps {
  rates?: RateProvider;
  sealHooks?: SealHook[];
}

/** A transition's environment: the core's context and the invoice service's dependencies. */
export interface InvoiceEnv {
  ctx: CoreContext;
  rates: RateProvider | undefined;
  sealHooks: readonly SealHook[];
}

export const HOME_RATE: RateQuote = Object.freeze({ rate: '1', source: 'home currency' });
