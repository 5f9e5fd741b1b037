// What one sync round works with: the local database, the remote, this device's id, the business clock for the
// timestamps of rows it writes, a progress callback, a stop flag, sealing for secrets it stores, and the sizes that
// bound each step.
import type { SyncProgress } from '../../shared/contract/sync';
import type { Db } from '../db/types';
import type { Remote } from './remote-client';

export interface SyncLimits {
  /** changes asked for per feed page (the remote answers at most 1000) */
  pullPage: number;
  /** pages per round; a round that hits it leaves the rest to the next round */
  maxPullPages: number;
  /** invoice records per push request */
  pushBatch: number;
  /** bytes of JSON per push request (the remote takes 1 MB bodies) */
  batchBytes: number;
  /** units (requests or record batches) per round */
  maxPushUnits: number;
}

export const DEFAULT_LIMITS: SyncLimits = {
  pullPage: 500,
  maxPullPages: 1000,
  pushBatch: 400,
  batchBytes: 700_000,
  maxPushUnits: 100_000,
};

export interface RoundContext {
  db: Db;
  remote: Remote;
  deviceId: string;
  /** 'YYYY-MM-DD HH:MM:SS' in the business's time zone, for the rows sync writes */
  stamp(): string;
  progress(p: SyncProgress): void;
  /** true once the worker is being stopped: finish the step under way, start no other */
  stopping(): boolean;
  /** seals a secret for storage on this device, as the API key is (./sealed-secret.ts) */
  seal(plain: string): string;
  limits: SyncLimits;
}
