// The connection check: one tokenExchange against the chosen system, as the sender's first step of every
// submission, and the token opened with the exchange key. It proves the login, password, signing key, tax number
// and exchange key together without reporting anything, and says which one is wrong (reasons.ts).
import type { NavCheckReason } from '../../shared/contract/areas/nav';
import type { NavCredentials } from '../nav/sender';
import { callNav, NavCallError, type FetchLike } from '../nav/transport';
import { navReasonOf } from './reasons';

export interface NavCheckOutcome {
  reason: NavCheckReason;
  code: string | null;
  message: string | null;
}

/** A decrypted exchange token is printable ASCII; a wrong key that happens to pass the padding check gives noise. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;

export async function checkNavUser(
  fetch: FetchLike,
  credentials: NavCredentials,
  options: { timeoutMs?: number; now?: () => Date } = {},
): Promise<NavCheckOutcome> {
  // NAV compares the request's time with its own clock: the real time, never a test's fixed business date.
  const now = options.now?.() ?? new Date();
  // NAV's XML and its ciphers are loaded by the first check, not at start
  const [{ buildTokenExchangeRequest, newRequestId, NavResponseError, readTokenExchange }, { decryptExchangeToken }] = await Promise.all([
    import('../nav/api'),
    import('../nav/crypto'),
  ]);
  const body = buildTokenExchangeRequest(credentials, credentials.software, { requestId: newRequestId(now), timestamp: now });
  let encoded: string;
  try {
    const response = await callNav(fetch, credentials.baseUrl, 'tokenExchange', body, options.timeoutMs ?? 15_000);
    encoded = readTokenExchange(response).encodedExchangeToken;
  } catch (error) {
    if (error instanceof NavCallError) {
      return { reason: navReasonOf(error.code), code: error.code, message: error.message.replace(/^NAV tokenExchange: /, '') };
    }
    if (error instanceof NavResponseError) return { reason: 'nav_error', code: 'BAD_RESPONSE', message: error.message };
    throw error;
  }
  let token = '';
  try {
    token = decryptExchangeToken(encoded, credentials.exchangeKey);
  } catch {
    // AES with another key fails its padding check (nearly always): the token is not for this key
  }
  if (!TOKEN_TEXT.test(token)) {
    return { reason: 'wrong_exchange_key', code: 'EXCHANGE_KEY_MISMATCH', message: 'The exchange token NAV sent cannot be opened with this exchange key' };
  }
  return { reason: 'ok', code: null, message: null };
}
