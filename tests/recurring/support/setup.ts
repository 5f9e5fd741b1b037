// A core on its own temporary database file with a hand-moved business clock, and builders for the client, base
// invoice and profile of a recurring scenario. Shared by the recurring, rates and EU VAT suites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../electron/core/clock';
import { createCore, type Core, type CoreDeps } from '../../../electron/core/index';
import { openDatabase, type Db } from '../../../electron/db/open';
import { seedSeller } from '../../support/fixtures';

export interface TestCore {
  core: Core;
  clock: ManualClock;
  db: Db;
  file: string;
  dir: string;
  /** closes the database and removes its folder (when this core made it) */
  close(): Promise<void>;
  /** closes the database only, keeping the file for another process or a reopen */
  closeDb(): Promise<void>;
}

type Deps = Omit<CoreDeps, 'db' | 'clock'>;

/**
 * `deps` may be built from the database (a rate provider caches in it). A fresh file starts with the test seller
 * (TEST_SELLER), as an invoice is issued only by a complete seller; a given file keeps the seller it has.
 */
export async function openCore(now: string, deps: Deps | ((db: Db) => Deps) = {}, file?: string): Promise<TestCore> {
  const dir = file ? '' : mkdtempSync(join(tmpdir(), 'folio-recurring-'));
  const path = file ?? join(dir, 'folio.sqlite');
  const opened = await openDatabase(path);
  const clock = new ManualClock(now);
  const core = await createCore({ db: opened.db, clock, ...(typeof deps === 'function' ? deps(opened.db) : deps) });
  if (!file) await seedSeller(core);
  return {
    core,
    clock,
    db: opened.db,
    file: path,
    dir,
    async close() {
      await opened.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    closeDb: () => opened.close(),
  };
}

export async function makeClient(core: Core, name = 'Példa Szolgáltató Kft.'): Promise<number> {
  const client = await core.call('clients.create', {
    name,
    email: 'szamla@pelda.hu',
    billing_address: { country: 'HU', postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '7' },
  });
  return client.id;
}

export interface BaseOptions {
  currency?: string;
  exchange_rate?: string;
  type?: 0 | 1 | 3;
  payment_method?: number;
  comment?: string;
  items?: Array<Record<string, unknown>>;
}

/** A draft (by default) hosting invoice: 3 500 HUF net a month at 27 %, plus a gross-priced line. */
export async function makeBase(core: Core, clientId: number, o: BaseOptions = {}): Promise<number> {
  const created = await core.call('invoices.create', {
    client_uid: clientId,
    payment_method: o.payment_method ?? 2,
    currency: o.currency ?? 'HUF',
    type: o.type ?? 0,
    fulfillment_date: '2024-12-01',
    due_date: '2024-12-09',
    comment: o.comment ?? 'Tárhely-szolgáltatás',
    ...(o.exchange_rate ? { exchange_rate: o.exchange_rate } : {}),
    items: o.items ?? [
      { description: 'Tárhely (havidíj)', vat_id: '1', qty: '1', net_unit_price: '3500', unit: 'hó' },
      { description: 'Domain', vat_id: '1', qty: '1', gross_unit_price: '1270', unit: 'db' },
    ],
  });
  return created.id;
}

export interface ProfileOptions {
  frequency?: string;
  start_date: string;
  max_qty?: number;
  due_days?: number;
  fulfillment_shift?: number;
  send_invoice?: boolean;
  comment?: string;
  /** the catch-up count the save confirms (needed above 31 invoices at once, see docs/recurring.md) */
  confirm_catch_up?: number;
}

export async function makeProfile(core: Core, baseId: number, o: ProfileOptions): Promise<number> {
  const p = await core.call('recurring.create', {
    base_invoice_uid: baseId,
    frequency: o.frequency ?? '1M',
    start_date: o.start_date,
    due_days: o.due_days ?? 8,
    fulfillment_shift: o.fulfillment_shift ?? 0,
    send_invoice: o.send_invoice ?? false,
    max_qty: o.max_qty ?? 0,
    comment: o.comment ?? '',
    ...(o.confirm_catch_up !== undefined ? { confirm_catch_up: o.confirm_catch_up } : {}),
  });
  return p.id;
}

/** The invoices a profile issued, oldest first, as rows (the test reads what is stored). */
export async function issuedRows(db: Db, profileId: number) {
  return db.selectFrom('invoices').selectAll().where('recurring_id', '=', profileId).orderBy('id').execute();
}
