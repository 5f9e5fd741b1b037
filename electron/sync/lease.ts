// One syncing process per database file. The desktop and `npm run serve` may open the same file; both runtimes start
// a sync worker, but only the holder of this lease runs rounds. A holder that died (killed, crashed) does not block
// the file: its process id is checked, and a lease whose process is gone is taken over at once (one machine per file:
// SQLite files are not shared between machines). The guards inside every step would make a second runner harmless
// anyway; the lease keeps it from being wasteful and keeps "replay, pull, push" in one hand.
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';

const KEY = 'sync.lease';

interface Lease {
  holder: string;
  pid: number;
  until: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes or renews the lease; answers the pid of another live holder when it cannot. */
export async function takeLease(db: Db, holder: string, ms: number): Promise<{ ok: true } | { ok: false; pid: number }> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    const current = row ? (JSON.parse(row.value) as Lease) : null;
    const now = Date.now();
    if (current && current.holder !== holder && current.until > now && current.pid !== process.pid && alive(current.pid)) {
      return { ok: false as const, pid: current.pid };
    }
    const value = JSON.stringify({ holder, pid: process.pid, until: now + ms } satisfies Lease);
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
