// Dev harness (issue 41, accountant package): builds the package of a seeded year and prints its wall time, CPU (all
// threads), first progress, and writes a hash of the whole ZIP and of every entry in order, so that a change can be
// checked byte for byte on the same data: run it before and after on the same kept database and compare the files.
// `npx tsx tests/bench/accountant-package-hash.ts <invoices | rich> [db file to keep] [hash json out]` ("rich": the report tests'
// year — cancelling, modifying, EUR, expenses, an attached file, a payment).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildAccountantPackage } from '../../electron/data-ops/accountant/package';
import { sqliteSource } from '../../electron/export/snapshot';
import { fixedClock } from '../../electron/core/clock';
import { tempDir } from '../fault/support/procs';
import { seedYear } from './reports-bench';
import { unzip } from '../backup/unzip';
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { ManualClock } from '../../electron/core/clock';
import { seedYear as seedTestYear } from '../reports/vat-year';
import { TEST_SELLER } from '../support/fixtures';
// The summary page, the VAT PDF and the workbooks carry the wall clock (pdfmake's creation date, the XLSX's own ZIP
// times): fixed here so that two builds can be compared whole.
const FIXED = Date.parse('2026-12-31T09:00:00Z');
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...a: unknown[]) {
    if (a.length === 0) super(FIXED);
    else super(...(a as [number]));
  }
  static override now() {
    return FIXED;
  }
} as DateConstructor;
const n = Number(process.argv[2] ?? 300);
const file = process.argv[3] ?? `/tmp/zipw/acct-${n}.db`;
const out = process.argv[4];
if (!existsSync(file)) {
  if (process.argv[2] === 'rich') await seedRich(file);
  else await seedYear(file, n);
}

/** The report tests' year (receipts aside): cancelling, modifying, EUR, expenses, an attached file, a payment. */
async function seedRich(path: string): Promise<void> {
  const opened = await openDatabase(path);
  const clock = new ManualClock('2026-01-01T10:00:00+01:00');
  const core = await createCore({ db: opened.db, clock });
  await core.call('settings.update', { seller: TEST_SELLER } as never);
  const d = await seedTestYear(core, clock);
  await core.call('invoices.pay', { id: d.inv2, date: '2026-02-06', amount: '1000', payment_method: 1 } as never);
  await core.call('expenses.attach', { id: d.e1, file_name: 'szallito-szamla.pdf', content_base64: Buffer.from('%PDF-1.4\n% x\n').toString('base64') } as never);
  await opened.close();
}
const tmp = tempDir('acct');
const work = tmp.file('work');
mkdirSync(work);
const t = performance.now();
const c0 = process.cpuUsage();
let first = -1;
const built = await buildAccountantPackage(sqliteSource(file), fixedClock('2026-12-31T10:00:00+01:00'), work, { from: '2026-01-01', to: '2026-12-31' }, (d) => {
  if (d > 0 && first < 0) first = performance.now() - t;
});
const wall = (performance.now() - t) / 1000;
const c = process.cpuUsage(c0);
const zip = readFileSync(built.zip);
const entries = [...unzip(zip)].map(([name, data]) => [name, createHash('sha256').update(data).digest('hex').slice(0, 16)]);
const whole = createHash('sha256').update(zip).digest('hex');
console.log(JSON.stringify({ n, wall_s: +wall.toFixed(2), cpu_s: +((c.user + c.system) / 1e6).toFixed(2), first_ms: Math.round(first), entries: entries.length, zip_sha: whole.slice(0, 16), counts: built.counts }));
if (out) writeFileSync(out, JSON.stringify({ whole, entries }, null, 1));
tmp.remove();
process.exit(0);
