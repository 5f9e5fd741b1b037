// Builds the whole server process: database, core with its services, HTTP door. Used by `npm run serve` and by
// the tests, which start real servers on 127.0.0.1.
import { resolve } from 'node:path';
import { openDatabase } from '../db/open';
import type { Core } from '../core/index';
import { createRuntime } from '../runtime/runtime';
import { fixedClock, systemClock, type Clock } from '../core/clock';
import type { AuthConfig } from './auth';
import { buildServer } from './app';
import { allowedHostNames } from './host-check';
import { serverSecretBox } from '../secrets/key-file';
import type { FetchLike } from '../nav/transport';
import type { NavReporterTuning } from '../nav-queue/reporter';

export interface StartOptions {
  dbFile: string;
  host?: string;
  port?: number;
  auth: AuthConfig;
  now?: string | undefined;
  clock?: Clock;
  uiDir?: string;
  /** names (with or without a port) the server is also reached by, e.g. behind a reverse proxy */
  publicHosts?: string[];
  env?: NodeJS.ProcessEnv;
  /** HTTP for the outside services (NAV): tests pass one that reaches their local stand-ins */
  fetch?: FetchLike;
  /** the NAV sender's polls and backoff (tests shorten them) */
  navTuning?: NavReporterTuning;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
  core: Core;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const opened = await openDatabase(options.dbFile);
  const clock = options.clock ?? (options.now ? fixedClock(options.now) : systemClock);
  const env = options.env ?? {};
  const secretBox = serverSecretBox(options.dbFile, env);
  const runtime = await createRuntime({
    db: opened.db,
    clock,
    env,
    secretBox,
    sync: { secretBox },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.navTuning ? { navTuning: options.navTuning } : {}),
  });
  const { core } = runtime;
  const host = options.host ?? '127.0.0.1';
  const app = await buildServer({
    core,
    allowedHosts: allowedHostNames(host, options.publicHosts),
    auth: options.auth,
    sharePdf: runtime.sharePdf,
    ...(options.uiDir ? { uiDir: resolve(options.uiDir) } : {}),
  });
  await app.listen({ host, port: options.port ?? 0 });
  await runtime.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    core,
    async close() {
      await runtime.stop();
      await app.close();
      await opened.close();
    },
  };
}
