// /currencies: v3's ConversationRate (3.0.14 spells it so) from the core's rates.convert — MNB's official rates, X to
// Y through HUF. Offline without a saved rate of the day the core refuses with reason rate_unavailable, answered as
// v3's 422 on from or to (docs/v3.md).
import { currencyFromV3, currencyToV3 } from '../../../shared/v3/enums';
import { call, type V3Route } from './route';

export const currencyRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/currencies',
    handler: async ({ core, req }) => {
      const q = req.query as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' ? currencyFromV3(v) : v);
      const input = { from: text(q.from), to: text(q.to), ...(q.date !== undefined ? { date: q.date } : {}) };
      const r = await call(core(), 'rates.convert', input as { from: string; to: string; date?: string });
      // v3 types the rate as a number; the exact decimal is the core's, turned into JSON's number only here
      return { from_currency: currencyToV3(r.from), to_currency: currencyToV3(r.to), conversation_rate: Number(r.rate), date: r.date };
    },
  },
];
