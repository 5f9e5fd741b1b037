// Authentication of the HTTP door (docs/design.md §5): `X-API-KEY: <secret>`, or the interface's original scheme,
// `Authorization: Bearer <JWT>` (also the old misspelling `Beamer`) signed HS256 with the secret, `sub` = the public
// key. Real clients send `iat`/`exp` as strings and have clocks off by up to a minute, so the claims are checked here
// with coercion and ±60 s leeway (and `exp` at most an hour ahead) after jose has verified the signature with HS256 only (no `alg: none`).
import { timingSafeEqual } from 'node:crypto';
import { compactVerify } from 'jose';
import type { Caller } from '../db/call-context';
import type { KeyLookup } from '../core/users/keys';

export interface AuthConfig {
  apiKey: string;
  publicKey?: string | undefined;
}

const LEEWAY_S = 60;
/**
 * The longest a token may still be valid when it arrives: a stolen token that never ends would be a second API key.
 * Clients make a fresh short token per request or session, so an hour (plus the leeway for their clock) is plenty.
 */
export const MAX_TOKEN_LIFETIME_S = 3600;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function numericClaim(v: unknown): number | undefined | null {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

export async function verifyJwt(token: string, config: AuthConfig, nowMs = Date.now()): Promise<boolean> {
  if (!config.publicKey) return false;
  try {
    const { payload, protectedHeader } = await compactVerify(token, new TextEncoder().encode(config.apiKey), {
      algorithms: ['HS256'],
    });
    if (protectedHeader.alg !== 'HS256') return false;
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    if (claims.sub !== config.publicKey) return false;
    const now = nowMs / 1000;
    const exp = numericClaim(claims.exp);
    const nbf = numericClaim(claims.nbf);
    const iat = numericClaim(claims.iat);
    if (exp === null || nbf === null || iat === null) return false;
    if (exp === undefined) return false; // a token that never expires is refused
    if (now > exp + LEEWAY_S) return false;
    if (exp > now + MAX_TOKEN_LIFETIME_S + LEEWAY_S) return false; // valid too far ahead
    if (nbf !== undefined && now < nbf - LEEWAY_S) return false;
    if (iat !== undefined && now < iat - LEEWAY_S) return false;
    return true;
  } catch {
    return false;
  }
}

/** The server's own key (--api-key) acts as the owner: everything that used it before goes on as it did. */
export const SERVER_KEY_OWNER: Caller = Object.freeze({ user_id: null, name: 'API key', role: 'owner', door: 'http' });

/** The `sub` of a token, read before its signature is checked only to find which secret to check it with. */
function unverifiedSub(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** X-API-KEY: the server's key first, then a user's (docs/users.md). */
export async function callerOfApiKey(key: string, config: AuthConfig, keys: KeyLookup): Promise<Caller | null> {
  if (sameSecret(key, config.apiKey)) return SERVER_KEY_OWNER;
  return keys.byApiKey(key);
}

/**
 * Who a request acts for: the server's key (X-API-KEY or a JWT with its public key) is the owner; a user's key, or
 * a JWT whose `sub` is a user key's public id signed with that key's secret, is that user. Null: refused (401).
 */
export async function authenticate(headers: Record<string, string | string[] | undefined>, config: AuthConfig, keys: KeyLookup): Promise<Caller | null> {
  const key = headers['x-api-key'];
  if (typeof key === 'string' && key.length > 0) return callerOfApiKey(key, config, keys);
  const auth = headers.authorization;
  if (typeof auth !== 'string') return null;
  const m = /^(?:Bearer|Beamer)\s+(\S+)$/i.exec(auth.trim());
  if (!m) return null;
  const token = m[1]!;
  const sub = unverifiedSub(token);
  if (sub === undefined) return null;
  if (config.publicKey && sub === config.publicKey) return (await verifyJwt(token, config)) ? SERVER_KEY_OWNER : null;
  const user = await keys.byPublicId(sub);
  if (!user || !(await verifyJwt(token, { apiKey: user.secret, publicKey: sub }))) return null;
  user.used();
  return user.caller;
}
