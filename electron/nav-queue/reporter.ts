// Runs the NAV sender over the queue: on start, then every interval, and soon after an invoice is sealed.
// Reporting is off until the technical user's credentials are set; invoices still queue meanwhile, so nothing is
// lost and the backlog goes out once they are.
import type { Db } from '../db/open';
import { createNavSender, type NavCredentials } from '../nav/sender';
import type { FetchLike } from '../nav/transport';
import { createNavReportStore } from './store';

export interface NavReporterOptions {
  db: Db;
  credentials: NavCredentials | null;
  fetch?: FetchLike;
  intervalMs?: number;
}

/** Credentials for `npm run serve` from the environment; null (reporting off) unless all of them are set. */
export function navCredentialsFromEnv(env: Record<string, string | undefined>): NavCredentials | null {
  const login = env.FOLIO_NAV_LOGIN;
  const password = env.FOLIO_NAV_PASSWORD;
  const taxNumber = env.FOLIO_NAV_TAX_NUMBER;
  const signatureKey = env.FOLIO_NAV_SIGNATURE_KEY;
  const exchangeKey = env.FOLIO_NAV_EXCHANGE_KEY;
  const baseUrl = env.FOLIO_NAV_URL;
  if (!login || !password || !taxNumber || !signatureKey || !exchangeKey || !baseUrl) return null;
  return {
    login,
    password,
    taxNumber: taxNumber.replace(/\D/g, '').slice(0, 8),
    signatureKey,
    exchangeKey,
    baseUrl,
    software: {
      softwareId: 'HU00000000FOLIO001',
      softwareName: 'Folio',
      softwareOperation: 'LOCAL_SOFTWARE',
      softwareMainVersion: '0.1',
      softwareDevName: 'Folio',
      softwareDevContact: 'support@folio.invalid',
      softwareDevCountryCode: 'HU',
    },
  };
}

export function createNavReporter(options: NavReporterOptions) {
  const store = createNavReportStore(options.db);
  const sender = options.credentials
    ? createNavSender({ fetch: options.fetch ?? (globalThis.fetch as unknown as FetchLike), credentials: options.credentials, store })
    : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function pass() {
    if (!sender || running) return running;
    running = sender.processDue(50).catch((e) => console.error(`folio: NAV reporting: ${e instanceof Error ? e.message : e}`));
    void running.finally(() => (running = undefined));
    return running;
  }

  return {
    enabled: sender !== null,
    store,
    pass,
    start() {
      if (!sender) return;
      void pass();
      timer = setInterval(() => void pass(), options.intervalMs ?? 30_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
