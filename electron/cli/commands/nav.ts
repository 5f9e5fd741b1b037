// `npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]`
// Writes one invoiceData XML per reported invoice in the issue-date range: the data export the tax authority may
// ask for at an inspection. A report NAV has (sent, done) is written as the very bytes it got; any other invoice is
// built as the queue builds it (nav-queue/period-export.ts, which the Data screen's export reads too).
import { reportWrittenFiles } from '../written-files';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dateRangeProblem, readOptions, refuse } from '../options';
import { openDatabase } from '../../db/open';
import { invoiceDataOfPeriod } from '../../nav-queue/period-export';

const HELP = `Usage: npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]
Writes one NAV Online Számla 3.0 invoiceData XML file per reported invoice (normal and cancelling invoices) issued
in the date range (default: all), named after the invoice number: <prefix>_<number>.xml (<number>.xml in the block
without a prefix). Exits 1 if any invoice could not be written.`;

async function exportXml(args: string[]): Promise<number> {
  const options = readOptions(
    { args, options: { db: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } } },
    HELP,
  );
  if (typeof options === 'number') return options;
  const { values } = options;
  if (!values.db || !values.out) return refuse('Missing --db or --out.', HELP);
  const wrongDate = dateRangeProblem(values.from, values.to);
  if (wrongDate) return refuse(wrongDate, HELP);
  const { db, close } = await openDatabase(values.db);
  try {
    mkdirSync(values.out, { recursive: true });
    let selected = 0;
    let failed = 0;
    const names = new Set<string>();
    const progress = (done: number, total: number) => process.stderr.write(`\r${done} / ${total} invoices`);
    for await (const one of invoiceDataOfPeriod(db, { from: values.from, to: values.to }, progress)) {
      selected++;
      if (one.xml === null) {
        failed++;
        console.error(`\n${one.number}: ${one.error}`);
        continue;
      }
      writeFileSync(join(values.out, one.fileName), one.xml);
      names.add(one.fileName);
    }
    process.stderr.write('\n');
    return reportWrittenFiles(values.out, names, { selected, failed }, { files: 'invoiceData XML files', failed: 'could not be built', onDisk: 'XML files' });
  } finally {
    await close();
  }
}

// NAV receipt data report (issue 35): `nav receipts` sends the daily receipt reports due now.
const RECEIPTS_HELP = `Usage: npm run folio -- nav receipts --db <file> [--day YYYY-MM-DD] [--now <time>]
Sends the NAV receipt data reports due now (docs/receipts.md): each closed Budapest day with receipts not yet
reported, changes of days already reported, requests left in doubt. --day: that day only. The technical user comes
from FOLIO_NAV_* or the settings screen; FOLIO_NAV_RECEIPT_URL overrides the interface's address. --now (or
FOLIO_NOW) sets the business clock. Prints what was done as JSON; exits 1 when a report failed or was refused.`;

async function sendReceipts(args: string[]): Promise<number> {
  const options = readOptions({ args, options: { db: { type: 'string' }, day: { type: 'string' }, now: { type: 'string' }, help: { type: 'boolean' } } }, RECEIPTS_HELP);
  if (typeof options === 'number') return options;
  const { values } = options;
  if (!values.db) return refuse('Missing --db.', RECEIPTS_HELP);
  if (values.day !== undefined) {
    const wrong = dateRangeProblem(values.day, values.day);
    if (wrong) return refuse(wrong, RECEIPTS_HELP);
  }
  const now = values.now ?? process.env.FOLIO_NOW;
  const { fixedClock, systemClock } = await import('../../core/clock');
  const { createRuntime } = await import('../../runtime/runtime');
  const opened = await openDatabase(values.db);
  try {
    const runtime = await createRuntime({ db: opened.db, clock: now ? fixedClock(now) : systemClock, env: process.env });
    try {
      const result = await runtime.core.call('navReceipts.run', values.day ? { day: values.day } : {});
      console.log(JSON.stringify(result, null, 2));
      if (result.status === 'not_set_up') console.error('NAV receipt reporting is not set up: no technical user or no interface address.');
      return result.failed > 0 || result.refused > 0 ? 1 : 0;
    } finally {
      await runtime.stop();
    }
  } finally {
    await opened.close();
  }
}

export const command = {
  summary: 'NAV: `nav export` writes the invoiceData XML of reported invoices; `nav receipts` sends the daily receipt reports',
  async run(args: string[]): Promise<number> {
    const [sub, ...rest] = args;
    if (sub === 'export') return exportXml(rest);
    if (sub === 'receipts') return sendReceipts(rest);
    console.log(`${HELP}\n\n${RECEIPTS_HELP}`);
    return sub === undefined || sub === '--help' || sub === '-h' ? 0 : 2;
  },
};
