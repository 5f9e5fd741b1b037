// The device's sync service: the settings and status the UI shows, "sync now", the conflict log, and the worker
// that syncs by itself — at start, soon after local changes, and periodically — backing off while the remote cannot
// be reached. One round runs at a time; "sync now" waits for a round under way and then runs its own.
import type { OperationName } from '../../shared/contract/operations';
import type { SyncConfigureInput, SyncConflict, SyncIssue, SyncOperations, SyncProgress, SyncStatus } from '../../shared/contract/sync';
import { FolioError, notFound, rule } from '../../shared/errors';
import { nowStamp } from '../core/context';
import type { Core } from '../core/index';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from './backoff';
import { conflictView, issueView, openCounts } from './conflict-log';
import { asSyncError, SyncError } from './errors';
import { bodyOf, quoteEditBody, readLocal, type MasterEntity } from './master-data';
import { createRemote, type FetchLike } from './remote-client';
import { DEFAULT_LIMITS, type RoundContext, type SyncLimits } from './round-context';
import { runRound, type RoundResult } from './round';
import { defaultPrefix, ensureState, isConfigured, pendingCount, readState, updateState } from './state';
import { syncDb } from './tables';
import { releaseLease, takeLease } from './lease';
import { openSecret, sealSecret } from './sealed-secret';
import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../secrets/secret-box';

export interface SyncServiceOptions {
  core: Core;
  fetch?: FetchLike;
  /** how often the worker looks for local changes and due rounds */
  tickMs?: number;
  /** a round at least this often, to pull the remote's changes */
  periodMs?: number;
  /** wait after a local change before pushing it, so a burst of edits goes in one round */
  debounceMs?: number;
  requestTimeoutMs?: number;
  backoff?: BackoffPolicy;
  limits?: Partial<SyncLimits>;
  /** where failures of background rounds are reported besides the status (default: nowhere) */
  onError?: (e: SyncError) => void;
  /** seals the stored API key and device token (the desktop passes the OS keychain's); without one they are stored as given */
  secretBox?: SecretBox;
}

const OPERATION_PREFIX: Record<MasterEntity, string> = {
  client: 'clients',
  product: 'products',
  expense: 'expenses',
  bank_account: 'bankAccounts',
  block: 'blocks',
  recurring: 'recurring',
  quote: 'quotes',
};

export function createSyncService(options: SyncServiceOptions) {
  const { core } = options;
  const db = core.ctx.db;
  const tickMs = options.tickMs ?? 1_000;
  const periodMs = options.periodMs ?? 60_000;
  const debounceMs = options.debounceMs ?? 500;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const limits: SyncLimits = { ...DEFAULT_LIMITS, ...options.limits };

  let progress: SyncProgress = { phase: 'idle', done: 0, total: 0 };
  let running: Promise<RoundResult | null> | null = null;
  let failures = 0;
  let nextAttemptAt = 0;
  let lastRoundAt = 0;
  let dirtySince: number | null = null;
  let membershipChecked = false;
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  const holder = randomUUID();
  let busyPid: number | null = null;
  const LEASE_MS = 5 * 60_000;

  const openKey = (stored: string) => openSecret(options.secretBox, stored, { name: 'API key', fix: 'enter it again in the sync settings' });
  // a token that cannot be opened here cannot be had again from the remote: only a new device id may join again
  const openToken = (stored: string) =>
    openSecret(options.secretBox, stored, { name: "device token (this computer's identity on the remote)", fix: 'this computer must join the remote as a new device' });

  async function roundContext(): Promise<RoundContext> {
    const s = await readState(db);
    return {
      db,
      deviceId: s.device_id,
      remote: createRemote({
        baseUrl: s.base_url,
        apiKey: openKey(s.api_key),
        publicKey: s.public_key || undefined,
        deviceId: s.device_id,
        deviceToken: s.device_token ? openToken(s.device_token) : undefined,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
      }),
      stamp: () => nowStamp(core.ctx),
      progress: (p) => {
        progress = p;
      },
      stopping: () => stopping,
      seal: (plain) => sealSecret(options.secretBox, plain),
      limits,
    };
  }

  async function round(): Promise<RoundResult | null> {
    const s = await readState(db);
    if (!s.enabled || !isConfigured(s)) return null;
    const attemptAt = new Date().toISOString();
    // another process on this file syncs: leave it to that one
    const lease = await takeLease(db, holder, LEASE_MS);
    if (!lease.ok) {
      busyPid = lease.pid;
      return null;
    }
    busyPid = null;
    try {
      const rc = await roundContext();
      const result = await runRound(rc, { checkMembership: !membershipChecked });
      membershipChecked = true;
      failures = 0;
      nextAttemptAt = 0;
      await updateState(db, { last_attempt_at: attemptAt, last_success_at: new Date().toISOString(), last_error: null, last_error_code: null });
      return result;
    } catch (e) {
      const err = asSyncError(e);
      failures++;
      nextAttemptAt = Date.now() + retryDelay(backoff, failures, err.code);
      await updateState(db, { last_attempt_at: attemptAt, last_error: err.message, last_error_code: err.code }).catch(() => undefined);
      options.onError?.(err);
      return null;
    } finally {
      lastRoundAt = Date.now();
      progress = { phase: 'idle', done: 0, total: 0 };
    }
  }

  /** Runs a round unless one is under way (then joins it). */
  function runOnce(): Promise<RoundResult | null> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  async function tick(): Promise<void> {
    if (running || stopping) return;
    const s = await readState(db);
    if (!s.enabled || !isConfigured(s)) return;
    const now = Date.now();
    if (now < nextAttemptAt) return;
    const latest = await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).where('origin', '=', 'local').executeTakeFirst();
    const dirty = Number(latest?.seq ?? 0) > s.push_cursor;
    if (dirty) dirtySince ??= now;
    else dirtySince = null;
    const due = lastRoundAt === 0 || now - lastRoundAt >= periodMs || (dirtySince !== null && now - dirtySince >= debounceMs);
    if (due) {
      dirtySince = null;
      await runOnce();
    }
  }

  async function status(): Promise<SyncStatus> {
    const s = await readState(db);
    const counts = await openCounts(db);
    return {
      configured: isConfigured(s),
      enabled: Boolean(s.enabled),
      device_id: s.device_id,
      device_name: s.device_name,
      base_url: s.base_url,
      has_api_key: s.api_key !== '',
      uses_jwt: s.public_key !== '',
      block_prefix: s.block_prefix || (s.device_name ? defaultPrefix(s.device_name, s.device_id) : ''),
      joined: s.join_state === 'joined',
      own_block_uid: s.own_block_id,
      last_success_at: s.last_success_at,
      last_attempt_at: s.last_attempt_at,
      last_error: s.last_error,
      last_error_code: s.last_error_code,
      pending_changes: await pendingCount(db, s.push_cursor),
      running: running !== null,
      progress,
      next_attempt_at: nextAttemptAt > Date.now() ? new Date(nextAttemptAt).toISOString() : null,
      open_conflicts: counts.conflicts,
      open_issues: counts.issues,
    };
  }

  async function configure(input: SyncConfigureInput): Promise<SyncStatus> {
    const s = await ensureState(db);
    const joined = s.join_state !== 'none';
    if (input.block_prefix !== undefined && joined && input.block_prefix !== s.block_prefix) {
      throw rule(`This computer's invoice block on the remote is "${s.block_prefix}"; its prefix is part of the invoice numbers issued there and cannot change`, 'block_prefix');
    }
    const changes: Parameters<typeof updateState>[1] = {};
    if (input.base_url !== undefined) changes.base_url = input.base_url.replace(/\/+$/, '');
    if (input.api_key) changes.api_key = sealSecret(options.secretBox, input.api_key);
    if (input.public_key !== undefined) changes.public_key = input.public_key;
    if (input.device_name !== undefined) changes.device_name = input.device_name.trim();
    if (input.block_prefix !== undefined) changes.block_prefix = input.block_prefix;
    if (input.enabled !== undefined) changes.enabled = input.enabled ? 1 : 0;
    const next = { ...s, ...(changes as Partial<typeof s>) };
    if (next.enabled && !isConfigured(next)) {
      throw rule('Sync needs the remote address, its API key and a name for this computer before it can be switched on');
    }
    await updateState(db, { ...changes, last_error: null, last_error_code: null });
    // new settings deserve an attempt now, not after the back-off of the old ones
    failures = 0;
    nextAttemptAt = 0;
    lastRoundAt = 0;
    membershipChecked = false;
    return status();
  }

  async function now(): Promise<SyncStatus> {
    const s = await readState(db);
    if (!isConfigured(s)) throw rule('Sync is not set up: give the remote address, its API key and a name for this computer');
    if (!s.enabled) throw rule('Sync is switched off');
    await running?.catch(() => undefined);
    await runOnce();
    if (busyPid !== null) throw new FolioError('conflict', `Another Folio process on this database (pid ${busyPid}) is syncing it; sync runs there`);
    return status();
  }

  async function conflicts(input: { include_closed?: boolean | undefined }) {
    const sdb = syncDb(db);
    let cq = sdb.selectFrom('sync_conflicts').selectAll().orderBy('id', 'desc');
    let iq = sdb.selectFrom('sync_issues').selectAll().orderBy('id', 'desc');
    if (!input.include_closed) {
      cq = cq.where('restored_at', 'is', null);
      iq = iq.where('dismissed_at', 'is', null);
    }
    return { conflicts: (await cq.execute()).map(conflictView), issues: (await iq.execute()).map(issueView) };
  }

  async function restoreConflict(input: { id: number }): Promise<SyncConflict> {
    const sdb = syncDb(db);
    const c = await sdb.selectFrom('sync_conflicts').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!c) throw notFound(`Conflict ${input.id}`);
    if (c.restored_at) throw new FolioError('conflict', 'This version was already restored');
    const entity = c.entity as MasterEntity;
    const version = conflictView(c).version as { attributes: Record<string, any> };
    const current = await readLocal(db, entity, c.local_id);
    const same = (_e: unknown, id: number) => id;
    // Restoring is a new change of this device: it goes through the core like an edit, and sync pushes it.
    const call = core.call as (name: OperationName, input: unknown) => Promise<unknown>;
    const body = (forCreate: boolean) =>
      entity === 'quote' ? quoteEditBody(version.attributes) : bodyOf(entity, { attributes: version.attributes, deleted: false }, same, forCreate);
    if (current && !current.deleted) {
      await call(`${OPERATION_PREFIX[entity]}.update` as OperationName, { ...body(false), id: c.local_id });
    } else {
      await call(`${OPERATION_PREFIX[entity]}.create` as OperationName, body(true));
    }
    await sdb.updateTable('sync_conflicts').set({ restored_at: new Date().toISOString() }).where('id', '=', c.id).execute();
    return conflictView((await sdb.selectFrom('sync_conflicts').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow()));
  }

  async function dismissIssue(input: { id: number }): Promise<SyncIssue> {
    const sdb = syncDb(db);
    const i = await sdb.selectFrom('sync_issues').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!i) throw notFound(`Sync issue ${input.id}`);
    if (!i.dismissed_at) await sdb.updateTable('sync_issues').set({ dismissed_at: new Date().toISOString() }).where('id', '=', i.id).execute();
    return issueView((await sdb.selectFrom('sync_issues').selectAll().where('id', '=', i.id).executeTakeFirstOrThrow()));
  }

  const operations: SyncOperations = { status, configure, now, conflicts, restoreConflict, dismissIssue };

  return {
    ...operations,
    /** one round now, for tests and the CLI; null when sync is off or the round failed (see status) */
    runOnce,

    /** Starts the worker: a round soon, then whenever local changes wait or the period is up. */
    start(): void {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => void tick().catch(() => undefined), tickMs);
      timer.unref?.();
      void tick().catch(() => undefined);
    },

    /** Stops the worker; the request under way finishes (its answer is applied), nothing more is started. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping = true;
      await running?.catch(() => undefined);
      await releaseLease(db, holder).catch(() => undefined);
      stopping = false;
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;

/** Lets the runtime give the core its sync operations before the service (which needs the core) exists. */
export function createSyncPort() {
  let service: SyncOperations | null = null;
  const need = (): SyncOperations => {
    if (!service) throw new FolioError('not_available', 'Sync is starting; try again in a moment');
    return service;
  };
  const port: SyncOperations = {
    status: () => need().status(),
    configure: (i) => need().configure(i),
    now: () => need().now(),
    conflicts: (i) => need().conflicts(i),
    restoreConflict: (i) => need().restoreConflict(i),
    dismissIssue: (i) => need().dismissIssue(i),
  };
  return {
    port,
    attach(s: SyncOperations) {
      service = s;
    },
  };
}

export { SyncError };
