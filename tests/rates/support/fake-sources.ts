// Local stand-ins for the MNB SOAP service and the ECB's files, on 127.0.0.1, answering from the recorded samples in
// ../samples in the real formats. The MNB fake reads the SOAP request and answers only the asked days and
// currencies, as the real service does.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const SAMPLES = new URL('../samples/', import.meta.url);
export const sample = (name: string) => readFileSync(new URL(name, SAMPLES), 'utf8');

export interface FakeServer {
  url: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
  /** 'ok' answers; 'fault' sends MNB's SOAP fault; 'hang' never answers; 'http500' fails plainly */
  mode: 'ok' | 'fault' | 'hang' | 'http500';
  close(): Promise<void>;
}

async function serve(handler: (req: { method: string; path: string; body: string }, fake: FakeServer) => { status: number; type: string; body: string }): Promise<FakeServer> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeServer = { url: '', requests: [], mode: 'ok', close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      fake.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (fake.mode === 'hang') return;
      if (fake.mode === 'http500') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      const answer = handler({ method: req.method ?? '', path: req.url ?? '', body }, fake);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The MNB service at `${url}/arfolyamok.asmx`. */
export function fakeMnb(): Promise<FakeServer> {
  const recorded = sample('mnb-GetExchangeRates-2026-10-01_2026-12-31.xml');
  const inner = unescape(/<GetExchangeRatesResult>([\s\S]*)<\/GetExchangeRatesResult>/.exec(recorded)![1]!);
  const days = [...inner.matchAll(/<Day date="([^"]+)">([\s\S]*?)<\/Day>/g)].map((m) => ({ date: m[1]!, rates: m[2]! }));
  return serve((req, fake) => {
    if (req.method !== 'POST' || !req.path.startsWith('/arfolyamok.asmx')) return { status: 404, type: 'text/plain', body: 'not found' };
    if (fake.mode === 'fault') return { status: 500, type: 'text/xml; charset=utf-8', body: sample('mnb-fault.xml') };
    const param = (name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(req.body)?.[1] ?? '';
    const [from, to] = [param('startDate'), param('endDate')];
    const wanted = new Set(param('currencyNames').split(',').map((c) => c.trim().toUpperCase()));
    const kept = days
      .filter((d) => d.date >= from && d.date <= to)
      .map((d) => ({ date: d.date, rates: [...d.rates.matchAll(/<Rate unit="\d+" curr="(\w+)">[^<]*<\/Rate>/g)].filter((r) => wanted.has(r[1]!)).map((r) => r[0]).join('') }))
      .filter((d) => d.rates);
    const result = `<MNBExchangeRates>${kept.map((d) => `<Day date="${d.date}">${d.rates}</Day>`).join('')}</MNBExchangeRates>`;
    const body = recorded.replace(/<GetExchangeRatesResult>[\s\S]*<\/GetExchangeRatesResult>/, `<GetExchangeRatesResult>${escape(result)}</GetExchangeRatesResult>`);
    return { status: 200, type: 'text/xml; charset=utf-8', body };
  });
}

/** The ECB's files at `${url}/eurofxref-hist-90d.xml` and `${url}/eurofxref-hist.xml`. */
export function fakeEcb(): Promise<FakeServer> {
  const files: Record<string, string> = {
    '/eurofxref-hist-90d.xml': sample('ecb-eurofxref-hist-90d.xml'),
    '/eurofxref-hist.xml': sample('ecb-eurofxref-hist.xml'),
  };
  return serve((req) => {
    const file = files[req.path];
    return file ? { status: 200, type: 'text/xml', body: file } : { status: 404, type: 'text/plain', body: 'not found' };
  });
}

/** The VIES REST endpoint at `${url}/check-vat-number`: answers from the sample named for the VAT number. */
export function fakeVies(answers: Record<string, { status: number; sample: string }>): Promise<FakeServer> {
  return serve((req) => {
    if (req.method !== 'POST' || req.path !== '/check-vat-number') return { status: 404, type: 'application/json', body: '{}' };
    const { countryCode, vatNumber } = JSON.parse(req.body) as { countryCode: string; vatNumber: string };
    const a = answers[`${countryCode}${vatNumber}`] ?? { status: 200, sample: 'vies-invalid.json' };
    return { status: a.status, type: 'application/json', body: sample(a.sample) };
  });
}
