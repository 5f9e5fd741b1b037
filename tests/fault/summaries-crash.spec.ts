// The summary tables (the dashboard's of migration 0038, the reports' of 0056–0074, the list's counts of 0076) after
// power cuts: a writer issuing, cancelling and paying invoices, in forints and euros, and recording expenses
// (tests/fault/workers/issuer.ts) is SIGKILLed at seeded random moments, mid-write; each time the file is opened
// again and every summary must equal a full recount — a killed write takes its summary change with it, since the
// triggers write in the invoice's own transaction.
// Replay a failure with FOLIO_FAULT_SEED=<seed printed below>.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { summaryTables } from '../support/summary-recount';
import { rng } from './support/bodies';
import { issuerEntry, seedFrom, startChild, tempDir, type Child } from './support/procs';

const KILLS = 8;

test('summaries equal a recount after SIGKILLs in the middle of writes @sqlite', async () => {
  test.setTimeout(180_000);
  const seed = seedFrom('FOLIO_FAULT_SEED');
  console.log(`summaries crash seed: FOLIO_FAULT_SEED=${seed}`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const r = rng(seed);
  const tmp = tempDir('summaries-crash');
  const file = tmp.file('folio.db');
  const entry = await issuerEntry();
  let child: Child | undefined;
  let acks = 0;
  try {
    for (let kill = 0; kill < KILLS; kill++) {
      child = startChild([entry, file, String(seed + kill), kill % 3 === 0 ? '2025' : '2026'], { FOLIO_ISSUER_MIXED: '1' }, (line) => {
        if (line.startsWith('ack ')) acks++;
      });
      await child.waitFor(/^ready$/, 60_000);
      await new Promise((res) => setTimeout(res, 100 + Math.floor(r() * 700)));
      // it was still writing when the kill landed (null: ended by the signal)
      expect(await child.kill('SIGKILL'), `writer ${kill} exited before its kill (seed ${seed})`).toBeNull();
      const opened = await openDatabase(file);
      try {
        for (const t of await summaryTables(opened.db)) expect(t.kept, `${t.table} after kill ${kill + 1} (seed ${seed})`).toEqual(t.recount);
      } finally {
        await opened.close();
      }
    }
    const opened = await openDatabase(file);
    try {
      const tables = await summaryTables(opened.db);
      console.log(`summaries crash: ${KILLS} kills, ${acks} acknowledged writes, ${tables.map((t) => `${t.table} ${t.kept.length} rows`).join(', ')}`);
      // the writers made what the summaries sum: revenue days and open invoices
      expect(tables.find((t) => t.table === 'summary_revenue_days')!.kept.length).toBeGreaterThan(0);
      expect(tables.find((t) => t.table === 'summary_open_days')!.kept.length).toBeGreaterThan(0);
      // and the VAT analysis's day sums (migration 0074)
      expect(tables.find((t) => t.table === 'report_vat_days')!.kept.length).toBeGreaterThan(0);
      // and euro invoices, summed converted (migration 0070) beside the forint ones
      const euros = await opened.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).where('currency', '=', 'EUR').where('sealed', '=', 1).executeTakeFirstOrThrow();
      expect(Number(euros.n)).toBeGreaterThan(0);
      // and the costs (migration 0071)
      expect(tables.find((t) => t.table === 'summary_cost_months')!.kept.length).toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
    expect(acks).toBeGreaterThan(20);
  } finally {
    await child?.kill('SIGKILL');
    tmp.remove();
    if (entry.endsWith('.mjs')) rmSync(entry, { force: true });
  }
});
