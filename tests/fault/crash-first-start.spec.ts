// Issue 6.1, first start: the migrations that create (or upgrade) the schema must be all-or-nothing. A kill while
// the first start migrates a fresh file, or two processes starting on one fresh file at once, must leave a file
// the next start opens — never a half-made schema that fails with "table … already exists".
import { expect, test } from '@playwright/test';
import { startChild, startServe, tempDir } from './support/procs';

test('a kill while the first start migrates leaves a file the next start opens @sqlite', async () => {
  test.setTimeout(180_000);
  const tmp = tempDir('first-start');
  const failures: string[] = [];
  try {
    // Kill moments spread over the migration window, measured from the worker's `opening` line.
    for (const delay of [0, 5, 10, 15, 20, 25, 30, 40, 50, 60]) {
      const file = tmp.file(`f${delay}.db`);
      const first = startChild(['tests/fault/workers/issuer.ts', file, '1']);
      await first.waitFor(/^opening$/, 60_000);
      await new Promise((res) => setTimeout(res, delay));
      await first.kill('SIGKILL');
      const second = startChild(['tests/fault/workers/issuer.ts', file, '2']);
      try {
        await second.waitFor(/^ready$/, 60_000);
      } catch (e) {
        failures.push(`killed ${delay} ms into the first start: ${/SqliteError: [^\n]*/.exec(String(e))?.[0] ?? String(e).slice(0, 300)}`);
      } finally {
        await second.kill('SIGKILL');
      }
    }
    expect(failures).toEqual([]);
  } finally {
    tmp.remove();
  }
});

test('two serve processes starting on one fresh file both come up @sqlite', async () => {
  test.setTimeout(180_000);
  const tmp = tempDir('first-start-race');
  const failures: string[] = [];
  try {
    for (let i = 0; i < 4; i++) {
      const file = tmp.file(`race${i}.db`);
      const both = await Promise.allSettled([startServe(file, 'race-key-0123456789'), startServe(file, 'race-key-0123456789')]);
      for (const s of both) {
        if (s.status === 'fulfilled') await s.value.kill();
        else failures.push(`round ${i}: ${/folio: [^\n]*/.exec(String(s.reason))?.[0] ?? String(s.reason).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  } finally {
    tmp.remove();
  }
});
