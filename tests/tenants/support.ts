// A real companies server (`serve --companies`) for the tenant tests: a temporary folder with the directory and a
// database per company, the administrator's key, and clients that name a company by path prefix or by header.
import { expect } from '@playwright/test';
import { startCompaniesServer, type CompaniesServerOptions, type RunningCompaniesServer } from '../../electron/companies/start';
import { ApiClient, type Json } from '../support/api-client';
import { API_KEY, FIXED_NOW, makeTempDir, TEST_SELLER } from '../support/fixtures';

export interface CompaniesServer {
  url: string;
  dir: string;
  running: RunningCompaniesServer;
  /** the server's administrator (its --api-key), naming no company */
  admin: ApiClient;
  close(): Promise<void>;
}

/** A client whose paths all go under `/c/<slug>`, as an integration configured with that base URL sends them. */
export class CompanyClient extends ApiClient {
  constructor(
    serverUrl: string,
    readonly slug: string,
    headers: Record<string, string>,
  ) {
    super(serverUrl, headers);
  }

  override url(path: string, query?: Parameters<ApiClient['url']>[1]): string {
    return super.url(`/c/${this.slug}${path}`, query);
  }
}

export async function startCompanies(options: { uiDir?: string; stores?: CompaniesServerOptions['stores']; env?: Record<string, string> } = {}): Promise<CompaniesServer> {
  const tmp = makeTempDir('folio-companies-');
  let running: RunningCompaniesServer;
  try {
    running = await startCompaniesServer({
      ...(options.stores ? { stores: options.stores } : { dir: tmp.dir }),
      port: 0,
      host: '127.0.0.1',
      auth: { apiKey: API_KEY },
      now: FIXED_NOW,
      env: { FOLIO_RATES_PREFETCH: 'off', ...options.env }, // no rate prefetch to the real MNB from a test's server
      ...(options.uiDir ? { uiDir: options.uiDir } : {}),
    });
  } catch (e) {
    tmp.remove();
    throw e;
  }
  return {
    url: running.url,
    dir: tmp.dir,
    running,
    admin: new ApiClient(running.url, { 'X-API-KEY': API_KEY }),
    async close() {
      await running.close();
      tmp.remove();
    },
  };
}

/** A company with its seller set up (so it can issue invoices); answers the administrator's client for it. */
export async function addCompany(s: CompaniesServer, slug: string, name: string): Promise<CompanyClient> {
  const created = await s.admin.request('POST', '/directory/companies', { body: { slug, name } });
  expect(created.status, created.text).toBe(200);
  const admin = new CompanyClient(s.url, slug, { 'X-API-KEY': API_KEY });
  await admin.ok('POST', '/rpc/settings.update', { body: { seller: { ...TEST_SELLER, name } } });
  return admin;
}

/** An account with one key and the grants given; answers its id and key. */
export async function addAccount(s: CompaniesServer, name: string, grants: Record<string, 'owner' | 'staff' | 'accountant'>): Promise<{ id: number; key: string; keyId: number }> {
  const account = (await s.admin.ok('POST', '/directory/accounts', { body: { name } })).data as Json;
  const key = (await s.admin.ok('POST', `/directory/accounts/${account.id}/keys`)).data as Json;
  for (const [company, role] of Object.entries(grants)) {
    await s.admin.ok('PUT', '/directory/grants', { body: { account_id: account.id, company, role } });
  }
  return { id: account.id, key: key.secret, keyId: key.id };
}
