// The REST routes of the interface, generated from the contract: every operation with an HTTP binding gets its
// paths, its input merged from path, query and body, and its reply wrapped in the interface's envelope.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FolioError } from '../../shared/errors';
import { operations, type HttpBinding, type OperationName, type PdfFile } from '../../shared/contract/operations';
import type { Core } from '../core/index';
import type { Caller } from '../db/call-context';
import type { DownloadFile } from '../../shared/contract/areas/einvoice';

/** Paths that answer without a key; checked by the auth hook through the route's config. */
export interface RouteConfig {
  public?: boolean;
  rateLimit?: unknown;
}

export function requestInput(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new FolioError('bad_request', 'The request body must be a JSON object');
  }
  return { ...(req.query as object), ...(body as object | undefined), ...(req.params as object) };
}

const DEVICE_RE = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Sync extensions carried by headers: `X-Folio-Device` names the device a request comes from (the owner of its
 * invoice blocks), `Idempotency-Key` makes a retried request answer as the first one did, `X-Folio-Overwrites` names
 * the devices whose concurrent versions of the record the request's change replaces (comma-separated device ids).
 */
export function callContextOf(req: FastifyRequest): { origin?: string; idempotencyKey?: string; requestHash?: string; overwrites?: string; caller?: Caller } {
  const device = req.headers['x-folio-device'];
  const key = req.headers['idempotency-key'];
  const overwrites = req.headers['x-folio-overwrites'];
  if (overwrites !== undefined && (typeof overwrites !== 'string' || overwrites.length > 1000 || !overwrites.split(',').every((d) => DEVICE_RE.test(d)))) {
    throw new FolioError('bad_request', 'X-Folio-Overwrites must be device ids (8 to 64 letters, digits or dashes) separated by commas');
  }
  if (device !== undefined && (typeof device !== 'string' || !DEVICE_RE.test(device))) {
    throw new FolioError('bad_request', 'X-Folio-Device must be 8 to 64 letters, digits or dashes');
  }
  if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 200)) {
    throw new FolioError('bad_request', 'Idempotency-Key must be 8 to 200 characters');
  }
  return {
    ...(req.caller ? { caller: req.caller } : {}),
    ...(device ? { origin: device } : {}),
    ...(overwrites ? { overwrites } : {}),
    ...(key ? { idempotencyKey: key, requestHash: createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex') } : {}),
  };
}

function wrap(binding: HttpBinding, output: unknown): unknown {
  switch (binding.reply) {
    case 'data':
      return { success: true, type: binding.type, data: output };
    case 'list':
      return { success: true, type: binding.type, data: (output as { items: unknown[] }).items };
    case 'success':
      return { success: true };
    case 'id':
      return { success: true, id: (output as { id: number }).id };
    case 'pdf':
    case 'file':
      return output;
  }
}

export function sendPdf(reply: FastifyReply, file: PdfFile, disposition: 'attachment' | 'inline' = 'attachment') {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.pdf));
}

/** A DownloadFile as itself: its content type, a file name to save it under, never cached. */
export function sendFile(reply: FastifyReply, file: DownloadFile) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', /^(application|text)\/[\w.+-]*xml$/.test(file.content_type) ? `${file.content_type}; charset=utf-8` : file.content_type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(typeof file.content === 'string' ? file.content : Buffer.from(file.content));
}

export interface RestOptions {
  /** per-route rate limits, by operation name (e.g. the download limit) */
  rateLimits?: Partial<Record<OperationName, unknown>>;
  /** per-route body limits, by operation name, for the operations that carry a file */
  bodyLimits?: Partial<Record<OperationName, number>>;
}

/** `core` is a getter: the holder may swap the core under a running server (a restore). */
export function registerRestRoutes(app: FastifyInstance, core: () => Core, options: RestOptions = {}) {
  for (const name of Object.keys(operations) as OperationName[]) {
    const binding = (operations[name] as { http?: HttpBinding }).http;
    if (!binding) continue;
    for (const path of binding.paths) {
      const limit = options.rateLimits?.[name];
      const route = (to: FastifyInstance) =>
        to.route({
          method: binding.method,
          url: routePath(path),
          config: limit ? { rateLimit: limit } : {},
          ...(options.bodyLimits?.[name] ? { bodyLimit: options.bodyLimits[name] } : {}),
          handler: async (req, reply) => {
            const output = await core().call(name, { ...requestInput(req), ...binding.fixed }, callContextOf(req));
            if (binding.reply === 'pdf') return sendPdf(reply, output as PdfFile);
            if (binding.reply === 'file') return sendFile(reply, output as DownloadFile);
            return wrap(binding, output);
          },
        });
      const fileBody = binding.fileBody;
      if (!fileBody) {
        route(app);
        continue;
      }
      // Its own scope, so that these content types are read as a file on this route only (elsewhere they stay a 415).
      void app.register(async (child) => {
        child.addContentTypeParser([...fileBody.types], { parseAs: 'buffer' }, (_req, raw, done) => done(null, { [fileBody.field]: (raw as Buffer).toString('base64') }));
        route(child);
      });
    }
  }
}

/**
 * Record ids in paths are digits: `/invoices/query` and `/invoices/blocks` must never be taken for an invoice id by
 * another method (PUT /invoices/query is a 405, not a 400 about an id).
 */
function routePath(path: string): string {
  return path.replace(/:id\b/g, ':id(^\\d+$)');
}

function pathPattern(path: string, loose = false): RegExp {
  const id = loose ? '[^/]+' : '\\d+';
  return new RegExp(`^${path.replace(/:id\b/g, id).replace(/:[a-z_]+/g, '[^/]+')}/?$`);
}

/**
 * Every (method, pattern) the server answers, so an unknown method on a known path is a 405, not a 404; `loose`
 * patterns take anything for an id, so `/clients/abc` is a 400 about the id rather than an unknown path.
 */
export function routeTable(): Array<{ method: string; re: RegExp; loose?: boolean }> {
  const table: Array<{ method: string; re: RegExp; loose?: boolean }> = [];
  for (const op of Object.values(operations) as Array<{ http?: HttpBinding }>) {
    if (!op.http) continue;
    for (const path of op.http.paths) {
      const re = pathPattern(path);
      table.push({ method: op.http.method, re });
      if (op.http.method === 'GET') table.push({ method: 'HEAD', re });
      if (path.includes(':id')) table.push({ method: op.http.method, re: pathPattern(path, true), loose: true });
    }
  }
  table.push({ method: 'GET', re: /^\/time\/?$/ }, { method: 'POST', re: /^\/rpc\/[^/]+$/ }, { method: 'GET', re: /^\/access\/c:[^/]+$/ });
  return table;
}
