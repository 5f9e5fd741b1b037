// How long `npm run serve` takes from the process's start to its `listening on …` line: the user's wait, and every
// test that starts a server pays it too.
// - serve_start_ms: median of 5 starts on a file with 100,000 invoices (300,000 lines), seeded like the core
//   section's read benchmarks (seedLarge).
// - serve_start_new_db_ms: median of 5 starts on a file that does not exist yet (creates it and runs every migration).
// - *_cpu_ms: the same starts' CPU time (user + system, Linux), which a busy machine does not inflate the way it
//   does the wall time.
// Both spawn `node scripts/launch.mjs serve`, what `npm run serve` runs (npm's own start, ≈0.2 s, not counted),
// including its check that the bundle is up to date; the bundle is built before the first measured start.
// A smoke run (size.ts): 2,000 invoices, 2 starts of each.
// FOLIO_BENCH_SERVE_TSX=1 measures the sources through tsx instead (how `npm run serve` ran before the bundle).
import { existsSync, readFileSync } from 'node:fs';
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';
import { seedLarge } from './core-bench';
import { startChild, tempDir } from '../fault/support/procs';
import { FULL, sized, type BenchOptions } from './size';

const KEY = 'start-bench-key-0123456789abcdef';

/** CPU time a process has used so far (user + system), from /proc on Linux; null elsewhere. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // fields 14 and 15, in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

async function startOnce(file: string): Promise<{ wall: number; cpu: number | null }> {
  const entry = process.env.FOLIO_BENCH_SERVE_TSX === '1' ? ['electron/server/main.ts'] : ['scripts/launch.mjs', 'serve'];
  const t = performance.now();
  const child = startChild([...entry, '--db', file, '--port', '0'], { FOLIO_API_KEY: KEY });
  try {
    await child.waitFor(/^listening on /, 60_000);
    return { wall: performance.now() - t, cpu: cpuMs(child.proc.pid!) };
  } finally {
    await child.kill('SIGTERM');
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]!);
}

function figures(name: string, starts: Array<{ wall: number; cpu: number | null }>): Record<string, number> {
  const cpu = starts.map((s) => s.cpu).filter((c): c is number => c !== null);
  return { [`${name}_ms`]: median(starts.map((s) => s.wall)), ...(cpu.length ? { [`${name}_cpu_ms`]: median(cpu) } : {}) };
}

export async function run(options: BenchOptions = FULL) {
  const STARTS = sized(options, 5, 2);
  await ensureNodeBuilt();
  const tmp = tempDir('start-bench');
  try {
    const large = tmp.file('large.db');
    await seedLarge(large, sized(options, 100_000, 2_000));
    await startOnce(large); // warm the file cache: the user's second start, not a cold disk
    const onLarge: Array<{ wall: number; cpu: number | null }> = [];
    for (let i = 0; i < STARTS; i++) onLarge.push(await startOnce(large));
    const onNew: Array<{ wall: number; cpu: number | null }> = [];
    for (let i = 0; i < STARTS; i++) {
      const file = tmp.file(`new-${i}.db`);
      if (existsSync(file)) throw new Error(`${file} exists`);
      onNew.push(await startOnce(file));
    }
    return { ...figures('serve_start', onLarge), ...figures('serve_start_new_db', onNew) };
  } finally {
    tmp.remove();
  }
}
