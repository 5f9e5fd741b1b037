import Database from 'better-sqlite3';
const db = new Database(process.argv[2]!, { readonly: true });
for (const t of ['summary_revenue_days', 'summary_open_days', 'summary_open_clients', 'summary_open_client_totals']) console.log(t, (db.prepare(`select count(*) n from ${t}`).get() as any).n);
const qs: Array<[string, unknown[]]> = [
  [`select coalesce(sum(invoice_count), 0) as count, coalesce(sum(open_milli), 0) as open, coalesce(sum(case when due_date < ? then invoice_count else 0 end), 0) as overdue_count from summary_open_days where receivable in (0, 1)`, ['2026-11-27']],
  [`select substr(date, 1, 7) as month, sum(invoice_count) as count, sum(net_milli) as net from summary_revenue_days where date >= ? and date <= ? group by substr(date, 1, 7)`, ['2025-12-01', '2026-11-27']],
  [`select substr(i.date, 1, 7) as month, i.currency, i.exchange_rate, i.net_milli from invoices as i left join invoices as o on o.id = i.modifies_id where (i.currency <> 'HUF' OR i.modifies_id IS NOT NULL) and i.date >= ? and i.date <= ? and i.type in (?, ?) and i.status != ? and i.is_cancel_invoice = ? and (o.id is null or o.status != ?)`, ['2025-12-01', '2026-11-27', 3, 5, 4, 0, 4]],
  [`select client_id, currency, exchange_rate, due_date, is_cancel_invoice, coalesce(current_total_milli, total_milli) - total_paid_milli as open from invoices where currency <> 'HUF' and status = ? and type = ?`, [2, 3]],
  [`select due_date, invoice_count as count, open_milli as open from summary_open_days where receivable = 1`, []],
  [`select client_id, invoice_count as count, open_milli as open from summary_open_client_totals order by open_milli desc, client_id limit 5`, []],
  [`select client_id, sum(open_milli) as overdue from summary_open_clients where client_id in (1, 9, 22, 41, 77) and due_date < ? group by client_id`, ['2026-11-27']],
  [`select * from invoices order by id desc limit 8`, []],
  [`select * from expenses where coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10)) >= ? and coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10)) <= ?`, ['2026-11-01', '2026-11-30']],
];
for (const [q, p] of qs) {
  const plan = db.prepare(`explain query plan ${q}`).all(...p).map((r: any) => r.detail).join(' / ');
  const s = db.prepare(q);
  s.all(...p);
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 7; i++) { const t = performance.now(); n = s.all(...p).length; times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(`${times[3]!.toFixed(1)} ms, ${n} rows: ${q.slice(0, 90)}\n   PLAN ${plan}`);
}
