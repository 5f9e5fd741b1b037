// One /v3 route: its method, its path as the OpenAPI description writes it ("/partners/{id}"), the status of its
// success, and a handler that translates the request onto core operations and the answer back.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InputOf, OperationName, OutputOf } from '../../../shared/contract/operations';
import type { Core } from '../../core/index';
import { withV3Fields, type FieldMap } from './errors';

export type V3Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface V3Context {
  core: () => Core;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface V3Route {
  method: V3Method;
  path: string;
  status?: 200 | 201 | 204;
  /** the path's {id} is text, not a record number (v3 types an export's id as a string) */
  textId?: true;
  handler: (ctx: V3Context) => Promise<unknown>;
}

/** A core operation, with the field names of its errors in v3's words. */
export async function call<N extends OperationName>(core: Core, name: N, input: InputOf<N>, fields?: FieldMap): Promise<OutputOf<N>> {
  try {
    return (await core.call(name, input as never)) as OutputOf<N>;
  } catch (err) {
    throw withV3Fields(err, fields);
  }
}

/** The record id of the path (digits only: the route pattern refuses anything else). */
export function idOf(req: FastifyRequest): number {
  return Number((req.params as { id: string }).id);
}

/** The request body as an object (v3 sends bare JSON objects). */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) {
    throw Object.assign(new Error('The request body must be a JSON object'), { statusCode: 400 });
  }
  return b as Record<string, unknown>;
}

/** "/partners/{id}" → Fastify's "/partners/:id(^\d+$)" (ids are digits, so "/partners/guess" is never an id). */
export function fastifyPath(path: string, textId = false): string {
  return path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => (name === 'id' && !textId ? ':id(^\\d+$)' : `:${name}`));
}

/** The pattern of a path, with ids as digits (strict) or anything (loose: "/partners/abc" is a bad id, not an unknown path). */
export function pathPattern(path: string, loose = false, textId = false): RegExp {
  const body = path.replace(/\{id\}/g, loose || textId ? '[^/]+' : '\\d+').replace(/\{[a-z_]+\}/g, '[^/]+');
  return new RegExp(`^${body}/?$`);
}
