// The companies server's own door (docs/companies.md): the directory's routes, the public clock and the built UI,
// which belong to no company. The administrator (the server's --api-key) creates companies and accounts, makes
// keys and grants; an account reads the companies it was granted (the UI's company switcher).
import { existsSync } from 'node:fs';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FolioError } from '../../shared/errors';
import { DEFAULT_TIME_ZONE, dateIn, timestampIn } from '../../shared/dates';
import type { CompanyInfo, DirectoryView } from '../../shared/directory';
import { accountCreateInput, companyCreateInput, grantDeleteInput, grantInput, parseDirectoryInput } from '../directory/input';
import { id } from '../../shared/contract/fields';
import type { Clock } from '../core/clock';
import type { AuthConfig } from '../server/auth';
import { hostNameOf } from '../server/host-check';
import type { DirectoryStore } from '../directory/store';
import { identify, type Identity } from './identity';
import type { CompanyRegistry } from './registry';
import type { CompanyStorage } from './storage';
import { deleteGrant, putGrant } from './grants';

export interface DirectoryAppOptions {
  store: DirectoryStore;
  storage: CompanyStorage;
  registry: CompanyRegistry;
  auth: AuthConfig;
  clock: Clock;
  allowedHosts: ReadonlySet<string>;
  uiDir?: string;
}

const ok = (data: unknown) => ({ success: true, data });

export async function buildDirectoryApp(options: DirectoryAppOptions): Promise<FastifyInstance> {
  const { store, registry } = options;
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });

  app.addHook('onRequest', async (req, reply) => {
    const name = hostNameOf(req.headers.host);
    if (name === undefined || !options.allowedHosts.has(name)) {
      return reply.code(421).send(new FolioError('bad_request', `This server does not answer to the host name ${JSON.stringify(req.headers.host ?? '')}`).toEnvelope());
    }
  });
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err instanceof FolioError) return reply.code(err.status).send(err.toEnvelope());
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send(new FolioError('bad_request', err.message).toEnvelope());
    console.error(`folio directory: ${err.stack ?? err.message}`);
    return reply.code(500).send(new FolioError('internal', 'Something went wrong inside Folio').toEnvelope());
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send(new FolioError('not_found', `No such path: ${req.url.split('?')[0]}`).toEnvelope()));

  /** The identity of a directory request: anyone the directory knows; `administrator` for what only they may do. */
  async function who(req: FastifyRequest, administrator: boolean): Promise<NonNullable<Identity>> {
    const identity = await identify(req.headers, options.auth, store);
    if (!identity) throw new FolioError('unauthorized', 'Missing or wrong API key (X-API-KEY header)');
    if (administrator && identity.kind !== 'administrator') throw new FolioError('forbidden', "Only the server's administrator may change the directory");
    return identity;
  }
  const idParam = (req: FastifyRequest, name: string): number => parseDirectoryInput(id(), (req.params as Record<string, string>)[name]) as number;

  app.get('/directory/companies', async (req) => {
    const identity = await who(req, false);
    let companies: CompanyInfo[];
    if (identity.kind === 'administrator') {
      companies = (await store.companies()).map((c) => ({ ...c, role: 'owner' }));
    } else {
      companies = (await store.grants(identity.account.id)).map((g) => ({ ...g.company, role: g.role }));
    }
    const view: DirectoryView = {
      administrator: identity.kind === 'administrator',
      account: identity.kind === 'account' ? identity.account : null,
      companies,
    };
    return ok(view);
  });

  app.post('/directory/companies', async (req) => {
    await who(req, true);
    const input = parseDirectoryInput(companyCreateInput, req.body);
    // The database first: a company is in the directory only once its database is there to open.
    if (!(await store.company(input.slug))) await options.storage.create(input.slug);
    const company = await store.createCompany(input);
    return ok({ ...company, role: 'owner' });
  });

  app.get('/directory/accounts', async (req) => {
    await who(req, true);
    return ok(await store.accounts());
  });

  app.post('/directory/accounts', async (req) => {
    await who(req, true);
    const input = parseDirectoryInput(accountCreateInput, req.body);
    return ok(await store.createAccount(input));
  });

  app.delete('/directory/accounts/:id', async (req) => {
    await who(req, true);
    await store.disableAccount(idParam(req, 'id'));
    return ok(null);
  });

  app.post('/directory/accounts/:id/keys', async (req) => {
    await who(req, true);
    return ok(await store.createKey(idParam(req, 'id')));
  });

  app.delete('/directory/accounts/:id/keys/:key_id', async (req) => {
    await who(req, true);
    await store.revokeKey(idParam(req, 'id'), idParam(req, 'key_id'));
    return ok(null);
  });

  app.put('/directory/grants', async (req) => {
    await who(req, true);
    await putGrant(store, registry, parseDirectoryInput(grantInput, req.body));
    return ok(null);
  });

  app.delete('/directory/grants', async (req) => {
    await who(req, true);
    await deleteGrant(store, registry, parseDirectoryInput(grantDeleteInput, req.body));
    return ok(null);
  });

  // The clock belongs to no company: the interface's clients set their JWT clocks by it before naming one.
  app.get('/time', async () => {
    const now = new Date();
    const business = options.clock.now();
    return { success: true, type: 'time', data: { time: timestampIn(now, DEFAULT_TIME_ZONE), timestamp: Math.floor(now.getTime() / 1000), today: dateIn(business, DEFAULT_TIME_ZONE) } };
  });

  const uiDir = options.uiDir;
  if (uiDir && existsSync(`${uiDir}/index.html`)) {
    await app.register(fastifyStatic, { root: uiDir, prefix: '/', wildcard: false, index: 'index.html' });
  }
  await app.ready();
  return app;
}
