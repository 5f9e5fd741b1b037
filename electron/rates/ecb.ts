// The European Central Bank's euro reference rates (eurofxref-daily.xml, -hist-90d.xml, -hist.xml):
//   <gesmes:Envelope …><Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0512"/>…</Cube>…</Cube></gesmes:Envelope>
// Rates are units per EUR; HUF for one unit of X is the cross rate through the euro: EURHUF / EURX.
import { XMLParser } from 'fast-xml-parser';
import { Big } from '../../shared/money';
import { fetchText, hostOf, SourceError, type FetchLike } from './http';
import type { PublishedRate } from './types';

export const ECB_DEFAULT_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml';
export const ECB_DEFAULT_HISTORY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml';
/** Decimals of a cross rate: the most an invoice's exchange_rate carries (and NAV's schema allows). */
const CROSS_DECIMALS = 6;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (_name, jpath) => jpath === 'Envelope.Cube.Cube' || jpath === 'Envelope.Cube.Cube.Cube',
});

interface DayCube {
  time?: string;
  Cube?: Array<{ currency?: string; rate?: string }>;
}

/** All days of an ECB file as HUF-per-unit rates (the euro included); days without a HUF rate give nothing. */
export function parseEcbRates(xml: string): PublishedRate[] {
  const doc = parser.parse(xml) as { Envelope?: { Cube?: { Cube?: DayCube[] } | string } };
  if (!doc.Envelope) throw new SourceError('ECB answered something that is not a euro reference rates file');
  const days = typeof doc.Envelope.Cube === 'object' ? (doc.Envelope.Cube.Cube ?? []) : [];
  const out: PublishedRate[] = [];
  for (const day of days) {
    if (!day.time || !/^\d{4}-\d{2}-\d{2}$/.test(day.time)) continue;
    const perEur = new Map<string, string>();
    for (const c of day.Cube ?? []) {
      if (c.currency && c.rate && /^\d+(\.\d+)?$/.test(c.rate)) perEur.set(c.currency.toUpperCase(), c.rate);
    }
    const huf = perEur.get('HUF');
    if (!huf) continue;
    out.push({ date: day.time, currency: 'EUR', rate: new Big(huf).toFixed(), quoted: huf, unit: 1 });
    for (const [currency, quoted] of perEur) {
      if (currency === 'HUF' || new Big(quoted).eq(0)) continue;
      const rate = new Big(huf).div(quoted).round(CROSS_DECIMALS, Big.roundHalfUp).toFixed();
      out.push({ date: day.time, currency, rate, quoted, unit: 1 });
    }
  }
  return out;
}

export async function fetchEcbRates(fetchImpl: FetchLike, url: string, timeoutMs: number): Promise<PublishedRate[]> {
  const { status, body } = await fetchText(fetchImpl, url, { method: 'GET', headers: { accept: 'application/xml' } }, timeoutMs);
  if (status !== 200) throw new SourceError(`${hostOf(url)} answered HTTP ${status}`);
  return parseEcbRates(body);
}
