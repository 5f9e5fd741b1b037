// The million-invoice benchmark's database (tests/bench/million/build.ts), built small: it must be books the app
// itself could have written — gapless numbers per block, kind and year in date order, counters at the last number,
// every issued invoice's VAT lines in report_vat_lines and its change-log row, totals equal to their lines, cancelled
// invoices paired with their stornos, the summaries equal to a recount, the VAT analysis equal to its reading from
// every line — and the core must read it as its own.
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { buildMillion, CLIENTS, PRODUCTS, taxNumber } from '../bench/million/build';
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { isHungarianTaxNumber } from '../../shared/tax-numbers';
import { tempDir } from '../fault/support/procs';
import { benchInvoice } from '../fault/support/bodies';
import { dashboardFromInvoices, summaryTables } from '../support/summary-recount';
import { outputFromLines } from '../support/vat-lines';

const INVOICES = 2000;

test('the builder writes consistent books the core reads', async () => {
  const tmp = tempDir('million-builder');
  try {
    const file = tmp.file('folio.db');
    const built = await buildMillion(file, INVOICES);
    expect(built.invoices).toBe(INVOICES);

    const db = new BetterSqlite3(file, { readonly: true });
    const all = <T>(sql: string) => db.prepare(sql).all() as T[];
    const one = <T>(sql: string) => db.prepare(sql).get() as T;
    try {
      const counts = one<Record<string, number>>(`SELECT count(*) n, sum(sealed) sealed, sum(type = 1) proformas,
        sum(cancels_id IS NOT NULL) stornos, sum(modifies_id IS NOT NULL) modifying, sum(currency = 'EUR') eur,
        sum(status = 2 AND total_paid_milli > 0) partly, count(DISTINCT block_id) blocks, min(date) first, max(date) last FROM invoices`);
      expect(counts).toMatchObject({ n: INVOICES, sealed: INVOICES, blocks: 3, first: '2017-01-01' });
      // the last day before the database's today, or near it when few invoices are spread over the year
      expect(String(counts.last) >= '2026-11-20' && String(counts.last) <= '2026-11-26', String(counts.last)).toBe(true);
      for (const key of ['proformas', 'stornos', 'modifying', 'eur', 'partly']) expect(counts[key], key).toBeGreaterThan(0);
      expect(one<{ n: number }>('SELECT count(*) n FROM clients').n).toBe(CLIENTS);
      expect(one<{ n: number }>('SELECT count(*) n FROM products').n).toBe(PRODUCTS);
      expect(one<{ n: number }>('SELECT count(*) n FROM expenses').n).toBe(INVOICES / 10);
      expect(one<{ n: number }>('SELECT count(*) n FROM bank_entries').n).toBe(INVOICES / 10);

      // gapless, in date order, per block, kind and year; the counters at the last number
      const gaps = all(`SELECT block_id, number_kind, number_year, count(*) c, max(number_seq) m, min(number_seq) lo FROM invoices
        GROUP BY 1, 2, 3 HAVING c <> m OR lo <> 1`);
      expect(gaps).toEqual([]);
      const outOfOrder = one<{ n: number }>(`SELECT count(*) n FROM invoices a JOIN invoices b ON a.block_id = b.block_id
        AND a.number_kind = b.number_kind AND a.number_year = b.number_year AND b.number_seq = a.number_seq + 1 WHERE b.date < a.date`);
      expect(outOfOrder.n).toBe(0);
      const sequences = one<{ n: number }>("SELECT count(DISTINCT block_id || '/' || number_kind || '/' || number_year) n FROM invoices").n;
      const counters = all<{ ok: number }>(`SELECT c.last_no = (SELECT max(number_seq) FROM invoices i WHERE i.block_id = c.block_id
        AND i.number_kind = c.kind AND i.number_year = c.year) ok FROM number_counters c`);
      expect(counters.length).toBe(sequences);
      expect(counters.every((c) => c.ok === 1)).toBe(true);

      // what the seal triggers write: VAT lines for every issued invoice (not proformas), a change-log row for each
      expect(one<{ n: number }>('SELECT count(*) n FROM invoices i WHERE type = 3 AND NOT EXISTS (SELECT 1 FROM report_vat_lines r WHERE r.invoice_id = i.id)').n).toBe(0);
      expect(one<{ n: number }>('SELECT count(*) n FROM report_vat_lines r JOIN invoices i ON i.id = r.invoice_id WHERE i.type <> 3').n).toBe(0);
      expect(one<{ n: number }>("SELECT count(DISTINCT entity_id) n FROM change_log WHERE entity = 'invoice' AND op = 'create'").n).toBe(INVOICES);

      // amounts: the invoice's totals are its lines', the VAT lines add up to them, payments to what is paid
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices i WHERE net_milli <> (SELECT sum(net_milli) FROM invoice_items t WHERE t.invoice_id = i.id)
        OR vat_milli <> (SELECT sum(vat_milli) FROM invoice_items t WHERE t.invoice_id = i.id) OR total_milli <> net_milli + vat_milli`).n).toBe(0);
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices i WHERE type = 3
        AND vat_milli <> (SELECT sum(vat_milli) FROM report_vat_lines r WHERE r.invoice_id = i.id)`).n).toBe(0);
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices i WHERE cancels_id IS NULL AND modifies_id IS NULL
        AND total_paid_milli <> coalesce((SELECT sum(amount_milli) FROM invoice_payments p WHERE p.invoice_id = i.id), 0)`).n).toBe(0);
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices i WHERE status = 1 AND cancels_id IS NULL AND modifies_id IS NULL
        AND total_paid_milli <> coalesce(current_total_milli, total_milli)`).n).toBe(0);

      // every storno cancels an invoice that points back to it; every modifying invoice follows its original
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices s JOIN invoices o ON o.id = s.cancels_id
        WHERE o.cancelled_by_id IS NOT s.id OR o.status <> 4 OR s.total_milli <> -o.total_milli OR s.original_invoice_no <> o.invoice_no`).n).toBe(0);
      expect(one<{ n: number }>(`SELECT count(*) n FROM invoices m JOIN invoices o ON o.id = m.modifies_id
        WHERE o.current_total_milli IS NOT o.total_milli + m.total_milli`).n).toBe(0);

      // clients' tax numbers carry valid check digits
      const taxcodes = all<{ taxcode: string }>('SELECT taxcode FROM clients');
      expect(taxcodes.every((c) => isHungarianTaxNumber(c.taxcode))).toBe(true);
      expect(taxNumber(1234567)).toBe('12345676-2-41');
    } finally {
      db.close();
    }

    // the core reads it as its own and issues the next number of the year
    const opened = await openDatabase(file);
    try {
      const core = await createCore({ db: opened.db, clock: fixedClock('2026-11-27T10:00:00+01:00') });
      const page = await core.call('invoices.list', { page: 1, max_per_page: 50 });
      expect(page.items.length).toBe(50);
      // the search index holds every invoice: a buyer's tax number and a line's words find theirs
      const sample = opened.sqlite.prepare('SELECT i.id, c.taxcode, (SELECT description FROM invoice_items WHERE invoice_id = i.id LIMIT 1) AS line FROM invoices i JOIN clients c ON c.id = i.client_id ORDER BY i.id DESC LIMIT 1').get() as { id: number; taxcode: string; line: string };
      for (const search of [sample.taxcode, sample.line]) {
        const found = await core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', search, max_per_page: 50 });
        expect(found.items.map((i) => i.id), search).toContain(sample.id);
      }
      const indexed = opened.sqlite.prepare('SELECT (SELECT count(*) FROM invoice_search) AS docs, (SELECT count(*) FROM invoices) AS invoices').get() as { docs: number; invoices: number };
      expect(indexed.docs).toBe(indexed.invoices);
      const vat = await core.call('reports.vat', { from: '2025-01-01', to: '2025-12-31' });
      expect(vat.output.documents.length).toBeGreaterThan(0);
      // the output side from the day sums (migration 0074) is what every line of the period gives
      for (const [from, to] of [['2025-01-01', '2025-12-31'], ['2017-01-01', '2026-12-31'], ['2026-04-15', '2026-07-14'], ['2021-02-28', '2021-03-01']] as const) {
        const report = from === '2025-01-01' ? vat : await core.call('reports.vat', { from, to });
        expect(report.output, `${from}…${to}`).toEqual(await outputFromLines(opened.db, from, to));
      }
      // the dashboard's summaries (migration 0038), kept by triggers as the builder inserts and updates: each equals a
      // full recount, and the dashboard answers what the invoice rows say
      for (const t of await summaryTables(opened.db)) {
        expect(t.kept, t.table).toEqual(t.recount);
        // the payments on euro invoices of a rate the sums do not convert (0070): the builder's rates all convert
        if (t.table !== 'summary_cash_foreign') expect(t.kept.length, t.table).toBeGreaterThan(0);
      }
      const dashboard = await dashboardFromInvoices(opened.db, '2026-11-27');
      expect(await core.call('invoices.summary', {})).toEqual(dashboard.summary);
      expect(await core.call('receivables.summary', {})).toEqual(dashboard.receivables);
      const last = opened.sqlite.prepare("SELECT last_no FROM number_counters WHERE block_id = 0 AND kind = 'invoice' AND year = 2026").get() as { last_no: number };
      const clientId = (opened.sqlite.prepare('SELECT min(id) id FROM clients').get() as { id: number }).id;
      const created = await core.call('invoices.create', benchInvoice(clientId, '2026-11-27'));
      expect(created.attributes.invoice_no).toBe(`2026-${String(last.last_no + 1).padStart(6, '0')}`);
    } finally {
      await opened.close();
    }
  } finally {
    tmp.remove();
  }
});
