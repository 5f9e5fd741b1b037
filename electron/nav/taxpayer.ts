// NAV's queryTaxpayer: whether a Hungarian taxpayer exists and is valid, with its name and addresses. Used to check
// a client's tax number and fill a new client in. A lookup is a convenience, never a condition: it waits briefly
// (the user is at the form), and every failure — no technical user, no network, NAV refusing — is an outcome the
// caller answers from the check digit instead.
import type { TaxpayerAddress, TaxpayerAddressType, TaxpayerInfo, TaxpayerLookup, TaxpayerLookupOutcome } from '../../shared/tax-number-check';
import { navReasonOf } from '../nav-settings/reasons';
import type { NavTaxpayer, NavTaxpayerAddress } from './api';
import type { NavCredentials } from './sender';
import { callNav, NavCallError, type FetchLike } from './transport';

export interface TaxpayerLookupDeps {
  /** the technical user in effect (the environment's or the saved one), asked on every lookup */
  credentials: () => Promise<NavCredentials | null>;
  fetch: FetchLike;
  /** how long to wait for NAV (default 8 s: long enough for NAV on a slow day, short enough for a form) */
  timeoutMs?: number;
}

export function createTaxpayerLookup(deps: TaxpayerLookupDeps): TaxpayerLookup {
  return {
    setUp: async () => (await deps.credentials().catch(() => null)) !== null,
    async query(taxpayerId) {
      let credentials: NavCredentials | null;
      try {
        credentials = await deps.credentials();
      } catch (error) {
        // stored secrets that cannot be opened here (another computer): NAV cannot be asked; the settings screen says why
        return { kind: 'failed', reason: 'nav_error', code: 'CREDENTIALS_UNREADABLE', message: (error as Error).message };
      }
      if (!credentials) return { kind: 'not_set_up' };
      return queryTaxpayer(deps.fetch, credentials, taxpayerId, deps.timeoutMs ?? 8_000);
    },
  };
}

export async function queryTaxpayer(fetch: FetchLike, credentials: NavCredentials, taxpayerId: string, timeoutMs: number): Promise<TaxpayerLookupOutcome> {
  // NAV compares the request's time with its own clock: the real time, never a test's fixed business date.
  const now = new Date();
  // NAV's XML is loaded by the first lookup, not at start
  const { buildQueryTaxpayerRequest, newRequestId, NavResponseError, readQueryTaxpayer } = await import('./api');
  const body = buildQueryTaxpayerRequest(credentials, credentials.software, { requestId: newRequestId(now), timestamp: now }, taxpayerId);
  let answer: NavTaxpayer;
  try {
    answer = readQueryTaxpayer(await callNav(fetch, credentials.baseUrl, 'queryTaxpayer', body, timeoutMs));
  } catch (error) {
    if (error instanceof NavCallError) {
      return { kind: 'failed', reason: navReasonOf(error.code), code: error.code, message: error.message.replace(/^NAV queryTaxpayer: /, '') };
    }
    if (error instanceof NavResponseError) return { kind: 'failed', reason: 'nav_error', code: 'BAD_RESPONSE', message: error.message };
    throw error;
  }
  // No validity at all is NAV's way of saying it knows no such taxpayer.
  if (answer.validity !== true || !answer.data) return { kind: 'answered', valid: false };
  return { kind: 'answered', valid: true, taxpayer: taxpayerInfo(answer.data) };
}

const ADDRESS_ORDER: Record<TaxpayerAddressType, number> = { HQ: 0, SITE: 1, BRANCH: 2 };

function taxpayerInfo(data: NonNullable<NavTaxpayer['data']>): TaxpayerInfo {
  const info: TaxpayerInfo = {
    name: data.name,
    // the seat first: it is the address an invoice to a company carries
    addresses: data.addresses
      .map(address)
      .map((a, i) => ({ a, i }))
      .sort((x, y) => ADDRESS_ORDER[x.a.type] - ADDRESS_ORDER[y.a.type] || x.i - y.i)
      .map(({ a }) => a),
  };
  if (data.shortName) info.short_name = data.shortName;
  if (data.vatGroupMembership) info.vat_group = data.vatGroupMembership;
  if (data.incorporation) info.incorporation = data.incorporation;
  if (data.vatCode && data.countyCode) info.tax_number = `${data.taxpayerId}-${data.vatCode}-${data.countyCode}`;
  return info;
}

function address(a: NavTaxpayerAddress): TaxpayerAddress {
  const type: TaxpayerAddressType = a.type === 'HQ' || a.type === 'BRANCH' ? a.type : 'SITE';
  const out: TaxpayerAddress = {
    type,
    postcode: a.postalCode,
    city: a.city,
    street_name: a.streetName,
    street_type: a.publicPlaceCategory,
    house_nr: a.number ?? '',
    country_code: a.countryCode,
  };
  const extra: Array<[keyof TaxpayerAddress, string | undefined]> = [
    ['region', a.region],
    ['building', a.building],
    ['staircase', a.staircase],
    ['floor', a.floor],
    ['door', a.door],
    ['lot_number', a.lotNumber],
  ];
  for (const [key, value] of extra) if (value) (out as unknown as Record<string, string>)[key] = value;
  return out;
}
