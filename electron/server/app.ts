// The HTTP door: the interface's REST paths with its envelopes (for integrations, tests and sync remotes), the same
// operations under /rpc for the browser UI's typed client, the share links, and the built UI itself.
import { setCompanyHint, setHeldHint } from '../db/transaction';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { FolioError, type ErrorCode } from '../../shared/errors';
import { operations, type OperationName } from '../../shared/contract/operations';
import { IMPORT_MAX_BODY_BYTES, importOperations } from '../../shared/contract/areas/import';
import { BANK_STATEMENT_MAX_BODY_BYTES } from '../../shared/contract/areas/bank';
import { timestampIn } from '../../shared/dates';
import type { Core } from '../core/index';
import type { Caller } from '../db/call-context';
import { today } from '../core/context';
import { authenticate, type AuthConfig } from './auth';
import type { KeyLookup } from '../core/users/keys';
import { deviceAuthFailure } from './device-auth';
import { registerRestRoutes, routeTable, sendPdf } from './routes';
import { MissLimiter } from './miss-limiter';
import { databaseRateLimitStore } from './rate-limit-store';
import { v3Door } from './v3/index';
import { EXPENSE_FILE_MAX_BYTES } from '../../shared/contract/schemas';
import { EINVOICE_MAX_BODY_BYTES } from '../../shared/contract/areas/expense-einvoice';

// base64 of the largest file, its name and the JSON around it
const EXPENSE_ATTACH_MAX_BODY_BYTES = Math.ceil(EXPENSE_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;
import { allowedHostNames, hostNameOf } from './host-check';

export interface ServerOptions {
  /** the core, or a getter for it: a restore swaps the core under a running server (electron/data-ops/holder.ts) */
  core: Core | (() => Core);
  /**
   * The reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed: behind one, the per-client
   * limits (share-link misses, downloads) count the client's address rather than the proxy's. Nobody is by default.
   */
  trustProxy?: string[];
  /**
   * The database holder's gate: every request waits here while the database is being swapped, and is counted until
   * its answer is sent (the swap waits for those). Given the operation's name for /rpc calls.
   */
  enter?: (operation?: string) => Promise<() => void>;
  auth: AuthConfig;
  /** the built renderer (index.html and assets), served at / when present */
  uiDir?: string;
  /** renders a shared invoice for /access/c:{code}; absent until the documents module is wired */
  sharePdf?: (code: string) => Promise<{ filename: string; pdf: Uint8Array } | undefined>;
  bodyLimit?: number;
  /** the Host names the door answers to (host-check.ts); default the loopback names */
  allowedHosts?: ReadonlySet<string>;
  /**
   * Whose keys the door accepts besides the server's own; default the core's users. A company of a server with
   * several companies adds the directory's accounts granted it (electron/companies/).
   */
  userKeys?: () => KeyLookup;
}

function envelope(code: ErrorCode, message: string, errors?: Array<{ field: string; message: string }>) {
  return { success: false, error: message, code, ...(errors ? { errors } : {}) };
}

function fromFastifyError(err: FastifyError): { status: number; body: ReturnType<typeof envelope> } {
  if (err instanceof FolioError) return { status: err.status, body: err.toEnvelope() };
  const code = err.code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: envelope('unsupported_media_type', 'Send the request body as application/json') };
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: envelope('payload_too_large', 'The request body is too large') };
  }
  if (err.statusCode === 429) return { status: 429, body: envelope('rate_limited', err.message) };
  if (err instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, body: envelope('bad_request', 'The request body is not valid JSON') };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, body: envelope('bad_request', err.message) };
  }
  return { status: 500, body: envelope('internal', 'Something went wrong inside Folio; the request changed nothing') };
}

/** Fastify asks for a schema compiler only for a route with a JSON schema: none has one, and one added must say so. */
function noJsonSchemas(): never {
  throw new Error('A route declares a JSON schema, but the door validates with the contract (zod): give the route none, or restore fastify’s schema compilers in buildServer');
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const coreOption = options.core;
  const coreOf = typeof coreOption === 'function' ? coreOption : () => coreOption;
  const userKeys = options.userKeys ?? (() => coreOf().userKeys);
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    // No route declares a JSON schema (inputs are checked by the contract's zod schemas in the core), so fastify's
    // default compilers (Ajv, fast-json-stringify) are never used; fastify would still load them, ~20 ms of every start.
    schemaController: { compilersFactory: { buildValidator: noJsonSchemas, buildSerializer: noJsonSchemas } },
    // `/time/` is `/time`: a client's trailing slash never turns a known path into a 404 or 405.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests refused before any route runs still get the envelope: an undecodable URL…
    frameworkErrors: (error, _req, reply) => {
      void (reply as unknown as FastifyReply).code(400).send(envelope('bad_request', `The request could not be read: ${error.message}`));
    },
    // …and what Node's HTTP parser refuses (headers too large, bytes that are not HTTP).
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? 431 : 400;
      const body = JSON.stringify(envelope('bad_request', tooLarge ? 'The request line or headers are too large' : 'This is not an HTTP request Folio can read'));
      socket.end(
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  // JSON only: a text or form body is a 415, not a guess.
  app.removeContentTypeParser(['text/plain']);
  // An empty body is an empty object: clients POST to …/stop with a JSON content type and nothing else.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Bytes that are not UTF-8 are refused rather than read with replacement characters: a name full of U+FFFD would
  // be stored as if the client had meant it.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    let body: string;
    try {
      body = utf8.decode(raw as Buffer);
    } catch {
      const err = new Error('The request body is not valid UTF-8') as FastifyError;
      (err as { statusCode?: number }).statusCode = 400;
      return done(err, undefined);
    }
    if (body.trim() === '') return done(null, {});
    // callback style: it answers through `done` (its type says it may return a promise, which carries nothing)
    void parseJson(req, body, done);
  });
  // The counts live beside the database (or in it, on PostgreSQL), so that server processes sharing it limit a client
  // together (./rate-limit-counts.ts).
  const limits = databaseRateLimitStore(() => coreOf().ctx.db);
  app.addHook('onClose', async () => limits.close());
  await app.register(rateLimit, {
    global: false,
    store: limits.Store,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(`Too many requests: at most ${ctx.max} per minute; try again in ${Math.ceil(ctx.ttl / 1000)} s`) as FastifyError;
      (err as { statusCode?: number }).statusCode = 429;
      return err;
    },
  });

  // Connections open: while other clients are connected, a write waits one turn of the event loop so that their
  // requests can share its fsync (group commit, electron/db/transaction.ts). Counting requests in progress would not
  // do: a write is served start to finish before the next request is even read.
  let connections = 0;
  app.server.on('connection', (socket) => {
    connections++;
    socket.once('close', () => connections--);
  });
  const companyHint = () => connections > 1;
  setCompanyHint(coreOf().ctx.db, companyHint);
  // and requests held until the end of a turn, while their rate-limit counts are written together, are about to write
  setHeldHint(coreOf().ctx.db, limits.waiting);

  // First of all: a request waits while the database is being swapped (a restore), before any hook reads it.
  const enter = options.enter;
  if (enter) {
    app.addHook('onRequest', async (req, reply) => {
      const rpc = /^\/rpc\/([^/?]+)/.exec(req.url);
      const release = await enter(rpc ? decodeURIComponent(rpc[1]!) : undefined);
      reply.raw.once('close', release);
      // a swapped-in database gets the hints too (setting them again is two assignments)
      setCompanyHint(coreOf().ctx.db, companyHint);
      setHeldHint(coreOf().ctx.db, limits.waiting);
    });
  }

  // Before anything else: a request under a host name this server is not reached by (DNS rebinding) gets nothing.
  const allowedHosts = options.allowedHosts ?? allowedHostNames('127.0.0.1');
  app.addHook('onRequest', async (req, reply) => {
    const name = hostNameOf(req.headers.host);
    if (name === undefined || !allowedHosts.has(name)) {
      return reply
        .code(421)
        .send(envelope('bad_request', `This server does not answer to the host name ${JSON.stringify(req.headers.host ?? '')}; use one it serves (see --public-host)`));
    }
  });

  const publicPaths = [/^\/access\/c:/, /^\/time\/?$/];
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const config = req.routeOptions.config as { public?: boolean } | undefined;
    if (config?.public || publicPaths.some((re) => re.test(path))) return;
    const caller = await authenticate(req.headers, options.auth, userKeys());
    if (!caller) {
      return reply.code(401).send(envelope('unauthorized', 'Missing or wrong API key (X-API-KEY header or Authorization: Bearer <JWT>)'));
    }
    const deviceFailure = await deviceAuthFailure(req, coreOf().ctx.db);
    if (deviceFailure) return reply.code(401).send(deviceFailure);
    req.caller = caller;
  });

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const { status, body } = fromFastifyError(err);
    if (status >= 500) console.error(`folio: ${err.stack ?? err.message}`);
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.code(status).send(body);
  });

  const table = routeTable();
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    const allowed = [...new Set(table.filter((r) => !r.loose && r.re.test(path)).map((r) => r.method))];
    if (!allowed.length && table.some((r) => r.loose && r.method === req.method && r.re.test(path))) {
      return reply.code(400).send(envelope('validation_failed', 'id: must be a whole number', [{ field: 'id', message: 'must be a whole number' }]));
    }
    if (allowed.length) {
      return reply.code(405).header('allow', allowed.join(', ')).send(envelope('method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(', ')}`));
    }
    return reply.code(404).send(envelope('not_found', `No such path: ${path}`));
  });

  registerRestRoutes(app, coreOf, {
    rateLimits: { 'invoices.download': { max: 10, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip } },
    bodyLimits: { 'expenses.attach': EXPENSE_ATTACH_MAX_BODY_BYTES, 'expenses.einvoice': EINVOICE_MAX_BODY_BYTES, 'bankStatements.import': BANK_STATEMENT_MAX_BODY_BYTES, 'bankStatements.preview': BANK_STATEMENT_MAX_BODY_BYTES },
  });

  // Billingo API v3 over the same core, in its own conventions (docs/v3.md)
  await app.register(v3Door, { prefix: '/v3', core: coreOf, auth: options.auth, userKeys });

  // `time` and `timestamp` are the real clock (the interface's clients set their JWT clocks by them); `today` is the
  // business date from the core's clock, which FOLIO_NOW may fix: the browser UI dates its proposals by it.
  app.get('/time', async () => {
    const now = new Date();
    return {
      success: true,
      type: 'time',
      data: { time: timestampIn(now, coreOf().ctx.timeZone), timestamp: Math.floor(now.getTime() / 1000), today: today(coreOf().ctx) },
    };
  });

  // The browser UI asks every server which companies its key reaches (the switcher, docs/companies.md). A server of
  // one company has no directory: it answers "none" (data null) with the key checked like any request, rather than
  // a 404 every page load would log as a failed request. A server of several companies sends /directory/* to its
  // directory (electron/companies/dispatch.ts) before any company's door, so this route is never reached there.
  app.get('/directory/companies', async () => ({ success: true, data: null }));

  // The browser UI's door: the same operations by name, answered with their plain output.
  const rpc = async (name: string, body: unknown, caller: Caller | undefined) => {
    if (!(name in operations) || name === 'invoices.download') throw new FolioError('not_found', `Unknown operation ${name}`);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new FolioError('bad_request', 'The request body must be a JSON object');
    return { success: true, data: jsonSafe(await coreOf().call(name as OperationName, body, caller ? { caller } : {})) };
  };
  app.post('/rpc/:name', async (req) => rpc((req.params as { name: string }).name, req.body ?? {}, req.caller));
  // An import carries its file (base64) in the body: those operations alone take bodies of up to the file limit.
  for (const name of Object.keys(importOperations)) {
    app.post(`/rpc/${name}`, { bodyLimit: IMPORT_MAX_BODY_BYTES }, async (req) => rpc(name, req.body ?? {}, req.caller));
  }
  // So does an expense's document (the core refuses more than 10 MB of file with a field error).
  app.post('/rpc/expenses.attach', { bodyLimit: EXPENSE_ATTACH_MAX_BODY_BYTES }, async (req) => rpc('expenses.attach', req.body ?? {}, req.caller));
  app.post('/rpc/expenses.einvoice', { bodyLimit: EINVOICE_MAX_BODY_BYTES }, async (req) => rpc('expenses.einvoice', req.body ?? {}, req.caller));
  // And a bank statement.
  app.post('/rpc/bankStatements.import', { bodyLimit: BANK_STATEMENT_MAX_BODY_BYTES }, async (req) => rpc('bankStatements.import', req.body ?? {}, req.caller));
  app.post('/rpc/bankStatements.preview', { bodyLimit: BANK_STATEMENT_MAX_BODY_BYTES }, async (req) => rpc('bankStatements.preview', req.body ?? {}, req.caller));

  // Share links: only wrong codes count against a client, so guessing is slow and a customer reloading a real
  // link is never locked out (docs/design.md §8).
  const misses = new MissLimiter(() => coreOf().ctx.db, 30, 60_000);
  app.get('/access/*', {
    config: { public: true },
    handler: async (req, reply) => {
      const wait = await misses.blockedFor(req.ip);
      if (wait > 0) {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new FolioError('rate_limited', 'Too many wrong share links from this address; try again later');
      }
      const rest = (req.params as { '*': string })['*'];
      const m = /^c:([A-Za-z0-9_-]{16,64})$/.exec(rest);
      const file = m && options.sharePdf ? await options.sharePdf(m[1]!) : undefined;
      if (!file) {
        await misses.record(req.ip);
        throw new FolioError('not_found', 'No invoice is shared under this link');
      }
      return sendPdf(reply, file, 'inline');
    },
  });

  const uiDir = options.uiDir;
  if (uiDir && existsSync(`${uiDir}/index.html`)) {
    // Static files carry no data: their routes are public, and the UI asks for the key itself.
    await app.register(async (child) => {
      child.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true };
      });
      // The page's few files get a route each (no wildcard at `/`, so an unknown path still gets its 404 or 405
      // envelope); the hashed assets are one route under /assets/: a route per file was ~170 routes and a glob of
      // the folder, ~40 ms of every start.
      await child.register(fastifyStatic, { root: uiDir, prefix: '/', wildcard: false, index: 'index.html', globIgnore: ['assets/**'] });
      await child.register(fastifyStatic, { root: join(uiDir, 'assets'), prefix: '/assets/', wildcard: true, decorateReply: false });
    });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** who the request acts for, once its key was accepted (docs/users.md) */
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** answers without an API key (share links, the UI's static files) */
    public?: boolean;
  }
}

/** A file's bytes (a Factur-X PDF from `invoices.einvoice`) travel over JSON as base64, said so beside them; text stays text. */
function jsonSafe(output: unknown): unknown {
  if (output && typeof output === 'object' && 'content' in output && output.content instanceof Uint8Array) {
    return { ...output, content: Buffer.from(output.content).toString('base64'), content_encoding: 'base64' };
  }
  return output;
}
