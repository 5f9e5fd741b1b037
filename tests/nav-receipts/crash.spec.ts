// Crash safety of the receipt report (SIGKILL, as tests/nav/queue-crash.spec.ts does for invoices): a process killed
// after NAV recorded a day but before the answer arrived, and one killed with the request stored but not yet gone.
// A restart over the same file reports every day exactly once: the first found in NAV's list, the second sent.
// Then `npm run folio -- nav receipts --db … --day …` (the CLI's bundle) sends a later day.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { FOLIO_ENTRY } from '../support/built';
import { startFakeReceiptNav, type FakeReceiptNav } from './fake-receipt-server';
import { budapest, openReceiptRig, receipt, receiptEnv, reportRows, SELLER, tempDbFile } from './rig';

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = resolve(import.meta.dirname, 'receipt-child.ts');
const children = new Set<ChildProcess>();
let nav: FakeReceiptNav | undefined;
let remove: (() => void) | undefined;

test.afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  await nav?.close();
  remove?.();
  nav = remove = undefined;
});

/** Runs the child until it prints a line starting with `marker`, then kills it with SIGKILL. */
async function killAt(file: string, url: string, at: string, hold: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, url, at, hold], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  const line = await new Promise<string>((res) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = out.split('\n').find((l) => l.startsWith('HOLD') || l.startsWith('DONE'));
      if (found) res(found);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => res(`EXIT ${code} ${out}`));
  });
  const exited = new Promise((res) => child.on('exit', res));
  child.kill('SIGKILL');
  await exited;
  children.delete(child);
  return line;
}

test('SIGKILL after NAV recorded a day, and again before a request left: each day reaches NAV exactly once; the CLI sends a later day', async () => {
  const clock = new ManualClock(budapest('2026-10-14 12:00:00'));
  nav = await startFakeReceiptNav({ now: () => clock.now() });
  const tmp = tempDbFile();
  remove = tmp.remove;
  let rig = await openReceiptRig({ file: tmp.file, receiptUrl: nav.baseUrl, clock });
  await rig.core.call('settings.update', { seller: SELLER });
  await receipt(rig.core, [{ gross_unit_price: '1200' }]);
  clock.set(budapest('2026-10-15 12:00:00'));
  await receipt(rig.core, [{ gross_unit_price: '340', qty: '3' }]);
  clock.set(budapest('2026-10-16 12:00:00'));
  await receipt(rig.core, [{ vat_id: '2', gross_unit_price: '5600' }]);
  await rig.close();

  // 1. on the 16th: the 14th is recorded by NAV, the answer never arrives, the process dies
  expect(await killAt(tmp.file, nav.baseUrl, budapest('2026-10-16 06:00:00'), 'create-answer')).toBe('HOLD receipt/create');
  expect(nav.recorded('2026-10-14')).toHaveLength(1);
  expect(nav.recorded('2026-10-15')).toHaveLength(0);
  // 2. the next start: the 14th is found in NAV's list (no second CREATE); the 15th is stored as going out, then killed
  expect(await killAt(tmp.file, nav.baseUrl, budapest('2026-10-16 07:00:00'), 'create-request')).toBe('HOLD receipt/create');
  expect(nav.recorded('2026-10-15')).toHaveLength(0);

  // 3. an undisturbed start reports what is left
  clock.set(budapest('2026-10-16 08:00:00'));
  rig = await openReceiptRig({ file: tmp.file, receiptUrl: nav.baseUrl, clock });
  try {
    const pass = await rig.rt.receipts.pass();
    expect(pass).toMatchObject({ created: 1, refused: 0, failed: 0 });
    expect(await rig.rt.receipts.pass()).toMatchObject({ created: 0, found: 0, modified: 0 });
    const rows = await reportRows(rig.db);
    expect(rows.map((r) => [r.day, r.state, r.nav_id])).toEqual([
      ['2026-10-14', 'reported', nav.recorded('2026-10-14')[0]!.id],
      ['2026-10-15', 'reported', nav.recorded('2026-10-15')[0]!.id],
    ]);
    expect(rows[0]!.history).toContain('"outcome":"found"');
  } finally {
    await rig.close();
  }
  for (const day of ['2026-10-14', '2026-10-15']) expect(nav.records.filter((r) => r.day === day)).toHaveLength(1);
  expect(nav.calls.filter((c) => c.code === 'RECEIPT_ALREADY_EXISTS')).toEqual([]);
  expect(nav.schemaErrors).toEqual([]);

  // 4. the CLI on the 17th, one day: the 16th
  clock.set(budapest('2026-10-17 06:00:00'));
  const cli = await new Promise<{ code: number; stdout: string; stderr: string }>((res) =>
    execFile(
      process.execPath,
      [FOLIO_ENTRY, 'nav', 'receipts', '--db', tmp.file, '--day', '2026-10-16'],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, ...receiptEnv(nav!.baseUrl), FOLIO_NOW: budapest('2026-10-17 06:00:00') } },
      (error, stdout, stderr) => res({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
  expect(cli.code, cli.stdout + cli.stderr).toBe(0);
  expect(JSON.parse(cli.stdout)).toMatchObject({ status: 'ran', created: 1 });
  expect(nav.recorded('2026-10-16')).toEqual([expect.objectContaining({ total: '5600.00', categories: [{ vat: '5%', sale: '5600.00', modifying: '0.00' }] })]);
});
