// Diagnosis only (issue 41, issue_ratio): the CPU time of one invoice issued through core.call('invoices.create')
// against the raw writer of core-bench.ts, both with synchronous=OFF (the disk out), after a warm-up V8 needs.
// node --import tsx [--cpu-prof --cpu-prof-dir=DIR] tests/bench/issue-profile.ts [rounds] [per round] [warm-up] [core|raw|both]
import { benchInvoice } from '../fault/support/bodies';
import { tempDir } from '../fault/support/procs';
import { freshCore, rawIssuer, templateOf } from './core-bench';

const [rounds = 5, perRound = 1000, warmUp = 2000] = process.argv.slice(2, 5).map(Number);
const which = process.argv[5] ?? 'both';
const tmp = tempDir('issue-profile');
const a = await freshCore(tmp.file('core.db'));
const b = await freshCore(tmp.file('raw.db'));
for (const x of [a, b]) x.sqlite.pragma('synchronous = OFF');
try {
  const body = benchInvoice(a.clientId);
  const first = await a.core.call('invoices.create', body);
  const raw = rawIssuer(b.sqlite, await templateOf(a.sqlite, first.id));
  for (let i = 0; i < warmUp; i++) {
    if (which !== 'raw') await a.core.call('invoices.create', body);
    if (which !== 'core') raw.issue();
  }
  const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
  for (let round = 0; round < rounds; round++) {
    const out: string[] = [];
    if (which !== 'raw') {
      const c = cpu(); const t = performance.now();
      for (let i = 0; i < perRound; i++) await a.core.call('invoices.create', body);
      out.push(`core ${((cpu() - c) / perRound).toFixed(0)} µs CPU, ${(((performance.now() - t) * 1000) / perRound).toFixed(0)} µs wall`);
    }
    if (which !== 'core') {
      const c = cpu(); const t = performance.now();
      for (let i = 0; i < perRound; i++) raw.issue();
      out.push(`raw ${((cpu() - c) / perRound).toFixed(0)} µs CPU, ${(((performance.now() - t) * 1000) / perRound).toFixed(0)} µs wall`);
    }
    console.log(out.join('; '));
  }
} finally {
  await a.close();
  await b.close();
  tmp.remove();
}
