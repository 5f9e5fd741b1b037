// The recurring scheduler over a real core and database: catch-up, never backdated, copies of the base, max_qty,
// stop/resume, month ends, skip, the pending list, send_invoice and the timer.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { addDays } from '../../shared/dates';
import { createRecurringScheduler, type SchedulerTimer } from '../../electron/core/recurring/scheduler';
import type { RateProvider } from '../../electron/core/invoices/service';
import { issuedRows, makeBase, makeClient, makeProfile, openCore, type TestCore } from './support/setup';

/** 15 March 2026, 10:00 in Budapest. */
const NOW = '2026-03-15T10:00:00+01:00';
const TODAY = '2026-03-15';

let t: TestCore;
test.afterEach(async () => {
  await t?.close();
});

test('a monthly profile started 14 months ago issues 14 invoices dated today on the first pass and none on the second', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const base = await makeBase(t.core, client, { comment: 'Tárhely-szolgáltatás' });
  const profile = await makeProfile(t.core, base, { start_date: '2025-01-20', due_days: 10, comment: 'Havi díj' });
  const scheduler = createRecurringScheduler({ core: t.core });

  const first = await scheduler.runOnce();
  expect(first.failed).toEqual([]);
  expect(first.issued).toHaveLength(14);

  const rows = await issuedRows(t.db, profile);
  const occurrences = Array.from({ length: 14 }, (_, k) => {
    const m = k; // 2025-01-20 + k months
    const year = 2025 + Math.floor(m / 12);
    return `${year}-${String((m % 12) + 1).padStart(2, '0')}-20`;
  });
  expect(rows.map((r) => r.date)).toEqual(Array(14).fill(TODAY)); // never backdated
  expect(rows.map((r) => r.fulfillment_date)).toEqual(occurrences);
  expect(rows.map((r) => r.period_start)).toEqual(occurrences);
  expect(rows.map((r) => r.period_end)).toEqual(occurrences.map((d, k) => addDays(occurrences[k + 1] ?? '2026-03-20', -1)));
  expect(new Set(rows.map((r) => r.due_date))).toEqual(new Set([addDays(TODAY, 10)]));
  // A draft base issues normal invoices, numbered in period order without a gap.
  expect(rows.map((r) => r.type)).toEqual(Array(14).fill(3));
  expect(rows.map((r) => r.invoice_no)).toEqual(occurrences.map((_, k) => `2026-${String(k + 1).padStart(6, '0')}`));
  expect(rows.every((r) => r.sealed === 1 && r.status === 2)).toBe(true);
  expect(rows[0]!.comment).toBe('Tárhely-szolgáltatás\nHavi díj');

  // Same client, lines, prices and VAT as the base (the gross-priced line stays gross-priced).
  const read = await t.core.call('invoices.get', { id: rows[0]!.id });
  const baseRead = await t.core.call('invoices.get', { id: base });
  const lines = (inv: typeof read) =>
    inv.attributes.items.map((i) => [i.description, i.qty, i.net_unit_price, i.gross_unit_price, i.vat_id, i.gross_amount]);
  expect(lines(read)).toEqual(lines(baseRead));
  expect(read.attributes.client.name).toBe(baseRead.attributes.client.name);
  expect(read.attributes.recurring_uid).toBe(profile);

  const after = await t.core.call('recurring.get', { id: profile });
  expect(after.attributes.used_qty).toBe(14);
  expect(after.attributes.last_recurring_date).toBe('2026-02-20');
  expect(after.attributes.next_date).toBe('2026-03-20');
  expect(after.attributes.invoices).toHaveLength(14);
  const runs = await t.db.selectFrom('recurring_runs').selectAll().where('profile_id', '=', profile).orderBy('occurrence_date').execute();
  expect(runs.map((r) => [r.occurrence_date, r.invoice_id, r.skipped])).toEqual(rows.map((r) => [r.period_start, r.id, 0]));

  const second = await scheduler.runOnce();
  expect(second.issued).toEqual([]);
  expect(await issuedRows(t.db, profile)).toHaveLength(14);

  // The next period comes due on its day, dated that day.
  t.clock.set('2026-03-20T08:00:00+01:00');
  const third = await scheduler.runOnce();
  expect(third.issued.map((i) => [i.occurrence_date, i.period_end])).toEqual([['2026-03-20', '2026-04-19']]);
  expect((await issuedRows(t.db, profile)).at(-1)!.date).toBe('2026-03-20');
});

test('max_qty 5 issues five invoices and stops the profile', async () => {
  t = await openCore(NOW);
  const base = await makeBase(t.core, await makeClient(t.core));
  const profile = await makeProfile(t.core, base, { start_date: '2025-01-20', max_qty: 5 });
  const scheduler = createRecurringScheduler({ core: t.core });

  expect((await scheduler.runOnce()).issued).toHaveLength(5);
  const p = await t.core.call('recurring.get', { id: profile });
  expect(p.attributes).toMatchObject({ used_qty: 5, max_qty: 5, stopped: true, next_date: null, last_recurring_date: '2025-05-20' });
  expect((await scheduler.runOnce()).issued).toHaveLength(0);
  // Resuming a used-up profile issues nothing either: max_qty is the limit, not the stop flag.
  await t.core.call('recurring.resume', { id: profile });
  t.clock.advanceDays(60);
  expect((await scheduler.runOnce()).issued).toHaveLength(0);
  expect(await issuedRows(t.db, profile)).toHaveLength(5);
});

test('max_qty 0 means no limit; a profile that starts in the future issues nothing yet', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const unlimited = await makeProfile(t.core, await makeBase(t.core, client), { frequency: '1W', start_date: '2025-03-16', max_qty: 0, confirm_catch_up: 53 });
  const later = await makeProfile(t.core, await makeBase(t.core, client), { start_date: '2026-04-01' });
  const scheduler = createRecurringScheduler({ core: t.core });
  await scheduler.runOnce();
  expect(await issuedRows(t.db, unlimited)).toHaveLength(53); // 2025-03-16 … 2026-03-15, weekly
  expect(await issuedRows(t.db, later)).toHaveLength(0);
});

test('a stopped profile issues nothing; resumed, it continues from the next occurrence after the resume day', async () => {
  t = await openCore(NOW);
  const base = await makeBase(t.core, await makeClient(t.core));
  const profile = await makeProfile(t.core, base, { start_date: '2026-01-10' });
  const scheduler = createRecurringScheduler({ core: t.core });
  expect((await scheduler.runOnce()).issued.map((i) => i.occurrence_date)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);

  await t.core.call('recurring.stop', { id: profile });
  t.clock.set('2026-06-15T10:00:00+02:00');
  expect((await scheduler.runOnce()).issued).toEqual([]);
  expect(await scheduler.pendingOccurrences()).toEqual([]);

  await t.core.call('recurring.resume', { id: profile });
  // April, May and June 10 fell while it was stopped: they are not back-issued.
  expect((await scheduler.runOnce()).issued).toEqual([]);
  expect((await t.core.call('recurring.get', { id: profile })).attributes.next_date).toBe('2026-07-10');

  t.clock.set('2026-07-10T09:00:00+02:00');
  expect((await scheduler.runOnce()).issued.map((i) => i.occurrence_date)).toEqual(['2026-07-10']);
  expect((await issuedRows(t.db, profile)).map((r) => r.period_start)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-07-10']);
});

test('a profile started on January 31 bills the month ends: Feb 28, Mar 31, Apr 30 …', async () => {
  t = await openCore('2025-06-15T10:00:00+02:00');
  const base = await makeBase(t.core, await makeClient(t.core));
  const profile = await makeProfile(t.core, base, { start_date: '2025-01-31', fulfillment_shift: 2 });
  await createRecurringScheduler({ core: t.core }).runOnce();
  const rows = await issuedRows(t.db, profile);
  expect(rows.map((r) => [r.period_start, r.period_end, r.fulfillment_date])).toEqual([
    ['2025-01-31', '2025-02-27', '2025-02-02'],
    ['2025-02-28', '2025-03-30', '2025-03-02'],
    ['2025-03-31', '2025-04-29', '2025-04-02'],
    ['2025-04-30', '2025-05-30', '2025-05-02'],
    ['2025-05-31', '2025-06-29', '2025-06-02'],
  ]);
});

test('leap years: a yearly profile started on Feb 29 falls on Feb 28 in common years', async () => {
  t = await openCore('2029-03-01T10:00:00+01:00');
  const base = await makeBase(t.core, await makeClient(t.core));
  const profile = await makeProfile(t.core, base, { frequency: '1Y', start_date: '2024-02-29' });
  await createRecurringScheduler({ core: t.core }).runOnce();
  expect((await issuedRows(t.db, profile)).map((r) => r.period_start)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28']);
});

test('frequency errors name the field', async () => {
  t = await openCore(NOW);
  const base = await makeBase(t.core, await makeClient(t.core));
  for (const frequency of ['1X', '0M', 'M1', '', '1000D', 12, undefined]) {
    const error = await t.core
      .call('recurring.create', { base_invoice_uid: base, start_date: '2026-01-01', ...(frequency === undefined ? {} : { frequency }) })
      .then(() => null, (e: unknown) => e);
    expect(error, `frequency ${JSON.stringify(frequency)}`).toBeInstanceOf(FolioError);
    expect((error as FolioError).code).toBe('validation_failed');
    expect((error as FolioError).errors?.map((e) => e.field)).toEqual(['frequency']);
  }
  const profile = await makeProfile(t.core, base, { start_date: '2026-01-01', frequency: '2W' });
  const error = await t.core.call('recurring.update', { id: profile, frequency: 'weekly' }).catch((e: unknown) => e);
  expect((error as FolioError).errors?.[0]?.field).toBe('frequency');
});

test('pendingOccurrences lists what a pass would issue; skip records a run and moves past it, in order only', async () => {
  t = await openCore(NOW);
  const base = await makeBase(t.core, await makeClient(t.core, 'Távol Bt.'));
  const profile = await makeProfile(t.core, base, { start_date: '2025-01-20', fulfillment_shift: -1 });
  const scheduler = createRecurringScheduler({ core: t.core });

  const pending = await scheduler.pendingOccurrences();
  expect(pending).toHaveLength(14);
  expect(pending[0]).toEqual({
    profile_id: profile,
    base_invoice_id: base,
    occurrence_date: '2025-01-20',
    period_end: '2025-02-19',
    fulfillment_date: '2025-01-19',
    client_name: 'Távol Bt.',
    currency: 'HUF',
    total: '5715.000',
  });

  // Out of order is refused with the expected date in the message.
  const wrong = await scheduler.skipOccurrence(profile, '2025-03-20').catch((e: unknown) => e);
  expect(wrong).toBeInstanceOf(FolioError);
  expect((wrong as FolioError).code).toBe('rule_violation');
  expect((wrong as FolioError).message).toContain('2025-01-20');
  expect((await scheduler.skipOccurrence(profile, '2026-03-20').catch((e: unknown) => e)) as FolioError).toBeInstanceOf(FolioError);

  // "You were away — issue these 14?" "Only the latest."
  for (const p of pending.slice(0, 13)) await scheduler.skipOccurrence(profile, p.occurrence_date);
  expect((await scheduler.pendingOccurrences()).map((p) => p.occurrence_date)).toEqual(['2026-02-20']);
  const result = await scheduler.runOnce();
  expect(result.issued.map((i) => i.occurrence_date)).toEqual(['2026-02-20']);
  const runs = await t.db.selectFrom('recurring_runs').selectAll().where('profile_id', '=', profile).execute();
  expect(runs.filter((r) => r.skipped === 1)).toHaveLength(13);
  expect(runs.filter((r) => r.skipped === 0 && r.invoice_id !== null)).toHaveLength(1);
  const p = await t.core.call('recurring.get', { id: profile });
  expect(p.attributes).toMatchObject({ used_qty: 1, last_recurring_date: '2026-02-20', next_date: '2026-03-20' });
});

test('the copy keeps currency, a given rate, block, language, payment method; a proforma base issues proformas', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const block = await t.core.call('blocks.create', { name: 'Ismétlődő', prefix: 'REC' });
  const eur = await t.core.call('invoices.create', {
    client_uid: client,
    payment_method: 1, // cash: advance paid, so each copy is created paid
    currency: 'EUR',
    exchange_rate: '401.5',
    type: 0,
    block_uid: block.id,
    template_lang_code: 'en',
    fulfillment_date: '2026-01-01',
    due_date: '2026-01-01',
    items: [{ description: 'Support', vat_id: '1', qty: '2', net_unit_price: '50', unit: 'h' }],
  });
  const eurProfile = await makeProfile(t.core, eur.id, { start_date: '2026-02-01' });
  const proforma = await makeBase(t.core, client, { type: 1 });
  const proformaProfile = await makeProfile(t.core, proforma, { start_date: '2026-03-01' });
  await createRecurringScheduler({ core: t.core }).runOnce();

  const [copy] = await issuedRows(t.db, eurProfile);
  expect(copy).toMatchObject({
    type: 3,
    currency: 'EUR',
    exchange_rate: '401.5',
    exchange_rate_source: 'given',
    block_id: block.id,
    prefix: 'REC',
    template_lang_code: 'en',
    payment_method_id: 1,
    status: 1,
    total_milli: 127_000,
  });
  const read = await t.core.call('invoices.get', { id: copy!.id });
  expect(read.attributes.vat_summary[0]!.vat_huf).toBe(String(Math.round(27 * 401.5)) + '.000');
  const pro = await issuedRows(t.db, proformaProfile);
  // the base proforma took D-2026-000001 itself
  expect(pro.map((r) => [r.type, r.invoice_no])).toEqual([[1, 'D-2026-000002']]);
});

test('a looked-up rate is looked up again for each period’s fulfillment date', async () => {
  const asked: Array<[string, string]> = [];
  const rates: RateProvider = {
    async rateFor(currency, date) {
      asked.push([currency, date]);
      return { rate: date < '2026-02-01' ? '400' : '410', source: `TEST ${date}` };
    },
  };
  t = await openCore(NOW, { rates });
  const base = await makeBase(t.core, await makeClient(t.core), { currency: 'EUR', items: [{ description: 'Licenc', vat_id: '1', qty: '1', net_unit_price: '100' }] });
  asked.length = 0;
  const profile = await makeProfile(t.core, base, { start_date: '2026-01-05', fulfillment_shift: 3 });
  await createRecurringScheduler({ core: t.core }).runOnce();
  expect(asked).toEqual([
    ['EUR', '2026-01-08'],
    ['EUR', '2026-02-08'],
    ['EUR', '2026-03-08'],
  ]);
  expect((await issuedRows(t.db, profile)).map((r) => [r.exchange_rate, r.exchange_rate_source])).toEqual([
    ['400', 'TEST 2026-01-08'],
    ['410', 'TEST 2026-02-08'],
    ['410', 'TEST 2026-03-08'],
  ]);
});

test('a failing profile is reported and stops at the failure; the others are issued', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const good = await makeProfile(t.core, await makeBase(t.core, client), { start_date: '2026-01-01' });
  // EUR with no given rate and no provider: every occurrence needs a rate the core cannot find.
  const bad = await makeProfile(t.core, await makeBase(t.core, client, { currency: 'EUR', exchange_rate: '400' }), { start_date: '2026-01-01' });
  await t.db.updateTable('invoices').set({ exchange_rate_source: 'MNB 2026-01-01' }).where('id', '=', (await t.core.call('recurring.get', { id: bad })).attributes.base_invoice_uid).execute();
  const result = await createRecurringScheduler({ core: t.core }).runOnce();
  expect(result.issued.map((i) => i.profile_id)).toEqual([good, good, good]);
  expect(result.failed).toHaveLength(1);
  expect(result.failed[0]).toMatchObject({ profile_id: bad, occurrence_date: '2026-01-01', code: 'rule_violation' });
  expect(result.failed[0]!.error).toContain('exchange_rate');
  expect((await t.core.call('recurring.get', { id: bad })).attributes.used_qty).toBe(0);
});

test('send_invoice hands each issued invoice to onIssued after it is committed; other profiles are not sent', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const sent: Array<{ id: number; no: string | null; committed: boolean }> = [];
  const sending = await makeProfile(t.core, await makeBase(t.core, client), { start_date: '2026-01-15', send_invoice: true });
  await makeProfile(t.core, await makeBase(t.core, client), { start_date: '2026-01-15', send_invoice: false });
  const errors: unknown[] = [];
  const scheduler = createRecurringScheduler({
    core: t.core,
    onIssued: async (invoice) => {
      const stored = await t.db.selectFrom('recurring_runs').select('invoice_id').where('invoice_id', '=', invoice.id).executeTakeFirst();
      sent.push({ id: invoice.id, no: invoice.attributes.invoice_no, committed: Boolean(stored) });
      if (sent.length === 2) throw new Error('mail server down');
    },
    onError: (e) => errors.push(e),
  });
  const result = await scheduler.runOnce();
  expect(result.issued).toHaveLength(6);
  const sendingIds = (await issuedRows(t.db, sending)).map((r) => r.id);
  expect(sent.map((s) => s.id)).toEqual(sendingIds);
  expect(sent.every((s) => s.committed)).toBe(true);
  // A failing hook does not undo or repeat the issue.
  expect(errors).toHaveLength(1);
  expect(result.failed).toEqual([]);
});

test('two schedulers racing on one database issue each occurrence once', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const ids = [];
  for (let i = 0; i < 5; i++) ids.push(await makeProfile(t.core, await makeBase(t.core, client), { frequency: '1W', start_date: '2025-12-01' }));
  const a = createRecurringScheduler({ core: t.core });
  const b = createRecurringScheduler({ core: t.core });
  const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
  // weekly from Monday 2025-12-01 up to 2026-03-15: 15 occurrences each
  expect(ra.issued.length + rb.issued.length).toBe(5 * 15);
  for (const id of ids) {
    const rows = await issuedRows(t.db, id);
    expect(new Set(rows.map((r) => r.period_start)).size).toBe(rows.length);
    expect(rows).toHaveLength(15);
  }
  const numbers = (await t.db.selectFrom('invoices').select('number_seq').where('recurring_id', 'is not', null).orderBy('number_seq').execute()).map((r) => r.number_seq);
  expect(numbers).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
});

test('start runs a pass now and then on every tick; stop clears the timer', async () => {
  t = await openCore(NOW);
  const profile = await makeProfile(t.core, await makeBase(t.core, await makeClient(t.core)), { start_date: '2026-03-01', frequency: '1D' });
  let tick: (() => void) | null = null;
  let cleared = false;
  const timer: SchedulerTimer = {
    setInterval: (cb, ms) => {
      expect(ms).toBe(60_000);
      tick = cb;
      return 42;
    },
    clearInterval: (h) => {
      expect(h).toBe(42);
      cleared = true;
    },
  };
  const scheduler = createRecurringScheduler({ core: t.core, timer });
  const first = await scheduler.start();
  expect(first?.issued).toHaveLength(15); // March 1 … 15
  t.clock.advanceDays(1);
  tick!();
  await expect.poll(async () => (await issuedRows(t.db, profile)).length).toBe(16);
  await scheduler.stop();
  expect(cleared).toBe(true);
});

test('each invoice the scheduler issues is in the audit log as issued by Folio itself, with its profile and period', async () => {
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const base = await makeBase(t.core, client);
  const profile = await makeProfile(t.core, base, { start_date: '2026-01-20' });
  const scheduler = createRecurringScheduler({ core: t.core });
  const pass = await scheduler.runOnce();
  expect(pass.issued).toHaveLength(2);

  const rows = await issuedRows(t.db, profile);
  const log = await t.core.call('audit.list', { operation: 'recurring.issue', limit: 10 });
  expect(log.items.map((e) => [e.user_name, e.origin, e.target_ids, e.summary])).toEqual(
    rows
      .map((r) => ['Folio', 'background', [r.id], { profile_id: profile, occurrence_date: r.period_start }])
      .reverse(), // newest first
  );
});
