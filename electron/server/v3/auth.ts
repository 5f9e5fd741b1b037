// v3 authenticates with the `X-API-KEY` header alone (the same key as v2's API key); v2's JWT is not read here.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export function hasV3Key(req: FastifyRequest, apiKey: string): boolean {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key.length === 0) return false;
  const a = Buffer.from(key);
  const b = Buffer.from(apiKey);
  return a.length === b.length && timingSafeEqual(a, b);
}
