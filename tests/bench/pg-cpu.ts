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

/** Milliseconds of CPU the PostgreSQL processes this process started have used so far (whole ticks), or null. */
export function postgresCpuMs(): number | null {
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
  let ticks = 0;
  let found = false;
  for (const [pid, p] of procs) {
    if (p.name !== 'postgres' || !mine(pid)) continue;
    found = true;
    ticks += p.ticks;
  }
  return found ? ticks * TICK_MS : null;
}
