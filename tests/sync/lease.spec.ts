// The sync lease of a database file: a holder that died gives it up at once — also when its pid was reused by another
// program (the lease records the holder's start time; Linux tells it, see processStart).
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { processStart, takeLease } from '../../electron/sync/lease';
import { ROOT, tempDir } from './support/nodes';

const FIVE_MINUTES = 5 * 60_000;

function spawnLine(args: string[]) {
  const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  let out = '';
  let err = '';
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const firstLine = new Promise<string>((res, rej) => {
    proc.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (out.includes('\n')) res(out.trim());
    });
    void exited.then(() => rej(new Error(`exited before answering: ${err.slice(-2000)}`)));
  });
  return { proc, exited, firstLine };
}

test('a lease whose pid is alive but belongs to a process started at another time is taken over at once', async () => {
  const dir = tempDir('lease');
  // a live process that is not the lease's holder: the pid was reused
  const other = spawnLine(['-e', 'console.log("up"); setInterval(() => {}, 60000)']);
  const { db, close } = await openDatabase(dir.file('lease.db'));
  try {
    await other.firstLine;
    const pid = other.proc.pid!;
    const started = processStart(pid);
    if (process.platform !== 'linux') {
      // documented fallback: no start time off Linux, the pid alone decides
      expect(started).toBeNull();
      await db.insertInto('settings').values({ key: 'sync.lease', value: JSON.stringify({ holder: 'other', pid, started: '1', until: Date.now() + FIVE_MINUTES }) }).execute();
      expect(await takeLease(db, 'me', FIVE_MINUTES)).toEqual({ ok: false, pid });
      return;
    }
    expect(started).toMatch(/^\d+$/);
    const write = (lease: object) =>
      db.insertInto('settings').values({ key: 'sync.lease', value: JSON.stringify(lease) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(lease) })).execute();

    // control: the same live pid with its true start time holds the lease
    await write({ holder: 'other', pid, started, until: Date.now() + FIVE_MINUTES });
    expect(await takeLease(db, 'me', FIVE_MINUTES)).toEqual({ ok: false, pid });

    await write({ holder: 'other', pid, started: String(Number(started) - 1), until: Date.now() + FIVE_MINUTES });
    expect(await takeLease(db, 'me', FIVE_MINUTES)).toEqual({ ok: true });
    const taken = JSON.parse((await db.selectFrom('settings').select('value').where('key', '=', 'sync.lease').executeTakeFirstOrThrow()).value);
    expect(taken).toMatchObject({ holder: 'me', pid: process.pid, started: processStart(process.pid) });
  } finally {
    other.proc.kill('SIGKILL');
    await other.exited;
    await close();
    dir.remove();
  }
});

test('a child process holding the lease, killed with SIGKILL, gives it up at once', async () => {
  const dir = tempDir('lease-kill');
  const file = dir.file('lease.db');
  const { db, close } = await openDatabase(file);
  const child = spawnLine(['--import', 'tsx', 'tests/sync/workers/lease-holder.ts', file]);
  try {
    expect(await child.firstLine).toBe('held');
    expect(await takeLease(db, 'me', FIVE_MINUTES)).toEqual({ ok: false, pid: child.proc.pid });
    child.proc.kill('SIGKILL');
    await child.exited;
    expect(await takeLease(db, 'me', FIVE_MINUTES)).toEqual({ ok: true });
  } finally {
    child.proc.kill('SIGKILL');
    await child.exited;
    await close();
    dir.remove();
  }
});
