// `npm run bench -- --out <file.json>`: runs every benchmark section and writes one JSON object of figures.
// Each section is a module in this folder exporting `run(): Promise<Record<string, number>>`; a section that fails
// is reported with its error and the others still run. `--only a,b` runs some sections.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const SECTIONS = ['core', 'start', 'pdf', 'facturx', 'recurring', 'load', 'sync', 'ui', 'import', 'einvoice', 'bank', 'reports', 'pg', 'nav-inbound'] as const;

const { values } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } } });
const only = values.only ? values.only.split(',') : [...SECTIONS];

const results: Record<string, unknown> = { machine: { cores: (await import('node:os')).cpus().length, node: process.version } };
for (const section of SECTIONS.filter((s) => only.includes(s))) {
  const started = Date.now();
  try {
    const mod = (await import(`./${section}-bench.ts`)) as { run(): Promise<Record<string, number>> };
    const figures = await mod.run();
    Object.assign(results, figures);
    console.error(`bench ${section}: ${JSON.stringify(figures)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results[`${section}_error`] = e instanceof Error ? e.message : String(e);
    console.error(`bench ${section} failed: ${e instanceof Error ? e.stack : String(e)}`);
  }
}
const json = JSON.stringify(results, null, 2);
if (values.out) writeFileSync(values.out, `${json}\n`);
console.log(json);
