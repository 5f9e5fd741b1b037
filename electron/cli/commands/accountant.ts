// `npm run folio -- accountant --db <file> --from <date> --to <date> --out <dir>`: the accountant package of a
// period as one ZIP (the same as POST /exports/accountant). Prints the ZIP's path; progress goes to stderr.
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isValidDate } from '../../../shared/dates';
import { progressLine } from '../../backup/progress-line';
import { systemClock } from '../../core/clock';
import { buildAccountantPackage } from '../../data-ops/accountant/package';
import { openDatabase } from '../../db/open';

const HELP = `Usage: npm run folio -- accountant --db <file> --from <YYYY-MM-DD> --to <YYYY-MM-DD> --out <dir>

Writes <dir>/konyvelo-csomag_<from>_<to>.zip for the accountant: every invoice issued in the period as PDF
(szamlak/), its NAV invoiceData XML (nav/), the CSV tables (csv/: invoices, lines, payments, expenses, clients,
products), the files attached to the expenses (koltsegek/), the VAT analysis (afa-analitika.pdf/.xlsx/.csv)
and a summary page (osszesito.pdf). Safe while Folio is running: it reads one consistent moment of the data.

Options:
  --db <file>      the Folio database (required)
  --from <date>    the first day of the period (required)
  --to <date>      the last day of the period (required)
  --out <dir>      the folder to write into (required; created if missing)
  -h, --help       this text`;

export const command = {
  summary: 'The accountant package of a period as one ZIP',

  async run(args: string[]): Promise<number> {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: { db: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }));
    } catch (e) {
      console.error(`${e instanceof Error ? e.message : String(e)}\n\n${HELP}`);
      return 2;
    }
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    const problem = !values.db
      ? 'Missing --db <file>.'
      : !values.out
        ? 'Missing --out <dir>.'
        : !values.from || !isValidDate(values.from)
          ? 'Missing or wrong --from <YYYY-MM-DD>.'
          : !values.to || !isValidDate(values.to) || values.to < values.from
            ? 'Missing or wrong --to <YYYY-MM-DD> (not before --from).'
            : null;
    if (problem) {
      console.error(`${problem}\n\n${HELP}`);
      return 2;
    }
    const progress = progressLine();
    const out = resolve(values.out!);
    mkdirSync(out, { recursive: true });
    const work = mkdtempSync(join(out, '.folio-accountant-'));
    try {
      const db = resolve(values.db!);
      // The same schema guard as every start: a newer Folio's file is refused, an older one brought up to date.
      await (await openDatabase(db)).close();
      const started = Date.now();
      const built = await buildAccountantPackage(db, systemClock, work, { from: values.from!, to: values.to! }, (done, total) => progress.update('accountant', done, total));
      const target = join(out, basename(built.zip));
      renameSync(built.zip, target);
      progress.done(`Packed ${built.counts.invoices} invoices, ${built.counts.nav_xml} NAV XML, ${built.counts.einvoice_xml} e-invoices, ${built.counts.expense_files} expense files in ${Date.now() - started} ms → ${target}`);
      for (const s of built.skipped) console.error(`no NAV XML for ${s.number}: ${s.message}`);
      for (const s of built.einvoice_skipped) console.error(`no e-invoice for ${s.number}: ${s.message}`);
      console.log(target);
      return 0;
    } catch (e) {
      progress.done(`Failed: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
