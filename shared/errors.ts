// Errors cross every door as this typed envelope, never as a thrown object (docs/design.md §1, §5).
export type ErrorCode =
  | 'validation_failed'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'rule_violation'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_available'
  | 'internal';

export interface FieldError {
  field: string;
  message: string;
  /** a machine-readable name of the problem, for a UI that words it in its own language */
  reason?: string;
  /** the figures that go with `reason` (e.g. the latest saved exchange rate and its day), all as strings */
  meta?: Record<string, string>;
}

export interface ErrorEnvelope {
  success: false;
  error: string;
  code: ErrorCode;
  errors?: FieldError[];
}

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  rule_violation: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_available: 501,
  internal: 500,
};

export class FolioError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'FolioError';
    this.code = code;
    this.errors = errors;
  }

  get status(): number {
    return STATUS[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    return { success: false, error: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export const notFound = (what: string) => new FolioError('not_found', `${what} not found`);
export const rule = (message: string, field?: string) =>
  new FolioError('rule_violation', message, field ? [{ field, message }] : undefined);
export const invalid = (field: string, message: string) =>
  new FolioError('validation_failed', `${field}: ${message}`, [{ field, message }]);
