// One session with NAV's receipt interface: the token exchange (AuthTokenRequest at /auth/token), then each call
// with the token as a bearer credential, and every failure sorted into what the reporter does next:
// - transient: no answer, a 5xx, an unreadable answer — NAV may or may not have taken the request in;
// - config:    the technical user or the token refused (401/403) — waits for a fix, not resent in this pass;
// - refused:   NAV answered and said no (an error answer with its code and words) — it took nothing in.
// The schema names no header for the token; Folio sends `Authorization: Bearer <token>` (docs/receipts.md).
import type { FetchLike } from '../nav/transport';
import type { ReceiptAnswer, ReceiptUser } from './xml';

/** NAV's receipt XML (the XML builder and parser) is loaded by the first call, not at start. */
const receiptXml = () => import('./xml');

export type ReceiptPath =
  | 'auth/token'
  | 'receipt/create'
  | 'receipt/modify'
  | 'receipt/invalidate'
  | 'receipt/list'
  | 'issuing-software/create'
  | 'issuing-software/list'
  | 'vat-category/list';

export type ReceiptFailure = 'transient' | 'config' | 'refused';

export class ReceiptCallError extends Error {
  constructor(
    readonly kind: ReceiptFailure,
    readonly code: string,
    message: string,
    /** NAV's answer as it came, when there was one */
    readonly response?: string,
    readonly fieldErrors: Array<{ field?: string; error?: string }> = [],
  ) {
    super(message);
    this.name = 'ReceiptCallError';
  }
}

const CONFIG_CODES = new Set(['INVALID_SECURITY_USER', 'INVALID_REQUEST_SIGNATURE', 'NOT_REGISTERED_CUSTOMER', 'INVALID_CUSTOMER', 'FORBIDDEN', 'UNAUTHORIZED', 'INVALID_TOKEN']);

export interface ReceiptClientOptions {
  fetch: FetchLike;
  baseUrl: string;
  user: ReceiptUser;
  now: () => Date;
  timeoutMs: number;
}

export function createReceiptClient(o: ReceiptClientOptions) {
  let token: { value: string; validTo: number } | null = null;

  async function post(path: ReceiptPath, body: string, bearer?: string): Promise<{ answer: ReceiptAnswer; text: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), o.timeoutMs);
    let status: number;
    let text: string;
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/xml; charset=UTF-8', Accept: 'application/xml' };
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      const response = await o.fetch(`${o.baseUrl.replace(/\/+$/, '')}/${path}`, { method: 'POST', headers, body, signal: controller.signal });
      status = response.status;
      text = await response.text();
    } catch (e) {
      throw new ReceiptCallError('transient', 'NETWORK_ERROR', `NAV ${path}: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    const { readAnswer, ReceiptAnswerError } = await receiptXml();
    let answer: ReceiptAnswer | undefined;
    try {
      answer = text.trim() ? readAnswer(text) : undefined;
    } catch (e) {
      if (!(e instanceof ReceiptAnswerError)) throw e;
    }
    if (status === 200 && answer && answer.resultCode !== 'ERROR' && !answer.root.endsWith('ErrorResponse') && answer.root !== 'InvalidRequestResponse') {
      return { answer, text };
    }
    if (status >= 500 || !answer) {
      throw new ReceiptCallError('transient', answer?.errorCode ?? `HTTP_${status}`, `NAV ${path}: ${answer?.message ?? `HTTP ${status}`}`, text);
    }
    const code = answer.errorCode ?? `HTTP_${status}`;
    const kind: ReceiptFailure = status === 401 || status === 403 || CONFIG_CODES.has(code) ? 'config' : 'refused';
    throw new ReceiptCallError(kind, code, answer.message ?? code, text, answer.fieldErrors);
  }

  async function bearer(): Promise<string> {
    if (token && token.validTo - 30_000 > o.now().getTime()) return token.value;
    const { buildAuthTokenRequest, readToken } = await receiptXml();
    const { answer } = await post('auth/token', buildAuthTokenRequest(o.user, o.now()));
    const t = readToken(answer);
    if (!t) throw new ReceiptCallError('transient', 'NO_TOKEN', 'NAV auth/token: the answer carried no token');
    token = { value: t.token, validTo: t.validTo ? Date.parse(t.validTo) : o.now().getTime() + 5 * 60_000 };
    return token.value;
  }

  return {
    /** One call with a valid token; a token NAV no longer takes is exchanged once more. */
    async call(path: Exclude<ReceiptPath, 'auth/token'>, body: string): Promise<{ answer: ReceiptAnswer; text: string }> {
      try {
        return await post(path, body, await bearer());
      } catch (e) {
        if (e instanceof ReceiptCallError && e.code === 'INVALID_TOKEN') {
          token = null;
          return post(path, body, await bearer());
        }
        throw e;
      }
    },
  };
}

export type ReceiptClient = ReturnType<typeof createReceiptClient>;
