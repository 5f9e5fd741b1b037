// Runs the NAV sender over the queue: on start, then every interval, and soon after an invoice is sealed.
// Reporting is off until the technical user's credentials are set; invoices still queue meanwhile, so nothing is
// lost and the backlog goes out once they are. The credentials may be a function asked before every pass (the
// settings screen's, with the environment first): credentials saved while Folio runs apply from the next pass.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { NavCredentials, NavReportState, NavReportStore, NavSender, NavSenderOptions } from '../nav/sender';
import type { FetchLike } from '../nav/transport';
import { createNavReportStore, navReporterLease } from './store';
import { runnerLock } from '../db/runner-lock';

/** The sender's timing (tests shorten polls and backoff; `now` and `sleep` may be a test's clock). */
export type NavReporterTuning = Pick<
  NavSenderOptions,
  'now' | 'sleep' | 'random' | 'retry' | 'pollDelaysMs' | 'stillProcessingDelayMs' | 'requestTimeoutMs' | 'lang'
>;

/** Asked before every pass; the sender is rebuilt only when the answer changes. */
export type NavCredentialsSource = () => Promise<NavCredentials | null> | NavCredentials | null;

export interface NavReporterOptions {
  db: Db;
  credentials: NavCredentials | null | NavCredentialsSource;
  fetch?: FetchLike;
  intervalMs?: number;
  /** how soon after an invoice is sealed a pass starts (once started; default 2 s) */
  kickDelayMs?: number;
  sender?: NavReporterTuning;
  /** how long the reporting lease lasts without renewal (renewed every quarter of it while a pass runs; 2 min) */
  leaseMs?: number;
  log?: (message: string) => void;
}

/** How Folio introduces itself to NAV in every request. */
export const FOLIO_NAV_SOFTWARE: NavCredentials['software'] = {
  softwareId: 'HU00000000FOLIO001',
  softwareName: 'Folio',
  softwareOperation: 'LOCAL_SOFTWARE',
  softwareMainVersion: '0.1',
  softwareDevName: 'Folio',
  softwareDevContact: 'support@folio.invalid',
  softwareDevCountryCode: 'HU',
};

/** Credentials for `npm run serve` from the environment; null (reporting off) unless all of them are set. */
export function navCredentialsFromEnv(env: Record<string, string | undefined>): NavCredentials | null {
  const login = env.FOLIO_NAV_LOGIN;
  const password = env.FOLIO_NAV_PASSWORD;
  const taxNumber = env.FOLIO_NAV_TAX_NUMBER;
  const signatureKey = env.FOLIO_NAV_SIGNATURE_KEY;
  const exchangeKey = env.FOLIO_NAV_EXCHANGE_KEY;
  const baseUrl = env.FOLIO_NAV_URL;
  if (!login || !password || !taxNumber || !signatureKey || !exchangeKey || !baseUrl) return null;
  return {
    login,
    password,
    taxNumber: taxNumber.replace(/\D/g, '').slice(0, 8),
    signatureKey,
    exchangeKey,
    baseUrl,
    software: FOLIO_NAV_SOFTWARE,
  };
}

const FINAL: ReadonlySet<NavReportState> = new Set(['done', 'done_with_warnings', 'aborted']);

/** Thrown out of the sender's waits when the reporter stops: every step before a wait is already stored. */
class ReporterStopped extends Error {}

export function createNavReporter(options: NavReporterOptions) {
  const store = createNavReportStore(options.db);
  const log = options.log ?? ((m: string) => console.error(`folio: NAV reporting: ${m}`));
  let stopped = false;
  const waits = new Set<() => void>();
  // One sender per database, across processes: on SQLite the lease row (the desktop app and `npm run serve` may
  // share one file), on PostgreSQL the runner's advisory lock (../db/runner-lock.ts), checked as often as the lease
  // is renewed.
  const leaseMs = options.leaseMs ?? 120_000;
  const fileLease = navReporterLease(options.db, randomUUID(), leaseMs);
  const lease = runnerLock(options.db, 'nav-reporter', { sqlite: { tryHold: () => fileLease.hold(), release: () => fileLease.release() } });
  let leaseLost = false;

  // Waits end early when the reporter stops, so quitting never sits out a poll delay or a backoff (up to minutes).
  const baseSleep = options.sender?.sleep;
  const sleep = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return reject(new ReporterStopped('stopped'));
      const cancel = () => {
        clearTimeout(timer);
        reject(new ReporterStopped('stopped'));
      };
      const timer = baseSleep ? undefined : setTimeout(() => (waits.delete(cancel), resolve()), ms);
      waits.add(cancel);
      if (baseSleep) {
        baseSleep(ms).then(
          () => (waits.delete(cancel), resolve()),
          (e: unknown) => (waits.delete(cancel), reject(e)),
        );
      }
    });

  // A report whose invoice cannot even be loaded (the database refusing a read) is skipped for this pass, so one
  // bad row never holds up the rest of the queue; the sender skips a report the store no longer yields.
  const guarded: NavReportStore = {
    load: async (id) => {
      if (leaseLost) return undefined; // another process reports now: leave the rest to it
      try {
        return await store.load(id);
      } catch (e) {
        log(`report ${id} could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    },
    update: (id, patch) => store.update(id, patch),
    due: (now, limit) => store.due(now, limit),
  };

  const given = options.credentials;
  const resolveCredentials: NavCredentialsSource = typeof given === 'function' ? given : () => given;
  let current: { key: string; sender: NavSender } | null = null;
  let enabled = typeof given === 'function' ? false : given !== null;
  let leaseTaken = false;

  /** The sender for the credentials in effect now (null: reporting off), rebuilt when they changed. */
  async function currentSender(): Promise<NavSender | null> {
    const credentials = await resolveCredentials();
    enabled = credentials !== null;
    if (!credentials) return (current = null);
    const key = JSON.stringify(credentials);
    if (current?.key !== key) {
      // the sender (with NAV's XML and ciphers) is loaded once credentials are set, not at every start
      const { createNavSender } = await import('../nav/sender');
      const sender = createNavSender({
        ...options.sender,
        fetch: options.fetch ?? (globalThis.fetch as unknown as FetchLike),
        credentials,
        store: guarded,
        sleep,
      });
      current = { key, sender };
    }
    return current.sender;
  }

  let timer: NodeJS.Timeout | undefined;
  let kickTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let started = false;

  /**
   * Batches of due reports until no batch finishes one: a backlog goes out at once rather than 50 per interval, and
   * a cancelling invoice held back for its original follows it in the same pass. Ends at a shared failure (NAV or
   * the network down, credentials refused). Terminates: a finished report is never due again.
   */
  async function drain(s: NavSender): Promise<void> {
    if (!(await lease.tryHold())) return; // another Folio process reports this database
    leaseTaken = true;
    leaseLost = false;
    const renew = setInterval(() => {
      lease.tryHold().then(
        (held) => !held && loseLease(),
        () => loseLease(),
      );
    }, leaseMs / 4);
    renew.unref();
    try {
      for (let round = 0; round < 1000 && !stopped && !leaseLost; round++) {
        const reports = await s.processDue(50);
        if (!reports.some((r) => FINAL.has(r.state))) return;
        if (reports.some((r) => !FINAL.has(r.state) && r.errorCode)) return;
      }
    } finally {
      clearInterval(renew);
    }
  }

  /** The lease went to another process (ours expired): stop at the next wait; every step so far is stored. */
  function loseLease() {
    leaseLost = true;
    for (const cancel of [...waits]) cancel();
  }

  /** One pass over the due reports; a call during a pass runs one more pass after it (new reports may be due). */
  function pass(): Promise<unknown> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const thisPass: Promise<unknown> = currentSender()
      .then((sender) => (sender && !stopped ? drain(sender) : undefined))
      .catch((e) => {
        if (!(e instanceof ReporterStopped)) log(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void pass();
        }
      });
    running = thisPass;
    return thisPass;
  }

  /** A pass soon (once started): after a seal the hook runs inside the transaction, so not at once. */
  function kick(delayMs = options.kickDelayMs ?? 2_000) {
    if (!started || stopped || kickTimer) return;
    kickTimer = setTimeout(() => {
      kickTimer = undefined;
      void pass();
    }, delayMs);
    kickTimer.unref();
  }

  return {
    /** whether the credentials last asked for were there (see isEnabled) */
    get enabled() {
      return enabled;
    },
    /** asks for the credentials now: whether reporting is on */
    async isEnabled() {
      enabled = (await resolveCredentials()) !== null;
      return enabled;
    },
    store,
    pass,
    kick,
    /** Queues an invoice's report again (see store.retry) and, when reporting runs, sends it soon. */
    async retry(invoiceId: number) {
      const row = await store.retry(invoiceId);
      kick();
      return row;
    },
    start() {
      if (started || stopped) return;
      started = true;
      void pass();
      timer = setInterval(() => void pass(), options.intervalMs ?? 30_000);
      timer.unref();
    },
    /** Stops the worker: a pass in its waits ends at once (its progress is stored), a request under way finishes. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      for (const cancel of [...waits]) cancel();
      waits.clear();
      while (running) await running;
      if (leaseTaken) await lease.release().catch((e: unknown) => log(`lease not released: ${e instanceof Error ? e.message : String(e)}`));
    },
  };
}
