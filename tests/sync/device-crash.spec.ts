// Issue 7 — the device dies mid-sync. A desktop in a child process adds work and syncs in a loop; it is SIGKILLed at
// seeded random moments (during its local work, its pulls and its pushes — between a request and the record of its
// answer, too), eight times, each next process continuing on the same file. At the end, a last sync from this
// process: the remote and the device must hold the same records, once each, with gapless numbers.
// Replay a failure with FOLIO_SYNC_SEED=<seed printed below>.
import { spawn } from 'node:child_process';
import BetterSqlite3 from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { differences, numberingProblems, snapshot, snapshotFile } from './support/digest';
import { openDevice, ROOT, startRemote, syncOk, tempDir } from './support/nodes';

const KILLS = 8;

function startDevice(file: string, url: string, seed: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/sync/workers/device.ts', file, url, String(seed)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  return {
    async waitFor(re: RegExp, ms: number) {
      const until = Date.now() + ms;
      while (!re.test(out)) {
        if (proc.exitCode !== null) throw new Error(`device exited: ${err.slice(-2000)}`);
        if (Date.now() > until) throw new Error(`no ${re} in ${ms} ms: ${out.slice(-500)} ${err.slice(-1000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
    rounds: () => (out.match(/^round /gm) ?? []).length,
  };
}

test('eight SIGKILLs of a device mid-sync: no record lost or doubled on either side', async () => {
  test.setTimeout(240_000);
  const seed = process.env.FOLIO_SYNC_SEED ? Number(process.env.FOLIO_SYNC_SEED) : Math.floor(Math.random() * 2 ** 31);
  console.log(`device crash test seed: FOLIO_SYNC_SEED=${seed}`);
  let s = seed;
  const r = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const tmp = tempDir('devcrash');
  const remote = await startRemote(tmp.file('remote.db'));
  const file = tmp.file('device.db');
  try {
    let rounds = 0;
    let midRequest = 0;
    const landed: string[] = [];
    for (let k = 0; k < KILLS; k++) {
      const child = startDevice(file, remote.url, seed + k);
      await child.waitFor(/^ready$/m, 60_000);
      // some kills during the offline work, most during sync rounds
      if (r() < 0.25) await new Promise((res) => setTimeout(res, Math.floor(r() * 150)));
      else {
        await child.waitFor(/^worked$/m, 60_000);
        await new Promise((res) => setTimeout(res, Math.floor(r() * 1500)));
      }
      rounds += child.rounds();
      await child.kill();
      // where the kill landed: with requests journaled but not all answered, the next process replays them
      const raw = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      try {
        const journal = (raw.prepare('select count(*) as n from sync_journal').get() as { n: number }).n;
        const state = raw.prepare('select push_cursor, pull_cursor from sync_state').get() as { push_cursor: number; pull_cursor: number } | undefined;
        if (journal > 0) midRequest++;
        landed.push(`${journal ? 'journal' : '-'}:${state?.push_cursor ?? 0}/${state?.pull_cursor ?? 0}`);
      } finally {
        raw.close();
      }
    }
    const d = await openDevice('Crashy Laptop', file);
    try {
      await d.runtime.core.call('sync.configure', { base_url: remote.url });
      const st = await syncOk(d);
      expect(st.pending_changes).toBe(0);
      await syncOk(d);
      const diff = differences(await snapshotFile(remote.file, true), await snapshot(d.opened.db, false));
      expect(diff, `seed ${seed}`).toEqual([]);
      expect(await numberingProblems(d.opened.db)).toEqual([]);
      expect((await d.runtime.core.call('sync.conflicts', {})).issues).toEqual([]);
      const n = (await snapshot(d.opened.db, false)).invoices.length;
      console.log(`device crash test: ${KILLS} kills (${midRequest} with requests in flight; push/pull cursors ${landed.join(' ')}), ${rounds} whole rounds, ${n} invoices identical on both sides`);
    } finally {
      await d.close();
    }
  } finally {
    await remote.stop();
    tmp.remove();
  }
});
