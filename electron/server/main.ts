// `npm run serve -- --db <file> | --companies <dir> [--host 127.0.0.1] [--port <n>] [--api-key <k>] [--api-public-key <p>] [--public-host <name>]…`
// Prints one line `listening on http://HOST:PORT` when ready (port 0 picks a free port and prints the real one).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { startServer } from './start';
import { startCompaniesServer } from '../companies/start';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    companies: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    'api-key': { type: 'string' },
    'api-public-key': { type: 'string' },
    'public-host': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});

const usage = `Usage: npm run serve -- --db <file> | --companies <dir> [--host 127.0.0.1] [--port 8080] [--api-key <key>] [--api-public-key <key>] [--public-host <name>]…
  --companies    a server of several companies: the directory and a database per company in <dir> (docs/companies.md);
                 the API key is the server's administrator.
  --public-host  a host name the server is also reached by (e.g. behind a reverse proxy); repeat for more.
                 Without it the server answers only to 127.0.0.1, localhost, [::1] and the --host address.
Environment: FOLIO_API_KEY, FOLIO_API_PUBLIC_KEY, FOLIO_PUBLIC_HOSTS (comma-separated), FOLIO_NOW (fixes the business clock), FOLIO_SMTP_URL, FOLIO_MAIL_FROM`;

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const apiKey = values['api-key'] ?? process.env.FOLIO_API_KEY;
if ((!values.db && !values.companies) || !apiKey) {
  console.error(`${!values.db && !values.companies ? 'Missing --db <file> (or --companies <dir>).' : 'Missing the API key: pass --api-key or set FOLIO_API_KEY.'}\n${usage}`);
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
    auth: { apiKey, publicKey: values['api-public-key'] ?? process.env.FOLIO_API_PUBLIC_KEY },
    now: process.env.FOLIO_NOW,
    publicHosts: [...(values['public-host'] ?? []), ...(process.env.FOLIO_PUBLIC_HOSTS ?? '').split(',')].map((h) => h.trim()).filter(Boolean),
    uiDir: resolve(here, '../../dist/renderer'),
    env: process.env,
  };
  const server = values.companies ? await startCompaniesServer({ ...common, dir: values.companies }) : await startServer({ ...common, dbFile: values.db! });
  console.log(`listening on ${server.url}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (e) {
  console.error(`folio: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
