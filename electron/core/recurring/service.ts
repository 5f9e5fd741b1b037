// Recurring profiles: the data and the endpoints. Issuing their invoices is the scheduler's job (scheduler.ts).
import type { RecurringCreateInput, RecurringUpdateInput } from '../../../shared/contract/schemas';
import type { RecurringAttributes, RecurringFailure, Resource } from '../../../shared/resources';
import { parseJson } from '../json';
import { invalid, notFound } from '../../../shared/errors';
import type { Db } from '../../db/types';
import type { RecurringRow } from '../../db/schema';
import type { CoreContext } from '../context';
import { nowStamp, today } from '../context';
import { loadInvoices } from '../invoices/mapping';
import { writeTransaction } from '../../db/transaction';
import { currentOrigin } from '../changes';
import { checkCatchUp } from './catch-up';
import { nextOccurrence, upcomingDates } from './occurrences';
import { checkTemplate, linesJson, ownLines } from './template';

/** The attributes stored on the profile (what sync carries and compares); reads add upcoming_dates and invoices. */
export function recurringAttributes(p: RecurringRow): Omit<RecurringAttributes, 'invoices' | 'upcoming_dates'> {
  return {
    uid: p.id,
    base_invoice_uid: p.base_invoice_id,
    frequency: p.frequency,
    due_days: p.due_days,
    fulfillment_shift: p.fulfillment_shift,
    send_invoice: Boolean(p.send_invoice),
    max_qty: p.max_qty,
    used_qty: p.used_qty,
    comment: p.comment,
    stopped: Boolean(p.stopped),
    last_recurring_date: p.last_recurring_date,
    start_date: p.start_date,
    next_date: nextOccurrence(p),
    client_uid: p.client_id,
    items: ownLines(p),
    end_date: p.end_date,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** Why the profile's next occurrence waits (the scheduler's last failed try), or null. */
async function lastFailure(db: Db, profileId: number): Promise<RecurringFailure | null> {
  const f = await db.selectFrom('recurring_failures').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
  if (!f) return null;
  return { occurrence_date: f.occurrence_date, code: f.code, message: f.message, errors: parseJson(f.errors_json, []), failed_at: f.failed_at };
}

const upcoming = (p: RecurringRow) => (p.stopped ? [] : upcomingDates(p, 3));

function checkEnd(endDate: string | null, from: string): void {
  if (endDate !== null && endDate < from) throw invalid('end_date', 'must not be before the next issue date');
}

/**
 * A new next date (or a new frequency with it) counts the occurrences from that day: it becomes the anchor and a
 * resume's or skip's "done until" is no longer needed. It must lie after every period already issued or skipped,
 * so no period is billed twice. The same next date with the same frequency changes nothing (a month-end anchor such
 * as Jan 31 keeps falling on month ends).
 */
async function reanchor(trx: Db, current: RecurringRow, nextDate: string | undefined, frequency: string) {
  if (nextDate === undefined) return {};
  const currentNext = current.stopped ? upcomingDates(current, 1)[0] : nextOccurrence(current);
  if (nextDate === currentNext && frequency === current.frequency) return {};
  const lastRun = await trx
    .selectFrom('recurring_runs')
    .select((eb) => eb.fn.max('occurrence_date').as('last'))
    .where('profile_id', '=', current.id)
    .executeTakeFirst();
  const done = [lastRun?.last ?? null, current.last_recurring_date].filter((d): d is string => Boolean(d)).sort().pop();
  if (done && nextDate <= done) throw invalid('next_date', `must be after ${done}, the last period already run`);
  return { start_date: nextDate, resume_after: null };
}

export function createRecurringService(ctx: CoreContext) {
  const { db } = ctx;

  async function row(id: number, from: Db = db) {
    const r = await from.selectFrom('recurring_profiles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Recurring profile ${id}`);
    return r;
  }

  async function withInvoices(trx: Db, p: RecurringRow): Promise<Resource<RecurringAttributes>> {
    const rows = await trx.selectFrom('invoices').selectAll().where('recurring_id', '=', p.id).orderBy('id').execute();
    return {
      id: p.id,
      attributes: { ...recurringAttributes(p), upcoming_dates: upcoming(p), last_failure: await lastFailure(trx, p.id), invoices: await loadInvoices(trx, rows) },
    };
  }

  async function checkBase(id: number) {
    const base = await db.selectFrom('invoices').select(['id', 'is_cancel_invoice']).where('id', '=', id).executeTakeFirst();
    if (!base) throw invalid('base_invoice_uid', 'no such invoice');
    if (base.is_cancel_invoice) throw invalid('base_invoice_uid', 'a cancelling invoice cannot be the base of a profile');
  }

  return {
    row,

    async list() {
      const rows = await db.selectFrom('recurring_profiles').selectAll().orderBy('id', 'desc').execute();
      return Promise.all(rows.map((r) => withInvoices(db, r)));
    },

    get: async (input: { id: number }) => withInvoices(db, await row(input.id)),

    async create(input: RecurringCreateInput) {
      await checkBase(input.base_invoice_uid);
      await checkTemplate(db, input);
      checkEnd(input.end_date ?? null, input.start_date);
      const now = nowStamp(ctx);
      const values = {
        base_invoice_id: input.base_invoice_uid,
        frequency: input.frequency,
        due_days: input.due_days ?? 8,
        fulfillment_shift: input.fulfillment_shift ?? 0,
        send_invoice: input.send_invoice ? 1 : 0,
        max_qty: input.max_qty ?? 0,
        used_qty: 0,
        comment: input.comment ?? '',
        stopped: input.stopped ? 1 : 0,
        last_recurring_date: null,
        start_date: input.start_date,
        resume_after: null,
        client_id: input.client_uid ?? null,
        items_json: linesJson(input.items ?? null),
        end_date: input.end_date ?? null,
        // One node runs a profile: the device whose request made it (sync), else this node.
        owner: currentOrigin(),
        created_at: now,
        updated_at: now,
      };
      checkCatchUp({ id: 0, ...values, owner: values.owner }, today(ctx), input.confirm_catch_up);
      const p = await writeTransaction(db, async (trx) => {
        const created = await trx
          .insertInto('recurring_profiles')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        return created;
      });
      const [invoice] = await loadInvoices(db, [
        await db.selectFrom('invoices').selectAll().where('id', '=', p.base_invoice_id).executeTakeFirstOrThrow(),
      ]);
      return { id: p.id, attributes: { ...recurringAttributes(p), upcoming_dates: upcoming(p), invoice: invoice! } };
    },

    async update(input: RecurringUpdateInput) {
      if (input.base_invoice_uid !== undefined) await checkBase(input.base_invoice_uid);
      await checkTemplate(db, input);
      const now = nowStamp(ctx);
      const p = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes, so that a concurrent update of other fields is not written over.
        const current = await row(input.id, trx);
        const resuming = input.stopped === false && Boolean(current.stopped);
        const frequency = input.frequency ?? current.frequency;
        // A new base brings its own client and lines, unless this request gives the profile's own.
        const rebased = input.base_invoice_uid !== undefined && input.base_invoice_uid !== current.base_invoice_id;
        const changes = {
          base_invoice_id: input.base_invoice_uid ?? current.base_invoice_id,
          frequency,
          due_days: input.due_days ?? current.due_days,
          fulfillment_shift: input.fulfillment_shift ?? current.fulfillment_shift,
          send_invoice: input.send_invoice === undefined ? current.send_invoice : input.send_invoice ? 1 : 0,
          max_qty: input.max_qty ?? current.max_qty,
          comment: input.comment ?? current.comment,
          stopped: input.stopped === undefined ? current.stopped : input.stopped ? 1 : 0,
          start_date: input.start_date ?? current.start_date,
          client_id: input.client_uid !== undefined ? input.client_uid : rebased ? null : current.client_id,
          items_json: input.items !== undefined ? linesJson(input.items) : rebased ? null : current.items_json,
          end_date: input.end_date !== undefined ? input.end_date : current.end_date,
          ...(resuming ? { resume_after: today(ctx) } : {}),
          ...(await reanchor(trx, current, input.next_date, frequency)),
          updated_at: now,
        };
        if (input.max_qty !== undefined && input.max_qty > 0 && input.max_qty < current.used_qty) {
          throw invalid('max_qty', `must be at least ${current.used_qty}, the invoices already issued (0: no limit)`);
        }
        if (input.end_date !== undefined || input.next_date !== undefined) {
          const next = upcomingDates({ ...current, ...changes, end_date: null, max_qty: 0 }, 1)[0];
          if (next) checkEnd(changes.end_date, next);
        }
        checkCatchUp({ ...current, ...changes }, today(ctx), input.confirm_catch_up);
        return trx
          .updateTable('recurring_profiles')
          .set(changes)
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return withInvoices(db, p);
    },

    async stop(input: { id: number }) {
      await row(input.id);
      const now = nowStamp(ctx);
      await writeTransaction(db, async (trx) => {
        await trx.updateTable('recurring_profiles').set({ stopped: 1, updated_at: now }).where('id', '=', input.id).execute();
      });
      return { stopped: true as const };
    },

    /** Resumes from the next occurrence after today: periods missed while stopped are not back-issued. */
    async resume(input: { id: number }) {
      const p = await row(input.id);
      if (p.stopped) {
        const now = nowStamp(ctx);
        await writeTransaction(db, async (trx) => {
          await trx
            .updateTable('recurring_profiles')
            .set({ stopped: 0, resume_after: today(ctx), updated_at: now })
            .where('id', '=', input.id)
            .execute();
        });
      }
      return { stopped: false as const };
    },
  };
}
