// Issue 18.3 — SIGKILL between queueing and sending: `npm run serve` (the real bundle) starts on a file with 60
// invoices whose reminder step is due, its background pass queues the reminders one transaction at a time, and it
// is SIGKILLed at a random moment, again and again, with the SMTP server down (nothing can be sent). After every
// kill each recorded step has its outbox message and each reminder message its step; no step is there twice.
// Then the SMTP server comes up and a last `serve` delivers: every invoice's reminder arrives exactly once.
// A second test starts two `serve` processes on one file at once: their passes race, each reminder goes out once.
// Replay a failure with FOLIO_FAULT_SEED=<seed printed below>.
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { openDatabase } from '../../electron/db/open';
import { rng } from '../fault/support/bodies';
import { call } from '../fault/support/http';
import { seedFrom, startServe, tempDir, type Child } from '../fault/support/procs';
import { closedPort, startSmtp, type TestSmtp } from '../mail/helpers';
import { createBuyer, rawDb, seedSeller } from '../support/fixtures';

const API_KEY = 'reminder-crash-key-0123456789';
const INVOICES = 60;
const NOW = '2026-03-15T10:00:00+01:00';
const MAX_KILLS = 12;

interface Snapshot {
  steps: number;
  orphanSteps: number;
  orphanMessages: number;
  duplicates: number;
  sending: number;
}

/** What the file holds now, read beside nothing (the killed process is gone). */
function snapshot(file: string): Snapshot {
  const db = rawDb(file, { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      steps: one(`SELECT count(*) n FROM reminders`),
      orphanSteps: one(`SELECT count(*) n FROM reminders r LEFT JOIN mail_outbox m ON m.id = r.outbox_id WHERE m.id IS NULL OR m.purpose != 'reminder' OR m.invoice_id != r.invoice_id`),
      orphanMessages: one(`SELECT count(*) n FROM mail_outbox m WHERE m.purpose = 'reminder' AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.outbox_id = m.id)`),
      duplicates: one(`SELECT count(*) n FROM (SELECT invoice_id FROM reminders GROUP BY invoice_id HAVING count(*) > 1)`),
      sending: one(`SELECT count(*) n FROM mail_outbox WHERE state = 'sending'`),
    };
  } finally {
    db.close();
  }
}

/** A file with a seller, three clients and 60 invoices issued on 1 March, due 3–7 March: on the 15th, +7 is due. */
async function prepare(file: string): Promise<string[]> {
  const opened = await openDatabase(file);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock('2026-03-01T10:00:00+01:00') });
    await seedSeller(core);
    await core.call('reminders.saveSettings', { enabled: true, steps: [7], interest: true, recovery_cost: false });
    await core.call('reminders.setBaseRate', { valid_from: '2024-09-25', rate: '6.5' });
    const clients = [
      await createBuyer(core, { name: 'Alfa Kft.', email: 'alfa@example.test' }),
      await createBuyer(core, { name: 'Beta Kft.', email: 'beta@example.test', taxcode: '10000001-2-41' }),
      await createBuyer(core, { name: 'Gamma Kft.', email: 'gamma@example.test', taxcode: '34567898-2-41' }),
    ];
    const numbers: string[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const created = await core.call('invoices.create', {
        client_uid: clients[i % 3]!, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-01', due_date: `2026-03-0${3 + (i % 5)}`,
        items: [{ description: `Tétel ${i + 1}`, vat_id: 1, qty: 1, net_unit_price: 10_000 + i }],
      } as never);
      numbers.push((await core.invoices.read((created as { id: number }).id)).attributes.invoice_no!);
    }
    return numbers;
  } finally {
    await opened.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('SIGKILL while reminders are queued: none lost, none doubled, each delivered once afterwards', async () => {
  test.setTimeout(240_000);
  const seed = seedFrom('FOLIO_FAULT_SEED');
  console.log(`reminder crash seed: FOLIO_FAULT_SEED=${seed}`);
  const r = rng(seed);
  const tmp = tempDir('reminders');
  const file = tmp.file('folio.db');
  const numbers = await prepare(file);
  const port = await closedPort();
  const env = {
    FOLIO_NOW: NOW,
    FOLIO_SMTP_URL: `smtp://127.0.0.1:${port}?security=none`,
    FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>',
    FOLIO_REMINDERS_FIRST_MS: '0',
    FOLIO_RATES_PREFETCH: 'off',
    // An attempt against the closed port holds its message ('sending') for the milliseconds of a refused connection,
    // stretched while the pass renders statements; a kill in them leaves the message to its lease, shortened here
    // so the next process takes it again (nothing was delivered, so it is still sent once).
    FOLIO_MAIL_LEASE_MS: '2000',
    // refused attempts are retried every second rather than after a growing backoff, so the last start sends at once
    FOLIO_MAIL_RETRY_MS: '1000',
  };
  let child: (Child & { url: string }) | undefined;
  let smtp: TestSmtp | undefined;
  try {
    let kills = 0;
    let midPass = 0;
    let before = 0;
    while (kills < MAX_KILLS && before < INVOICES) {
      child = await startServe(file, API_KEY, env, { seller: false });
      // The pass starts at once and renders a statement per invoice. Once it has queued one more reminder it is
      // under way: the kill lands a random moment later, while it queues.
      const until = Date.now() + 30_000;
      while (snapshot(file).steps <= before && Date.now() < until) await sleep(20);
      await sleep(Math.floor(r() * 400));
      expect(await child.kill('SIGKILL')).toBeNull();
      child = undefined;
      kills++;
      const s = snapshot(file);
      expect(s.orphanSteps, `a step without its message after kill ${kills} (seed ${seed})`).toBe(0);
      expect(s.orphanMessages, `a reminder message without its step after kill ${kills} (seed ${seed})`).toBe(0);
      expect(s.duplicates, `a step recorded twice after kill ${kills} (seed ${seed})`).toBe(0);
      expect(s.steps).toBeGreaterThanOrEqual(before);
      if (s.steps > before && s.steps < INVOICES) midPass++;
      before = s.steps;
    }
    console.log(`reminder crash: ${kills} kills, ${midPass} in the middle of a pass, ${before} of ${INVOICES} queued before the last start`);
    expect(midPass, `no kill landed in the middle of a pass (seed ${seed})`).toBeGreaterThan(0);
    const cut = snapshot(file).sending;
    console.log(`reminder crash: ${cut} message(s) left 'sending' by a kill inside a refused SMTP attempt`);

    smtp = await startSmtp({ port });
    child = await startServe(file, API_KEY, env, { seller: false });
    const mails = await smtp.waitFor(INVOICES, 60_000);
    // a pass run again now has nothing left to queue
    const again = await call(child.url, 'POST', '/rpc/reminders.run', { key: API_KEY, body: {} });
    expect(again.status).toBe(200);
    expect((JSON.parse(again.text) as { data: { queued: unknown[] } }).data.queued).toEqual([]);
    await sleep(1500);
    expect(smtp.messages).toHaveLength(INVOICES);
    const seen = numbers.map((n) => mails.filter((m) => m.subject?.includes(` ${n} számla`)).length);
    expect(seen).toEqual(numbers.map(() => 1));
    const ids = new Set(mails.map((m) => m.messageId));
    expect(ids.size).toBe(INVOICES);
  } finally {
    await child?.kill('SIGKILL');
    await smtp?.close();
    tmp.remove();
  }
});

test('two `serve` processes on one file pass at the same time: each reminder is queued and delivered once', async () => {
  test.setTimeout(180_000);
  const tmp = tempDir('reminders-two');
  const file = tmp.file('folio.db');
  const numbers = await prepare(file);
  const smtp = await startSmtp();
  const env = {
    FOLIO_NOW: NOW,
    FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`,
    FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>',
    FOLIO_REMINDERS_FIRST_MS: '0',
    FOLIO_RATES_PREFETCH: 'off',
  };
  const children: Child[] = [];
  try {
    children.push(...(await Promise.all([startServe(file, API_KEY, env, { seller: false }), startServe(file, API_KEY, env, { seller: false })])));
    const mails = await smtp.waitFor(INVOICES, 120_000);
    await sleep(2000);
    expect(smtp.messages).toHaveLength(INVOICES);
    expect(numbers.map((n) => mails.filter((m) => m.subject?.includes(` ${n} számla`)).length)).toEqual(numbers.map(() => 1));
    const s = snapshot(file);
    expect(s).toMatchObject({ steps: INVOICES, orphanSteps: 0, orphanMessages: 0, duplicates: 0 });
  } finally {
    await Promise.all(children.map((c) => c.kill('SIGKILL')));
    await smtp.close();
    tmp.remove();
  }
});
