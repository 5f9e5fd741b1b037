// Every error of /v3 in v3's two shapes: `{error: {message}}`, and for validation the unwrapped 422
// `{message, errors: [{field, message}]}`. Folio's field names are translated to v3's where a resource names them
// differently (each resource gives its map).
import type { FastifyError } from 'fastify';
import { FolioError } from '../../../shared/errors';

export interface V3Error {
  status: number;
  body: { error: { message: string } } | { message: string; errors: Array<{ field: string; message: string }> };
}

export const v3Message = (message: string) => ({ error: { message } });

/** Folio field path → v3 field path; a prefix match rewrites the rest of the path ("billing_address.city" → "address.city"). */
export type FieldMap = Readonly<Record<string, string>>;

export function translateField(field: string, map: FieldMap | undefined): string {
  if (!map) return field;
  if (map[field] !== undefined) return map[field];
  for (const [from, to] of Object.entries(map)) {
    if (field.startsWith(`${from}.`)) return `${to}${field.slice(from.length)}`;
  }
  return field;
}

/** A FolioError with its fields renamed for v3 (what a resource's handler throws on). */
export function withV3Fields(err: unknown, map: FieldMap | undefined): unknown {
  if (!(err instanceof FolioError) || !err.errors || !map) return err;
  const errors = err.errors.map((e) => ({ ...e, field: translateField(e.field, map) }));
  const first = errors[0]!;
  const message = errors.length === 1 && err.code === 'validation_failed' ? `${first.field}: ${first.message}` : err.message;
  return new FolioError(err.code, message, errors);
}

/** A field problem found by the door itself (a v3 enum value Folio cannot read), answered as v3 answers validation. */
export function v3Invalid(field: string, message: string): FolioError {
  return new FolioError('rule_violation', `${field}: ${message}`, [{ field, message }]);
}

export function toV3Error(err: FastifyError | Error): V3Error {
  if (err instanceof FolioError) {
    if (err.code === 'validation_failed' || err.code === 'rule_violation') {
      const errors = (err.errors ?? []).map((e) => ({ field: e.field, message: e.message }));
      return { status: 422, body: { message: err.message, errors } };
    }
    // "not available in this build" is the server's limit, not the client's mistake; v3 knows no 501
    return { status: err.code === 'not_available' ? 500 : err.status, body: v3Message(err.message) };
  }
  const code = (err as FastifyError).code;
  const statusCode = (err as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, body: v3Message('Send the request body as application/json') };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, body: v3Message('The request body is too large') };
  if (statusCode === 429) return { status: 429, body: v3Message(err.message) };
  if (err instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { status: 400, body: v3Message('The request body is not valid JSON') };
  if (statusCode && statusCode >= 400 && statusCode < 500) return { status: statusCode, body: v3Message(err.message) };
  return { status: 500, body: v3Message('Something went wrong inside Folio; the request changed nothing') };
}
