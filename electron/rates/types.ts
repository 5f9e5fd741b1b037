// What a rate source publishes, normalised: HUF for one unit of a currency on one publication day.
export type RateSource = 'MNB' | 'ECB';

export interface PublishedRate {
  /** the publication day, YYYY-MM-DD */
  date: string;
  /** ISO 4217 code, upper case */
  currency: string;
  /** HUF for ONE unit, an exact decimal string */
  rate: string;
  /** the figure as the source printed it (MNB: HUF per `unit` units; ECB: units per EUR) */
  quoted: string;
  /** how many units `quoted` is for (MNB quotes JPY, IDR, KRW … per 100) */
  unit: number;
}
