// `npm run folio -- accountant --db <file> --from <date> --to <date> --out <dir>`: the accountant package of a
// period as one ZIP (the same as POST /exports/accountant). Prints the ZIP's path; progress goes to stderr. With
// `--email` it also queues the package for the accountant's address in the mail outbox of the database; the Folio
// app or server working on that file sends it (the CLI has no outbox worker of its own).
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readOptions, refuse } from '../options';
import { isValidDate } from '../../../shared/dates';
import { progressLine } from '../../backup/progress-line';
import { systemClock } from '../../core/clock';
import { buildAccountantPackage } from '../../data-ops/accountant/package';
import { sqliteSource } from '../../export/snapshot';
import { openDatabase } from '../../db/open';
import { createAccountantMail, type AccountantDelivery } from '../../data-ops/accountant/mail';
import { smtpSettingsFromEnv } from '../../mail/settings';
import { mailDb } from '../../mail/tables';
import { FolioError } from '../../../shared/errors';

const HELP = `Usage: npm run folio -- accountant --db <file> --from <YYYY-MM-DD> --to <YYYY-MM-DD> --out <dir> [--email]

Writes <dir>/konyvelo-csomag_<from>_<to>.zip for the accountant: every invoice issued in the period as PDF
(szamlak/), its NAV invoiceData XML (nav/), the CSV tables (csv/: invoices, lines, payments, expenses, clients,
products), the files attached to the expenses (koltsegek/), the VAT analysis (afa-analitika.pdf/.xlsx/.csv)
and a summary page (osszesito.pdf). Safe while Folio is running: it reads one consistent moment of the data.

Options:
  --db <file>      the Folio database (required)
  --from <date>    the first day of the period (required)
  --to <date>      the last day of the period (required)
  --out <dir>      the folder to write into (required; created if missing)
  --email          also e-mail it to the accountant's address of the settings: queued in the outbox, sent by
                   the Folio app or server on this database (split into several messages when it is large)
  -h, --help       this text`;

export const command = {
  summary: 'The accountant package of a period as one ZIP',

  async run(args: string[]): Promise<number> {
    const options = readOptions(
      {
        args,
        options: { db: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' }, email: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      },
      HELP,
    );
    if (typeof options === 'number') return options;
    const { values } = options;
    const problem = !values.db
      ? 'Missing --db <file>.'
      : !values.out
        ? 'Missing --out <dir>.'
        : !values.from || !isValidDate(values.from)
          ? 'Missing or wrong --from <YYYY-MM-DD>.'
          : !values.to || !isValidDate(values.to) || values.to < values.from
            ? 'Missing or wrong --to <YYYY-MM-DD> (not before --from).'
            : null;
    if (problem) return refuse(problem, HELP);
    const progress = progressLine();
    const out = resolve(values.out!);
    mkdirSync(out, { recursive: true });
    const work = mkdtempSync(join(out, '.folio-accountant-'));
    try {
      const db = resolve(values.db!);
      const range = { from: values.from!, to: values.to! };
      // The same schema guard as every start: a newer Folio's file is refused, an older one brought up to date.
      const opened = await openDatabase(db);
      let delivery: AccountantDelivery | undefined;
      try {
        // checked before building: no accountant address or no e-mail account is said now, not after minutes
        if (values.email) delivery = await accountantMail(opened.db).prepare();
      } catch (e) {
        await opened.close();
        progress.done(`Not sent: ${describe(e)}`);
        return 1;
      }
      const started = Date.now();
      try {
        const built = await buildAccountantPackage(sqliteSource(db), systemClock, work, range, (done, total) => progress.update('accountant', done, total));
        const target = join(out, basename(built.zip));
        renameSync(built.zip, target);
        progress.done(`Packed ${built.counts.invoices} invoices, ${built.counts.nav_xml} NAV XML, ${built.counts.einvoice_xml} e-invoices, ${built.counts.expense_files} expense files in ${Date.now() - started} ms → ${target}`);
        for (const skip of built.skipped) console.error(`no NAV XML for ${skip.number}: ${skip.message}`);
        for (const skip of built.einvoice_skipped) console.error(`no e-invoice for ${skip.number}: ${skip.message}`);
        console.log(target);
        if (delivery) {
          // the package stays in --out whatever happens to the e-mail
          const messages = await delivery.queue({ ...built, zip: target }, range, work).catch((e: unknown) => {
            console.error(`Not sent: ${describe(e)}`);
            return null;
          });
          if (messages === null) return 1;
          console.error(`Queued ${messages} message${messages === 1 ? '' : 's'} to ${delivery.to}: the Folio app or server on this database sends ${messages === 1 ? 'it' : 'them'}.`);
        }
      } finally {
        await opened.close();
      }
      return 0;
    } catch (e) {
      progress.done(`Failed: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** The accountant's mail from the CLI: the account is FOLIO_SMTP_URL's or the one saved in the database. */
function accountantMail(db: Parameters<typeof mailDb>[0]) {
  return createAccountantMail({
    db,
    sender: async () =>
      smtpSettingsFromEnv(process.env)?.from ?? (await mailDb(db).selectFrom('mail_settings').select('from_address').executeTakeFirst())?.from_address ?? null,
    kick: () => undefined,
    clock: systemClock,
  });
}

function describe(e: unknown): string {
  if (e instanceof FolioError && e.errors?.length) return e.errors.map((f) => `${f.field}: ${f.message}`).join('; ');
  return e instanceof Error ? e.message : String(e);
}
