// The reminders area of the core: the settings operations, an invoice's reminders (history, stop, resume, remind
// now) and the pass that queues the steps due today. The messages go through the mail outbox (ports given by the
// runtime: the outbox itself, the recipients, the sender's address, a wake-up for the worker, the statement's PDF
// renderer); without them, only the
// settings work. docs/reminders.md.
import { randomUUID, createHash } from 'node:crypto';
import { FolioError, rule } from '../../../shared/errors';
import type { BaseRate, InvoiceReminders, ReminderPass, ReminderSettingsInput } from '../../../shared/contract/areas/reminders';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { addDays } from '../../../shared/dates';
import { parseDecimal, toMilli } from '../../../shared/money';
import type { StatementView } from '../../documents/statement';
import { resolveDocLang } from '../../documents/i18n';
import { addressOf, isEmailAddress } from '../../../shared/email-address';
import { writeTransaction } from '../../db/transaction';
import { inIds } from '../../db/portable';
import { systemClock, type Clock } from '../clock';
import { nowStamp, today, type CoreContext } from '../context';
import type { RateProvider } from '../invoices/types';
import { composeReminder } from './compose';
import { baseRateFor, daysLate, halfYearStart, INTEREST_MARGIN, lateInterest } from './interest';
import { isOpen, openInvoicesDue } from './open-invoices';
import type { ReminderOutbox } from './outbox-port';
import { historyOf, queueReminder, withdrawWaiting, type ReminderPlan } from './queue';
import { recoveryCost, recoveryCostText } from './recovery-cost';
import * as store from './settings';
import { buildStatement } from './statement';
import { dueDateWindow, dueStep, manualStepKey, nextStep } from './steps';
import { reminderDb } from './tables';
import Big from 'big.js';

/** What the runtime lends the reminders: the outbox's side. */
export interface ReminderPorts {
  /** the From address in use, or null while e-mail is not set up */
  mailFrom(): Promise<string | null>;
  /** wakes the outbox worker after a reminder was queued */
  kick(): void;
  statementPdf(view: StatementView): Promise<Uint8Array>;
  /** the outbox the messages go into, in the transaction that records their step */
  outbox: ReminderOutbox;
  /** who an invoice's mail goes to (the client's addresses as they are now); refuses with the field when none is valid */
  recipients(invoice: InvoiceAttributes): Promise<string[]>;
  /** real time for the outbox's schedule (the business clock may stand still); default the system clock */
  outboxClock?: Clock;
}

export interface ReminderServiceDeps {
  ports?: ReminderPorts | undefined;
  rates?: RateProvider | undefined;
  readInvoice(id: number): Promise<Resource<InvoiceAttributes>>;
}

export function createReminderService(ctx: CoreContext, deps: ReminderServiceDeps) {
  const db = ctx.db;
  const ports = (): ReminderPorts => {
    if (!deps.ports) throw new FolioError('not_available', 'Payment reminders by e-mail are not available in this build of Folio');
    return deps.ports;
  };

  /** Everything a reminder of one invoice on one day says, its statement rendered: ready for the transaction. */
  async function plan(invoice: Resource<InvoiceAttributes>, step: string, offset: number | null, date: string, from: string): Promise<ReminderPlan> {
    const a = invoice.attributes;
    const recipients = await ports().recipients(a);
    const rules = await store.readRules(db);
    const rates = await store.baseRates(db);
    const lang = resolveDocLang(undefined, a.template_lang_code);
    const late = daysLate(a.due_date, date);
    const payments = a.payments.map((p) => ({ date: p.date, amount_milli: toMilli(parseDecimal(p.amount)) }));
    const interest =
      rules.interest && late > 0
        ? lateInterest({ due: a.due_date, asOf: date, totalMilli: toMilli(parseDecimal(a.current_total)), payments, baseRates: rates, currency: a.currency })
        : null;
    const rate = interest ? new Big(baseRateFor(halfYearStart(date), rates)!).plus(INTEREST_MARGIN).toFixed() : null;
    const recovery = rules.recovery_cost && late > 0 ? await recoveryCost(a.currency, addDays(a.due_date, 1), deps.rates) : null;
    const view = await buildStatement(db, { invoice: a, lang, date, interest: interest !== null, baseRates: rates, rate, recoveryCost: recovery });
    const pdf = Buffer.from(await ports().statementPdf(view));
    const composed = composeReminder({
      invoice: a,
      lang,
      date,
      outstanding: a.outstanding,
      daysLate: late,
      interest: interest && rate ? { amount: interest.amount, rate } : null,
      recovery: recovery ? { eur: recovery.eur, amount: recovery.amount } : null,
      openCount: view.lines.length,
    });
    const domain = addressOf(from).split('@')[1] || 'folio.invalid';
    return {
      invoiceId: invoice.id,
      clientId: a.client_uid,
      step,
      offset,
      date,
      currency: a.currency,
      outstanding: a.outstanding,
      daysLate: late,
      interest: interest?.amount ?? null,
      recoveryCost: recovery ? recoveryCostText(recovery) : null,
      message: {
        invoice_id: invoice.id,
        message_id: `<folio.r${invoice.id}.${randomUUID()}@${domain}>`,
        recipients,
        reply_to: isEmailAddress(a.seller.email) ? a.seller.email.trim() : '',
        lang,
        subject: composed.subject,
        body_text: composed.text,
        attachment_name: composed.attachmentName,
        attachment: pdf,
        attachment_sha256: createHash('sha256').update(pdf).digest('hex'),
      },
    };
  }

  const stamps = () => ({ business: nowStamp(ctx), outbox: (ports().outboxClock ?? systemClock).now() });

  async function forInvoice(id: number): Promise<InvoiceReminders> {
    const invoice = await deps.readInvoice(id);
    const a = invoice.attributes;
    const date = today(ctx);
    const t = reminderDb(db);
    const rules = await store.readRules(db);
    const open = await isOpen(db, id);
    const stopped = !!(await t.selectFrom('reminder_invoice_stops').select('invoice_id').where('invoice_id', '=', id).executeTakeFirst());
    const optedOut = (await store.optedOutClients(db)).has(a.client_uid);
    const history = await historyOf(db, deps.ports?.outbox, id);
    const done = history.filter((h) => h.offset_days !== null).map((h) => h.offset_days!);
    const rates = await store.baseRates(db);
    const late = daysLate(a.due_date, date);
    const payments = a.payments.map((p) => ({ date: p.date, amount_milli: toMilli(parseDecimal(p.amount)) }));
    const interest = open && late > 0
      ? lateInterest({ due: a.due_date, asOf: date, totalMilli: toMilli(parseDecimal(a.current_total)), payments, baseRates: rates, currency: a.currency })
      : null;
    const next = open && rules.enabled && !stopped && !optedOut ? nextStep(rules.steps, a.due_date, date, done) : null;
    return {
      invoice_id: id,
      eligible: open,
      stopped,
      client_opted_out: optedOut,
      enabled: rules.enabled,
      next: next ? { step: next.step, offset_days: next.offset, date: next.date } : null,
      interest_today: interest?.amount ?? null,
      history,
    };
  }

  async function run(): Promise<ReminderPass> {
    const date = today(ctx);
    const withdrawn = deps.ports ? await withdrawWaiting(db, deps.ports.outbox, nowStamp(ctx)) : 0;
    const pass: ReminderPass = { date, queued: [], withdrawn, skipped: [] };
    const rules = await store.readRules(db);
    const window = dueDateWindow(rules.steps, date);
    if (!rules.enabled || !window) return pass;
    const rows = await openInvoicesDue(db, window.from, window.to);
    if (!rows.length) return pass;
    const optedOut = await store.optedOutClients(db);
    const t = reminderDb(db);
    const stopped = new Set((await t.selectFrom('reminder_invoice_stops').select('invoice_id').execute()).map((r) => r.invoice_id));
    const done = new Map<number, number[]>();
    const dueIds = inIds(db, 'invoice_id', rows.map((r) => r.id));
    for (const r of await t.selectFrom('reminders').select(['invoice_id', 'offset_days']).where('offset_days', 'is not', null).where(dueIds).execute()) {
      done.set(r.invoice_id, [...(done.get(r.invoice_id) ?? []), r.offset_days!]);
    }
    const from = deps.ports ? await deps.ports.mailFrom() : null;
    for (const row of rows) {
      if (optedOut.has(row.client_id) || stopped.has(row.id)) continue;
      const choice = dueStep(rules.steps, row.due_date, date, done.get(row.id) ?? []);
      if (!choice) continue;
      if (!from) {
        pass.skipped.push({ invoice_id: row.id, reason: deps.ports ? 'E-mail is not set up' : 'Reminders by e-mail are not available' });
        continue;
      }
      try {
        const p = await plan(await deps.readInvoice(row.id), choice.step, choice.offset, date, from);
        const outcome = await queueReminder(db, ports().outbox, p, stamps());
        if (outcome.queued) pass.queued.push(...(await historyOf(db, ports().outbox, row.id)).filter((h) => h.id === outcome.id));
      } catch (e) {
        pass.skipped.push({ invoice_id: row.id, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    if (pass.queued.length) ports().kick();
    return pass;
  }

  async function remindNow(id: number): Promise<InvoiceReminders> {
    const invoice = await deps.readInvoice(id);
    if (!(await isOpen(db, id))) throw rule('Nothing is owed on this invoice (paid, cancelled, or not an issued invoice): no reminder is sent', 'id');
    const from = await ports().mailFrom();
    if (!from) throw rule('E-mail is not set up: configure an SMTP server (Settings → E-mail, or FOLIO_SMTP_URL for the server)', 'smtp');
    const date = today(ctx);
    const p = await plan(invoice, manualStepKey(date), null, date, from);
    const outcome = await queueReminder(db, ports().outbox, p, stamps());
    if (outcome.queued) ports().kick();
    return forInvoice(id);
  }

  async function setStopped(id: number, stop: boolean): Promise<InvoiceReminders> {
    await deps.readInvoice(id);
    await writeTransaction(db, async (trx) => {
      const t = reminderDb(trx);
      if (stop) await t.insertInto('reminder_invoice_stops').values({ invoice_id: id, stopped_at: nowStamp(ctx) }).onConflict((oc) => oc.doNothing()).execute();
      else await t.deleteFrom('reminder_invoice_stops').where('invoice_id', '=', id).execute();
    });
    if (stop && deps.ports) await withdrawWaiting(db, deps.ports.outbox, nowStamp(ctx), id);
    return forInvoice(id);
  }

  return {
    settings: () => store.readSettings(db),
    saveSettings: (input: ReminderSettingsInput) => store.saveRules(ctx, input),
    setBaseRate: (input: BaseRate) => store.setBaseRate(ctx, input),
    deleteBaseRate: (input: { valid_from: string }) => store.deleteBaseRate(ctx, input.valid_from),
    setClient: (input: { id: number; opted_out: boolean }) => store.setClientOptOut(ctx, input.id, input.opted_out),
    client: (input: { id: number }) => store.clientOptOut(db, input.id),
    forInvoice: (input: { id: number }) => forInvoice(input.id),
    stop: (input: { id: number }) => setStopped(input.id, true),
    resume: (input: { id: number }) => setStopped(input.id, false),
    remindNow: (input: { id: number }) => remindNow(input.id),
    run,
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
