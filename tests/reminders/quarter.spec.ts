// Issue 18.3 — a business quarter (1 May – 31 July 2026) walked day by day: each day the reminder pass runs and the
// outbox delivers to a real SMTP server. Rules: 3 days before, 7 and 21 days after the due date. Every rule's
// message arrives exactly once; a paid, cancelled or stopped invoice, and an opted-out client, get nothing more; a
// reminder queued and then overtaken by the payment is taken back; "remind now" twice in a day mails once. The late
// interest in the mail is checked against a day-by-day sum (base rate + 8 pp, the rate of each half-year).
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import type { ParsedMail } from 'mailparser';
import { pdfText } from '../documents/pdf-text';
import { createBuyer } from '../support/fixtures';
import { addDays, openReminderRig, statementOf, type ReminderRig } from './support';

const START = '2026-05-01';
const DAYS = 92;

let rig: ReminderRig;
test.afterEach(async () => rig?.close());

async function issue(r: ReminderRig, client: number, due: string, net: number, lang = 'hu') {
  const created = await r.core.call('invoices.create', {
    client_uid: client,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: START,
    due_date: due,
    template_lang_code: lang,
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: net }],
  } as never);
  return r.core.invoices.read((created as { id: number }).id);
}

/** "before" for a reminder ahead of the due date, else the days late its subject names. */
function stepOf(mail: ParsedMail): string {
  const s = mail.subject ?? '';
  if (/esedékes| due /.test(s)) return 'before';
  const m = /(\d+) napja lejárt|is (\d+) days? overdue/.exec(s);
  if (!m) throw new Error(`unrecognised subject: ${s}`);
  return `+${m[1] ?? m[2]}`;
}

test('a quarter day by day: each rule step once, none after payment, stop, opt-out or cancellation', async () => {
  test.setTimeout(180_000);
  rig = await openReminderRig(START);
  const { core, smtp } = rig;
  await core.call('reminders.saveSettings', { enabled: true, steps: [21, -3, 7], interest: true, recovery_cost: true });
  await core.call('reminders.setBaseRate', { valid_from: '2024-09-25', rate: '6.5' });
  await core.call('reminders.setBaseRate', { valid_from: '2026-06-20', rate: '6.25' });

  const a = await createBuyer(core, { name: 'Alfa Kft.', email: 'alfa@example.test' });
  const b = await createBuyer(core, { name: 'Beta Ltd.', email: 'beta@example.test', taxcode: '10000001-2-41' });
  const c = await createBuyer(core, { name: 'Gamma Kft.', email: 'gamma@example.test', taxcode: '34567898-2-41' });
  await core.call('reminders.setClient', { id: c, opted_out: true });

  const late = await issue(rig, a, '2026-05-10', 100_000); // -3, +7, +21
  const paidAfterDue = await issue(rig, a, '2026-06-20', 50_000); // -3, then paid on 06-25 (before +7)
  const english = await issue(rig, b, '2026-06-25', 200_000, 'en'); // -3, +7, +21 across 1 July
  const optedOut = await issue(rig, c, '2026-05-15', 10_000); // nothing
  const stopped = await issue(rig, a, '2026-05-20', 30_000); // -3, then stopped on 05-24
  const cancelled = await issue(rig, a, '2026-05-25', 40_000); // cancelled at once: nothing
  const overtaken = await issue(rig, a, '2026-07-10', 60_000); // -3 queued on 07-07, paid before it goes
  await core.call('invoices.cancel', { id: cancelled.id });

  const expected = new Map<string, string[]>([
    [late.attributes.invoice_no!, ['before', '+7', '+21']],
    [paidAfterDue.attributes.invoice_no!, ['before']],
    [english.attributes.invoice_no!, ['before', '+7', '+21']],
  ]);
  const manualDay = '2026-05-12';

  for (let i = 0; i < DAYS; i++) {
    const day = addDays(START, i);
    rig.setDay(day);
    if (day === '2026-05-24') await core.call('reminders.stop', { id: stopped.id });
    if (day === '2026-06-25') await core.call('invoices.pay', { id: paidAfterDue.id, date: day, amount: paidAfterDue.attributes.outstanding });
    const pass = await core.call('reminders.run', {});
    expect(pass.date).toBe(day);
    expect(pass.skipped).toEqual([]);
    if (day === manualDay) {
      // two clicks on "remind now" the same day: one message
      await core.call('reminders.remindNow', { id: late.id });
      await core.call('reminders.remindNow', { id: late.id });
    }
    if (day === '2026-07-07') {
      expect(pass.queued.map((q) => q.invoice_id)).toContain(overtaken.id);
      // paid before the outbox got to it: the next pass takes it back
      await core.call('invoices.pay', { id: overtaken.id, date: day, amount: overtaken.attributes.outstanding });
      const again = await core.call('reminders.run', {});
      expect(again.withdrawn).toBe(1);
    }
    await rig.mailer.runDue();
  }

  const mails = smtp.messages;
  const byNumber = new Map<string, string[]>();
  for (const m of mails) {
    const number = [...expected.keys(), optedOut, stopped, cancelled, overtaken].map((x) => (typeof x === 'string' ? x : x.attributes.invoice_no!)).find((n) => m.subject?.includes(n));
    expect(number, `a reminder for an unknown invoice: ${m.subject}`).toBeDefined();
    byNumber.set(number!, [...(byNumber.get(number!) ?? []), stepOf(m)]);
  }
  // the manual reminder of `late` (12 May, 2 days late) is its own message, once
  expected.set(late.attributes.invoice_no!, ['before', '+2', '+7', '+21']);
  expected.set(stopped.attributes.invoice_no!, ['before']);
  for (const [number, steps] of expected) expect(byNumber.get(number), number).toEqual(steps);
  expect(byNumber.has(optedOut.attributes.invoice_no!)).toBe(false);
  expect(byNumber.has(cancelled.attributes.invoice_no!)).toBe(false);
  expect(byNumber.has(overtaken.attributes.invoice_no!)).toBe(false);
  expect(mails).toHaveLength([...expected.values()].flat().length);
  for (const m of mails) expect(m.to && 'text' in m.to ? m.to.text : '').toMatch(/@example\.test/);

  // The English reminder 21 days late: interest summed day by day, each day at the base rate in force the day before
  // its half-year began (H1 2026: 6.5 %, H2: 6.25 %) plus 8 points, on the gross amount, a year of 365 days.
  const en = mails.find((m) => m.subject?.includes(english.attributes.invoice_no!) && stepOf(m) === '+21')!;
  const gross = new Big(english.attributes.gross_total);
  let sum = new Big(0);
  for (let d = addDays('2026-06-25', 1); d <= '2026-07-16'; d = addDays(d, 1)) sum = sum.plus(gross.times(d < '2026-07-01' ? '14.5' : '14.25').div(36500));
  const interest = sum.round(0, Big.roundHalfUp).toFixed(0);
  const grouped = interest.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  expect(en.text).toContain('Late-payment interest to 16 Jul 2026');
  expect(en.text).toContain(grouped);
  expect(en.text).toContain('14.25% a year');
  // no exchange-rate service in this rig: the recovery cost is stated in euros alone
  expect(en.text).toMatch(/Recovery cost \(Hungarian Civil Code 6:155 \(2\)\): EUR\s40\.00\s*$/m);
  const enStatement = (await pdfText(statementOf(en))).text;
  expect(enStatement).toContain('Statement of account');
  expect(enStatement).toContain(english.attributes.invoice_no!);
  expect(enStatement).toContain(grouped);
  expect(en.subject).toBe(`Payment reminder: invoice ${english.attributes.invoice_no} is 21 days overdue`);
  const history = await core.call('reminders.forInvoice', { id: english.id });
  expect(history.history.map((h) => h.step)).toEqual(['rule:+21', 'rule:+7', 'rule:-3']);
  expect(history.history[0]!.interest).toBe(new Big(interest).toFixed(3));
  expect(history.history.every((h) => h.mail_state === 'sent')).toBe(true);

  // The statement attached to `late`'s last reminder (31 May) lists the client's open invoices, not the cancelled one.
  const last = mails.find((m) => m.subject?.includes(late.attributes.invoice_no!) && stepOf(m) === '+21')!;
  expect(last.attachments[0]!.filename).toBe('Folyószámla-kivonat-2026-05-31.pdf');
  const text = (await pdfText(statementOf(last))).text;
  expect(text).toContain('Folyószámla-kivonat');
  for (const inv of [late, paidAfterDue, stopped]) expect(text).toContain(inv.attributes.invoice_no!);
  expect(text).not.toContain(cancelled.attributes.invoice_no!);
  expect(text).toContain('Behajtási költségátalány');

  // The invoice's own history: the stopped invoice shows its one reminder and that it is stopped.
  const stoppedView = await core.call('reminders.forInvoice', { id: stopped.id });
  expect(stoppedView.stopped).toBe(true);
  expect(stoppedView.history).toHaveLength(1);
  const overtakenView = await core.call('reminders.forInvoice', { id: overtaken.id });
  expect(overtakenView.history.map((h) => h.state)).toEqual(['withdrawn']);
});
