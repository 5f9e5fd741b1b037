// The built database is kept beside the bench (tests/bench/.cache/, git-ignored), named by the schema and the
// builder's version (buildKey), so a run after a builder change builds afresh and any other run reuses it. It is built
// under a temporary name and renamed when complete: an interrupted build is never reused.
//
// A new migration does not cost a new build (20 minutes at a million): a kept database made by the same builder
// whose migrations are the first ones of today's list is copied and migrated forward, as a user's database is when
// Folio is updated. Each kept file has a side file naming its builder version and migrations, so that is known
// without opening it. What the forward step took is logged: it is the new migration's cost at a million.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../../electron/db/open';
import { migrations } from '../../../migrations/index';
import { BUILDER_VERSION, buildKey, buildMillion } from './build';

export const CACHE_DIR = resolve(process.env.FOLIO_BENCH_CACHE ?? 'tests/bench/.cache');
/** forward-migrated copies kept beside their base; older ones beyond this are removed */
const KEEP_FORWARD = 3;

export interface CachedDb {
  file: string;
  /** seconds the build (or the forward migration) took; null when the cached file was reused */
  buildSeconds: number | null;
}

/** What the side file of a kept database says. */
export interface CacheInfo {
  builder: number;
  invoices: number;
  migrations: string[];
  /** the key of the kept database this one was migrated forward from, if any */
  from?: string;
}

const infoFile = (db: string) => `${db}.json`;

export function readCacheInfo(db: string): CacheInfo | null {
  try {
    return JSON.parse(readFileSync(infoFile(db), 'utf8')) as CacheInfo;
  } catch {
    return null;
  }
}

/** True when `base` holds the first migrations of `now` and fewer of them. */
export function isPrefix(base: readonly string[], now: readonly string[]): boolean {
  return base.length < now.length && base.every((name, i) => now[i] === name);
}

export async function millionDb(invoices: number, log: (s: string) => void = () => undefined): Promise<CachedDb> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = buildKey(invoices);
  const name = `million-${invoices}-${key}.db`;
  const file = join(CACHE_DIR, name);
  if (existsSync(file)) return { file, buildSeconds: null };
  const names = Object.keys(migrations);
  const kept = readdirSync(CACHE_DIR)
    .filter((f) => f.startsWith(`million-${invoices}-`) && f.endsWith('.db'))
    .map((f) => ({ file: join(CACHE_DIR, f), info: readCacheInfo(join(CACHE_DIR, f)) }));
  // the longest base is the fewest migrations to run
  const base = kept
    .filter((k) => k.info && k.info.builder === BUILDER_VERSION && isPrefix(k.info.migrations, names))
    .sort((a, b) => b.info!.migrations.length - a.info!.migrations.length)[0];
  const partial = join(CACHE_DIR, `building-${name}`);
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  if (base) {
    const started = performance.now();
    copyFileSync(base.file, partial);
    // a kept file is left checkpointed; should a reader have left a write-ahead log beside it, that log goes with it
    if (existsSync(`${base.file}-wal`) && statSync(`${base.file}-wal`).size > 0) copyFileSync(`${base.file}-wal`, `${partial}-wal`);
    const copied = performance.now();
    const opened = await openDatabase(partial);
    await opened.close();
    const pending = names.slice(base.info!.migrations.length);
    const seconds = (performance.now() - started) / 1000;
    log(`${invoices}: migrated the kept database forward (${pending.join(', ')}) in ${((performance.now() - copied) / 1000).toFixed(1)} s after a ${((copied - started) / 1000).toFixed(1)} s copy`);
    finish(partial, file, { builder: BUILDER_VERSION, invoices, migrations: names, from: base.file.match(/-([0-9a-f]{12})\.db$/)?.[1] });
    pruneForward(invoices, new Set([file, base.file]));
    return { file, buildSeconds: seconds };
  }
  // builds of the same size for an older builder, or with migrations this checkout does not have, are of no more use
  for (const old of kept) for (const f of [old.file, infoFile(old.file)]) rmSync(f, { force: true });
  const { seconds } = await buildMillion(partial, invoices, log);
  finish(partial, file, { builder: BUILDER_VERSION, invoices, migrations: names });
  return { file, buildSeconds: seconds };
}

function finish(partial: string, file: string, info: CacheInfo): void {
  for (const f of [`${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  writeFileSync(infoFile(file), JSON.stringify(info, null, 1));
  renameSync(partial, file);
}

/** Keeps the freshly built bases and the newest few forward copies; the rest take disk for nothing. */
function pruneForward(invoices: number, keep: Set<string>): void {
  const forward = readdirSync(CACHE_DIR)
    .filter((f) => f.startsWith(`million-${invoices}-`) && f.endsWith('.db'))
    .map((f) => join(CACHE_DIR, f))
    .filter((f) => !keep.has(f) && readCacheInfo(f)?.from)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of forward.slice(Math.max(0, KEEP_FORWARD - (keep.size - 1))))
    for (const f of [old, infoFile(old)]) rmSync(f, { force: true });
}
