// `npm run folio -- recurring run --db <file>`: issues every due recurring invoice now (the same pass the desktop
// app and `npm run serve` run every minute) and prints what it issued. `pending` lists without issuing; `skip`
// records that one due occurrence is not to be issued.
import { parseArgs } from 'node:util';
import { isValidDate } from '../../../shared/dates';
import { fixedClock, systemClock } from '../../core/clock';
import {
  createRecurringScheduler,
  type PassResult,
  type PendingOccurrence,
  type RecurringScheduler,
} from '../../core/recurring/scheduler';
import { openDatabase } from '../../db/open';
import { createRuntime } from '../../runtime/runtime';

const HELP = `Usage: npm run folio -- recurring <run | pending | skip> --db <file> [options]

  run        issue every due occurrence of every active profile, oldest first, and print what was issued
  pending    list what "run" would issue now, without issuing anything
  skip       --profile <id> --date <YYYY-MM-DD>: record that this due occurrence is not to be issued
             (it must be the profile's next one; skip several in date order)

Options:
  --db <file>     the Folio database (required)
  --now <time>    the business clock, e.g. 2026-11-20T09:00:00+01:00 (default: FOLIO_NOW, else the real time)
  --json          print JSON instead of lines
  -h, --help      this text

Invoices are dated the day they are issued (never backdated); each carries the fulfillment date and the period
of the occurrence it bills. Foreign-currency invoices take the daily rate of their fulfillment date from
FOLIO_RATES_SOURCE (MNB, default, or ECB) at FOLIO_RATES_URL, or from the cache when it surely holds that day's
rate; offline without it the occurrence fails and is issued on a later run.`;

export const command = {
  summary: 'Issue the due recurring invoices now (run), list them (pending), or skip one (skip)',

  async run(args: string[]): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          db: { type: 'string' },
          now: { type: 'string' },
          profile: { type: 'string' },
          date: { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (e) {
      console.error(`${e instanceof Error ? e.message : String(e)}\n\n${HELP}`);
      return 2;
    }
    const { values, positionals } = parsed;
    const action = positionals[0];
    if (values.help || !action) {
      console.log(HELP);
      return values.help ? 0 : 2;
    }
    if (!['run', 'pending', 'skip'].includes(action)) {
      console.error(`Unknown action "${action}".\n\n${HELP}`);
      return 2;
    }
    if (!values.db) {
      console.error(`Missing --db <file>.\n\n${HELP}`);
      return 2;
    }
    const now = values.now ?? process.env.FOLIO_NOW;
    if (now !== undefined && Number.isNaN(new Date(now).getTime())) {
      console.error(`Not a timestamp: ${now}`);
      return 2;
    }
    const profileId = Number(values.profile);
    if (action === 'skip' && (!Number.isInteger(profileId) || profileId < 1 || !values.date || !isValidDate(values.date))) {
      console.error(`skip needs --profile <id> and --date <YYYY-MM-DD>.\n\n${HELP}`);
      return 2;
    }

    const opened = await openDatabase(values.db);
    try {
      const clock = now ? fixedClock(now) : systemClock;
      // The same assembly as the server and the desktop: NAV seal hooks, rates, and (once the runtime has its
      // scheduler) the mail outbox behind send_invoice. The runtime's workers are not started: one pass, then exit.
      const runtime = await createRuntime({ db: opened.db, clock, env: process.env });
      const own = (runtime as { recurring?: RecurringScheduler }).recurring;
      const scheduler = own ?? createRecurringScheduler({ core: runtime.core });
      if (action === 'pending') {
        const pending = await scheduler.pendingOccurrences();
        console.log(values.json ? JSON.stringify(pending, null, 2) : describePending(pending));
        return 0;
      }
      if (action === 'skip') {
        const skipped = await scheduler.skipOccurrence(profileId, values.date!);
        console.log(values.json ? JSON.stringify(skipped) : `skipped profile ${skipped.profile_id}, occurrence ${skipped.occurrence_date}`);
        return 0;
      }
      const result = await scheduler.runOnce();
      console.log(values.json ? JSON.stringify(result, null, 2) : describeRun(result));
      return result.failed.length ? 1 : 0;
    } finally {
      await opened.close();
    }
  },
};

function describePending(pending: PendingOccurrence[]): string {
  if (!pending.length) return 'Nothing is due.';
  const lines = pending.map(
    (p) =>
      `  profile ${p.profile_id}  ${p.occurrence_date} – ${p.period_end}  fulfillment ${p.fulfillment_date}  ` +
      `${p.client_name || '(no client name)'}  ${p.total} ${p.currency}`,
  );
  return `${pending.length} occurrence(s) due:\n${lines.join('\n')}`;
}

function describeRun(result: PassResult): string {
  const out = [`Recurring pass for ${result.date}: ${result.issued.length} issued, ${result.failed.length} failed.`];
  for (const i of result.issued) {
    out.push(
      `  issued ${i.invoice_no ?? `#${i.invoice_id}`} (id ${i.invoice_id}) for profile ${i.profile_id}: period ` +
        `${i.occurrence_date} – ${i.period_end}, fulfillment ${i.fulfillment_date}, ${i.total} ${i.currency}`,
    );
  }
  for (const f of result.failed) out.push(`  FAILED profile ${f.profile_id}, ${f.occurrence_date}: ${f.error}`);
  return out.join('\n');
}
