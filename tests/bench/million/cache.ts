// The built database is kept beside the bench (tests/bench/.cache/, git-ignored), named by the schema and the
// builder's version (buildKey), so a run after a new migration or a builder change builds afresh and any other run
// reuses it. It is built under a temporary name and renamed when complete: an interrupted build is never reused.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildKey, buildMillion } from './build';

export const CACHE_DIR = resolve('tests/bench/.cache');

export interface CachedDb {
  file: string;
  /** seconds the build took; null when the cached file was reused */
  buildSeconds: number | null;
}

export async function millionDb(invoices: number, log: (s: string) => void = () => undefined): Promise<CachedDb> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const name = `million-${invoices}-${buildKey(invoices)}.db`;
  const file = join(CACHE_DIR, name);
  if (existsSync(file)) return { file, buildSeconds: null };
  // builds of the same size for an older schema or builder are of no more use
  for (const old of readdirSync(CACHE_DIR)) if (old.startsWith(`million-${invoices}-`)) rmSync(join(CACHE_DIR, old), { force: true });
  const partial = join(CACHE_DIR, `building-${name}`);
  const { seconds } = await buildMillion(partial, invoices, log);
  for (const f of [`${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  renameSync(partial, file);
  return { file, buildSeconds: seconds };
}
