// Import benchmark: 10,000 clients from a Windows-1250, ';'-separated CSV (as older Hungarian programs export them),
// 500 of them already in Folio (found as duplicates and merged), through the real HTTP door the UI uses (/rpc), on a
// database file with the production pragmas (WAL, synchronous=FULL). Setup is not timed.
// Target: the import itself (import.run) ≤ 5 s; analyze and preview are measured beside it.
// A smoke run (size.ts): 200 rows, 10 of them known. Run alone: npx tsx tests/bench/run.ts --only import
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../electron/server/start';
import { CLIENT_HEADER, clientRow, csv, windows1250 } from '../import/files';
import { FULL, sized, type BenchOptions } from './size';

const KEY = 'import-bench-key-0123456789abcdef';

async function rpc<T>(url: string, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, (performance.now() - started) / 1000];
}

export async function run(options: BenchOptions = FULL): Promise<Record<string, number>> {
  const ROWS = sized(options, 10_000, 200);
  const EXISTING = ROWS / 20;
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-import-'));
  const server = await startServer({ dbFile: join(dir, 'folio.sqlite'), port: 0, auth: { apiKey: KEY } });
  try {
    const rows = Array.from({ length: ROWS }, (_, i) => clientRow(i));
    // every 20th row of the file is a client Folio already has
    for (let i = 0; i < EXISTING; i++) {
      const [name, taxcode, postcode, city, street] = rows[i * 20]!;
      const [, street_name, street_type, house_nr] = /^(.*) (\S+) (\d+)\.$/.exec(street!)!;
      await server.core.call('clients.create', {
        name: name!, taxcode: taxcode!, tax_type: 'HAS_TAX_NUMBER',
        billing_address: { postcode: postcode!, city: city!, street_name: street_name!, street_type: street_type!, house_nr: house_nr! },
      });
    }
    const bytes = windows1250(csv([CLIENT_HEADER, ...rows], ';'));
    const file = bytes.toString('base64');

    const [analysis, analyzeS] = await timed(() => rpc<{ encoding: string; separator: string; mapping: Record<string, number> }>(server.url, 'import.analyze', { kind: 'clients', file }));
    if (analysis.encoding !== 'windows-1250' || analysis.separator !== ';') throw new Error(`detected ${analysis.encoding} ${analysis.separator}`);
    const options = { kind: 'clients', file, encoding: analysis.encoding, separator: analysis.separator, mapping: analysis.mapping, duplicates: 'merge' };
    const [preview, previewS] = await timed(() => rpc<{ counts: { create: number; merge: number; errors: number } }>(server.url, 'import.preview', options));
    const [result, runS] = await timed(() => rpc<{ created: number; merged: number }>(server.url, 'import.run', options));
    if (result.created !== ROWS - EXISTING || result.merged !== EXISTING || preview.counts.errors !== 0) {
      throw new Error(`unexpected import: ${JSON.stringify({ preview: preview.counts, result })}`);
    }
    const listed = await server.core.call('clients.list', { max_per_page: 1 });
    if (listed.items[0]?.attributes.name !== rows[ROWS - 1]![0]) throw new Error('the last row is not the newest client');
    return {
      import_10k_file_mb: Math.round((bytes.length / 1024 / 1024) * 100) / 100,
      import_10k_analyze_s: round(analyzeS),
      import_10k_preview_s: round(previewS),
      import_10k_run_s: round(runS),
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (s: number) => Math.round(s * 1000) / 1000;
