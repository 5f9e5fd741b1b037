// One syncing process per database file. The desktop and `npm run serve` may open the same file; both runtimes start
// a sync worker, but only the holder of this lease runs rounds. A holder that died (killed, crashed) does not block
// the file: the lease records its process id and that process's start time, and a lease whose process is gone — or
// whose pid now belongs to another program that started later (pids are reused) — is taken over at once (one
// machine per file: SQLite files are not shared between machines). The guards inside every step would make a second
// runner harmless anyway; the lease keeps it from being wasteful and keeps "replay, pull, push" in one hand.
import { readFileSync } from 'node:fs';
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';

const KEY = 'sync.lease';

interface Lease {
  holder: string;
  pid: number;
  /** when the holding process started (processStart); absent in leases written before it was recorded */
  started?: string | null;
  until: number;
}

/**
 * When a process started, as an opaque token that differs between two processes that had the same pid, or null when
 * this platform does not tell. Linux: field 22 of /proc/<pid>/stat (clock ticks since boot). Node offers no such
 * thing on macOS or Windows (it would take spawning `ps` or a native module for a lease check), so there only the
 * pid is checked: a lease of a dead process whose pid was reused by another program then waits for its expiry.
 */
export function processStart(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // field 2 (the command name, in parentheses) may itself hold spaces and parentheses: count after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // fields[0] is field 3
  } catch {
    return null;
  }
}

/** True while the process that wrote the lease still runs. */
function holderAlive(lease: Lease): boolean {
  try {
    process.kill(lease.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!lease.started) return true;
  const started = processStart(lease.pid);
  // a known, different start time: the pid was reused by another program
  return started === null || started === lease.started;
}

/** Takes or renews the lease; answers the pid of another live holder when it cannot. */
export async function takeLease(db: Db, holder: string, ms: number): Promise<{ ok: true } | { ok: false; pid: number }> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    const current = row ? (JSON.parse(row.value) as Lease) : null;
    const now = Date.now();
    if (current && current.holder !== holder && current.until > now && current.pid !== process.pid && holderAlive(current)) {
      return { ok: false as const, pid: current.pid };
    }
    const value = JSON.stringify({ holder, pid: process.pid, started: processStart(process.pid), until: now + ms } satisfies Lease);
    await trx.insertInto('settings').values({ key: KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    return { ok: true as const };
  });
}

export async function releaseLease(db: Db, holder: string): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    if (row && (JSON.parse(row.value) as Lease).holder === holder) await trx.deleteFrom('settings').where('key', '=', KEY).execute();
  });
}
