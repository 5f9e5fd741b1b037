// PostgreSQL's CPU time, for the pg bench's "CPU per invoice" (issue 41): read from /proc for the server on this
// machine — the postmaster and every backend it started, with the time of backends that ended (the postmaster's
// children's time once it reaped them). Linux only; elsewhere, or for a server on another host, null.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime of a process, in ms, and its parent; null when it is gone. */
function stat(pid: number): { ppid: number; own: number; children: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return { ppid: Number(f[1]), own: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
}

/** The postmaster of the server `url` names, when it runs on this machine. */
export async function postmasterOf(url: string): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return stat(rows[0]!.pid)?.ppid ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** CPU ms the server has used so far: the postmaster, its live children, and the ended children it reaped. */
export function serverCpuMs(postmaster: number): number {
  const main = stat(postmaster);
  if (!main) return NaN;
  let total = main.own + main.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === postmaster) total += s.own + s.children;
  }
  return total;
}
