// The /v3 door: Billingo API v3 over the same core (docs/v3.md). An encapsulated Fastify plugin, registered under
// the prefix /v3, with its own key check, error handler and unknown-path handler, so every answer under /v3 — the
// route handlers', the body parser's, the rate limiter's, an unknown path's — is in v3's shape.
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AuthConfig } from '../auth';
import type { Core } from '../../core/index';
import { callerOfApiKey } from '../auth';
import type { KeyLookup } from '../../core/users/keys';
import { actingFor } from './auth';
import { toV3Error, v3Message } from './errors';
import { fastifyPath, pathPattern, type V3Route } from './route';
import { partnerRoutes } from './partners';
import { productRoutes } from './products';
import { bankAccountRoutes } from './bank-accounts';
import { documentBlockRoutes } from './document-blocks';
import { spendingRoutes } from './spendings';
import { utilRoutes } from './utils';
import { documentOutputRoutes } from './document-outputs';
import { documentRoutes } from './documents';
import { receiptRoutes } from './receipts';
import { currencyRoutes } from './currencies';

/** Every route the door serves, in v3's path notation (the served-paths test compares them with docs/v3.md). */
export const v3Routes: readonly V3Route[] = [
  ...partnerRoutes,
  ...productRoutes,
  ...bankAccountRoutes,
  ...documentBlockRoutes,
  ...spendingRoutes,
  ...utilRoutes,
  ...documentOutputRoutes,
  ...receiptRoutes,
  ...documentRoutes,
  ...currencyRoutes,
];

/**
 * Requests per minute per API key (per address without one). Billingo's limit is per key too; Folio's is generous
 * because the clients are the business's own, but present, so a runaway integration is slowed, and every answer
 * carries the X-RateLimit-* headers v3's clients read.
 */
export const V3_RATE_LIMIT = 600;

export interface V3Options {
  core: () => Core;
  auth: AuthConfig;
  /** whose keys are accepted besides the server's (ServerOptions.userKeys); default the core's users */
  userKeys?: () => KeyLookup;
}

export const v3Door: FastifyPluginAsync<V3Options> = async (app: FastifyInstance, options) => {
  const rateLimit = {
    max: V3_RATE_LIMIT,
    timeWindow: 60_000,
    keyGenerator: (req: { headers: Record<string, unknown>; ip: string }) =>
      typeof req.headers['x-api-key'] === 'string' ? `v3:key:${req.headers['x-api-key']}` : `v3:ip:${req.ip}`,
  };

  app.addHook('onRequest', async (req, reply) => {
    const key = req.headers['x-api-key'];
    const caller = typeof key === 'string' && key.length > 0 ? await callerOfApiKey(key, options.auth, (options.userKeys ?? (() => options.core().userKeys))()) : null;
    if (!caller) {
      return reply.code(401).send(v3Message('Authorization information (Header: X-API-KEY) is missing or invalid.'));
    }
    req.caller = caller;
  });

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const { status, body } = toV3Error(err);
    if (status >= 500) console.error(`folio v3: ${err.stack ?? err.message}`);
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.code(status).send(body);
  });

  // Unknown paths and wrong methods: a catch-all route rather than only the not-found handler, because a route can
  // stand aside from the root's v2 key check (config.public) and so answer 401/404/405 in v3's shape.
  const unknown = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!.replace(/^\/v3/, '') || '/';
    const allowed = [...new Set(v3Routes.filter((r) => pathPattern(r.path, false, r.textId).test(path)).map((r) => r.method))];
    if (allowed.length) {
      return reply.code(405).header('allow', allowed.join(', ')).send(v3Message(`${req.method} is not allowed here; use ${allowed.join(', ')}`));
    }
    if (v3Routes.some((r) => r.method === req.method && pathPattern(r.path, true).test(path))) {
      return reply.code(400).send(v3Message('The id in the path must be a whole number'));
    }
    return reply.code(404).send(v3Message(`No such path: /v3${path === '/' ? '' : path}`));
  };
  app.setNotFoundHandler(unknown);
  const methods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
  for (const url of ['/', '/*']) app.route({ method: methods, url, config: { public: true, rateLimit }, handler: unknown });

  // The published clients (axios 0.27) send a body-less POST — create-from-proforma, cancel, copy without options —
  // with axios' default form Content-Type and nothing after it; that is "no body", not a form to refuse. A form that
  // does carry something is still refused as not JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, raw, done) => {
    if ((raw as Buffer).length === 0) return done(null, undefined);
    const err = new Error('Send the request body as application/json') as FastifyError;
    (err as { code?: string }).code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
    return done(err, undefined);
  });

  for (const route of v3Routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path, route.textId),
      // the root's v2 key check stands aside: this door checks X-API-KEY itself and answers in its own shape
      config: { public: true, rateLimit },
      handler: async (req, reply) => {
        const body = await route.handler({ core: () => actingFor(options.core(), req.caller), req, reply });
        if (route.status === 204) return reply.code(204).send();
        return reply.code(route.status ?? 200).send(body);
      },
    });
  }
};
