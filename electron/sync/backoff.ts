// When to try again after a failed round. Transient trouble (offline, a slow or failing remote) backs off
// exponentially from a few seconds to a few minutes, with jitter so that many devices do not return together;
// trouble only the user can fix (a wrong key, another protocol, a refused join) waits the longest — changing the
// settings or "sync now" tries again at once.
import { TRANSIENT, type SyncErrorCode } from './errors';

export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
  /** 0..1: the share of the delay that is random */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { firstMs: 2_000, maxMs: 300_000, jitter: 0.2 };

export function retryDelay(policy: BackoffPolicy, failures: number, code: SyncErrorCode, random: () => number = Math.random): number {
  if (!TRANSIENT.has(code)) return policy.maxMs;
  const base = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 - policy.jitter + 2 * policy.jitter * random()));
}
