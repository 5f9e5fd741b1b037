// Seeds many sealed invoices fast: raw better-sqlite3 prepared statements in one transaction, straight into the
// tables of migrations/0001-initial.ts (after openDatabase has run the migrations). Each invoice gets one line; the
// rows are inserted unsealed (items may only be added then) and sealed with one UPDATE at the end, as the core does.
import { openDatabase } from '../../../electron/db/open';

export interface SeedOptions {
  count: number;
  /** business date of the newest invoice; older ones go back one day per ~300 invoices */
  today?: string;
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export async function seedInvoices(dbFile: string, options: SeedOptions): Promise<void> {
  const today = options.today ?? '2026-11-22';
  const opened = await openDatabase(dbFile);
  const db = opened.sqlite;
  const now = `${today} 09:00:00`;
  try {
    db.transaction(() => {
      db.prepare(`INSERT OR IGNORE INTO invoice_blocks (id, name, prefix, created_at, updated_at) VALUES (0, 'Számlák', '', ?, ?)`).run(now, now);
      const clientIds: number[] = [];
      const insertClient = db.prepare(
        `INSERT INTO clients (name, email, taxcode, tax_type, address, created_at, updated_at) VALUES (?, ?, '', '', ?, ?, ?)`,
      );
      for (let c = 1; c <= 200; c++) {
        const info = insertClient.run(`Ügyfél ${c} Kft.`, `ugyfel${c}@example.hu`, JSON.stringify({ city: 'Budapest', postcode: '1051' }), now, now);
        clientIds.push(Number(info.lastInsertRowid));
      }
      const seller = JSON.stringify({ name: 'Minta Bt.', taxcode: '12345676-2-41' });
      const insertInvoice = db.prepare(`
        INSERT INTO invoices (type, status, sealed, block_id, number_kind, number_year, number_seq, invoice_no, prefix, date,
          fulfillment_date, due_date, client_id, client_snapshot, seller_snapshot, payment_method_id, currency, exchange_rate,
          exchange_rate_source, round_to, net_milli, vat_milli, gross_milli, rounding_milli, total_milli, total_paid_milli,
          comment, template_lang_code, electronic_invoice, is_cancel_invoice, issued_at, created_at, updated_at)
        VALUES (3, ?, 0, 0, 'invoice', ?, ?, ?, '', ?, ?, ?, ?, ?, ?, 2, 'HUF', '1', 'home currency', 0, ?, ?, ?, 0, ?, ?, '', 'hu', 0, 0, ?, ?, ?)`);
      const insertItem = db.prepare(`
        INSERT INTO invoice_items (invoice_id, position, description, qty, unit, net_unit_price, vat_id, vat_rate, item_comment,
          net_milli, vat_milli, gross_milli)
        VALUES (?, 0, 'Szolgáltatás', '1', 'db', ?, '1', '0.27', '', ?, ?, ?)`);
      const perYear = new Map<number, number>();
      // Oldest first, so ids grow with dates as they would in real use.
      for (let i = options.count - 1; i >= 0; i--) {
        const date = daysBefore(today, Math.floor(i / 300));
        const year = Number(date.slice(0, 4));
        const seq = (perYear.get(year) ?? 0) + 1;
        perYear.set(year, seq);
        const clientId = clientIds[i % clientIds.length]!;
        const netUnits = 1000 + (i % 97) * 250;
        const net = netUnits * 1000;
        const vat = Math.round(netUnits * 0.27) * 1000;
        const gross = net + vat;
        const paid = i % 3 === 0 ? 0 : gross;
        const client = JSON.stringify({ name: `Ügyfél ${(i % clientIds.length) + 1} Kft.`, billing_address: { city: 'Budapest' } });
        const invoiceNo = `${year}-${String(seq).padStart(6, '0')}`;
        const info = insertInvoice.run(
          paid ? 1 : 2, year, seq, invoiceNo, date, date, daysBefore(date, -8), clientId, client, seller,
          net, vat, gross, gross, paid, now, now, now,
        );
        insertItem.run(Number(info.lastInsertRowid), String(netUnits), net, vat, gross);
      }
      for (const [year, last] of perYear) {
        db.prepare(`INSERT INTO number_counters (block_id, year, kind, last_no) VALUES (0, ?, 'invoice', ?)
          ON CONFLICT (block_id, year, kind) DO UPDATE SET last_no = excluded.last_no`).run(year, last);
      }
      db.prepare('UPDATE invoices SET sealed = 1 WHERE sealed = 0').run();
    })();
  } finally {
    await opened.close();
  }
}
