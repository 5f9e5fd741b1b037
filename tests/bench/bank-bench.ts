// Bank statement benchmark: a camt.053 statement of 10,000 entries imported into an account and matched against
// 3,000 open invoices, through the real HTTP door the UI uses (/rpc), on a database file with the production pragmas.
// bank_import_10k_s is the import plus the first page of entries (which computes every open credit's suggestion);
// target ≤ 2 s (beside each, `_cpu_s`: the CPU this process spent, load tells less on it). Confirming the certain suggestions (3,000 payments through invoices.pay's rule) is measured beside
// it, and so is importing the same file again (nothing added). bank_import_xlsx_10k_s (issue 37): the same 10,000
// entries as an OTP netbank XLSX, imported and matched against 3,000 open invoices of a fresh database; target ≤ 2 s.
// Setup is not timed. A smoke run (size.ts): 300 entries, 60 invoices.
// Run alone: npx tsx tests/bench/run.ts --only bank
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../electron/server/start';
import { addressBody, invoiceBody } from '../support/fixtures';
import { OWN_IBAN, camt053, type TestEntry } from '../bank/statements';
import { otpNewXlsx, type SheetEntry } from '../bank/bank-files';
import { FULL, sized, type BenchOptions } from './size';

const KEY = 'bank-bench-key-0123456789abcdef';

async function rpc<T>(url: string, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

/** The work's wall seconds, and the CPU seconds this process spent on it (the server runs in this process, so the
 * CPU figure is Folio's own work and the client's, and says less about the machine's load than the wall time). */
async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return [value, (performance.now() - started) / 1000, (used.user + used.system) / 1e6];
}

const round = (s: number) => Math.round(s * 1000) / 1000;

interface Setup {
  server: Awaited<ReturnType<typeof startServer>>;
  account: number;
  invoices: Array<{ no: string; gross: number }>;
  dir: string;
}

/** How many statement entries, and how many of them pay an open invoice. */
interface Size {
  entries: number;
  invoices: number;
}

/** A server on its own database file with the business, a bank account and the open invoices (not timed). */
async function setup(size: Size): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-bank-'));
  const server = await startServer({ dbFile: join(dir, 'folio.sqlite'), port: 0, auth: { apiKey: KEY }, now: '2026-03-31T12:00:00+02:00', env: { FOLIO_RATES_PREFETCH: 'off' } });
  const core = server.core;
  await core.call('settings.update', {
    seller: { name: 'Bench Kft.', taxcode: '23456787-2-41', address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' } },
  } as never);
  const account = (await core.call('bankAccounts.create', { bank_name: 'Bench Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
  const clients: number[] = [];
  for (let c = 0; c < 100; c++) {
    clients.push((await core.call('clients.create', { name: `Vevő ${c} Kft.`, tax_type: 'HAS_TAX_NUMBER', taxcode: '10000001-2-41', billing_address: addressBody() } as never)).id);
  }
  const invoices: Array<{ no: string; gross: number }> = [];
  for (let i = 0; i < size.invoices; i++) {
    const created = await core.call('invoices.create', invoiceBody(clients[i % clients.length]!, { fulfillment_date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Munka', vat_id: 1, qty: 1, net_unit_price: 10_000 + 7 * i, unit: 'db' }] }) as never);
    invoices.push({ no: created.attributes.invoice_no!, gross: created.attributes.total });
  }
  return { server, account, invoices, dir };
}

async function teardown(s: Setup) {
  await s.server.close();
  rmSync(s.dir, { recursive: true, force: true });
}

/** Every invoice paid with its number in the text; the rest: card income, refunds, fees. */
function statementEntries(invoices: Setup['invoices'], size: Size): TestEntry[] {
  return Array.from({ length: size.entries }, (_, i) => {
    const date = `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`;
    const inv = i < size.invoices ? invoices[i]! : null;
    if (inv) return { ref: `B${i}`, date, amount: String(inv.gross), direction: 'credit', name: 'Vevő Kft.', remittance: `Számla ${inv.no}` };
    return { ref: `B${i}`, date, amount: String(100 + i), direction: i % 3 ? 'credit' : 'debit', name: `Partner ${i}`, remittance: 'kártyás forgalom' };
  });
}

/** The import and the first page of entries (which computes every open credit's suggestion), timed together. */
async function importAndList(url: string, account: number, file: string) {
  return timed(async () => {
    const r = await rpc<{ added: number }>(url, 'bankStatements.import', { account_id: account, file });
    const p = await rpc<{ items: Array<{ suggestion: { confident: boolean } | null }> }>(url, 'bankEntries.list', { state: 'open', max_per_page: 100 });
    return [r, p] as const;
  });
}

export async function run(options: BenchOptions = FULL): Promise<Record<string, number>> {
  const size: Size = { entries: sized(options, 10_000, 300), invoices: sized(options, 3_000, 60) };
  const { entries: ENTRIES, invoices: INVOICES } = size;
  const figures: Record<string, number> = {};
  const camt = await setup(size);
  try {
    const { server, account } = camt;
    const file = Buffer.from(camt053(statementEntries(camt.invoices, size), { version: '08' })).toString('base64');
    const [[imported, page], importS, importCpuS] = await importAndList(server.url, account, file);
    if (imported.added !== ENTRIES || !page.items.length) throw new Error(`unexpected import: ${JSON.stringify(imported)}`);
    const [confirmed, confirmS] = await timed(() => rpc<{ confirmed: number }>(server.url, 'bankEntries.confirmSuggested', {}));
    if (confirmed.confirmed !== INVOICES) throw new Error(`confirmed ${confirmed.confirmed}, expected ${INVOICES}`);
    const [again, againS] = await timed(() => rpc<{ added: number }>(server.url, 'bankStatements.import', { account_id: account, file }));
    if (again.added !== 0) throw new Error('the same statement added entries again');
    Object.assign(figures, {
      bank_import_10k_file_mb: Math.round((Buffer.byteLength(file, 'base64') / 1024 / 1024) * 100) / 100,
      bank_import_10k_s: round(importS),
      bank_import_10k_cpu_s: round(importCpuS),
      bank_confirm_3k_s: round(confirmS),
      bank_reimport_10k_s: round(againS),
    });
  } finally {
    await teardown(camt);
  }
  // issue 37: the same statement as an OTP netbank spreadsheet (title block, header further down), on a fresh database
  // with its own open invoices
  const sheet = await setup(size);
  try {
    const rows: SheetEntry[] = statementEntries(sheet.invoices, size).map((e) => ({ ...e, ref: '' }));
    const xlsx = (await otpNewXlsx(rows, '11773016-11111018')).toString('base64');
    const [[imported, page], importS, importCpuS] = await importAndList(sheet.server.url, sheet.account, xlsx);
    if (imported.added !== ENTRIES || !page.items.length) throw new Error(`unexpected XLSX import: ${JSON.stringify(imported)}`);
    // the spreadsheet's payments found their invoices: every one is certain (not timed)
    const confirmed = await rpc<{ confirmed: number }>(sheet.server.url, 'bankEntries.confirmSuggested', {});
    if (confirmed.confirmed !== INVOICES) throw new Error(`XLSX: confirmed ${confirmed.confirmed}, expected ${INVOICES}`);
    Object.assign(figures, {
      bank_import_xlsx_10k_file_mb: Math.round((Buffer.byteLength(xlsx, 'base64') / 1024 / 1024) * 100) / 100,
      bank_import_xlsx_10k_s: round(importS),
      bank_import_xlsx_10k_cpu_s: round(importCpuS),
    });
  } finally {
    await teardown(sheet);
  }
  return figures;
}
