// The Hungarian central bank's (MNB) official daily rates, from its SOAP web service (arfolyamok.asmx,
// GetExchangeRates). The answer's GetExchangeRatesResult is itself an XML document, escaped once into the envelope:
//   <MNBExchangeRates><Day date="2026-11-20"><Rate unit="1" curr="EUR">389,15</Rate>…</Day>…</MNBExchangeRates>
// Figures use a decimal comma and are HUF per `unit` units (100 for JPY and a few others).
import { XMLParser } from 'fast-xml-parser';
import { Big } from '../../shared/money';
import { fetchText, hostOf, SourceError, type FetchLike } from './http';
import type { PublishedRate } from './types';

/** The service address given in MNB's WSDL (the SOAP binding answers on plain HTTP). */
export const MNB_DEFAULT_URL = 'http://www.mnb.hu/arfolyamok.asmx';
const NAMESPACE = 'http://www.mnb.hu/webservices/';
const SOAP_ACTION = `${NAMESPACE}MNBArfolyamServiceSoap/GetExchangeRates`;

export function getExchangeRatesEnvelope(startDate: string, endDate: string, currencies: string[]): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body><GetExchangeRates xmlns="${NAMESPACE}">` +
    `<startDate>${startDate}</startDate><endDate>${endDate}</endDate>` +
    `<currencyNames>${currencies.join(',')}</currencyNames>` +
    '</GetExchangeRates></soap:Body></soap:Envelope>'
  );
}

const envelopeParser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true });
const ratesParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Day' || name === 'Rate',
});

interface MnbRate {
  unit?: string;
  curr?: string;
  '#text'?: string;
}

/** Parses a whole SOAP answer; a SOAP fault becomes a SourceError carrying MNB's own message. */
export function parseMnbResponse(soap: string): PublishedRate[] {
  const doc = envelopeParser.parse(soap) as { Envelope?: { Body?: Record<string, unknown> } };
  const body = doc.Envelope?.Body;
  if (!body) throw new SourceError('MNB answered something that is not a SOAP envelope');
  const fault = body.Fault as { faultstring?: string } | undefined;
  if (fault) throw new SourceError(`MNB refused the request: ${String(fault.faultstring ?? 'SOAP fault')}`);
  const response = body.GetExchangeRatesResponse as { GetExchangeRatesResult?: string } | undefined;
  if (!response) throw new SourceError('MNB answered without a GetExchangeRatesResult');
  return parseMnbRates(String(response.GetExchangeRatesResult ?? ''));
}

/** Parses the inner MNBExchangeRates document. An empty result is MNB's way of saying "nothing in that range". */
export function parseMnbRates(inner: string): PublishedRate[] {
  if (!inner.trim()) return [];
  const doc = ratesParser.parse(inner) as { MNBExchangeRates?: { Day?: Array<{ date?: string; Rate?: MnbRate[] }> } | string };
  const days = typeof doc.MNBExchangeRates === 'object' ? (doc.MNBExchangeRates.Day ?? []) : [];
  const out: PublishedRate[] = [];
  for (const day of days) {
    if (!day.date || !/^\d{4}-\d{2}-\d{2}$/.test(day.date)) continue;
    for (const r of day.Rate ?? []) {
      const quoted = (r['#text'] ?? '').trim().replace(',', '.');
      const unit = Number(r.unit ?? '1');
      if (!r.curr || !/^\d+(\.\d+)?$/.test(quoted) || !Number.isInteger(unit) || unit < 1) continue;
      out.push({ date: day.date, currency: r.curr.toUpperCase(), rate: new Big(quoted).div(unit).toFixed(), quoted, unit });
    }
  }
  return out;
}

export async function fetchMnbRates(
  fetchImpl: FetchLike,
  url: string,
  range: { from: string; to: string; currencies: string[] },
  timeoutMs: number,
): Promise<PublishedRate[]> {
  const { status, body } = await fetchText(
    fetchImpl,
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` },
      body: getExchangeRatesEnvelope(range.from, range.to, range.currencies),
    },
    timeoutMs,
  );
  // A SOAP fault arrives with HTTP 500 and a readable envelope: prefer its message to the bare status.
  if (status !== 200 && !body.includes('Fault')) throw new SourceError(`${hostOf(url)} answered HTTP ${status}`);
  return parseMnbResponse(body);
}
