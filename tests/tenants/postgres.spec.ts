// Several companies on PostgreSQL (`serve --pg-companies`, docs/companies.md): the directory in the URL's database,
// each company in a database of its own made with CREATE DATABASE; the same numbering and isolation as on SQLite.
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresCompanyStores } from '../../electron/companies/postgres';
import { ApiClient } from '../support/api-client';
import { clientBody, invoiceBody } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';
import { addAccount, addCompany, CompanyClient, startCompanies, type CompaniesServer } from './support';

const SECRET_KEY = randomBytes(32).toString('base64');
// company databases of this run only, should the tests share a PostgreSQL server (FOLIO_TEST_PG_URL)
const PREFIX = `folio_test_${process.pid}_${randomBytes(3).toString('hex')}_`;
let s: CompaniesServer;
let directoryUrl: string;

test.beforeAll(async () => {
  directoryUrl = await freshPgDatabase();
  const env = { FOLIO_SECRET_KEY: SECRET_KEY };
  s = await startCompanies({ stores: postgresCompanyStores(directoryUrl, env, { prefix: PREFIX }), env });
});
test.afterAll(async () => {
  await s?.close();
});

test('on PostgreSQL each company is a database of its own: both issue invoice #1, and a key of A reads nothing of B', async () => {
  const north = await addCompany(s, 'north', 'Észak Kft.');
  const south = await addCompany(s, 'south-side', 'Dél Titkos Kft.');
  const issue = async (api: ApiClient, name: string) => {
    const client = (await api.ok('POST', '/clients', { body: clientBody({ name }) })).data.id as number;
    return (await api.ok('POST', '/invoices', { body: invoiceBody(client) })).data;
  };
  const a = await issue(north, 'Északi Vevő Kft.');
  const b = await issue(south, 'Déli Titkos Vevő Kft.');
  expect(a.attributes.prefixed_invoice_no).toBe('2026-000001');
  expect(b.attributes.prefixed_invoice_no).toBe('2026-000001');

  // the databases are there, named after the companies
  const admin = new pg.Client({ connectionString: directoryUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [`${PREFIX}%`]);
    expect(rows.map((r) => r.datname)).toEqual([`${PREFIX}north`, `${PREFIX}south_side`]);
  } finally {
    await admin.end();
  }

  const northOnly = await addAccount(s, 'Északi könyvelő', { north: 'accountant' });
  const key = { 'X-API-KEY': northOnly.key };
  for (const client of [new CompanyClient(s.url, 'south-side', key), new ApiClient(s.url, { ...key, 'X-Folio-Company': 'south-side' })]) {
    const res = await client.request('GET', '/clients');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Titkos');
  }
  const viaNorth = new CompanyClient(s.url, 'north', key);
  const guessed = await viaNorth.request('GET', `/invoices/${b.id}`);
  expect(guessed.status).toBe(200); // North's own invoice #1, not South's
  expect(JSON.stringify((await viaNorth.ok('GET', '/clients')).data)).not.toContain('Titkos');
  // read-only there
  expect((await viaNorth.request('POST', '/clients', { body: clientBody() })).status).toBe(403);
});

test("on PostgreSQL a company's accountant exports that company's books, and only them", async () => {
  const east = await addCompany(s, 'east', 'Kelet Kft.');
  const west = await addCompany(s, 'west', 'Nyugat Titkos Kft.');
  await east.ok('POST', '/clients', { body: clientBody({ name: 'Keleti Vevő Kft.' }) });
  await west.ok('POST', '/clients', { body: clientBody({ name: 'Nyugati Titkos Vevő Kft.' }) });
  const accountant = new CompanyClient(s.url, 'east', { 'X-API-KEY': (await addAccount(s, 'Keleti könyvelő', { east: 'accountant' })).key });
  const started = (await accountant.ok('POST', '/rpc/data.exportStart', { body: { format: 'json', date_from: '2026-01-01', date_to: '2026-12-31' } })).data as { job: string };
  let state = 'running';
  for (let i = 0; i < 200 && state === 'running'; i++) {
    state = ((await accountant.ok('POST', '/rpc/data.exportStatus', { body: { job: started.job } })).data as { state: string }).state;
    if (state === 'running') await new Promise((r) => setTimeout(r, 50));
  }
  expect(state).toBe('done');
  const file = await accountant.request('GET', `/data/exports/${started.job}/file`);
  expect(file.status).toBe(200);
  expect(file.text).toContain('Keleti Vevő Kft.');
  expect(file.text).not.toContain('Titkos');
  // backups stay pg_dump's
  const backup = await accountant.request('POST', '/rpc/data.backupNow', { body: {} });
  expect(backup.status).toBe(403);
});
