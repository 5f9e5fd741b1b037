// One POST to NAV and what came of it. The fetch function is injected (the global fetch in the app, anything in
// tests), and every failure becomes a NavCallError whose `kind` tells the sender what to do next:
// - transient: the network or NAV is unwell (no answer, 5xx, a retry-later code): the same request may succeed later;
// - config:    NAV refused the technical user (wrong password, key, rights): retrying helps only once fixed;
// - rejected:  NAV refused the request itself (schema): the same bytes will never pass.
import type { ParsedResponse } from './api';
import { REJECTING_CODES, TRANSIENT_CODES } from './messages';

export interface FetchResponseLike {
  status: number;
  text(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<FetchResponseLike>;

export type NavOperationName =
  | 'tokenExchange'
  | 'manageInvoice'
  | 'queryTransactionStatus'
  | 'queryTransactionList'
  | 'queryTaxpayer'
  // the buyer's side (electron/nav-inbound): received invoices
  | 'queryInvoiceDigest'
  | 'queryInvoiceData'
  | 'queryInvoiceChainDigest';

export type FailureKind = 'transient' | 'config' | 'rejected';

export class NavCallError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: string,
    message: string,
    /** True when NAV answered (so it certainly did not take the request in); false for no or a broken answer. */
    readonly answered: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'NavCallError';
  }
}

function kindOf(code: string, httpStatus: number): FailureKind {
  if (TRANSIENT_CODES.has(code) || httpStatus >= 500) return 'transient';
  if (REJECTING_CODES.has(code)) return 'rejected';
  return 'config';
}

export async function callNav(
  fetch: FetchLike,
  baseUrl: string,
  operation: NavOperationName,
  body: string,
  timeoutMs: number,
): Promise<ParsedResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml; charset=UTF-8', Accept: 'application/xml' },
      body,
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new NavCallError('transient', 'NETWORK_ERROR', `NAV ${operation}: ${(error as Error).message}`, false);
  } finally {
    clearTimeout(timer);
  }

  // NAV's XML (api.ts: the XML builder and parser, ~1 MB of code) is loaded by the first call, not at start
  const { parseResponse, NavResponseError } = await import('./api');
  let parsed: ParsedResponse | undefined;
  try {
    parsed = text.trim() ? parseResponse(text) : undefined;
  } catch (error) {
    if (!(error instanceof NavResponseError)) throw error;
  }
  if (status === 200 && parsed && parsed.funcCode === 'OK') return parsed;

  // A 5xx, or anything unreadable, leaves open whether NAV took the request in.
  const answered = status < 500 && parsed !== undefined;
  const code = parsed?.errorCode ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_RESPONSE');
  const message = parsed?.message ?? parsed?.technicalMessages[0]?.text ?? `HTTP ${status}`;
  throw new NavCallError(kindOf(code, status), code, `NAV ${operation}: ${message}`, answered, status);
}
