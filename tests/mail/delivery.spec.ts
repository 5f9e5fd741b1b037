// Delivery guarantees of the outbox against a real SMTP server on 127.0.0.1: a message queued while the server is
// down goes out once it is back, exactly once (deliveries counted at the server), with exponential backoff between
// attempts; the outbox survives a restart; two workers on one file never send the same message; an attempt that
// died mid-send is taken up again after its lease with the same Message-ID.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/index';
import { openDatabase } from '../../electron/db/open';
import { createMailer, realTimers, type MailEvent, type Timers } from '../../electron/mail/index';
import { claimNext } from '../../electron/mail/outbox';
import { mailDb } from '../../electron/mail/tables';
import {
  businessClock, closedPort, createClient, issueInvoice, openFixture, renderPdf, smtpSettings, startSmtp, StepClock, until, type Fixture,
} from './helpers';

const here = dirname(fileURLToPath(import.meta.url));

let fx: Fixture;
test.beforeEach(async () => {
  fx = await openFixture();
});
test.afterEach(async () => {
  await fx.close();
});

const T0 = Date.parse('2026-03-15T09:00:00Z');

test('server down: the message stays queued with backoff 30 s, 60 s, 120 s …, then goes out exactly once', async () => {
  const port = await closedPort();
  const clock = new StepClock(T0);
  const mailer = createMailer({ db: fx.opened.db, clock, pdf: renderPdf, transportOptions: smtpSettings(port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
  const invoice = await issueInvoice(core, await createClient(core));
  expect(await core.call('invoices.send', { id: invoice.id })).toEqual({ queued: true, state: 'queued' });

  const gaps: number[] = [];
  for (let i = 0; i < 4; i++) {
    expect(await mailer.runDue()).toBe(1);
    const [entry] = await mailer.outboxForInvoice(invoice.id);
    expect(entry).toMatchObject({ state: 'queued', attempts: i + 1 });
    expect(entry!.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    gaps.push(Date.parse(entry!.next_attempt_at!) - clock.now().getTime());
    // Not due yet: a run before the retry time does nothing.
    clock.advance(gaps[i]! - 1);
    expect(await mailer.runDue()).toBe(0);
    clock.advance(1);
  }
  expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000]);

  const smtp = await startSmtp({ port });
  try {
    expect(await mailer.runDue()).toBe(1);
    clock.advance(3_600_000);
    expect(await mailer.runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [entry] = await mailer.outboxForInvoice(invoice.id);
    expect(entry).toMatchObject({ state: 'sent', attempts: 5, next_attempt_at: null });
    // the reason of the last failure is kept for the record
    expect(entry!.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
  } finally {
    await smtp.close();
  }
});

test('with the real timers of a started worker: queued while down, sent once the server is up, once', async () => {
  const port = await closedPort();
  const events: MailEvent[] = [];
  // the real timers, counted: the test waits for rounds of the worker, not for a guessed time
  let timerRounds = 0;
  const timers: Timers = {
    setTimeout: (fn, ms) => realTimers.setTimeout(() => (timerRounds++, fn()), ms),
    clearTimeout: (handle) => realTimers.clearTimeout(handle),
  };
  const mailer = createMailer({
    db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(port), timers,
    retry: { baseMs: 100, maxMs: 400 }, pollMs: 200, onEvent: (e) => events.push(e),
  });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
  const clientId = await createClient(core);
  const invoices = [await issueInvoice(core, clientId), await issueInvoice(core, clientId)];
  mailer.start();
  try {
    for (const inv of invoices) await core.call('invoices.send', { id: inv.id });
    await until(async () => events.filter((e) => e.type === 'retry').length >= 3);
    for (const inv of invoices) expect((await mailer.outboxForInvoice(inv.id))[0]!.state).toBe('queued');

    const smtp = await startSmtp({ port });
    try {
      await smtp.waitFor(2);
      await until(async () => (await Promise.all(invoices.map((i) => mailer.outboxForInvoice(i.id)))).every(([e]) => e!.state === 'sent'));
      // Let the worker run a few more rounds (poll, kicks): nothing is sent twice.
      for (const inv of invoices) await core.call('invoices.send', { id: inv.id }).then(() => undefined);
      await smtp.waitFor(4);
      const after = timerRounds;
      await until(async () => timerRounds >= after + 3);
      expect(smtp.messages).toHaveLength(4);
      const ids = smtp.messages.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(4);
    } finally {
      await smtp.close();
    }
  } finally {
    await mailer.stop();
  }
});

test('the outbox survives a restart: queued before, sent by the next process', async () => {
  const port = await closedPort();
  const first = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: first.send });
  const invoice = await issueInvoice(core, await createClient(core));
  await core.call('invoices.send', { id: invoice.id });
  await first.runDue();
  await fx.opened.close();

  const smtp = await startSmtp({ port });
  const reopened = await openDatabase(fx.file);
  try {
    // A later start, one hour on: the retry is due.
    const clock = new StepClock(Date.now() + 3_600_000);
    const second = createMailer({ db: reopened.db, clock, pdf: renderPdf, transportOptions: smtpSettings(port) });
    expect(await second.outboxForInvoice(invoice.id)).toMatchObject([{ state: 'queued', attempts: 1 }]);
    expect(await second.runDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(await second.outboxForInvoice(invoice.id)).toMatchObject([{ state: 'sent', attempts: 2 }]);
  } finally {
    await reopened.close();
    await smtp.close();
    fx.opened = await openDatabase(fx.file); // for afterEach
  }
});

test('two workers on one database file (two processes) never send the same message', async () => {
  const smtp = await startSmtp({ delayMs: 250 });
  try {
    const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const clientId = await createClient(core);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const inv = await issueInvoice(core, clientId);
      await core.call('invoices.send', { id: inv.id });
      ids.push(inv.id);
    }
    // Real processes: SQLite's locks are per connection, and two connections in one thread would stall each other.
    // The server takes 250 ms a message, so the two workers overlap and both take messages.
    const results = await Promise.all([runChild(fx.file, smtp.port), runChild(fx.file, smtp.port)]);
    const attempts = results.map((r) => r.attempts);
    expect(attempts.reduce((x, y) => x + y, 0)).toBe(12);
    expect(Math.min(...attempts)).toBeGreaterThan(0);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(12);
    for (const id of ids) expect((await mailer.outboxForInvoice(id))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  } finally {
    await smtp.close();
  }
});

function runChild(file: string, port: number): Promise<{ attempts: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'worker-child.ts'), file, String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

test('an attempt that died mid-send is taken up after its lease, with the same Message-ID (the at-least-once edge)', async () => {
  const smtp = await startSmtp();
  try {
    const clock = new StepClock(T0);
    const events: MailEvent[] = [];
    const mailer = createMailer({
      db: fx.opened.db, clock, pdf: renderPdf, transportOptions: smtpSettings(smtp.port), onEvent: (e) => events.push(e),
    });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const invoice = await issueInvoice(core, await createClient(core));
    await core.call('invoices.send', { id: invoice.id });
    // A process claims the message and dies before recording the outcome.
    const claimed = await claimNext(fx.opened.db, clock.now(), 5 * 60_000);
    expect(claimed).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await mailer.outboxForInvoice(invoice.id))[0]!.state).toBe('sending');

    // Within the lease the attempt may still be alive (another process): nobody else touches it.
    clock.advance(5 * 60_000 - 1);
    expect(await mailer.runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    clock.advance(1);
    expect(await mailer.runDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.messageId).toBe(claimed!.message_id);
    expect(events).toContainEqual({ type: 'interrupted', id: claimed!.id, invoiceId: invoice.id, messageId: claimed!.message_id });
    expect((await mailer.outboxForInvoice(invoice.id))[0]).toMatchObject({ state: 'sent', attempts: 2, interrupted: 1 });

    // The dead attempt cannot overwrite the outcome afterwards: only the holder of the attempt id records.
    const row = await mailDb(fx.opened.db).selectFrom('mail_outbox').select('attempt_id').executeTakeFirstOrThrow();
    expect(row.attempt_id).not.toBe(claimed!.attempt_id);
  } finally {
    await smtp.close();
  }
});

test('a recipient the server refuses for good (550) is failed with the reason; retry() queues it again', async () => {
  let refuse = true;
  const smtp = await startSmtp({
    onRcptTo(address, _session, callback) {
      if (refuse) {
        const err = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        callback(err);
      } else callback();
    },
  });
  try {
    const clock = new StepClock(T0);
    const mailer = createMailer({ db: fx.opened.db, clock, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const invoice = await issueInvoice(core, await createClient(core));
    await core.call('invoices.send', { id: invoice.id });
    await mailer.runDue();
    const [failed] = await mailer.outboxForInvoice(invoice.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed!.last_error).toContain('550');
    clock.advance(86_400_000);
    expect(await mailer.runDue()).toBe(0);

    await expect(mailer.retry(failed!.id + 1000)).rejects.toThrow('not found');
    refuse = false;
    expect(await mailer.retry(failed!.id)).toMatchObject({ state: 'queued', attempts: 0 });
    await expect(mailer.retry(failed!.id)).rejects.toThrow('is queued, not failed');
    await mailer.runDue();
    expect(smtp.messages).toHaveLength(1);
    expect((await mailer.outboxForInvoice(invoice.id))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  } finally {
    await smtp.close();
  }
});

test('a message that keeps failing temporarily is failed after the last allowed attempt', async () => {
  const smtp = await startSmtp({
    onMailFrom(_address, _session, callback) {
      callback(Object.assign(new Error('4.7.0 Try again later'), { responseCode: 451 }));
    },
  });
  try {
    const clock = new StepClock(T0);
    const mailer = createMailer({
      db: fx.opened.db, clock, pdf: renderPdf, transportOptions: smtpSettings(smtp.port), retry: { maxAttempts: 3 },
    });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const invoice = await issueInvoice(core, await createClient(core));
    await core.call('invoices.send', { id: invoice.id });
    for (let i = 0; i < 3; i++) {
      expect(await mailer.runDue()).toBe(1);
      clock.advance(3_600_000);
    }
    const [entry] = await mailer.outboxForInvoice(invoice.id);
    expect(entry).toMatchObject({ state: 'failed', attempts: 3 });
    expect(entry!.last_error).toMatch(/^Gave up after 3 attempts: .*451/);
    expect(smtp.messages).toHaveLength(0);
  } finally {
    await smtp.close();
  }
});
