// The recurring scheduler: issues every due occurrence of every profile, oldest first, each exactly once.
//
// - Catch-up: a pass issues everything due up to the business date (the injected clock's today), so a computer that
//   was off for a year issues that year's invoices on its next pass — all dated today (never backdated), each with
//   the fulfillment date and period of the occurrence it bills.
// - Exactly once: each occurrence is one write transaction that re-reads the profile, inserts the invoice, its
//   recurring_runs row (primary key profile + occurrence) and advances the profile together. A pass killed half-way
//   leaves whole occurrences only; the next pass (or another process on the same file) continues where it stopped.
// - Throughput: the transactions of a pass are queued without waiting for each commit, so the database's group
//   commit writes many occurrences with one fsync; they still run one after another, in order.
import { FOLIO_ITSELF } from '../../db/call-context';
import { auditIn } from '../users/audit';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { FolioError, notFound, rule, type FieldError } from '../../../shared/errors';
import { milliToString } from '../../../shared/money';
import type { InvoiceRow, RecurringRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { runnerLock, type RunnerLock } from '../../db/runner-lock';
import { nowStamp, today } from '../context';
import type { Core } from '../index';
import type { RateQuote } from '../invoices/service';
import { parseJson } from '../json';
import { BASE_COLUMNS, fulfillmentDateOf, occurrenceInvoice } from './occurrence-input';
import { byDateThenProfile, dueOccurrences, type DueOccurrence } from './occurrences';
import { nextOccurrence } from './occurrences';
import { issuedLines, linkedProducts, ownLines } from './template';

export interface SchedulerTimer {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface RecurringSchedulerOptions {
  core: Core;
  /** called after an invoice of a `send_invoice` profile is committed (the mail outbox plugs in here) */
  onIssued?: (invoice: Resource<InvoiceAttributes>) => unknown;
  /** where failures of background passes and of onIssued go (default: console.error) */
  onError?: (error: unknown) => void;
  intervalMs?: number;
  timer?: SchedulerTimer;
  /** only profiles owned by this device are issued here (docs/design.md §7: one owner per profile) */
  owner?: string;
  /** who runs the background passes when several processes share the database (default: the 'recurring' runner lock) */
  lock?: RunnerLock;
}

export interface IssuedOccurrence {
  profile_id: number;
  occurrence_date: string;
  period_end: string;
  fulfillment_date: string;
  invoice_id: number;
  invoice_no: string | null;
  total: string;
  currency: string;
}

export interface FailedOccurrence {
  profile_id: number;
  occurrence_date: string;
  code: string;
  error: string;
  /** the refusal's field errors (the legal checks name what to fix) */
  errors: FieldError[];
}

export interface PassResult {
  /** the business date the pass issued up to */
  date: string;
  issued: IssuedOccurrence[];
  failed: FailedOccurrence[];
}

export interface PendingOccurrence {
  profile_id: number;
  base_invoice_id: number;
  occurrence_date: string;
  period_end: string;
  fulfillment_date: string;
  client_name: string;
  currency: string;
  /** the base invoice's total, what each occurrence is expected to bill */
  total: string;
}

/** Occurrences prepared and queued together: many per fsync, bounded memory. */
const CHUNK = 512;

export function createRecurringScheduler(options: RecurringSchedulerOptions) {
  const { core } = options;
  const { ctx } = core;
  const { db } = ctx;
  const owner = options.owner ?? 'local';
  const intervalMs = options.intervalMs ?? 60_000;
  const timer: SchedulerTimer = options.timer ?? {
    setInterval: (cb, ms) => setInterval(cb, ms),
    clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  };
  const onError = options.onError ?? ((e: unknown) => console.error('recurring scheduler:', e));
  // Background passes run in one process at a time (on PostgreSQL; see runner-lock.ts); a pass asked for (runOnce)
  // needs no lock: recurring_runs' primary key keeps each occurrence to one invoice whoever issues it.
  const lock = options.lock ?? runnerLock(db, 'recurring');
  // The invoice service's own halves of `create`: the rate outside any transaction (it may go online), the insert
  // (numbering, sealing, seal hooks, change log) inside ours.
  const { exchangeRate, createIn } = core.invoices;

  let running: Promise<PassResult> | null = null;
  let handle: unknown = null;
  let stopping = false;

  async function activeProfiles(): Promise<RecurringRow[]> {
    return db.selectFrom('recurring_profiles').selectAll().where('stopped', '=', 0).where('owner', '=', owner).execute();
  }

  async function due(day: string): Promise<DueOccurrence[]> {
    return (await activeProfiles()).flatMap((p) => dueOccurrences(p, day)).sort(byDateThenProfile);
  }

  /** What the rate of a profile's occurrences depends on: read once per pass, checked again in each transaction. */
  interface Basis {
    profile: RecurringRow;
    currency: string;
    /** the base's typed rate, kept for every copy; undefined: looked up per period */
    given: string | undefined;
  }

  async function basisOf(profileId: number): Promise<Basis> {
    const profile = await db.selectFrom('recurring_profiles').selectAll().where('id', '=', profileId).executeTakeFirstOrThrow();
    const base = await db
      .selectFrom('invoices')
      .select(['currency', 'exchange_rate', 'exchange_rate_source'])
      .where('id', '=', profile.base_invoice_id)
      .executeTakeFirst();
    if (!base) throw rule(`The base invoice ${profile.base_invoice_id} of recurring profile ${profile.id} no longer exists`);
    return { profile, currency: base.currency, given: base.exchange_rate_source === 'given' ? base.exchange_rate : undefined };
  }

  /** One occurrence, one transaction. Null when it is no longer due (issued elsewhere, stopped, changed). */
  function issue(occ: DueOccurrence, basis: Basis, rate: RateQuote): Promise<InvoiceRow | null> {
    return writeTransaction(db, async (trx) => {
      if (stopping) return null;
      const p = await trx.selectFrom('recurring_profiles').selectAll().where('id', '=', occ.profileId).executeTakeFirst();
      if (!p || p.owner !== owner || nextOccurrence(p) !== occ.date) return null;
      const base = await trx.selectFrom('invoices').select(BASE_COLUMNS).where('id', '=', p.base_invoice_id).executeTakeFirst();
      if (!base) throw rule(`The base invoice ${p.base_invoice_id} of recurring profile ${p.id} no longer exists`);
      const given = base.exchange_rate_source === 'given' ? base.exchange_rate : undefined;
      // The rate was found outside for this base's currency and this shift's fulfillment date: still so?
      const sameBasis =
        p.base_invoice_id === basis.profile.base_invoice_id &&
        p.fulfillment_shift === basis.profile.fulfillment_shift &&
        base.currency === basis.currency &&
        given === basis.given;
      if (!sameBasis) {
        throw new FolioError('conflict', `The base invoice of recurring profile ${p.id} changed during the pass; it is issued on the next one`);
      }
      // the profile's own lines when it has them (template.ts), else the base's
      const own = ownLines(p);
      const items = own ? [] : await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', base.id).orderBy('position').execute();
      const productIds = linkedProducts(own, items);
      const live = productIds.length
        ? await trx
            .selectFrom('products')
            .select('id')
            .where('id', 'in', productIds)
            .where('deleted_at', 'is', null)
            .where('currency_code', '=', base.currency)
            .execute()
        : [];
      const now = nowStamp(ctx); // 'YYYY-MM-DD HH:MM:SS' in the business's zone: its date is today
      const lines = issuedLines(own, items, new Set(live.map((r) => r.id)));
      const { input, extra } = occurrenceInvoice(base, lines, p, occ, now.slice(0, 10));
      const invoice = await createIn(trx, input, rate, extra);
      // issued by Folio itself: the audit log says so, in the transaction that issues it (docs/users.md)
      await auditIn(trx, { at: now, caller: FOLIO_ITSELF, operation: 'recurring.issue', input: { profile_id: p.id, occurrence_date: occ.date }, output: { id: invoice.id } });
      await trx
        .insertInto('recurring_runs')
        .values({ profile_id: p.id, occurrence_date: occ.date, invoice_id: invoice.id, skipped: 0, created_at: now })
        .execute();
      await trx.deleteFrom('recurring_failures').where('profile_id', '=', p.id).execute();
      const used = p.used_qty + 1;
      await trx
        .updateTable('recurring_profiles')
        // reaching max_qty stops the profile, visibly: `stopped` is what the user sees and what resume undoes
        .set({ used_qty: used, last_recurring_date: occ.date, ...(p.max_qty > 0 && used >= p.max_qty ? { stopped: 1 } : {}), updated_at: now })
        .where('id', '=', p.id)
        .execute();
      return invoice;
    });
  }

  async function notify(profile: RecurringRow, invoice: InvoiceRow): Promise<void> {
    if (!profile.send_invoice || !options.onIssued) return;
    try {
      await options.onIssued(await core.invoices.read(invoice.id));
    } catch (e) {
      // The invoice is issued and stays issued; sending is retried by whoever owns the outbox, not by re-issuing.
      onError(e);
    }
  }

  async function pass(): Promise<PassResult> {
    const day = today(ctx);
    const result: PassResult = { date: day, issued: [], failed: [] };
    // A profile whose occurrence failed issues nothing more this pass: a later period must never jump a gap.
    const blocked = new Set<number>();
    const fail = (occ: DueOccurrence, e: unknown) => {
      blocked.add(occ.profileId);
      result.failed.push({
        profile_id: occ.profileId,
        occurrence_date: occ.date,
        code: e instanceof FolioError ? e.code : 'internal',
        error: e instanceof Error ? e.message : String(e),
        errors: e instanceof FolioError ? (e.errors ?? []) : [],
      });
    };
    const bases = new Map<number, Basis>();
    const quotes = new Map<string, RateQuote>();
    async function prepare(occ: DueOccurrence) {
      let basis = bases.get(occ.profileId);
      if (!basis) bases.set(occ.profileId, (basis = await basisOf(occ.profileId)));
      const date = fulfillmentDateOf(occ.date, basis.profile);
      const key = `${basis.currency}|${basis.given ?? ''}|${date}`;
      let rate = quotes.get(key);
      if (!rate) quotes.set(key, (rate = await exchangeRate(basis.currency, basis.given, date)));
      return { occ, basis, rate };
    }
    let sending = Promise.resolve();
    const settle = (occ: DueOccurrence, basis: Basis) => (invoice: InvoiceRow | null) => {
      if (!invoice) return;
      result.issued.push({
        profile_id: occ.profileId,
        occurrence_date: occ.date,
        period_end: occ.periodEnd,
        fulfillment_date: invoice.fulfillment_date,
        invoice_id: invoice.id,
        invoice_no: invoice.invoice_no,
        total: milliToString(invoice.total_milli),
        currency: invoice.currency,
      });
      // handed on in the order they were issued, one at a time
      sending = sending.then(() => notify(basis.profile, invoice));
    };

    // Chunk by chunk: the rates of a chunk are found (reads, maybe the network) while the previous chunk commits;
    // then its transactions are queued back to back, so group commit writes many of them per fsync.
    const occurrences = await due(day);
    let committing: Array<Promise<void>> = [];
    for (let i = 0; i < occurrences.length && !stopping; i += CHUNK) {
      const ready = [];
      for (const occ of occurrences.slice(i, i + CHUNK)) {
        if (blocked.has(occ.profileId)) continue;
        try {
          ready.push(await prepare(occ));
        } catch (e) {
          fail(occ, e);
        }
      }
      await Promise.all(committing);
      committing = ready.map(({ occ, basis, rate }) => issue(occ, basis, rate).then(settle(occ, basis), (e: unknown) => fail(occ, e)));
    }
    await Promise.all(committing);
    await sending;
    await recordFailures(result.failed);
    result.issued.sort((a, b) => a.invoice_id - b.invoice_id);
    return result;
  }

  /**
   * Keeps why each failed profile waits, for the profile to show; a conflict (the profile changed during the pass)
   * is no failure of the profile and is left out. The row is rewritten only when the failure changed.
   */
  async function recordFailures(failed: FailedOccurrence[]): Promise<void> {
    const lasting = failed.filter((f) => f.code !== 'conflict');
    if (!lasting.length) return;
    const now = nowStamp(ctx);
    await writeTransaction(db, async (trx) => {
      for (const f of lasting) {
        const values = { occurrence_date: f.occurrence_date, code: f.code, message: f.error, errors_json: JSON.stringify(f.errors) };
        const stored = await trx.selectFrom('recurring_failures').selectAll().where('profile_id', '=', f.profile_id).executeTakeFirst();
        const same = stored && stored.occurrence_date === values.occurrence_date && stored.message === values.message && stored.errors_json === values.errors_json;
        if (same) continue;
        const exists = await trx.selectFrom('recurring_profiles').select('id').where('id', '=', f.profile_id).executeTakeFirst();
        if (!exists) continue;
        await trx
          .insertInto('recurring_failures')
          .values({ profile_id: f.profile_id, ...values, failed_at: now })
          .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...values, failed_at: now }))
          .execute();
      }
    });
  }

  /** Runs one pass; a pass already under way is joined, never doubled. */
  function runOnce(): Promise<PassResult> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  async function background(): Promise<PassResult | null> {
    try {
      if (!(await lock.tryHold())) return null; // another process runs the passes; this one tries again next time
      if (handle === null) {
        // stopped while the lock was being taken: stop() has already let go, so let go of this one too
        await lock.release();
        return null;
      }
      const result = await runOnce();
      for (const f of result.failed) onError(new Error(`profile ${f.profile_id}, ${f.occurrence_date}: ${f.error}`));
      return result;
    } catch (e) {
      onError(e);
      return null;
    }
  }

  return {
    runOnce,

    /** What a pass would issue now, for the "you were away — issue these N invoices?" question. */
    async pendingOccurrences(): Promise<PendingOccurrence[]> {
      const day = today(ctx);
      const profiles = await activeProfiles();
      const byId = new Map(profiles.map((p) => [p.id, p]));
      const occurrences = profiles.flatMap((p) => dueOccurrences(p, day)).sort(byDateThenProfile);
      const baseIds = [...new Set(profiles.map((p) => p.base_invoice_id))];
      const bases = baseIds.length
        ? await db.selectFrom('invoices').select(['id', 'client_snapshot', 'currency', 'total_milli']).where('id', 'in', baseIds).execute()
        : [];
      const baseById = new Map(bases.map((b) => [b.id, b]));
      const ownClientIds = [...new Set(profiles.map((p) => p.client_id).filter((id): id is number => id !== null))];
      const ownClients = ownClientIds.length ? await db.selectFrom('clients').select(['id', 'name']).where('id', 'in', ownClientIds).execute() : [];
      const clientName = new Map(ownClients.map((c) => [c.id, c.name]));
      return occurrences.map((occ) => {
        const p = byId.get(occ.profileId)!;
        const base = baseById.get(p.base_invoice_id);
        return {
          profile_id: p.id,
          base_invoice_id: p.base_invoice_id,
          occurrence_date: occ.date,
          period_end: occ.periodEnd,
          fulfillment_date: fulfillmentDateOf(occ.date, p),
          client_name: (p.client_id !== null ? clientName.get(p.client_id) : undefined) ?? parseJson<{ name?: string }>(base?.client_snapshot, {}).name ?? '',
          currency: base?.currency ?? '',
          total: milliToString(base?.total_milli ?? 0),
        };
      });
    },

    /** Records that a due occurrence is not to be issued; it must be the profile's next one (skip in order). */
    async skipOccurrence(profileId: number, date: string): Promise<{ profile_id: number; occurrence_date: string; skipped: true }> {
      return writeTransaction(db, async (trx) => {
        const p = await trx.selectFrom('recurring_profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
        if (!p) throw notFound(`Recurring profile ${profileId}`);
        const next = nextOccurrence(p);
        if (next !== date) {
          const which = next ? `its next one is ${next}` : 'it has none: it is stopped or used up';
          throw rule(`${date} is not the next occurrence of recurring profile ${p.id} (${which})`, 'date');
        }
        if (date > today(ctx)) throw rule(`${date} is not due yet; only a due occurrence can be skipped`, 'date');
        const now = nowStamp(ctx);
        await trx
          .insertInto('recurring_runs')
          .values({ profile_id: p.id, occurrence_date: date, invoice_id: null, skipped: 1, created_at: now })
          .execute();
        // nextOccurrence continues after the later of last_recurring_date and resume_after; last_recurring_date
        // keeps meaning "the last period invoiced", so the skip moves resume_after.
        await trx.updateTable('recurring_profiles').set({ resume_after: date, updated_at: now }).where('id', '=', p.id).execute();
        // a skipped occurrence no longer waits: why it could not be issued is no longer news
        await trx.deleteFrom('recurring_failures').where('profile_id', '=', p.id).execute();
        return { profile_id: p.id, occurrence_date: date, skipped: true as const };
      });
    },

    /** Runs a pass now and then every interval (a minute) until stop(). Never rejects: failures go to onError. */
    start(): Promise<PassResult | null> {
      if (handle !== null) return Promise.resolve(null);
      stopping = false;
      handle = timer.setInterval(() => void background(), intervalMs);
      return background();
    },

    /** Stops the timer and lets the transaction under way finish; nothing more is issued. */
    async stop(): Promise<void> {
      if (handle !== null) timer.clearInterval(handle);
      handle = null;
      stopping = true;
      await running?.catch(() => undefined);
      stopping = false;
      await lock.release().catch(onError);
    },

    get running(): boolean {
      return running !== null;
    },
  };
}

export type RecurringScheduler = ReturnType<typeof createRecurringScheduler>;
