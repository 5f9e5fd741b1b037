// The shape of the code, checked on every run: no import cycles (type-only imports count: a cycle of types is still
// two modules that cannot be understood apart), the core does not reach up into the runtimes that use it (sync, the
// HTTP server, the Electron shell), shared/ stays free of Node and of everything outside it (the renderer imports it
// in the browser), and the invoice modules stay small enough to read.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const MAX_INVOICE_MODULE_LINES = 300;

let violations: IViolation[] | null = null;

/** One cruise for all the dependency rules (it reads a few hundred files; once is enough). */
async function cruiseViolations(): Promise<IViolation[]> {
  if (violations) return violations;
  const result = await cruise(
    ['electron', 'shared', 'renderer/lib'],
    {
      validate: true,
      // type-only imports are dependencies too
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      exclude: { path: '(^|/)node_modules/' },
      doNotFollow: { path: '(^|/)node_modules/' },
      ruleSet: {
        forbidden: [
          { name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } },
          {
            name: 'core-depends-on-runtime',
            severity: 'error',
            from: { path: '^electron/core/' },
            to: { path: '^electron/(sync|server|main)/' },
          },
          {
            name: 'shared-reaches-outside',
            severity: 'error',
            from: { path: '^shared/' },
            // node:* and other built-ins, electron, better-sqlite3, any package, any file outside shared/
            to: { pathNot: '^shared/' },
          },
        ],
      },
    },
    {},
    { tsConfig: extractTSConfig('tsconfig.json') },
  );
  violations = (result.output as ICruiseResult).summary.violations;
  return violations;
}

function describe(v: IViolation): string {
  if (v.cycle?.length) return [v.from, ...v.cycle.map((c) => c.name)].join(' → ');
  return `${v.from} → ${v.to}`;
}

async function broken(rule: string): Promise<string[]> {
  return (await cruiseViolations()).filter((v) => v.rule.name === rule).map(describe);
}

test('no import cycles in electron/, shared/ and renderer/lib (type-only imports included)', async () => {
  const cycles = await broken('no-cycle');
  // each cycle is reported once per module on it: show each cycle once
  const unique = [...new Map(cycles.map((c) => [c.split(' → ').slice(0, -1).sort().join('|'), c])).values()];
  expect(unique, `import cycles:\n${unique.join('\n')}`).toEqual([]);
});

test('the core does not import sync, the server or the Electron shell', async () => {
  const imports = await broken('core-depends-on-runtime');
  expect(imports, `electron/core/ imports from a runtime:\n${imports.join('\n')}`).toEqual([]);
});

test('shared/ imports nothing but shared/ (no node:*, electron, better-sqlite3 or packages)', async () => {
  const imports = await broken('shared-reaches-outside');
  expect(imports, `shared/ reaches outside:\n${imports.join('\n')}`).toEqual([]);
});

test(`every module in electron/core/invoices/ has at most ${MAX_INVOICE_MODULE_LINES} lines`, () => {
  const dir = 'electron/core/invoices';
  const long = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }))
    .filter((f) => f.lines > MAX_INVOICE_MODULE_LINES)
    .map((f) => `${f.file}: ${f.lines} lines`);
  expect(long, `too long (over ${MAX_INVOICE_MODULE_LINES} lines):\n${long.join('\n')}`).toEqual([]);
});
