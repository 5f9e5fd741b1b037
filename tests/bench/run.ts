// `npm run bench -- --out <file.json>`: runs every benchmark section and writes one JSON object of figures.
// Each section is a module in this folder, `<name>-bench.ts`, exporting `run(options: BenchOptions)`
// (size.ts) that answers its figures; a section that fails is reported with its error, the others still run, and the
// command exits with status 1. `--only a,b` runs some sections; `--smoke` runs each at a small size (seconds each:
// what CI runs, so that a change that breaks a section fails there; docs/bench.md).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';
import type { BenchOptions } from './size';

const SECTIONS = ['core', 'start', 'pdf', 'facturx', 'recurring', 'load', 'sync', 'ui', 'import', 'einvoice', 'bank', 'reports', 'pg', 'nav-inbound'] as const;

const { values } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' }, smoke: { type: 'boolean' } } });
const only = values.only ? values.only.split(',') : [...SECTIONS];
const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length) throw new Error(`no bench section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
const options: BenchOptions = { smoke: values.smoke === true };

const results: Record<string, unknown> = { machine: { cores: (await import('node:os')).cpus().length, node: process.version }, ...(options.smoke ? { smoke: true } : {}) };
const seconds: Record<string, number> = {};
const failed: string[] = [];
const allStarted = Date.now();
// as the tests' global setup does: the `serve` bundle several sections spawn, brought up to date once
await ensureNodeBuilt();
for (const section of SECTIONS.filter((s) => only.includes(s))) {
  const started = Date.now();
  try {
    const mod = (await import(`./${section}-bench.ts`)) as { run(options: BenchOptions): Promise<Record<string, number>> };
    const figures = await mod.run(options);
    Object.assign(results, figures);
    console.error(`bench ${section}: ${JSON.stringify(figures)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed.push(section);
    results[`${section}_error`] = e instanceof Error ? e.message : String(e);
    console.error(`bench ${section} failed: ${e instanceof Error ? e.stack : String(e)}`);
  }
  seconds[section] = Math.round((Date.now() - started) / 100) / 10;
}
results.section_s = seconds;
const json = JSON.stringify(results, null, 2);
if (values.out) writeFileSync(values.out, `${json}\n`);
console.log(json);
console.error(`bench: ${Object.keys(seconds).length} sections in ${((Date.now() - allStarted) / 1000).toFixed(1)} s${failed.length ? `, FAILED: ${failed.join(', ')}` : ''}`);
// a section may leave a server's handle or a pool open: the figures are written, so end here
process.exit(failed.length ? 1 : 0);
