// `npm run serve` loads before it listens only what every start needs (docs/million.md "Start-up"): the engines
// of rarer work — SaxonJS (EN 16931 rules), the PDF engine, the pg driver, the IP-country table, the XML builder
// (NAV, e-invoices), the spreadsheet and CSV libraries (bank statements, imports, exports), the QR encoder — are
// imported when first used. esbuild's metafile of the serve entry gives the modules reached by static imports alone.
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';

const HEAVY = [
  'saxon-js',
  'pdfmake',
  'pdfkit',
  'fontkit',
  'pg',
  'geoip-country',
  'xmlbuilder2',
  '@e965/xlsx',
  'iconv-lite',
  'write-excel-file',
  'csv-stringify',
  'csv-parse',
  'qrcode',
];

test('the server entry reaches none of the heavy engines by a static import', async () => {
  const result = await build({
    absWorkingDir: process.cwd(),
    entryPoints: { serve: 'electron/server/main.ts' },
    outdir: 'unused',
    write: false,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    // as scripts/build-node.mjs
    external: ['better-sqlite3', 'geoip-country', 'saxon-js', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'],
  });
  const inputs = result.metafile.inputs;
  const entry = 'electron/server/main.ts';
  const reached = new Set([entry]);
  const staticImports: string[] = [];
  for (const queue = [entry]; queue.length; ) {
    for (const imp of inputs[queue.shift()!]?.imports ?? []) {
      if (imp.kind === 'dynamic-import') continue;
      staticImports.push(imp.path);
      if (!imp.external && !reached.has(imp.path)) {
        reached.add(imp.path);
        queue.push(imp.path);
      }
    }
  }
  const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path;
  const heavy = [...new Set(staticImports.map(packageOf).filter((p) => HEAVY.includes(p)))];
  expect(heavy).toEqual([]);
  // and the guard sees what it guards: the core and Fastify are there
  expect(reached.has('electron/core/index.ts')).toBe(true);
  expect([...reached].some((p) => packageOf(p) === 'fastify')).toBe(true);
});
