// No code of Folio's — the app, its scripts, its tests and benches — starts a program that `npm install` does not
// bring, beyond node, npm, npx, git, bash and coreutils, unless it has an npm fall-back named beside the call: a new
// machine with nothing but Node and npm must run `npm install && npm test` (tests/support/program-calls.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { findProgramCalls, violations } from '../support/program-calls';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['electron', 'scripts', 'tests', 'shared', 'migrations'];
const SOURCE = /\.(?:[cm]?ts|[cm]?js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function npmPackages(): Set<string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
}

test('every program the code starts is one a new machine has, or has an npm fall-back', () => {
  const calls = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
    findProgramCalls(relative(ROOT, file), readFileSync(file, 'utf8')),
  );
  // the scan sees the calls it must (a scan that finds nothing would pass for the wrong reason)
  expect(calls.some((c) => c.file === join('tests', 'nav', 'schema.ts') && c.program === 'xmllint')).toBe(true);
  expect(calls.filter((c) => c.program === 'node').length).toBeGreaterThan(10);
  const bad = violations(calls, npmPackages()).map((v) => `${v.file}:${v.line}: ${v.reason}`);
  expect(bad, bad.join('\n')).toEqual([]);
});

test('a planted call of a system program is named with its file and line', () => {
  const planted = [
    "import { execFileSync } from 'node:child_process';",
    '',
    // (the name joined here, so that a plain text search for calls does not take this fixture for a real one)
    `execFileSync('${'pdf'}toppm', ['-png', 'in.pdf', 'out']);`,
  ].join('\n');
  const bad = violations(findProgramCalls('tests/planted.spec.ts', planted), npmPackages());
  expect(bad.map((v) => `${v.file}:${v.line}: ${v.reason}`)).toEqual([
    'tests/planted.spec.ts:3: execFileSync starts "pdftoppm", which npm does not bring, with no npm fall-back',
  ]);
});

test('each form of calling child_process is read: namespaces, dynamic imports, promisify, shell strings, constants', () => {
  const source = [
    "import * as cp from 'child_process';",
    "import { spawn as run, exec } from 'node:child_process';",
    "import { promisify } from 'node:util';",
    "const { execFile } = await import('node:child_process');",
    "const later = promisify(execFile);",
    "const TOOL = '/usr/bin/convert';",
    `cp.spawnSync('${'ja'}va', ['-jar', 'x.jar']);`,
    "run(TOOL, []);",
    "exec('pdftotext -layout a.pdf -');",
    "await later(process.execPath, ['x.js']);",
    "await promisify(execFile)('git', ['status']);",
    '// optional accelerator; npm fall-back: xmllint-wasm',
    "execFile('xmllint', ['--noout', 'a.xml']);",
    '// optional accelerator; npm fall-back: no-such-package',
    "execFile('chromium', ['--version']);",
    'run(someVariable, []);',
  ].join('\n');
  const calls = findProgramCalls('x.ts', source);
  expect(calls.map((c) => [c.line, c.program])).toEqual([
    [7, 'java'], [8, 'convert'], [9, 'pdftotext'], [10, 'node'], [11, 'git'], [13, 'xmllint'], [15, 'chromium'], [16, null],
  ]);
  expect(violations(calls, new Set(['xmllint-wasm'])).map((v) => v.line)).toEqual([7, 8, 9, 15, 16]);
});
