// Issue 6.1 — numbers survive crashes. A child issues invoices through the core (normal, proforma, drafts issued,
// cancellations, payments, proforma → invoice, four blocks, two business years) and is SIGKILLed at seeded random
// moments, the next child starting on the same file right away. After every kill the file must be intact, every
// acknowledged invoice must be there with its number, and the invariants of tests/fault/support/invariants.ts must
// hold: gapless unique numbers per block+kind+year, whole invoices, complete cancellation pairs.
// Replay a failure with FOLIO_FAULT_SEED=<seed printed below>. The worker runs bundled (see issuerEntry) so 50
// children fit in the time; FOLIO_FAULT_TSX=1 runs it through tsx, as `node --import tsx …/issuer.ts <db>`.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkInvariants, missingAcks } from './support/invariants';
import { rng } from './support/bodies';
import { issuerEntry, seedFrom, startChild, tempDir, type Child } from './support/procs';

const KILLS = 50;
const BUDGET_MS = 150_000; // a hard stop: the suite must stay bounded even on a slow machine

test('50 SIGKILLs at random moments lose no number and leave no half-written invoice @sqlite', async () => {
  test.setTimeout(BUDGET_MS + 60_000);
  const seed = seedFrom('FOLIO_FAULT_SEED');
  console.log(`crash test seed: FOLIO_FAULT_SEED=${seed}`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const r = rng(seed);
  const tmp = tempDir('crash');
  const file = tmp.file('folio.db');
  const acks = new Map<number, string | null>();
  const errors: string[] = [];
  // Every child is started in standby: it loads its modules while the previous one works, and touches the file
  // only when told, right after the previous one is killed.
  const entry = await issuerEntry();
  const spawnIssuer = (i: number): Child =>
    startChild([entry, file, String(seed + i), r() < 0.3 ? '2025' : '2026'], { FOLIO_STANDBY: '1' }, (line) => {
      const m = /^ack (\d+) (\S+)$/.exec(line);
      if (m) acks.set(Number(m[1]), m[2] === '-' ? null : m[2]!);
      else if (line.startsWith('error ')) errors.push(line);
    });

  const started = Date.now();
  let kills = 0;
  let midStartKills = 0;
  let child = spawnIssuer(0);
  let next: Child | undefined;
  try {
    // The first child migrates the fresh file; a kill during that is the subject of crash-first-start.spec.ts.
    await child.waitFor(/^standby$/, 60_000);
    child.send('go');
    await child.waitFor(/^ready$/);
    while (kills < KILLS && Date.now() - started < BUDGET_MS) {
      next = spawnIssuer(kills + 1);
      // Most kills land while invoices are being written; some while the child opens the file and sets up.
      if (r() < 0.15) {
        await child.waitFor(/^opening$/);
        await sleep(Math.floor(r() * 60));
        midStartKills++;
      } else {
        await child.waitFor(/^ready$/);
        await sleep(Math.floor(r() * 400));
      }
      await next.waitFor(/^standby$/, 60_000);
      // the child was still at work when the kill landed: it had not exited by itself (null = ended by a signal)
      expect(await child.kill('SIGKILL'), `child ${kills} exited before its kill (seed ${seed})`).toBeNull();
      kills++;
      next.send('go');
      [child, next] = [next, undefined];
      expect(errors, `the issuer refused a write (seed ${seed})`).toEqual([]);
      // The check reads one consistent snapshot while the next child already writes beside it.
      const report = checkInvariants(file);
      expect(report.violations, `after kill ${kills} (seed ${seed})`).toEqual([]);
      expect(missingAcks(file, acks), `after kill ${kills} (seed ${seed})`).toEqual([]);
    }
    await child.kill('SIGKILL');
    const final = checkInvariants(file);
    expect(final.violations).toEqual([]);
    console.log(
      `crash test: ${kills} kills (${midStartKills} during start-up) in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${final.invoices} invoices, ${acks.size} acknowledged writes, all present`,
    );
    expect(kills, `only ${kills} kills fit in the time budget`).toBeGreaterThanOrEqual(KILLS);
    expect(final.numbered).toBeGreaterThan(100);
  } finally {
    await Promise.all([child.kill('SIGKILL'), next?.kill('SIGKILL')]);
    tmp.remove();
    if (entry.endsWith('.mjs')) rmSync(entry, { force: true });
  }
});

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
