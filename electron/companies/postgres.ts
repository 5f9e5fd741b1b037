// Several companies on PostgreSQL (`serve --pg-companies <url>`, docs/companies.md): the URL's database holds the
// directory; each company gets a database of its own on the same server, `folio_<slug>` (hyphens as underscores),
// made with CREATE DATABASE when the company is added, so the server's role needs CREATEDB. Secrets are sealed with
// FOLIO_SECRET_KEY, as on a single-company PostgreSQL server.
import pg from 'pg';
import { openPostgres } from '../db/pg/open';
import { secretBoxFromEnv } from '../secrets/secret-box';
import { openDirectoryPostgres, type OpenedDirectory } from '../directory/open';
import type { CompanyStorage } from './storage';
import { postgresSource } from '../export/postgres-source';

export interface PostgresCompaniesOptions {
  /** connections each company's pool keeps (default 4: a server may keep many companies open) */
  max?: number;
  /** the company databases' name prefix (default `folio_`; tests on a shared server use their own) */
  prefix?: string;
}

export function postgresCompanyStores(url: string, env: Record<string, string | undefined>, options: PostgresCompaniesOptions = {}): { directory: () => Promise<OpenedDirectory>; storage: CompanyStorage } {
  const secretBox = secretBoxFromEnv(env);
  if (!secretBox) {
    throw new Error('A server on PostgreSQL needs FOLIO_SECRET_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`), the same in every server process');
  }
  const prefix = options.prefix ?? 'folio_';
  // The slug is lower-case letters, digits and hyphens (shared/directory.ts SLUG_PATTERN): nothing to quote.
  const databaseOf = (slug: string) => `${prefix}${slug.replaceAll('-', '_')}`;
  const urlOf = (slug: string) => {
    const u = new URL(url);
    u.pathname = `/${databaseOf(slug)}`;
    return u.href;
  };
  const pool = { max: options.max ?? 4 };

  return {
    directory: () => openDirectoryPostgres(url),
    storage: {
      async create(slug) {
        const name = databaseOf(slug);
        if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name: ${name}`);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
          // Text compares byte by byte, as SQLite's BINARY collation does (docs/team-server.md "Values").
          if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C'`);
        } finally {
          await admin.end();
        }
        const opened = await openPostgres(urlOf(slug), pool);
        await opened.close();
      },
      open: (slug) => openPostgres(urlOf(slug), pool),
      secretBox: () => secretBox,
      exportSource: (slug) => postgresSource(urlOf(slug)),
    },
  };
}
