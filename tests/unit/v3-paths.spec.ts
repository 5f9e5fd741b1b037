// docs/v3.md's table of paths against Billingo's 3.0.15 description and the door's routes: every path and method of
// 3.0.15 (plus /partners/{id} from 3.0.14) has exactly one row, a row says "served" exactly when the door serves it,
// and a row not served gives its reason.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { v3Routes } from '../../electron/server/v3/index';
import { V3_REFERENCE_DIR } from '../support/v3-schema';

const STATES = ['served', 'not yet served', 'not served'] as const;

interface Row {
  key: string;
  state: string;
  reason: string;
}

function tableRows(): Row[] {
  const doc = readFileSync(resolve(process.cwd(), 'docs', 'v3.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Paths'));
  return section
    .split('\n')
    .filter((l) => /^\| (GET|POST|PUT|DELETE|PATCH) \|/.test(l))
    .map((l) => {
      const [method, path, state, reason] = l.split('|').slice(1, -1).map((c) => c.trim());
      return { key: `${method} ${path}`, state: state!, reason: reason! };
    });
}

function describedOperations(): string[] {
  const v15 = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.15.json'), 'utf8')) as { paths: Record<string, object> };
  const v14 = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.14.json'), 'utf8')) as { paths: Record<string, object> };
  const ops = Object.entries(v15.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  // 3.0.15 lost /partners/{id}; the clients still use it as 3.0.14 describes it
  ops.push(...Object.keys(v14.paths['/partners/{id}']!).map((m) => `${m.toUpperCase()} /partners/{id}`));
  return ops.sort();
}

test('the table has one row for every path and method of 3.0.15 and /partners/{id}, and no other', () => {
  const rows = tableRows();
  const keys = rows.map((r) => r.key);
  expect(new Set(keys).size, 'a path listed twice').toBe(keys.length);
  expect([...keys].sort()).toEqual(describedOperations());
});

test('"served" rows are exactly the routes the door registers; the others give a reason', () => {
  const rows = tableRows();
  for (const r of rows) {
    expect(STATES, r.key).toContain(r.state);
    if (r.state !== 'served') expect(r.reason.length, `${r.key} needs a reason`).toBeGreaterThan(5);
  }
  const served = rows.filter((r) => r.state === 'served').map((r) => r.key).sort();
  const routes = v3Routes.map((r) => `${r.method} ${r.path}`).sort();
  expect(new Set(routes).size).toBe(routes.length);
  expect(routes).toEqual(served);
});
