// One company of a server with several (docs/companies.md): its database in a holder (a restore can swap it), its
// runtime (core and background workers) and the usual HTTP door built on them, not listening itself: the companies
// server hands it the requests named for this company.
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/index';
import type { Clock } from '../core/clock';
import type { Db } from '../db/types';
import type { KeyLookup } from '../core/users/keys';
import { createRuntime, type Runtime } from '../runtime/runtime';
import { createDatabaseHolder } from '../data-ops/holder';
import { registerDataRoutes } from '../data-ops/http';
import { buildServer } from '../server/app';
import type { AuthConfig } from '../server/auth';
import type { FetchLike } from '../nav/transport';
import type { NavReporterTuning } from '../nav-queue/reporter';
import type { CompanyStorage, OpenedCompanyDb } from './storage';

export interface CompanyAppOptions {
  slug: string;
  storage: CompanyStorage;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  auth: AuthConfig;
  allowedHosts: ReadonlySet<string>;
  /** the company's own users' keys, plus the directory's accounts granted this company */
  userKeys: (own: KeyLookup) => KeyLookup;
  uiDir?: string;
  trustProxy?: string[];
  fetch?: FetchLike;
  navTuning?: NavReporterTuning;
}

export interface CompanyApp {
  app: FastifyInstance;
  readonly core: Core;
  close(): Promise<void>;
}

export async function openCompanyApp(options: CompanyAppOptions): Promise<CompanyApp> {
  const { slug, storage } = options;
  const secretBox = storage.secretBox(slug);
  const files = storage.files?.(slug);
  const holder = await createDatabaseHolder({
    open: () => storage.open(slug),
    build: (opened: OpenedCompanyDb, swap): Promise<Runtime> =>
      createRuntime({
        db: opened.db,
        clock: options.clock,
        env: options.env,
        secretBox,
        sync: { secretBox },
        currentDb: (): Db => holder.runtime.core.ctx.db,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.navTuning ? { navTuning: options.navTuning } : {}),
        // Backups and restore work on a SQLite file; a company on PostgreSQL is backed up with pg_dump, and its data
        // area has the exports only (data-ops/team-backups.ts).
        ...(files && opened.sqlite
          ? {
              data: {
                dbFile: files.dbFile,
                sqlite: opened.sqlite,
                swap,
                defaults: { dir: files.backups, scheduleEnabled: false, scheduleTime: '02:00', keep: 14 },
              },
            }
          : storage.exportSource
            ? { data: { exportSource: storage.exportSource(slug) } }
            : {}),
      }),
  });
  try {
    const app = await buildServer({
      core: () => holder.runtime.core,
      enter: (operation) => holder.enter(operation),
      allowedHosts: options.allowedHosts,
      auth: options.auth,
      userKeys: () => options.userKeys(holder.runtime.core.userKeys),
      sharePdf: (code) => holder.runtime.sharePdf(code),
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      ...(options.uiDir ? { uiDir: options.uiDir } : {}),
    });
    registerDataRoutes(app, { exportFile: async (job) => holder.runtime.data?.exportFile(job), backupFile: async (name) => holder.runtime.data?.backupFile(name) });
    await app.ready();
    await holder.start();
    return {
      app,
      get core() {
        return holder.runtime.core;
      },
      async close() {
        await app.close();
        await holder.close();
      },
    };
  } catch (e) {
    await holder.close();
    throw e;
  }
}
