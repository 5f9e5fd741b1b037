// Issue 6.2 — numbers survive concurrency. Two `serve` processes and a core inside this test process issue into one
// database file at once (normal invoices, proformas, cancellations) across two blocks. SQLite serialises the
// writers (BEGIN IMMEDIATE + busy_timeout), so every answer must be a success — no SQLITE_BUSY reaching a
// client — and the numbers must come out unique and gapless per block+kind+year, each acknowledged one present.
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { checkInvariants, missingAcks } from './support/invariants';
import { BUSINESS_NOW, buyerBody, invoiceBody, rng } from './support/bodies';
import { call } from './support/http';
import { seedFrom, startServe, tempDir } from './support/procs';

const KEY = 'concurrency-test-key-0123456789';
const WRITES_PER_DOOR = 400; // bounded by count …
const BUDGET_MS = 60_000; // … and by time

test('two serve processes and an in-process core issue into one file: all answers 200, numbers gapless @sqlite', async () => {
  test.setTimeout(180_000);
  const seed = seedFrom('FOLIO_FAULT_SEED');
  console.log(`concurrency test seed: FOLIO_FAULT_SEED=${seed}`);
  const tmp = tempDir('concurrency');
  const file = tmp.file('folio.db');
  // The first server migrates the fresh file before the second opens it (a race of two first starts is
  // crash-first-start.spec.ts's subject).
  const a = await startServe(file, KEY);
  const b = await startServe(file, KEY);
  const opened = await openDatabase(file);
  // on the business clock of the serve processes (FOLIO_NOW): one issue day, so every body is dated alike
  const core = await createCore({ db: opened.db, clock: fixedClock(BUSINESS_NOW) });
  try {
    const client = await call(a.url, 'POST', '/clients', { key: KEY, body: buyerBody('Párhuzamos Kft.') });
    expect(client.status).toBe(200);
    const clientId = (client.body as { data: { id: number } }).data.id;
    const block = await call(b.url, 'POST', '/invoices/blocks', { key: KEY, body: { name: 'Webshop', prefix: 'W' } });
    expect(block.status).toBe(200);
    const blocks = [0, (block.body as { data: { id: number } }).data.id];

    const acks = new Map<number, string | null>();
    const failures: string[] = [];
    const deadline = Date.now() + BUDGET_MS;

    // One HTTP writer: creates, and now and then cancels one of its own earlier invoices.
    async function httpWriter(url: string, n: number, r: () => number) {
      const mine: number[] = [];
      for (let i = 0; i < n && Date.now() < deadline; i++) {
        const cancel = mine.length > 0 && r() < 0.15;
        const res = cancel
          ? await call(url, 'GET', `/invoices/${mine.splice(Math.floor(r() * mine.length), 1)[0]}/cancel`, { key: KEY })
          : await call(url, 'POST', '/invoices', { key: KEY, body: invoiceBody(r, { clientId, type: r() < 0.8 ? 3 : 1, blockId: blocks[i % 2]!, paymentMethod: 2 }) });
        if (res.status !== 200) {
          failures.push(`${url} ${cancel ? 'cancel' : 'create'}: ${res.status} ${res.text.slice(0, 300)}`);
          continue;
        }
        const data = (res.body as { data: { id: number; attributes: { invoice_no: string | null; type: number } } }).data;
        acks.set(data.id, data.attributes.invoice_no);
        if (!cancel && data.attributes.type === 3) mine.push(data.id);
      }
    }

    async function coreWriter(n: number, r: () => number) {
      const mine: number[] = [];
      for (let i = 0; i < n && Date.now() < deadline; i++) {
        try {
          if (mine.length > 0 && r() < 0.15) {
            const c = await core.call('invoices.cancel', { id: mine.splice(Math.floor(r() * mine.length), 1)[0]! });
            acks.set(c.id, c.attributes.invoice_no);
          } else {
            const c = await core.call('invoices.create', invoiceBody(r, { clientId, type: r() < 0.8 ? 3 : 1, blockId: blocks[i % 2]!, paymentMethod: 2 }));
            acks.set(c.id, c.attributes.invoice_no);
            if (c.attributes.type === 3) mine.push(c.id);
          }
        } catch (e) {
          failures.push(`in-process core: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }

    // 4 clients per server (8 in flight over HTTP) and 2 in-process writers, all at once.
    const perClient = Math.ceil(WRITES_PER_DOOR / 4);
    const started = Date.now();
    await Promise.all([
      ...[0, 1, 2, 3].map((i) => httpWriter(a.url, perClient, rng(seed + i))),
      ...[0, 1, 2, 3].map((i) => httpWriter(b.url, perClient, rng(seed + 10 + i))),
      coreWriter(WRITES_PER_DOOR / 2, rng(seed + 20)),
      coreWriter(WRITES_PER_DOOR / 2, rng(seed + 21)),
    ]);
    const seconds = (Date.now() - started) / 1000;
    expect(failures, `seed ${seed}`).toEqual([]);
    const report = checkInvariants(file);
    expect(report.violations, `seed ${seed}`).toEqual([]);
    expect(missingAcks(file, acks)).toEqual([]);
    console.log(`concurrency: ${acks.size} writes from 3 processes in ${seconds.toFixed(1)} s, ${report.numbered} numbered invoices, no gap`);
    // The bound must not hollow the test out: most of the planned writes happened.
    expect(acks.size).toBeGreaterThan(WRITES_PER_DOOR * 1.5);
    expect(a.stderr() + b.stderr()).not.toMatch(/SQLITE_BUSY|database is locked/i);
  } finally {
    await opened.close();
    await Promise.all([a.kill(), b.kill()]);
    tmp.remove();
  }
});
