// Where each company's database lives (docs/companies.md). A server with several companies gives every company a
// database of its own, so ids, numbering, settings, the NAV user, users and the audit log cannot cross: this
// interface is the one thing that differs between a folder of SQLite files and a PostgreSQL server.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../db/open';
import type { Db } from '../db/types';
import type { SecretBox } from '../secrets/secret-box';
import { serverSecretBox } from '../secrets/key-file';
import type { ExportSource } from '../export/snapshot';

export interface OpenedCompanyDb {
  db: Db;
  /** SQLite only: the raw handle the data area's backups use (PostgreSQL is backed up with pg_dump) */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

export interface CompanyStorage {
  /** creates and migrates the company's empty database (an existing one is kept: a creation that stopped half-way) */
  create(slug: string): Promise<void>;
  open(slug: string): Promise<OpenedCompanyDb>;
  /** the secret box sealing the company's stored passwords */
  secretBox(slug: string): SecretBox;
  /** SQLite: the company's file and its backups folder, for the data area (backups, restore, exports) */
  files?(slug: string): { dbFile: string; backups: string };
  /** PostgreSQL: where the data area's exports read the company's database (its backups are pg_dump's) */
  exportSource?(slug: string): ExportSource;
}

/** `serve --companies <dir>`: `<dir>/companies/<slug>.sqlite`, each with its own key file and backups folder. */
export function sqliteCompanyStorage(dir: string, env: Record<string, string | undefined>): CompanyStorage {
  const root = resolve(dir);
  const files = (slug: string) => ({ dbFile: join(root, 'companies', `${slug}.sqlite`), backups: join(root, 'backups', slug) });
  return {
    async create(slug) {
      mkdirSync(join(root, 'companies'), { recursive: true });
      const opened = await openDatabase(files(slug).dbFile);
      await opened.close();
    },
    async open(slug) {
      const { dbFile } = files(slug);
      // A company of the directory whose file is gone is an operator's problem to see, not an empty company.
      if (!existsSync(dbFile)) throw new Error(`The database of company ${slug} is missing: ${dbFile}`);
      return openDatabase(dbFile);
    },
    secretBox: (slug) => serverSecretBox(files(slug).dbFile, env),
    files,
  };
}
