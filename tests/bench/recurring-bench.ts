// Recurring catch-up benchmark: 1,000 monthly profiles, each 10 periods behind (10,000 due occurrences), issued by
// one scheduler pass on a database file with the production pragmas (WAL, synchronous=FULL). Setup is not timed.
// Target: ≤ 10 s. A smoke run (size.ts): 20 profiles. Run alone: npx tsx tests/bench/recurring-bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../../electron/core/clock';
import { createCore } from '../../electron/core/index';
import { createRecurringScheduler } from '../../electron/core/recurring/scheduler';
import { openDatabase } from '../../electron/db/open';
import { addDays } from '../../shared/dates';
import { buyerBody, SELLER } from '../fault/support/bodies';
import { FULL, sized, type BenchOptions } from './size';

const PERIODS = 10;
const NOW = '2026-03-15T10:00:00+01:00';

export async function run(options: BenchOptions = FULL): Promise<{ recurring_catchup_10k_s: number; recurring_catchup_10k_cpu_s: number }> {
  const PROFILES = sized(options, 1_000, 20);
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-recurring-'));
  const opened = await openDatabase(join(dir, 'folio.sqlite'));
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
    // an invoice is numbered only for a seller and a buyer with full addresses (the legal checks)
    await core.call('settings.update', { seller: SELLER });
    const clients = [];
    for (let i = 0; i < 20; i++) clients.push((await core.call('clients.create', buyerBody(`Ügyfél ${i + 1} Kft.`))).id);
    const bases = [];
    for (let i = 0; i < Math.min(50, PROFILES); i++) {
      const base = await core.call('invoices.create', {
        client_uid: clients[i % clients.length]!,
        payment_method: 2,
        currency: 'HUF',
        type: 0,
        fulfillment_date: '2025-05-01',
        due_date: '2025-05-09',
        items: [
          { description: 'Üzemeltetés (havidíj)', vat_id: '1', qty: '1', net_unit_price: '25000', unit: 'hó' },
          { description: 'Tárhely', vat_id: '1', qty: '2', net_unit_price: '3500', unit: 'db' },
          { description: 'Domain', vat_id: '1', qty: '1', gross_unit_price: '1270', unit: 'db' },
        ],
      });
      bases.push(base.id);
    }
    // Monthly from a day in 2025-05-16 … 2025-06-14: exactly 10 occurrences up to 2026-03-15.
    for (let i = 0; i < PROFILES; i++) {
      await core.call('recurring.create', {
        base_invoice_uid: bases[i % bases.length]!,
        frequency: '1M',
        start_date: addDays('2025-05-16', i % 30),
        due_days: 8,
      });
    }
    const scheduler = createRecurringScheduler({ core });
    const pending = (await scheduler.pendingOccurrences()).length;
    if (pending !== PROFILES * PERIODS) throw new Error(`setup made ${pending} due occurrences, not ${PROFILES * PERIODS}`);

    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await scheduler.runOnce();
    const seconds = (performance.now() - started) / 1000;
    // CPU time too: on a busy machine the wall time says more about the neighbours than about Folio
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    if (result.issued.length !== PROFILES * PERIODS || result.failed.length) {
      throw new Error(`the pass issued ${result.issued.length} and failed ${result.failed.length}`);
    }
    return { recurring_catchup_10k_s: Math.round(seconds * 100) / 100, recurring_catchup_10k_cpu_s: Math.round(cpuSeconds * 100) / 100 };
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run()));
}
