// Several companies on one server (issue 20 item 4, docs/companies.md): each company its own numbering and data, and
// a key of company A reads nothing of company B — by B's path prefix, by the header, or by guessing B's ids through A.
import { expect, test } from '@playwright/test';
import { ApiClient, type Json } from '../support/api-client';
import { API_KEY, clientBody, invoiceBody } from '../support/fixtures';
import { addAccount, addCompany, CompanyClient, startCompanies, type CompaniesServer } from './support';

let s: CompaniesServer;
let alfaAdmin: CompanyClient;
let betaAdmin: CompanyClient;
/** what only company B holds: its seller's and its clients' names */
const BETA_SECRET = 'Béta Titok';

test.beforeAll(async () => {
  s = await startCompanies();
  alfaAdmin = await addCompany(s, 'alfa', 'Alfa Könyvelt Kft.');
  betaAdmin = await addCompany(s, 'beta', `${BETA_SECRET} Kft.`);
});
test.afterAll(async () => {
  await s.close();
});

async function issue(api: ApiClient, clientName: string): Promise<{ invoice: Json; clientId: number }> {
  const clientId = (await api.ok('POST', '/clients', { body: clientBody({ name: clientName }) })).data.id as number;
  const invoice = (await api.ok('POST', '/invoices', { body: invoiceBody(clientId) })).data;
  return { invoice, clientId };
}

test('two companies each issue invoice #1 in their own numbering, and see only their own', async () => {
  // Alfa through its path prefix, Beta through the header: both ways reach the company's own database.
  const a = await issue(alfaAdmin, 'Alfa Vevő Kft.');
  const betaByHeader = new ApiClient(s.url, { 'X-API-KEY': API_KEY, 'X-Folio-Company': 'beta' });
  const b = await issue(betaByHeader, `${BETA_SECRET} Vevő Kft.`);
  const number = (inv: Json) => inv.attributes.prefixed_invoice_no as string;
  expect(number(a.invoice)).toMatch(/-0*1$/);
  expect(number(b.invoice)).toBe(number(a.invoice));
  expect(b.invoice.id).toBe(a.invoice.id);

  expect((await alfaAdmin.ok('GET', '/invoices')).data).toHaveLength(1);
  expect((await betaAdmin.ok('GET', '/invoices')).data).toHaveLength(1);
  const alfaClients = JSON.stringify((await alfaAdmin.ok('GET', '/clients')).data);
  expect(alfaClients).toContain('Alfa Vevő Kft.');
  expect(alfaClients).not.toContain(BETA_SECRET);
  expect(JSON.stringify((await betaAdmin.ok('GET', '/clients')).data)).toContain(BETA_SECRET);
  // each company has its own seller
  expect((await alfaAdmin.ok('POST', '/rpc/settings.get')).data.seller.name).toBe('Alfa Könyvelt Kft.');
  expect((await betaAdmin.ok('POST', '/rpc/settings.get')).data.seller.name).toBe(`${BETA_SECRET} Kft.`);
});

test("an account granted only company A reads nothing of B: not by B's prefix, not by the header, not by B's ids through A", async () => {
  // Beta gets more records than Alfa, so some of its ids do not exist in Alfa at all.
  const betaRecords = [];
  for (let i = 0; i < 3; i++) betaRecords.push(await issue(betaAdmin, `${BETA_SECRET} ${i} Kft.`));
  const alfaOnly = await addAccount(s, 'Alfa Könyvelő', { alfa: 'owner' });
  const key = { 'X-API-KEY': alfaOnly.key };
  const viaPrefix = new CompanyClient(s.url, 'beta', key);
  const viaHeader = new ApiClient(s.url, { ...key, 'X-Folio-Company': 'beta' });
  const nowhere = new CompanyClient(s.url, 'nincs-ilyen', key);
  const betaPaths = ['/invoices', '/clients', '/rpc/settings.get', `/invoices/${betaRecords[0]!.invoice.id}`, '/v3/documents', '/v3/partners', '/audit-log', '/users'];

  const refusals: string[] = [];
  for (const path of betaPaths) {
    const method = path.startsWith('/rpc/') ? 'POST' : 'GET';
    for (const client of [viaPrefix, viaHeader]) {
      const res = await client.request(method, path);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.text).not.toContain(BETA_SECRET);
      refusals.push(res.text.replaceAll('beta', '<slug>'));
    }
    // exactly what a company that does not exist answers: B's existence is not revealed
    const absent = await nowhere.request(method, path);
    expect(absent.status).toBe(404);
    expect(refusals.at(-1)).toBe(absent.text.replaceAll('nincs-ilyen', '<slug>'));
  }

  // Guessing B's ids through A finds A's records or nothing, never B's.
  const viaAlfa = new CompanyClient(s.url, 'alfa', key);
  const granted = new ApiClient(s.url, key); // the account's one company, named by nobody
  for (const { invoice, clientId } of betaRecords) {
    for (const client of [viaAlfa, granted]) {
      for (const [method, path, body] of [
        ['GET', `/invoices/${invoice.id}`, undefined],
        ['GET', `/invoices/${invoice.id}/download`, undefined],
        ['GET', `/clients/${clientId}`, undefined],
        ['GET', `/v3/documents/${invoice.id}`, undefined],
        ['GET', `/v3/partners/${clientId}`, undefined],
        ['POST', '/rpc/invoices.read', { id: invoice.id }],
        ['POST', '/rpc/clients.read', { id: clientId }],
      ] as const) {
        const res = await client.request(method, path, body ? { body } : {});
        expect([200, 404], `${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);
        expect(res.text, `${method} ${path}`).not.toContain(BETA_SECRET);
      }
    }
  }
  // The ids Alfa never had are plain 404s.
  const last = betaRecords.at(-1)!;
  expect((await viaAlfa.request('GET', `/invoices/${last.invoice.id}`)).status).toBe(404);
  expect((await viaAlfa.request('GET', `/clients/${last.clientId}`)).status).toBe(404);

  // The directory shows the account its own company only, and none of the administrator's routes.
  const view = (await new ApiClient(s.url, key).ok('GET', '/directory/companies')).data;
  expect(view.companies.map((c: Json) => c.slug)).toEqual(['alfa']);
  expect(view.administrator).toBe(false);
  expect((await new ApiClient(s.url, key).request('GET', '/directory/accounts')).status).toBe(403);
  expect((await new ApiClient(s.url, key).request('PUT', '/directory/grants', { body: { account_id: alfaOnly.id, company: 'beta', role: 'owner' } })).status).toBe(403);
});

test('an accountant grant is read-only in its company, and the audit log there names the account', async () => {
  const accountant = await addAccount(s, 'Könyvelő Kata', { alfa: 'accountant' });
  const staff = await addAccount(s, 'Munkatárs Márk', { alfa: 'staff', beta: 'owner' });
  const asAccountant = new CompanyClient(s.url, 'alfa', { 'X-API-KEY': accountant.key });
  const asStaff = new CompanyClient(s.url, 'alfa', { 'X-API-KEY': staff.key });

  expect((await asAccountant.request('GET', '/invoices')).status).toBe(200);
  const refused = await asAccountant.request('POST', '/clients', { body: clientBody() });
  expect(refused.status, refused.text).toBe(403);
  expect(refused.body.code).toBe('forbidden');
  expect((await asAccountant.request('POST', '/rpc/settings.update', { body: { seller: { name: 'Átírt Kft.' } } })).status).toBe(403);

  // staff in Alfa may invoice there but not change its settings; in Beta the same key is owner
  const made = await asStaff.ok('POST', '/clients', { body: clientBody({ name: 'Márk ügyfele Kft.' }) });
  expect((await asStaff.request('POST', '/rpc/settings.update', { body: { seller: { name: 'Átírt Kft.' } } })).status).toBe(403);
  expect((await new CompanyClient(s.url, 'beta', { 'X-API-KEY': staff.key }).request('GET', '/audit-log')).status).toBe(200);

  const log = (await alfaAdmin.ok('GET', '/audit-log', { query: { operation: 'clients.create' } })).data.items as Json[];
  const row = log.find((r) => (r.target_ids as number[]).includes(made.data.id));
  expect(row, JSON.stringify(log)).toBeTruthy();
  expect(row.user_name).toBe('Munkatárs Márk');
  const users = (await alfaAdmin.ok('GET', '/users')).data as Json[];
  const mirror = users.find((u) => u.name === 'Munkatárs Márk');
  expect(mirror).toMatchObject({ role: 'staff' });
  expect(row.user_id).toBe(mirror.id);

  // a grant taken away: the company is gone for that key, as if it never existed
  await s.admin.ok('DELETE', '/directory/grants', { body: { account_id: accountant.id, company: 'alfa' } });
  expect((await asAccountant.request('GET', '/invoices')).status).toBe(404);
});

test('a revoked account key is refused with 401 everywhere', async () => {
  const account = await addAccount(s, 'Kilépő Kolléga', { alfa: 'staff' });
  const client = new CompanyClient(s.url, 'alfa', { 'X-API-KEY': account.key });
  expect((await client.request('GET', '/invoices')).status).toBe(200);
  await s.admin.ok('DELETE', `/directory/accounts/${account.id}/keys/${account.keyId}`);
  for (const c of [client, new ApiClient(s.url, { 'X-API-KEY': account.key }), new ApiClient(s.url, { 'X-API-KEY': account.key, 'X-Folio-Company': 'alfa' })]) {
    const res = await c.request('GET', '/invoices');
    expect(res.status, res.text).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  }
  expect((await new ApiClient(s.url, { 'X-API-KEY': account.key }).request('GET', '/directory/companies')).status).toBe(401);
});

test('with no company named: one granted company is used, several are listed in the refusal', async () => {
  const refused = await s.admin.request('GET', '/invoices');
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('bad_request');
  expect(refused.body.error).toContain('alfa, beta');
  // a client of Beta's own (the tests of this file may run in any order, each worker with its own server)
  await betaAdmin.ok('POST', '/clients', { body: clientBody({ name: `${BETA_SECRET} Egyetlen Kft.` }) });
  const single = await addAccount(s, 'Csak Béta', { beta: 'staff' });
  const list = (await new ApiClient(s.url, { 'X-API-KEY': single.key }).ok('GET', '/clients')).data as Json[];
  expect(JSON.stringify(list)).toContain(`${BETA_SECRET} Egyetlen Kft.`);
  // nobody known: nothing is listed
  const anonymous = await new ApiClient(s.url).request('GET', '/invoices');
  expect(anonymous.status).toBe(401);
  expect(anonymous.text).not.toContain('alfa');
  expect((await new CompanyClient(s.url, 'alfa', {}).request('GET', '/invoices')).status).toBe(401);
  expect((await new CompanyClient(s.url, 'nincs-ilyen', {}).request('GET', '/invoices')).status).toBe(401);
});
