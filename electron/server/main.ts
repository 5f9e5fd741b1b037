// `npm run serve -- --db <file> | --pg <url> | --companies <dir> | --pg-companies <url> [--host 127.0.0.1] [--port <n>] [--api-key <k>] [--api-public-key <p>] [--public-host <name>]…`
// Prints one line `listening on http://HOST:PORT` when ready (port 0 picks a free port and prints the real one).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { startServer } from './start';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    pg: { type: 'string' },
    companies: { type: 'string' },
    'pg-companies': { type: 'string' },
    'pg-pool': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    'api-key': { type: 'string' },
    'api-public-key': { type: 'string' },
    'public-host': { type: 'string', multiple: true },
    'trust-proxy': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});

const usage = `Usage: npm run serve -- --db <file> | --pg <url> | --companies <dir> | --pg-companies <url> [--pg-pool 10] [--host 127.0.0.1] [--port 8080] [--api-key <key>] [--api-public-key <key>] [--public-host <name>]…
  --db           the SQLite database file (created on first start)
  --pg           a PostgreSQL database instead: postgres://user:password@host:5432/folio (the team server;
                 several server processes may share it; needs FOLIO_SECRET_KEY)
  --pg-pool      connections each process keeps to PostgreSQL (default 10)
  --companies    a server of several companies (docs/companies.md): the directory and a SQLite database per company
                 in <dir>; the API key is the server's administrator
  --pg-companies several companies on PostgreSQL: the URL's database is the directory, each company gets a database
                 folio_<slug> on the same server (the role needs CREATEDB; needs FOLIO_SECRET_KEY)
  --public-host  a host name the server is also reached by (e.g. behind a reverse proxy); repeat for more.
                 Without it the server answers only to 127.0.0.1, localhost, [::1] and the --host address.
  --trust-proxy  the address (or CIDR range) of a reverse proxy in front of the server, whose X-Forwarded-For names
                 the client: per-client limits then count each client, not the proxy; repeat for more.
Environment: FOLIO_PG_URL (as --pg), FOLIO_SECRET_KEY, FOLIO_API_KEY, FOLIO_API_PUBLIC_KEY, FOLIO_PUBLIC_HOSTS (comma-separated), FOLIO_TRUST_PROXY (comma-separated), FOLIO_NOW (fixes the business clock), FOLIO_SMTP_URL, FOLIO_MAIL_FROM`;

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const apiKey = values['api-key'] ?? process.env.FOLIO_API_KEY;
const companies = values.companies ?? values['pg-companies'];
const pgUrl = values.pg ?? (values.db || companies ? undefined : process.env.FOLIO_PG_URL);
const problem =
  [values.db, values.pg, values.companies, values['pg-companies']].filter(Boolean).length > 1
    ? 'Give one database: --db <file>, --pg <url>, --companies <dir> or --pg-companies <url>, not two.'
    : !values.db && !pgUrl && !companies
      ? 'Missing the database: --db <file> or --pg <url>.'
      : !apiKey
        ? 'Missing the API key: pass --api-key or set FOLIO_API_KEY.'
        : null;
if (problem) {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}
const pgPool = values['pg-pool'] === undefined ? undefined : Number(values['pg-pool']);
if (pgPool !== undefined && (!Number.isInteger(pgPool) || pgPool < 1 || pgPool > 1000)) {
  console.error(`Not a pool size: ${values['pg-pool']}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port}`);
  process.exit(2);
}

const here = dirname(fileURLToPath(import.meta.url));
try {
  const common = {
    host: values.host!,
    port,
    auth: { apiKey: apiKey!, publicKey: values['api-public-key'] ?? process.env.FOLIO_API_PUBLIC_KEY },
    now: process.env.FOLIO_NOW,
    publicHosts: [...(values['public-host'] ?? []), ...(process.env.FOLIO_PUBLIC_HOSTS ?? '').split(',')].map((h) => h.trim()).filter(Boolean),
    trustProxy: [...(values['trust-proxy'] ?? []), ...(process.env.FOLIO_TRUST_PROXY ?? '').split(',')].map((a) => a.trim()).filter(Boolean),
    uiDir: resolve(here, '../../dist/renderer'),
    env: process.env,
  };
  // Said as soon as requests are answered (the background jobs of a server of one company start right after); from
  // then on a stop closes the server, once its start has finished.
  let started: Promise<{ url: string; close(): Promise<void> }> | undefined;
  const stop = async () => {
    await (await started)?.close();
    process.exit(0);
  };
  const listening = (url: string) => {
    console.log(`listening on ${url}`);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  };
  // A server of several companies (and the pg driver) is loaded only when asked for: a start on one file skips it.
  const companiesServer = () => import('../companies/start').then((m) => m.startCompaniesServer);
  const pgCompanies = values['pg-companies'];
  started = values.companies
    ? (await companiesServer())({ ...common, dir: values.companies })
    : pgCompanies
      ? (await companiesServer())({
          ...common,
          stores: (await import('../companies/postgres')).postgresCompanyStores(pgCompanies, process.env, pgPool ? { max: pgPool } : {}),
        })
      : startServer({ ...common, onListening: listening, ...(pgUrl ? { pgUrl, ...(pgPool ? { pgPool } : {}) } : { dbFile: values.db! }) });
  const server = await started;
  if (companies) listening(server.url);
} catch (e) {
  console.error(`folio: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
