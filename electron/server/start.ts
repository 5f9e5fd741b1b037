// Builds the whole server process: database, core with its services, HTTP door. Used by `npm run serve` and by
// the tests, which start real servers on 127.0.0.1.
//
// The database and the runtime on it live in a holder (electron/data-ops/holder.ts), because a restore replaces the
// database file while the server runs: the holder stops the runtime, closes the file, lets the restore swap it,
// opens it again and builds a new runtime. The HTTP app therefore takes the core through a getter and lets every
// request through the holder's gate, and `RunningServer.core` is always the current one.
import { dirname, join, resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { secretBoxFromEnv } from '../secrets/secret-box';
import type { Core } from '../core/index';
import { createRuntime, type Runtime } from '../runtime/runtime';
import type { Db } from '../db/types';
import { fixedClock, systemClock, type Clock } from '../core/clock';
import type { AuthConfig } from './auth';
import { buildServer } from './app';
import { allowedHostNames } from './host-check';
import { serverSecretBox } from '../secrets/key-file';
import type { FetchLike } from '../nav/transport';
import type { NavReporterTuning } from '../nav-queue/reporter';
import { createDatabaseHolder } from '../data-ops/holder';
import { registerDataRoutes } from '../data-ops/http';
import type { DataTuning } from '../data-ops/service';
import type { BackupDefaults } from '../data-ops/settings-store';

export interface StartOptions {
  /** the SQLite database file (the default, embedded database) */
  dbFile?: string;
  /** a PostgreSQL database instead (the team server, docs/team-server.md) */
  pgUrl?: string;
  /** connections per process to PostgreSQL (default 10) */
  pgPool?: number;
  host?: string;
  port?: number;
  auth: AuthConfig;
  now?: string | undefined;
  clock?: Clock;
  uiDir?: string;
  /** names (with or without a port) the server is also reached by, e.g. behind a reverse proxy */
  publicHosts?: string[];
  /** the reverse proxies whose X-Forwarded-For names the client (addresses or CIDR ranges) */
  trustProxy?: string[];
  env?: NodeJS.ProcessEnv;
  /** HTTP for the outside services (NAV): tests pass one that reaches their local stand-ins */
  fetch?: FetchLike;
  /** the NAV sender's polls and backoff (tests shorten them) */
  navTuning?: NavReporterTuning;
  /** the data area's clock, schedule timing and defaults (tests); backups default to a "backups" folder beside the database */
  data?: Pick<DataTuning, 'clock' | 'schedule' | 'workDir' | 'accountantMailPartBytes' | 'sharedJobs'> & { defaults?: BackupDefaults };
  /**
   * Called with the URL as soon as the server answers, before the background jobs have started (their first passes
   * read the database: on PostgreSQL tens of milliseconds): `serve` says where it listens then.
   */
  onListening?: (url: string) => void;
  /** how long stopping waits for answers still being sent before it cuts their connections (default 5 s) */
  closeGraceMs?: number;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
  /** the current core (a restore builds a new one) */
  readonly core: Core;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const clock = options.clock ?? (options.now ? fixedClock(options.now) : systemClock);
  const env = options.env ?? {};
  const holder = options.pgUrl ? await postgresHolder(options.pgUrl, options, clock, env) : await sqliteHolder(options, clock, env);
  const host = options.host ?? '127.0.0.1';
  const app = await buildServer({
    core: () => holder.runtime.core,
    enter: (operation) => holder.enter(operation),
    allowedHosts: allowedHostNames(host, options.publicHosts),
    auth: options.auth,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    sharePdf: (code) => holder.runtime.sharePdf(code),
    ...(options.uiDir ? { uiDir: resolve(options.uiDir) } : {}),
  });
  registerDataRoutes(app, { exportFile: async (job) => holder.runtime.data?.exportFile(job), backupFile: async (name) => holder.runtime.data?.backupFile(name) });
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  options.onListening?.(url);
  await holder.start();
  return {
    url,
    get core() {
      return holder.runtime.core;
    },
    async close() {
      await closeHttp(app.server, () => app.close(), options.closeGraceMs ?? CLOSE_GRACE_MS);
      await holder.close();
    },
  };
}

/** Enough for an answer in flight to reach a client that reads it; a stalled one is cut when it has passed. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Stops the HTTP door: new connections are refused at once, idle ones closed, answers in flight may finish. A client
 * that stops reading (a download whose body it never takes, a request sent half-way) would keep Node's close
 * waiting (a minute for the half-sent headers, for ever for the unread answer), and `serve` from stopping: after the
 * grace period every connection left is cut.
 */
async function closeHttp(server: { closeAllConnections(): void }, close: () => Promise<void>, graceMs: number): Promise<void> {
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await close();
  } finally {
    clearTimeout(cut);
  }
}

type Holder = Awaited<ReturnType<typeof createDatabaseHolder<{ close(): Promise<void> }, Runtime>>>;

function runtimeOptions(options: StartOptions, clock: Clock, env: NodeJS.ProcessEnv) {
  return {
    clock,
    env,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.navTuning ? { navTuning: options.navTuning } : {}),
  };
}

/** The embedded database: a SQLite file, with backups and restore beside it (the data area). */
async function sqliteHolder(options: StartOptions, clock: Clock, env: NodeJS.ProcessEnv): Promise<Holder> {
  if (!options.dbFile) throw new Error('startServer needs a database: dbFile or pgUrl');
  const dbFile = resolve(options.dbFile);
  const secretBox = serverSecretBox(options.dbFile, env);
  const holder: Holder = await createDatabaseHolder({
    open: () => openDatabase(dbFile),
    build: (opened, swap): Promise<Runtime> =>
      createRuntime({
        ...runtimeOptions(options, clock, env),
        db: opened.db,
        secretBox,
        sync: { secretBox },
        currentDb: (): Db => holder.runtime.core.ctx.db,
        data: {
          dbFile,
          sqlite: opened.sqlite,
          swap,
          // A server has no schedule until someone sets one (on the data settings screen).
          defaults: { dir: join(dirname(dbFile), 'backups'), scheduleEnabled: false, scheduleTime: '02:00', keep: 14 },
          ...options.data,
        },
      }),
  });
  return holder;
}

/**
 * The team server: a PostgreSQL database that several server processes may share. Its secrets are sealed with the
 * operator's FOLIO_SECRET_KEY, the same in every process (a key file beside a database file has no place here), and
 * it is backed up with PostgreSQL's own tools (docs/deployment.md): its data area has the exports and the
 * accountant package, read from the database itself, and refuses the backup operations (data-ops/team-backups.ts).
 */
async function postgresHolder(url: string, options: StartOptions, clock: Clock, env: NodeJS.ProcessEnv): Promise<Holder> {
  const secretBox = secretBoxFromEnv(env);
  if (!secretBox) {
    throw new Error('A server on PostgreSQL needs FOLIO_SECRET_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`), the same in every server process');
  }
  // loaded here, not with the module: the pg driver is ~0.1 s of every start of a server on a SQLite file
  const [{ openPostgres }, { postgresSource }] = await Promise.all([import('../db/pg/open'), import('../export/postgres-source')]);
  return createDatabaseHolder({
    open: () => openPostgres(url, options.pgPool ? { max: options.pgPool } : {}),
    build: (opened): Promise<Runtime> => {
      // the backup defaults and schedule are the SQLite file's; the rest tunes the exports
      const { defaults: _fileBackups, schedule: _fileSchedule, ...tuning } = options.data ?? {};
      return createRuntime({ ...runtimeOptions(options, clock, env), db: opened.db, secretBox, sync: { secretBox }, data: { exportSource: postgresSource(url), ...tuning } });
    },
  });
}
