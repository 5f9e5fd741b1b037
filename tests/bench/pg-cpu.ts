// PostgreSQL's CPU time as the bench's own processes see it (issue 41: "report PostgreSQL CPU per invoice"): the user
// and system time of every `postgres` process descending from this one — the embedded server the tests start
// (tests/support/pg-server.ts) and its backends — read from /proc. A server this process did not start
// (FOLIO_TEST_PG_URL) or a system without /proc answers null: its figure is then left out, not reported as 0.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat's utime and stime are in clock ticks, 100 a second on Linux. */
const TICK_MS = 10;

interface Proc {
  ppid: number;
  name: string;
  ticks: number;
}

function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the name is in parentheses and may hold spaces: the fields after it are counted from its closing one
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(entry), { name: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while the list was read
    }
  }
  return out;
}

/** The CPU ticks so far of each PostgreSQL process this process started, or null when there is none. */
function postgresTicks(): Map<number, number> | null {
  let procs: Map<number, Proc>;
  try {
    procs = processes();
  } catch {
    return null;
  }
  const mine = (pid: number) => {
    for (let p = procs.get(pid)?.ppid, depth = 0; p !== undefined && p > 1 && depth < 8; p = procs.get(p)?.ppid, depth++) {
      if (p === process.pid) return true;
    }
    return false;
  };
  const out = new Map<number, number>();
  for (const [pid, p] of procs) if (p.name === 'postgres' && mine(pid)) out.set(pid, p.ticks);
  return out.size ? out : null;
}

/**
 * Starts counting PostgreSQL's CPU time; the function returned answers the milliseconds used since (whole ticks), or
 * null. Counted per process: a process started since counts whole, one that ended since (an autovacuum worker)
 * takes its time with it — summing all processes instead would count that time as negative.
 */
export function countPostgresCpu(): () => number | null {
  const before = postgresTicks();
  return () => {
    const after = postgresTicks();
    if (!before || !after) return null;
    let ticks = 0;
    for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
    return ticks * TICK_MS;
  };
}
