// The NAV queue end to end: a Folio runtime (createRuntime) on a temporary database file, a seller and a domestic
// client, and the fake NAV server reached over real HTTP. Shared by the queue and export suites and the child
// process the crash suite kills.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock, type Clock } from '../../electron/core/clock';
import type { Core } from '../../electron/core/index';
import { openDatabase, type Db } from '../../electron/db/open';
import type { NavReporterTuning } from '../../electron/nav-queue/reporter';
import { navDb, type NavReportsTable } from '../../electron/nav-queue/store';
import type { FetchLike } from '../../electron/nav/transport';
import { createRuntime, type Runtime } from '../../electron/runtime/runtime';

/** The fake NAV server's default technical user, as the environment names it (navCredentialsFromEnv). */
export function navEnv(baseUrl: string): Record<string, string> {
  return {
    FOLIO_NAV_LOGIN: 'folio0test',
    FOLIO_NAV_PASSWORD: 'Titkos-jelszo-1',
    FOLIO_NAV_TAX_NUMBER: '12345676-2-41',
    FOLIO_NAV_SIGNATURE_KEY: 'ac-ac3a-7f661bff7d342N43CYX4U9FG',
    FOLIO_NAV_EXCHANGE_KEY: 'ABCDEF0123456789',
    FOLIO_NAV_URL: baseUrl,
  };
}

/** Short polls and backoff: the fake answers DONE on the third status query. */
export const FAST: NavReporterTuning = {
  pollDelaysMs: [10, 10, 20, 40, 80],
  retry: { baseDelayMs: 20, maxDelayMs: 200, attemptsPerRun: 2 },
  stillProcessingDelayMs: 100,
  requestTimeoutMs: 10_000,
};

export const SELLER = {
  name: 'Folio Teszt Kft.',
  taxcode: '12345676-2-41',
  address: { country: 'HU', postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '7' },
};

export const BUYER = {
  name: 'Vevő Kereskedelmi Kft.',
  taxcode: '11111111-2-42',
  tax_type: 'HAS_TAX_NUMBER' as const,
  billing_address: { country: 'HU', postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '1' },
};

export interface QueueRig {
  rt: Runtime;
  core: Core;
  db: Db;
  file: string;
  /** closes the runtime and the database, keeping the file */
  close(): Promise<void>;
}

export interface RigOptions {
  /** the database file; default a new one in a temporary folder */
  file?: string;
  /** the fake NAV's address; none = reporting off (no credentials) */
  navUrl?: string;
  clock?: Clock;
  tuning?: NavReporterTuning;
  fetch?: FetchLike;
}

export function tempDbFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-navq-'));
  return { file: join(dir, 'folio.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function openRig(o: RigOptions & { file: string }): Promise<QueueRig> {
  const opened = await openDatabase(o.file);
  const rt = await createRuntime({
    db: opened.db,
    clock: o.clock ?? fixedClock('2025-03-10T09:00:00Z'),
    env: o.navUrl ? navEnv(o.navUrl) : {},
    fetch: o.fetch ?? (fetch as unknown as FetchLike),
    navTuning: o.tuning ?? FAST,
  });
  return {
    rt,
    core: rt.core,
    db: opened.db,
    file: o.file,
    async close() {
      await rt.stop();
      await opened.close();
    },
  };
}

/** The seller's profile and one domestic client with a tax number; resolves with the client's id. */
export async function setUpBusiness(core: Core, seller: Partial<typeof SELLER> & { eu_taxcode?: string } = {}): Promise<number> {
  await core.call('settings.update', { seller: { ...SELLER, ...seller } });
  return (await core.call('clients.create', BUYER)).id;
}

export interface Issued {
  id: number;
  number: string;
}

/** Issues a normal invoice (type 3): 2 hours of consulting at 27 % unless other lines are given. */
export async function issue(core: Core, clientId: number, items?: Array<Record<string, unknown>>): Promise<Issued> {
  const created = await core.call('invoices.create', {
    client_uid: clientId,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: core.ctx.clock.now().toISOString().slice(0, 10),
    due_date: '2025-12-31',
    items: items ?? [{ description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' }],
  });
  return { id: created.id, number: created.attributes.prefixed_invoice_no! };
}

export async function cancel(core: Core, id: number): Promise<Issued> {
  const created = await core.call('invoices.cancel', { id });
  return { id: created.id, number: created.attributes.prefixed_invoice_no! };
}

export async function reportOf(db: Db, invoiceId: number): Promise<NavReportsTable> {
  return navDb(db).selectFrom('nav_reports').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow();
}

export async function allReports(db: Db): Promise<NavReportsTable[]> {
  return navDb(db).selectFrom('nav_reports').selectAll().orderBy('id').execute();
}

/** The invoiceData XML a report carries. */
export function xmlOf(report: Pick<NavReportsTable, 'invoice_data'>): string {
  return Buffer.from(report.invoice_data ?? '', 'base64').toString('utf8');
}
