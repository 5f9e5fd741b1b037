// The first thing that runs (a small entry chunk without Svelte): it builds the API client and starts the first
// requests — settings, today, and the invoice list's first page when that is the screen asked for — while the app's
// own chunk is still downloading and compiling. The app then takes these answers instead of asking again.
import { createApi, type Api } from './api';
import { DirectoryApi } from './api/directory';
import type { DirectoryView } from '../../shared/directory';
import { filtersFromQuery, hasFilters, INVOICE_PAGE_SIZE } from './invoice-filters';
import { parseRoute, readHash } from './routes';
import { prefetch } from './state/prefetch';

const KEY_STORAGE = 'folio.apiKey';
const COMPANY_STORAGE = 'folio.company';

/**
 * The browser-mode API key (this browser session only), the company chosen on a server of several companies, and
 * who to tell when the server stops accepting the key.
 */
export const session = {
  key: readStored(KEY_STORAGE),
  company: readStored(COMPANY_STORAGE),
  onUnauthorized: (): void => undefined,
};

function readStored(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

/** The company every request names from now on (null: none). */
export function storeCompany(slug: string | null): void {
  session.company = slug;
  try {
    if (slug) sessionStorage.setItem(COMPANY_STORAGE, slug);
    else sessionStorage.removeItem(COMPANY_STORAGE);
  } catch {
    // without storage the choice lasts until the page reloads
  }
}

export function storeKey(key: string | null): void {
  session.key = key;
  try {
    if (key) sessionStorage.setItem(KEY_STORAGE, key);
    else sessionStorage.removeItem(KEY_STORAGE);
  } catch {
    // without storage the key lasts until the page reloads
  }
}

export const api: Api = createApi({ key: () => session.key, company: () => session.company, onUnauthorized: () => session.onUnauthorized() });

let todayPromise: Promise<string> | undefined;
let directoryPromise: Promise<DirectoryView | null> | undefined;

/** Today from the boot request, once; undefined afterwards (or when boot asked nothing). */
export function takeToday(): Promise<string> | undefined {
  const p = todayPromise;
  todayPromise = undefined;
  return p;
}

/** The companies the key reaches, from the boot request, once (see takeToday). */
export function takeDirectory(): Promise<DirectoryView | null> | undefined {
  const p = directoryPromise;
  directoryPromise = undefined;
  return p;
}

export function startBootRequests(): void {
  // Browser mode without a key shows the key screen: nothing to ask yet.
  if (!api.desktop && !session.key) return;
  prefetch(api, 'settings.get', {});
  todayPromise = api.today();
  todayPromise.catch(() => undefined);
  // Who is signed in and which companies the key reaches are asked now too: the app asked them only once its own
  // chunk had run, a second round trip before the first rows.
  prefetch(api, 'users.me', {});
  if (!api.desktop && session.key) {
    directoryPromise = new DirectoryApi(api).view(session.key);
    directoryPromise.catch(() => undefined);
  }
  const { path, query } = readHash();
  if (parseRoute(path).name === 'invoices' && !hasFilters(filtersFromQuery(query))) {
    const page = Math.max(1, Number(query.get('page')) || 1);
    prefetch(api, 'invoices.list', { page, max_per_page: INVOICE_PAGE_SIZE });
  }
}
