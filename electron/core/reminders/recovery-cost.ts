// The recovery cost (behajtási költségátalány, Ptk. 6:155 (2)): EUR 40 a business may claim from a business that pays
// late, in forints at the central bank's rate of the day the delay began. Another currency goes through HUF like
// every rate in Folio (rates.convert). Offline without that day's rate, the claim is stated in euros alone.
import Big from 'big.js';
import type { RateProvider } from '../invoices/types';
import { currencyDecimals } from '../../../shared/money';

export const RECOVERY_COST_EUR = '40';

export interface RecoveryCost {
  eur: string;
  /** in the invoice's currency, when it is not EUR and the rate was known */
  amount: string | null;
  currency: string;
  /** the day whose rate converted it */
  rate_date: string | null;
}

export async function recoveryCost(currency: string, delayStart: string, rates: RateProvider | undefined): Promise<RecoveryCost> {
  const plain: RecoveryCost = { eur: RECOVERY_COST_EUR, amount: null, currency, rate_date: null };
  if (currency === 'EUR' || !rates) return plain;
  try {
    const eur = new Big((await rates.rateFor('EUR', delayStart)).rate);
    const own = currency === 'HUF' ? new Big(1) : new Big((await rates.rateFor(currency, delayStart)).rate);
    const amount = new Big(RECOVERY_COST_EUR).times(eur).div(own).round(currencyDecimals(currency), 1);
    return { ...plain, amount: amount.toFixed(currencyDecimals(currency)), rate_date: delayStart };
  } catch {
    return plain;
  }
}

/** How it is stored with the reminder: "40 EUR" or "40 EUR = 15880 HUF". */
export function recoveryCostText(c: RecoveryCost): string {
  return c.amount === null ? `${c.eur} EUR` : `${c.eur} EUR = ${c.amount} ${c.currency}`;
}
