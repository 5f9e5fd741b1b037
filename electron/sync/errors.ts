// Why a sync round stopped, in words a user can act on. Every failure that ends a round is a SyncError with a code;
// the status screen shows `message`, the worker decides from `code` whether and when to try again.
export type SyncErrorCode =
  | 'not_configured'
  | 'offline' // the remote cannot be reached (refused, reset, DNS, TLS)
  | 'timeout' // the remote did not answer in time
  | 'server' // the remote answered 5xx, 429 or 408
  | 'auth' // the remote refused the key
  | 'not_folio' // the address does not serve Folio's sync extension
  | 'protocol' // the remote speaks another sync protocol
  | 'join_refused' // the remote refused this device joining (numbers would collide, prefix taken)
  | 'foreign_remote' // the remote does not know this device (another Folio behind the same address?)
  | 'internal';

/** Errors a later attempt may get past by itself (the worker backs off and retries). */
export const TRANSIENT: ReadonlySet<SyncErrorCode> = new Set(['offline', 'timeout', 'server', 'internal']);

export class SyncError extends Error {
  override name = 'SyncError';

  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function asSyncError(e: unknown): SyncError {
  if (e instanceof SyncError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new SyncError('internal', `Sync stopped on an unexpected error: ${message}`);
}
