// A server that keeps several companies (`serve --companies <dir>`, docs/companies.md): the directory beside the
// companies' own databases, each company's door and runtime opened on its first request, and one listening socket
// in front that hands every request to the door it names.
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { timestampIn } from '../../shared/dates';
import { DEFAULT_TIME_ZONE } from '../../shared/dates';
import { FolioError } from '../../shared/errors';
import { fixedClock, systemClock } from '../core/clock';
import type { StartOptions } from '../server/start';
import { allowedHostNames } from '../server/host-check';
import { openDirectorySqlite, type OpenedDirectory } from '../directory/open';
import { createDirectoryStore } from '../directory/store';
import { openCompanyApp } from './company-app';
import { buildDirectoryApp } from './directory-app';
import { route, sendRefusal } from './dispatch';
import { companyKeys } from './identity';
import { createCompanyRegistry, type CompanyRegistry } from './registry';
import { sqliteCompanyStorage, type CompanyStorage } from './storage';

/** The single-company server's options that every company's door shares (electron/server/start.ts says what each is). */
type SharedServerOptions = Pick<StartOptions, 'host' | 'port' | 'auth' | 'now' | 'clock' | 'uiDir' | 'publicHosts' | 'trustProxy' | 'env' | 'fetch' | 'navTuning'>;

export interface CompaniesServerOptions extends SharedServerOptions {
  /** SQLite: the folder of `directory.sqlite` and `companies/<slug>.sqlite` */
  dir?: string;
  /** or any other place: the directory opened and the companies' storage (PostgreSQL) */
  stores?: { directory: () => Promise<OpenedDirectory>; storage: CompanyStorage };
}

export interface RunningCompaniesServer {
  url: string;
  /** the companies opened so far, by slug (tests reach a company's core through it) */
  companies: CompanyRegistry;
  close(): Promise<void>;
}

export async function startCompaniesServer(options: CompaniesServerOptions): Promise<RunningCompaniesServer> {
  const clock = options.clock ?? (options.now ? fixedClock(options.now) : systemClock);
  const env = options.env ?? {};
  const stores = options.stores ?? sqliteStores(options.dir, env);
  const directory = await stores.directory();
  const store = createDirectoryStore(directory.db, () => timestampIn(clock.now(), DEFAULT_TIME_ZONE));
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = allowedHostNames(host, options.publicHosts);
  const uiDir = options.uiDir ? resolve(options.uiDir) : undefined;

  const registry = createCompanyRegistry(async (slug) => {
    const company = await store.company(slug);
    if (!company) throw new FolioError('not_found', `No company ${slug} here`);
    return openCompanyApp({
      slug,
      storage: stores.storage,
      clock,
      env,
      auth: options.auth,
      allowedHosts,
      userKeys: (own) => companyKeys(company, store, own),
      ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
      ...(uiDir ? { uiDir } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.navTuning ? { navTuning: options.navTuning } : {}),
    });
  });
  const directoryApp = await buildDirectoryApp({ store, storage: stores.storage, registry, auth: options.auth, clock, allowedHosts, ...(uiDir ? { uiDir } : {}) });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const to = await route(req, { store, auth: options.auth, allowedHosts, ...(uiDir ? { uiDir } : {}) });
      if (to.to === 'directory') return directoryApp.routing(req, res);
      if (to.to === 'refused') return sendRefusal(res, to.error);
      const company = await registry.get(to.company.slug);
      company.app.routing(req, res);
    })().catch((e: unknown) => {
      console.error(`folio companies: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) sendRefusal(res, new FolioError('internal', 'Something went wrong inside Folio; the request changed nothing'));
      else res.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    companies: registry,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await registry.closeAll();
      await directoryApp.close();
      await directory.close();
    },
  };
}

function sqliteStores(dir: string | undefined, env: Record<string, string | undefined>) {
  if (!dir) throw new Error('A companies server needs a folder (--companies <dir>) or a PostgreSQL URL');
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  return { directory: () => openDirectorySqlite(join(root, 'directory.sqlite')), storage: sqliteCompanyStorage(root, env) };
}
