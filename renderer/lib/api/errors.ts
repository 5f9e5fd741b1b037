// The error every API call rejects with: the core's envelope (code, message, per-field errors) or a transport
// failure the renderer names itself (no connection, an answer that is not Folio's).
import type { ErrorCode, ErrorEnvelope, FieldError } from '../../../shared/errors';

export type ApiErrorCode = ErrorCode | 'network' | 'bad_reply';

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly errors: FieldError[];
  readonly status: number | undefined;

  constructor(code: ApiErrorCode, message: string, errors: FieldError[] = [], status?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
    this.status = status;
  }

  static fromEnvelope(envelope: ErrorEnvelope, status?: number): ApiError {
    return new ApiError(envelope.code, envelope.error, envelope.errors ?? [], status);
  }
}

export function isEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/** Anything thrown, as an ApiError (a bug in the renderer shows as an internal error, not a blank screen). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('internal', error instanceof Error ? error.message : String(error));
}
