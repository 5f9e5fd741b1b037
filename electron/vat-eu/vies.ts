// A client of the EU's VIES registry through its REST API (POST …/check-vat-number, JSON). The core's EU VAT lookup
// turns any throw from here into `company: null` plus a `company_error`, so every failure mode — no network, a
// timeout, VIES or a member state's service being down — is thrown as a short, readable reason.
import type { ViesAnswer } from '../core/vat/service';

export const VIES_DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

export interface ViesOptions {
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface ViesJson {
  valid?: boolean;
  isValid?: boolean;
  userError?: string;
  name?: string | null;
  address?: string | null;
  actionSucceed?: boolean;
  errorWrappers?: Array<{ error?: string; message?: string }>;
}

/** VIES answers "---" where a member state does not disclose a name or address. */
function clean(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text || text === '---') return '';
  return text
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(', ');
}

function errorCodes(json: ViesJson | null): string {
  return (json?.errorWrappers ?? []).map((w) => w.error ?? w.message).filter(Boolean).join(', ');
}

export function createViesClient(options: ViesOptions = {}) {
  const url = options.url ?? VIES_DEFAULT_URL;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const fetchImpl = options.fetch ?? fetch;

  return async function vies(country: string, number: string): Promise<ViesAnswer> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: country, vatNumber: number }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      if (e instanceof Error && e.name === 'TimeoutError') throw new Error(`no answer in ${timeoutMs / 1000} s`);
      const cause = (e as { cause?: { code?: string } }).cause;
      throw new Error(cause?.code ?? (e instanceof Error ? e.message : String(e)));
    }
    const json = (await res.json().catch(() => null)) as ViesJson | null;
    if (!res.ok || json?.actionSucceed === false) {
      const codes = errorCodes(json);
      throw new Error(`VIES answered HTTP ${res.status}${codes ? ` (${codes})` : ''}`);
    }
    const valid = json?.valid ?? json?.isValid;
    if (typeof valid !== 'boolean') throw new Error('VIES answered without saying whether the number is valid');
    // "invalid" with a service error (MS_UNAVAILABLE, TIMEOUT …) means "not checked", never "not registered".
    const userError = json?.userError?.trim();
    if (!valid && userError && userError !== 'VALID' && userError !== 'INVALID') {
      throw new Error(`VIES could not check the number (${userError})`);
    }
    return { valid, name: clean(json?.name), address: clean(json?.address) };
  };
}
