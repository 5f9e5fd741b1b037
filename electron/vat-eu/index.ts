// What the core's EU VAT lookup needs from the outside world: the country of an IP address (offline) and the VIES
// registry (online, optional). Built once per process and given to createCore({ euVat }).
import type { EuVatDeps } from '../core/vat/service';
import { loadIpCountry } from './ip-country';
import { createViesClient, type ViesOptions } from './vies';

export { loadIpCountry } from './ip-country';
export { createViesClient, VIES_DEFAULT_URL, type ViesOptions } from './vies';

export async function createEuVat(options: ViesOptions = {}): Promise<Required<EuVatDeps>> {
  // the country table (~8 MB read and indexed, ~60 ms) loads on the first lookup, not at every start
  return { ipCountry: async (ip) => (await loadIpCountry())(ip), vies: createViesClient(options) };
}

/** As `npm run serve` configures it: FOLIO_VIES_URL (the check-vat-number endpoint), FOLIO_VIES_TIMEOUT_MS. */
export function euVatFromEnv(env: NodeJS.ProcessEnv): Promise<Required<EuVatDeps>> {
  const timeout = Number(env.FOLIO_VIES_TIMEOUT_MS);
  return createEuVat({
    ...(env.FOLIO_VIES_URL ? { url: env.FOLIO_VIES_URL } : {}),
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  });
}
