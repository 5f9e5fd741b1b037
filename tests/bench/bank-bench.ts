// Bank statement benchmark: a camt.053 statement of 10,000 entries imported into an account and matched against
// 3,000 open invoices, through the real HTTP door the UI uses (/rpc), on a database file with the production pragmas.
// bank_import_10k_s is the import plus the first page of entries (which computes every open credit's suggestion);
// target ≤ 2 s. Confirming the certain suggestions (3,000 payments through invoices.pay's rule) is measured beside
// it, and so is importing the same file again (nothing added). Setup is not timed.
// A smoke run (size.ts): 300 entries, 60 invoices. Run alone: npx tsx tests/bench/run.ts --only bank
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../electron/server/start';
import { addressBody, invoiceBody } from '../support/fixtures';
import { OWN_IBAN, camt053, type TestEntry } from '../bank/statements';
import { FULL, sized, type BenchOptions } from './size';

const KEY = 'bank-bench-key-0123456789abcdef';

async function rpc<T>(url: string, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, (performance.now() - started) / 1000];
}

const round = (s: number) => Math.round(s * 1000) / 1000;

export async function run(options: BenchOptions = FULL): Promise<Record<string, number>> {
  const ENTRIES = sized(options, 10_000, 300);
  const INVOICES = sized(options, 3_000, 60);
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-bank-'));
  const server = await startServer({ dbFile: join(dir, 'folio.sqlite'), port: 0, auth: { apiKey: KEY }, now: '2026-03-31T12:00:00+02:00', env: { FOLIO_RATES_PREFETCH: 'off' } });
  try {
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
    for (let i = 0; i < INVOICES; i++) {
      const created = await core.call('invoices.create', invoiceBody(clients[i % clients.length]!, { fulfillment_date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Munka', vat_id: 1, qty: 1, net_unit_price: 10_000 + 7 * i, unit: 'db' }] }) as never);
      invoices.push({ no: created.attributes.invoice_no!, gross: created.attributes.total });
    }
    // every invoice paid with its number in the text; the rest: card income, refunds, fees
    const entries: TestEntry[] = Array.from({ length: ENTRIES }, (_, i) => {
      const date = `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`;
      const inv = i < INVOICES ? invoices[i]! : null;
      if (inv) return { ref: `B${i}`, date, amount: String(inv.gross), direction: 'credit', name: 'Vevő Kft.', remittance: `Számla ${inv.no}` };
      return { ref: `B${i}`, date, amount: String(100 + i), direction: i % 3 ? 'credit' : 'debit', name: `Partner ${i}`, remittance: 'kártyás forgalom' };
    });
    const file = Buffer.from(camt053(entries, { version: '08' })).toString('base64');

    const [[imported, page], importS] = await timed(async () => {
      const r = await rpc<{ added: number }>(server.url, 'bankStatements.import', { account_id: account, file });
      const p = await rpc<{ items: Array<{ suggestion: { confident: boolean } | null }> }>(server.url, 'bankEntries.list', { state: 'open', max_per_page: 100 });
      return [r, p] as const;
    });
    if (imported.added !== ENTRIES || !page.items.length) throw new Error(`unexpected import: ${JSON.stringify(imported)}`);
    const [confirmed, confirmS] = await timed(() => rpc<{ confirmed: number }>(server.url, 'bankEntries.confirmSuggested', {}));
    if (confirmed.confirmed !== INVOICES) throw new Error(`confirmed ${confirmed.confirmed}, expected ${INVOICES}`);
    const [again, againS] = await timed(() => rpc<{ added: number }>(server.url, 'bankStatements.import', { account_id: account, file }));
    if (again.added !== 0) throw new Error('the same statement added entries again');
    return {
      bank_import_10k_file_mb: Math.round((Buffer.byteLength(file, 'base64') / 1024 / 1024) * 100) / 100,
      bank_import_10k_s: round(importS),
      bank_confirm_3k_s: round(confirmS),
      bank_reimport_10k_s: round(againS),
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
