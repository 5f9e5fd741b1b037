// The receipt report end to end: a Folio runtime (createRuntime) on a temporary database file with a business clock
// the test moves, the NAV technical user from the environment, FOLIO_NAV_RECEIPT_URL pointing at the fake receipt
// interface and the MNB rates at the recorded MNB stand-in. Shared by the specs and the child the crash suite kills.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../electron/core/clock';
import type { Core } from '../../electron/core/index';
import { openDatabase, type Db } from '../../electron/db/open';
import type { FetchLike } from '../../electron/nav/transport';
import { receiptDb, type NavReceiptReportsTable } from '../../electron/nav-receipts/store';
import { createRuntime, type Runtime } from '../../electron/runtime/runtime';

export const SELLER = {
  name: 'Folio Teszt Kft.',
  taxcode: '12345676-2-41',
  address: { country: 'HU', postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '7' },
};

/** The technical user the fake knows; the invoice interface's address is a closed port (no invoices here). */
export function receiptEnv(receiptUrl: string, ratesUrl?: string): Record<string, string> {
  return {
    FOLIO_NAV_LOGIN: 'folio0test',
    FOLIO_NAV_PASSWORD: 'Titkos-jelszo-1',
    FOLIO_NAV_TAX_NUMBER: '12345676-2-41',
    FOLIO_NAV_SIGNATURE_KEY: 'ac-ac3a-7f661bff7d342N43CYX4U9FG',
    FOLIO_NAV_EXCHANGE_KEY: 'ABCDEF0123456789',
    FOLIO_NAV_URL: 'http://127.0.0.1:9/invoiceService/v3',
    FOLIO_NAV_RECEIPT_URL: receiptUrl,
    FOLIO_RATES_PREFETCH: 'off',
    ...(ratesUrl ? { FOLIO_RATES_URL: ratesUrl } : {}),
  };
}

export interface ReceiptRig {
  rt: Runtime;
  core: Core;
  db: Db;
  clock: ManualClock;
  file: string;
  close(): Promise<void>;
}

export function tempDbFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-receipts-'));
  return { file: join(dir, 'folio.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function openReceiptRig(o: { file: string; receiptUrl: string; ratesUrl?: string; clock: ManualClock; fetch?: FetchLike }): Promise<ReceiptRig> {
  const opened = await openDatabase(o.file);
  const rt = await createRuntime({
    db: opened.db,
    clock: o.clock,
    env: receiptEnv(o.receiptUrl, o.ratesUrl),
    fetch: o.fetch ?? (fetch as unknown as FetchLike),
    receiptTuning: { retry: { baseDelayMs: 60_000, maxDelayMs: 600_000 }, requestTimeoutMs: 10_000 },
  });
  return {
    rt,
    core: rt.core,
    db: opened.db,
    clock: o.clock,
    file: o.file,
    async close() {
      await rt.stop();
      await opened.close();
    },
  };
}

/** A Budapest wall-clock time as the instant it is ("2026-10-24 23:59:59" in summer time is 21:59:59Z). */
export function budapest(local: string): string {
  const [d, t] = local.split(' ');
  for (const offset of ['+02:00', '+01:00']) {
    const instant = new Date(`${d}T${t}${offset}`);
    const shown = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest', dateStyle: 'short', timeStyle: 'medium' }).format(instant);
    if (shown === `${d} ${t}`) return instant.toISOString();
  }
  throw new Error(`no such Budapest time: ${local}`);
}

export interface Line {
  description?: string;
  vat_id?: string;
  gross_unit_price: string;
  qty?: string;
}

/** A receipt made now on the business clock: cash, forints unless said. */
export async function receipt(core: Core, lines: Line[], over: Record<string, unknown> = {}): Promise<{ id: number; number: string; date: string }> {
  const made = await core.call('receipts.create', {
    payment_method: 1,
    currency: 'HUF',
    items: lines.map((l) => ({ description: l.description ?? 'Kávé', vat_id: l.vat_id ?? '1', gross_unit_price: l.gross_unit_price, qty: l.qty ?? '1' })),
    ...over,
  } as never);
  return { id: made.id, number: made.attributes.prefixed_invoice_no!, date: made.attributes.date };
}

export async function reportRows(db: Db): Promise<NavReceiptReportsTable[]> {
  return receiptDb(db).selectFrom('nav_receipt_reports').selectAll().orderBy('day').orderBy('id').execute();
}
