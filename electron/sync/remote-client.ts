// HTTP to the remote: its key (X-API-KEY, or the interface's JWT scheme when a public key is set), this device's
// name and token (X-Folio-Device, X-Folio-Device-Token), an Idempotency-Key where the caller has one, and a time
// limit on every request. Before it has a token the device names itself only to join: the remote refuses any other
// request that names a device without its token (docs/sync.md "Device identity"). Transport
// failures become SyncErrors; any HTTP answer is returned for the caller to judge, except those that end a round
// whatever was asked (401/403: the key; 5xx, 429, 408: the remote's trouble).
import { SignJWT } from 'jose';
import { SyncError } from './errors';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RemoteConfig {
  baseUrl: string;
  apiKey: string;
  publicKey?: string | undefined;
  deviceId: string;
  /** this device's credential on the remote; absent before it joined */
  deviceToken?: string | undefined;
  fetch?: FetchLike;
  /** per request; a slow remote ends the round instead of hanging it */
  timeoutMs?: number;
}

export interface RemoteAnswer {
  status: number;
  body: any;
}

export interface RequestSpec {
  method: string;
  path: string;
  body?: unknown;
  idempotencyKey?: string | null;
  /** X-Folio-Overwrites: the devices whose concurrent versions this request's change replaces */
  overwrites?: string | null;
  query?: Record<string, string | number>;
}

export type Remote = ReturnType<typeof createRemote>;

export function createRemote(config: RemoteConfig) {
  const doFetch: FetchLike = config.fetch ?? ((url, init) => fetch(url, init));
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 30_000;
  let jwt: { token: string; until: number } | null = null;
  let deviceToken = config.deviceToken;

  function deviceHeaders(spec: RequestSpec): Record<string, string> {
    if (deviceToken) return { 'X-Folio-Device': config.deviceId, 'X-Folio-Device-Token': deviceToken };
    return spec.method === 'POST' && spec.path === '/sync/join' ? { 'X-Folio-Device': config.deviceId } : {};
  }

  async function authHeader(): Promise<Record<string, string>> {
    if (!config.publicKey) return { 'X-API-KEY': config.apiKey };
    const now = Math.floor(Date.now() / 1000);
    if (!jwt || jwt.until < now + 30) {
      // short-lived tokens, renewed well before they expire (the remote allows ±60 s of clock skew)
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(config.publicKey)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode(config.apiKey));
      jwt = { token, until: now + 300 };
    }
    return { Authorization: `Bearer ${jwt.token}` };
  }

  async function request(spec: RequestSpec): Promise<RemoteAnswer> {
    const url = new URL(base + spec.path);
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {
      ...(await authHeader()),
      ...deviceHeaders(spec),
      accept: 'application/json',
    };
    if (spec.idempotencyKey) headers['Idempotency-Key'] = spec.idempotencyKey;
    if (spec.overwrites) headers['X-Folio-Overwrites'] = spec.overwrites;
    let payload: string | undefined;
    if (spec.body !== undefined && spec.body !== null) {
      payload = typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url.toString(), { method: spec.method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (e) {
      throw transportError(e, base, timeoutMs);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status === 401 && isDeviceRefusal(body)) {
      throw new SyncError('auth', `The remote at ${base} refused this computer's identity: ${(body as { error: string }).error}`);
    }
    if (res.status === 401 || res.status === 403) {
      throw new SyncError('auth', `The remote at ${base} refused the API key${config.publicKey ? ' (JWT)' : ''}: check the key in the sync settings`);
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      const said = typeof (body as { error?: unknown })?.error === 'string' ? `: ${(body as { error: string }).error}` : '';
      throw new SyncError('server', `The remote at ${base} is having trouble (HTTP ${res.status}${said}); sync will try again`);
    }
    return { status: res.status, body };
  }

  return {
    request,
    baseUrl: base,
    /** the token a join answered: sent from now on */
    setDeviceToken(token: string) {
      deviceToken = token;
    },
  };
}

/** A 401 about the device token rather than the API key (the remote names the header in `errors`). */
function isDeviceRefusal(body: unknown): boolean {
  const b = body as { error?: unknown; errors?: Array<{ field?: unknown }> } | undefined;
  return typeof b?.error === 'string' && Array.isArray(b.errors) && b.errors.some((e) => e?.field === 'X-Folio-Device-Token' || e?.field === 'X-Folio-Device');
}

function transportError(e: unknown, base: string, timeoutMs: number): SyncError {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
    return new SyncError('timeout', `The remote at ${base} did not answer within ${Math.round(timeoutMs / 1000)} s; sync will try again`);
  }
  const code = err?.cause?.code ?? '';
  const why =
    code === 'ECONNREFUSED'
      ? 'nothing answers at that address'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the host name cannot be found (offline?)'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE'
          ? 'the connection was cut'
          : (err?.cause?.message ?? err?.message ?? 'network error');
  return new SyncError('offline', `Cannot reach the remote at ${base} (${why}); working offline, sync will try again`);
}

/** The `error` of a Folio error envelope, or a generic description of an answer. */
export function answerMessage(a: RemoteAnswer): string {
  const b = a.body as { error?: unknown; errors?: Array<{ field: string; message: string }> } | undefined;
  if (b && typeof b.error === 'string') return b.error;
  return `HTTP ${a.status}`;
}
