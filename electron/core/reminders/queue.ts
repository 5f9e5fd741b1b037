// The two writes of reminders, each one transaction: recording a step together with its outbox message (through the
// outbox port the runtime lends, ./outbox-port.ts), and taking
// back messages that have not gone yet when their invoice was paid, cancelled or stopped meanwhile. Everything the
// decision rests on is read again inside the transaction (BEGIN IMMEDIATE: no other writer in between), and
// (invoice_id, step) is unique, so two passes — in one process or in the desktop and `serve` on one file — never
// queue a step twice; a process killed anywhere leaves the step with its message, or neither.
import type { Db, WriteTx } from '../../db/types';
import { writeTransaction } from '../../db/transaction';
import { Big, milliToString, toMilli } from '../../../shared/money';
import type { ReminderEntry } from '../../../shared/contract/areas/reminders';
import { isOpen } from './open-invoices';
import type { ReminderMessage, ReminderOutbox } from './outbox-port';
import { readRules } from './settings';
import { reminderDb, type ReminderRow } from './tables';

export interface ReminderPlan {
  invoiceId: number;
  clientId: number;
  step: string;
  /** a rule's day relative to the due date; null for "remind now" */
  offset: number | null;
  date: string;
  currency: string;
  outstanding: string;
  daysLate: number;
  interest: string | null;
  recoveryCost: string | null;
  message: ReminderMessage;
}

export type QueueOutcome = { queued: true; id: number } | { queued: false; why: 'exists' | 'later_step' | 'not_open' | 'stopped' | 'opted_out' | 'disabled' };

export async function queueReminder(db: Db, outbox: ReminderOutbox, plan: ReminderPlan, stamps: { business: string; outbox: Date }): Promise<QueueOutcome> {
  return writeTransaction(db, async (trx) => {
    const t = reminderDb(trx);
    const existing = await t.selectFrom('reminders').select('id').where('invoice_id', '=', plan.invoiceId).where('step', '=', plan.step).executeTakeFirst();
    if (existing) return { queued: false, why: 'exists' } as const;
    if (!(await isOpen(trx, plan.invoiceId))) return { queued: false, why: 'not_open' } as const;
    if (plan.offset !== null) {
      const refusal = await ruleRefusal(trx, plan);
      if (refusal) return { queued: false, why: refusal } as const;
    }
    const messageId = await outbox.put(trx, plan.message, stamps.outbox);
    const row = await t
      .insertInto('reminders')
      .values({
        invoice_id: plan.invoiceId,
        step: plan.step,
        offset_days: plan.offset,
        business_date: plan.date,
        outbox_id: messageId,
        state: 'queued',
        recipients: plan.message.recipients.join(','),
        currency: plan.currency,
        outstanding_milli: toMilli(new Big(plan.outstanding)),
        days_late: plan.daysLate,
        interest_milli: plan.interest === null ? null : toMilli(new Big(plan.interest)),
        recovery_cost: plan.recoveryCost,
        created_at: stamps.business,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { queued: true, id: row.id } as const;
  });
}

/** Why a rule's step may not go (read inside the transaction): a later step went, stopped, opted out, switched off. */
async function ruleRefusal(trx: WriteTx, plan: ReminderPlan): Promise<'later_step' | 'stopped' | 'opted_out' | 'disabled' | null> {
  const t = reminderDb(trx);
  const rules = await readRules(trx);
  if (!rules.enabled) return 'disabled';
  const later = await t
    .selectFrom('reminders')
    .select('id')
    .where('invoice_id', '=', plan.invoiceId)
    .where('offset_days', 'is not', null)
    .where('offset_days', '>=', plan.offset)
    .executeTakeFirst();
  if (later) return 'later_step';
  if (await t.selectFrom('reminder_invoice_stops').select('invoice_id').where('invoice_id', '=', plan.invoiceId).executeTakeFirst()) return 'stopped';
  if (await t.selectFrom('reminder_client_optouts').select('client_id').where('client_id', '=', plan.clientId).executeTakeFirst()) return 'opted_out';
  return null;
}

/**
 * Takes back the reminders still waiting in the outbox (not yet being sent) whose invoice is no longer open or whose
 * reminders were stopped; `invoiceId` limits it to one invoice. Returns how many were taken back.
 */
export async function withdrawWaiting(db: Db, outbox: ReminderOutbox, stamp: string, invoiceId?: number): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const t = reminderDb(trx);
    // the outbox's waiting messages are few (sent ones are not): the reminders are looked up from them
    const waitingIds = await outbox.waiting(trx);
    if (!waitingIds.length) return 0;
    let q = t.selectFrom('reminders').select(['id', 'invoice_id', 'outbox_id']).where('state', '=', 'queued').where('outbox_id', 'in', waitingIds);
    if (invoiceId !== undefined) q = q.where('invoice_id', '=', invoiceId);
    const waiting = await q.execute();
    let taken = 0;
    for (const w of waiting) {
      const stopped = await t.selectFrom('reminder_invoice_stops').select('invoice_id').where('invoice_id', '=', w.invoice_id).executeTakeFirst();
      if (!stopped && (await isOpen(trx, w.invoice_id))) continue;
      if (!(await outbox.takeBack(trx, w.outbox_id!))) continue;
      await t.updateTable('reminders').set({ state: 'withdrawn', withdrawn_at: stamp }).where('id', '=', w.id).execute();
      taken++;
    }
    return taken;
  });
}

/** An invoice's reminders, newest first, with their messages' state in the outbox (none known without one). */
export async function historyOf(db: Db, outbox: ReminderOutbox | undefined, invoiceId: number): Promise<ReminderEntry[]> {
  const rows = await reminderDb(db).selectFrom('reminders').selectAll().where('invoice_id', '=', invoiceId).orderBy('id', 'desc').execute();
  const ids = rows.flatMap((r) => (r.outbox_id === null ? [] : [r.outbox_id]));
  const states = outbox ? await outbox.states(db, ids) : new Map<number, { state: string; sent_at: string | null }>();
  return rows.map((r) => {
    const mail = r.outbox_id === null ? undefined : states.get(r.outbox_id);
    return toEntry(r, mail?.state ?? null, mail?.sent_at ?? null);
  });
}

export function toEntry(r: ReminderRow, mailState: string | null, sentAt: string | null): ReminderEntry {
  return {
    id: r.id,
    invoice_id: r.invoice_id,
    step: r.step,
    offset_days: r.offset_days,
    business_date: r.business_date,
    state: r.state,
    recipients: r.recipients.split(',').filter(Boolean),
    currency: r.currency,
    outstanding: milliToString(r.outstanding_milli),
    days_late: r.days_late,
    interest: r.interest_milli === null ? null : milliToString(r.interest_milli),
    recovery_cost: r.recovery_cost,
    created_at: r.created_at,
    mail_state: r.state === 'withdrawn' ? null : ((mailState as ReminderEntry['mail_state']) ?? null),
    sent_at: sentAt,
  };
}
