// Authentication of the HTTP door (docs/design.md §5): `X-API-KEY: <secret>`, or the interface's original scheme,
// `Authorization: Bearer <JWT>` (also the old misspelling `Beamer`) signed HS256 with the secret, `sub` = the public
// key. Real clients send `iat`/`exp` as strings and have clocks off by up to a minute, so the claims are checked here
// with coercion and ±60 s leeway (and `exp` at most an hour ahead) after jose has verified the signature with HS256 only (no `alg: none`).
import { timingSafeEqual } from 'node:crypto';
import { compactVerify } from 'jose';

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

export async function isAuthorized(headers: Record<string, string | string[] | undefined>, config: AuthConfig): Promise<boolean> {
  const key = headers['x-api-key'];
  if (typeof key === 'string' && key.length > 0) return sameSecret(key, config.apiKey);
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^(?:Bearer|Beamer)\s+(\S+)$/i.exec(auth.trim());
    if (m) return verifyJwt(m[1]!, config);
  }
  return false;
}
