// The summary tables of migrations 0038, 0056, 0062, 0068 and 0074 against a full recount, and the dashboard's two answers
// (invoices.summary, receivables.summary) worked out here from the invoice rows alone, independently of the core:
// what the property and crash tests compare after every step. Portable SQL, so it runs on either database.
import type { Db } from '../../electron/db/types';
import { Big } from '../../shared/money';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import { queryRows } from './fixtures';
import { REVENUE_ROLLUPS } from '../../migrations/0068-revenue-year-summaries';
import { countKeyOf, INVOICE_COUNT_KEY } from '../../migrations/0076-invoice-counts';

const { invoice: INVOICE, receipt: RECEIPT } = INVOICE_TYPE;
const { unpaid: UNPAID, cancelled: CANCELLED } = INVOICE_STATUS;
const OWED = '(coalesce(current_total_milli, total_milli) - total_paid_milli)';
const RECEIVABLE = `CASE WHEN is_cancel_invoice = 0 AND ${OWED} > 0 THEN 1 ELSE 0 END`;

// the revenue report's tax point (a cancelling or modifying invoice's issue date, else its fulfillment date) and keys
const TAX_MONTH = `substr(CASE WHEN i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL THEN i.date ELSE i.fulfillment_date END, 1, 7)`;

/** Each table as it is, and as the invoices say it must be: `key | invoices | thousandths` lines in key order. */
const PAIRS: Array<{ table: string; kept: string; recount: string }> = [
  {
    table: 'summary_revenue_days',
    kept: 'SELECT date AS k, invoice_count AS n, net_milli AS m FROM summary_revenue_days',
    recount: `SELECT date AS k, count(*) AS n, sum(net_milli) AS m FROM invoices
      WHERE type IN (${INVOICE}, ${RECEIPT}) AND status <> ${CANCELLED} AND is_cancel_invoice = 0 AND currency = 'HUF' AND modifies_id IS NULL
      GROUP BY date`,
  },
  {
    table: 'summary_open_days',
    kept: `SELECT receivable || ' ' || due_date AS k, invoice_count AS n, open_milli AS m FROM summary_open_days`,
    recount: `SELECT ${RECEIVABLE} || ' ' || due_date AS k, count(*) AS n, sum(${OWED}) AS m FROM invoices
      WHERE type = ${INVOICE} AND status = ${UNPAID} AND currency = 'HUF'
      GROUP BY ${RECEIVABLE}, due_date`,
  },
  {
    table: 'summary_open_clients',
    kept: `SELECT client_id || ' ' || due_date AS k, invoice_count AS n, open_milli AS m FROM summary_open_clients`,
    recount: `SELECT client_id || ' ' || due_date AS k, count(*) AS n, sum(${OWED}) AS m FROM invoices
      WHERE type = ${INVOICE} AND status = ${UNPAID} AND currency = 'HUF' AND is_cancel_invoice = 0 AND ${OWED} > 0
      GROUP BY client_id, due_date`,
  },
  {
    table: 'summary_open_client_totals',
    kept: `SELECT client_id || '' AS k, invoice_count AS n, open_milli AS m FROM summary_open_client_totals`,
    recount: `SELECT client_id || '' AS k, count(*) AS n, sum(${OWED}) AS m FROM invoices
      WHERE type = ${INVOICE} AND status = ${UNPAID} AND currency = 'HUF' AND is_cancel_invoice = 0 AND ${OWED} > 0
      GROUP BY client_id`,
  },
  // migration 0076: the invoice list's totals, per block, type, state, payment method and kind (rows left at 0 stay)
  {
    table: 'invoice_counts',
    kept: `SELECT ${INVOICE_COUNT_KEY.join(` || ' ' || `)} AS k, invoice_count AS n, 0 AS m FROM invoice_counts WHERE invoice_count <> 0`,
    recount: `SELECT ${countKeyOf('i').join(` || ' ' || `)} AS k, count(*) AS n, 0 AS m FROM invoices i GROUP BY ${countKeyOf('i').join(', ')}`,
  },
];

const lines = (rows: Array<{ k: string; n: number; m: number }>) => rows.map((r) => `${r.k} | ${Number(r.n)} | ${Number(r.m)}`).sort();

/** Every summary table next to its recount; equal when the summaries are right. Also how many rows they hold. */
export async function summaryTables(db: Db): Promise<Array<{ table: string; kept: string[]; recount: string[] }>> {
  const out = [];
  for (const p of PAIRS) {
    out.push({
      table: p.table,
      kept: lines(await queryRows(db, p.kept)),
      recount: lines(await queryRows(db, p.recount)),
    });
  }
  const all = [...out, ...(await accrualTables(db)), ...(await cashTables(db)), ...(await costTables(db))];
  return [...all, ...(await rollupTables(db, all)), await vatDays(db)];
}

/**
 * Migration 0074's day sums of the VAT analysis against a recount of the lines they roll up (report_vat_lines, what
 * the analysis read before): per tax day and VAT code the forint lines on the accrual basis — how many invoices, the
 * net, the VAT, and exactly which invoices (the kept lists in any order; here sorted). Since 0083 a day and code may
 * be kept in several parts, which part holding which ids as the writes came: their sums are compared.
 */
async function vatDays(db: Db): Promise<{ table: string; kept: string[]; recount: string[] }> {
  const kept = await queryRows<{ tax_day: string; vat_id: string; n: number; net: number; vat: number; ids: string }>(
    db,
    'SELECT tax_day, vat_id, invoice_count AS n, net_milli AS net, vat_milli AS vat, invoice_ids AS ids FROM report_vat_days',
  );
  const lines = await queryRows<{ tax_day: string; vat_id: string; id: number; net: number; vat: number }>(
    db,
    `SELECT tax_day, vat_id, invoice_id AS id, net_milli AS net, vat_milli AS vat FROM report_vat_lines WHERE cash = 0 AND currency = 'HUF'`,
  );
  const days = new Map<string, { n: number; net: bigint; vat: bigint; ids: number[] }>();
  for (const l of lines) {
    const key = `${l.tax_day} ${l.vat_id}`;
    const d = days.get(key) ?? days.set(key, { n: 0, net: 0n, vat: 0n, ids: [] }).get(key)!;
    d.n += 1;
    d.net += BigInt(l.net);
    d.vat += BigInt(l.vat);
    d.ids.push(Number(l.id));
  }
  const parts = new Map<string, { n: number; net: bigint; vat: bigint; ids: number[] }>();
  for (const r of kept) {
    const key = `${r.tax_day} ${r.vat_id}`;
    const d = parts.get(key) ?? parts.set(key, { n: 0, net: 0n, vat: 0n, ids: [] }).get(key)!;
    d.n += Number(r.n);
    d.net += BigInt(r.net);
    d.vat += BigInt(r.vat);
    d.ids.push(...r.ids.split(',').map(Number));
  }
  const ids = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  return {
    table: 'report_vat_days',
    kept: [...parts].map(([k, d]) => `${k} | ${d.n} | ${d.net} | ${d.vat} | ${ids(d.ids)}`).sort(),
    recount: [...days].map(([k, d]) => `${k} | ${d.n} | ${d.net} | ${d.vat} | ${ids(d.ids)}`).sort(),
  };
}

/**
 * Migration 0068's roll-ups (per year and client or product, per month) against the same roll-up of their month
 * table's recount here: each row the sum of its months, counts included. Rows holding nothing are left out on both
 * sides (a cash month whose payments were all taken back).
 */
async function rollupTables(db: Db, months: Array<{ table: string; recount: string[] }>): Promise<Array<{ table: string; kept: string[]; recount: string[] }>> {
  const out = [];
  for (const r of REVENUE_ROLLUPS) {
    const perYear = r.key[0] === 'year';
    const sums = new Map<string, { n: number; m: bigint }>();
    for (const line of months.find((m) => m.table === r.from)!.recount) {
      const [k, n, m] = line.split(' | ') as [string, string, string];
      const space = k.indexOf(' ');
      const key = perYear ? `${k.slice(0, 4)} ${k.slice(space + 1)}` : k.slice(0, space);
      const sum = sums.get(key) ?? sums.set(key, { n: 0, m: 0n }).get(key)!;
      sum.n += Number(n);
      sum.m += BigInt(m);
    }
    const kept = `SELECT ${r.key.join(` || ' ' || `)} AS k, invoice_count AS n, net_milli AS m FROM ${r.table} WHERE invoice_count <> 0 OR net_milli <> 0`;
    out.push({
      table: r.table,
      kept: lines(await queryRows(db, kept)),
      recount: [...sums].filter(([, v]) => v.n !== 0 || v.m !== 0n).map(([k, v]) => `${k} | ${v.n} | ${v.m}`).sort(),
    });
  }
  return out;
}

/**
 * Migration 0071's costs per month and category against a recount over the expenses: those in forints with net and
 * VAT stored, on the day of either basis (fulfillment, else invoice date, else the day recorded; the day paid, when
 * paid). Rows left at nothing (every expense of them changed away or deleted) must hold 0 and 0.
 */
async function costTables(db: Db): Promise<Array<{ table: string; kept: string[]; recount: string[] }>> {
  const rows = await queryRows<{ category: string; currency: string; net: number | null; vat: number | null; fulfillment: string | null; invoice: string | null; created: string; paid: number; payment: string | null }>(
    db,
    `SELECT categories_id AS category, currency, net_price_milli AS net, vat_amount_milli AS vat, fulfillment_date AS fulfillment,
        invoice_date AS invoice, created_at AS created, paid, payment_date AS payment FROM expenses`,
  );
  const out = [];
  for (const [table, dayOf] of [
    ['summary_cost_months', (r: (typeof rows)[number]) => r.fulfillment ?? r.invoice ?? r.created.slice(0, 10)],
    ['summary_cost_cash_months', (r: (typeof rows)[number]) => (Number(r.paid) === 1 ? r.payment : null)],
  ] as const) {
    const sums = new Map<string, { n: number; m: bigint }>();
    for (const r of rows) {
      const day = dayOf(r);
      if (r.currency !== 'HUF' || r.net === null || r.vat === null || day === null) continue;
      const key = `${day.slice(0, 7)} ${r.category}`;
      const sum = sums.get(key) ?? sums.set(key, { n: 0, m: 0n }).get(key)!;
      sum.n += 1;
      sum.m += BigInt(r.net);
    }
    out.push({
      table,
      kept: lines(await queryRows(db, `SELECT month || ' ' || category AS k, expense_count AS n, net_milli AS m FROM ${table} WHERE expense_count <> 0 OR net_milli <> 0`)),
      recount: [...sums].map(([k, v]) => `${k} | ${v.n} | ${v.m}`).sort(),
    });
  }
  return out;
}

/** The rates migration 0070's sums convert (plain digits, at most six before the point and six after it). */
const PLAIN_RATE = /^\d{1,6}(\.\d{1,6})?$/;

/** Whole forints of a line of `net` thousandths in `currency` at `rate`: half away from zero (big.js, not the triggers' integers). */
function lineForints(net: number, currency: string, rate: string): bigint {
  const value = new Big(net).div(1000).times(currency === 'HUF' ? '1' : rate).round(0, 1);
  return BigInt(value.toFixed(0));
}

/**
 * Migrations 0056 and 0070's accrual sums against a recount here over the raw lines: per month of the tax point, the
 * sealed sales in forints and in another currency at a plain rate (each line converted and rounded to whole forints),
 * how many invoices and their lines' net (a forint line's net as it is).
 */
async function accrualTables(db: Db): Promise<Array<{ table: string; kept: string[]; recount: string[] }>> {
  const rows = await queryRows<{ doc: number; month: string; client: number; currency: string; rate: string; product: number | null; description: string; net: number }>(
    db,
    `SELECT i.id AS doc, ${TAX_MONTH} AS month, i.client_id AS client, i.currency AS currency, i.exchange_rate AS rate,
        it.product_id AS product, it.description AS description, it.net_milli AS net
      FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id WHERE i.type IN (${INVOICE}, ${RECEIPT}) AND i.sealed = 1`,
  );
  const clients = new Map<string, { m: bigint; docs: Set<number> }>();
  const products = new Map<string, { m: bigint; docs: Set<number> }>();
  const add = (map: typeof clients, key: string, m: bigint, doc: number) => {
    const f = map.get(key) ?? map.set(key, { m: 0n, docs: new Set() }).get(key)!;
    f.m += m;
    f.docs.add(doc);
  };
  for (const r of rows) {
    if (r.currency !== 'HUF' && !PLAIN_RATE.test(r.rate)) continue;
    const net = r.currency === 'HUF' ? BigInt(r.net) : lineForints(Number(r.net), r.currency, r.rate) * 1000n;
    add(clients, `${r.month} ${r.client}`, net, Number(r.doc));
    add(products, `${r.month} ${r.product !== null ? `p${r.product}` : `d:${r.description}`}`, net, Number(r.doc));
  }
  const recount = (map: typeof clients) => [...map].map(([k, f]) => `${k} | ${f.docs.size} | ${f.m}`).sort();
  const kept = async (table: string, key: string) =>
    lines(await queryRows(db, `SELECT month || ' ' || ${key} AS k, invoice_count AS n, net_milli AS m FROM ${table}`));
  return [
    { table: 'summary_revenue_clients', kept: await kept('summary_revenue_clients', 'client_id'), recount: recount(clients) },
    { table: 'summary_revenue_products', kept: await kept('summary_revenue_products', 'product_key'), recount: recount(products) },
  ];
}

/**
 * Migration 0062's cash-basis sums against a recount here, in TypeScript over the raw rows: every payment on a sealed
 * invoice or receipt that is no chain member and whose total is above zero gives each forint line round(its whole
 * forints × paid ÷ total) whole forints, half away from zero (BigInt, exact); an invoice counts once per month it was
 * paid in. Rows the triggers left at nothing (every payment of the month taken back) must hold 0 and 0.
 */
async function cashTables(db: Db): Promise<Array<{ table: string; kept: string[]; recount: string[] }>> {
  const rows = await queryRows<{ pay: number; date: string; paid: number; doc: number; client: number; currency: string; rate: string; total: number; product: number | null; description: string; net: number }>(
    db,
    `SELECT pay.id AS pay, pay.date AS date, pay.amount_milli AS paid, i.id AS doc, i.client_id AS client, i.currency AS currency, i.exchange_rate AS rate,
        i.total_milli AS total, it.product_id AS product, it.description AS description, it.net_milli AS net
      FROM invoice_payments pay JOIN invoices i ON i.id = pay.invoice_id JOIN invoice_items it ON it.invoice_id = i.id
      WHERE i.type IN (${INVOICE}, ${RECEIPT}) AND i.sealed = 1 AND i.total_milli > 0
        AND i.is_cancel_invoice = 0 AND i.modifies_id IS NULL AND i.original_invoice_no IS NULL`,
  );
  const half = (n: bigint, d: bigint) => {
    const a = n < 0n ? -n : n;
    const q = a / d + ((a % d) * 2n >= d ? 1n : 0n);
    return n < 0n ? -q : q;
  };
  const clients = new Map<string, { m: bigint; docs: Set<number> }>();
  const products = new Map<string, { m: bigint; docs: Set<number> }>();
  const foreign = new Set<string>();
  const monthsPaid = new Map<number, { client: number; months: Set<string>; keys: Set<string> }>();
  const add = (map: typeof clients, key: string, m: bigint, doc: number) => {
    const f = map.get(key) ?? map.set(key, { m: 0n, docs: new Set() }).get(key)!;
    f.m += m;
    f.docs.add(doc);
  };
  for (const r of rows) {
    // (0070: a foreign sale of a plain rate is summed as a forint one, its lines converted; any other only listed)
    if (r.currency !== 'HUF' && !PLAIN_RATE.test(r.rate)) {
      foreign.add(`${r.date} ${r.pay}`);
      continue;
    }
    const forints = r.currency === 'HUF' ? half(BigInt(r.net), 1000n) : lineForints(Number(r.net), r.currency, r.rate);
    const share = half(forints * BigInt(r.paid), BigInt(r.total)) * 1000n;
    const month = r.date.slice(0, 7);
    const paidIn = monthsPaid.get(Number(r.doc)) ?? monthsPaid.set(Number(r.doc), { client: r.client, months: new Set(), keys: new Set() }).get(Number(r.doc))!;
    paidIn.months.add(month);
    paidIn.keys.add(r.product !== null ? `p${r.product}` : `d:${r.description}`);
    add(clients, `${month} ${r.client}`, share, Number(r.doc));
    add(products, `${month} ${r.product !== null ? `p${r.product}` : `d:${r.description}`}`, share, Number(r.doc));
  }
  const recount = (map: typeof clients) => [...map].map(([k, f]) => `${k} | ${f.docs.size} | ${f.m}`).sort();
  const kept = async (table: string, key: string) =>
    lines(await queryRows(db, `SELECT month || ' ' || ${key} AS k, invoice_count AS n, net_milli AS m FROM ${table} WHERE invoice_count <> 0 OR net_milli <> 0`));
  // migration 0071: per year, how many more times the monthly counts count an invoice paid in several months than
  // once (its months of the year less one), per client and per product key of its lines
  const extra = { clients: new Map<string, number>(), products: new Map<string, number>() };
  for (const p of monthsPaid.values()) {
    if (p.months.size < 2) continue;
    const perYear = new Map<string, number>();
    for (const m of p.months) perYear.set(m.slice(0, 4), (perYear.get(m.slice(0, 4)) ?? 0) + 1);
    for (const [year, n] of perYear) {
      if (n < 2) continue;
      extra.clients.set(`${year} ${p.client}`, (extra.clients.get(`${year} ${p.client}`) ?? 0) + n - 1);
      for (const key of p.keys) extra.products.set(`${year} ${key}`, (extra.products.get(`${year} ${key}`) ?? 0) + n - 1);
    }
  }
  const extraKept = async (table: string, key: string) =>
    (await queryRows<{ k: string; n: number }>(db, `SELECT year || ' ' || ${key} AS k, extra AS n FROM ${table} WHERE extra <> 0`)).map((r) => `${r.k} | ${Number(r.n)}`).sort();
  return [
    { table: 'summary_cash_clients', kept: await kept('summary_cash_clients', 'client_id'), recount: recount(clients) },
    { table: 'summary_cash_products', kept: await kept('summary_cash_products', 'product_key'), recount: recount(products) },
    {
      table: 'summary_cash_foreign',
      kept: (await queryRows<{ k: string }>(db, `SELECT date || ' ' || payment_id AS k FROM summary_cash_foreign`)).map((r) => r.k).sort(),
      recount: [...foreign].sort(),
    },
    {
      // the months of the invoices paid in more than one
      table: 'summary_cash_split',
      kept: (await queryRows<{ k: string }>(db, `SELECT invoice_id || ' ' || month || ' ' || client_id AS k FROM summary_cash_split`)).map((r) => r.k).sort(),
      recount: [...monthsPaid]
        .filter(([, p]) => p.months.size > 1)
        .flatMap(([doc, p]) => [...p.months].map((m) => `${doc} ${m} ${p.client}`))
        .sort(),
    },
    {
      table: 'summary_cash_split_client_years',
      kept: await extraKept('summary_cash_split_client_years', 'client_id'),
      recount: [...extra.clients].map(([k, n]) => `${k} | ${n}`).sort(),
    },
    {
      table: 'summary_cash_split_product_years',
      kept: await extraKept('summary_cash_split_product_years', 'product_key'),
      recount: [...extra.products].map(([k, n]) => `${k} | ${n}`).sort(),
    },
  ];
}

interface Row {
  id: number;
  type: number;
  status: number;
  currency: string;
  exchange_rate: string;
  date: string;
  due_date: string;
  client_id: number;
  net_milli: number;
  total_milli: number;
  current_total_milli: number | null;
  total_paid_milli: number;
  is_cancel_invoice: number;
  modifies_id: number | null;
}

/** Thousandths of a forint: a foreign amount at the invoice's own rate, rounded to whole forints (half away from 0). */
function huf(milli: number, r: Row): number {
  if (r.currency === 'HUF') return milli;
  const forints = new Big(milli).div(1000).times(r.exchange_rate).round(0, 1);
  return Number(forints.times(1000).toFixed(0));
}

const str = (milli: number) => new Big(milli).div(1000).toFixed(3);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysLate = (due: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000);
function monthsBack(day: string, n: number): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * invoices.summary and receivables.summary as the invoices say they must be on `day`, read row by row: what is
 * owed, what is late, the twelve months' revenue that stands (a cancelled invoice, its storno and the
 * modifications of a cancelled original count nowhere), the receivables by age and the top five debtors.
 */
export async function dashboardFromInvoices(db: Db, day: string) {
  const rows = (await queryRows<Row>(db, `SELECT id, type, status, currency, exchange_rate, date, due_date, client_id, net_milli, total_milli,
      current_total_milli, total_paid_milli, is_cancel_invoice, modifies_id FROM invoices`)).map((r) => ({ ...r, net_milli: Number(r.net_milli) }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const owed = (r: Row) => Number(r.current_total_milli ?? r.total_milli) - Number(r.total_paid_milli);

  const unpaid = rows.filter((r) => r.type === INVOICE && r.status === UNPAID);
  const late = unpaid.filter((r) => r.due_date < day);
  const sum = (list: Row[], f: (r: Row) => number) => list.reduce((s, r) => s + f(r), 0);
  const months = Array.from({ length: 12 }, (_, i) => monthsBack(day, 11 - i));
  const stands = (r: Row) =>
    (r.type === INVOICE || r.type === RECEIPT) &&
    r.status !== CANCELLED &&
    !r.is_cancel_invoice &&
    (r.modifies_id === null || byId.get(r.modifies_id)?.status !== CANCELLED);
  const summary = {
    today: day,
    unpaid: { total: str(sum(unpaid, (r) => huf(owed(r), r))), count: unpaid.length },
    overdue: { total: str(sum(late, (r) => huf(owed(r), r))), count: late.length },
    months: months.map((m) => {
      const inMonth = rows.filter((r) => stands(r) && r.date.startsWith(m) && r.date <= day);
      return { month: m, net: str(sum(inMonth, (r) => huf(r.net_milli, r))), count: inMonth.length };
    }),
  };

  const open = unpaid.filter((r) => !r.is_cancel_invoice && owed(r) > 0);
  const bucketOf = (late: number) => (late <= 0 ? 'not_due' : late <= 30 ? 'days_1_30' : late <= 60 ? 'days_31_60' : late <= 90 ? 'days_61_90' : 'days_90_plus');
  const names = new Map((await queryRows<{ id: number; name: string }>(db, 'SELECT id, name FROM clients')).map((c) => [c.id, c.name]));
  const debtors = new Map<number, Row[]>();
  for (const r of open) debtors.set(r.client_id, [...(debtors.get(r.client_id) ?? []), r]);
  const soon = open.filter((r) => r.due_date >= day && r.due_date <= addDays(day, 30));
  const receivables = {
    today: day,
    total: str(sum(open, (r) => huf(owed(r), r))),
    count: open.length,
    buckets: ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_90_plus'].map((b) => {
      const inBucket = open.filter((r) => bucketOf(daysLate(r.due_date, day)) === b);
      return { bucket: b, total: str(sum(inBucket, (r) => huf(owed(r), r))), count: inBucket.length };
    }),
    top_debtors: [...debtors.entries()]
      .map(([client_id, list]) => ({ client_id, milli: sum(list, (r) => huf(owed(r), r)), list }))
      .sort((a, b) => b.milli - a.milli || a.client_id - b.client_id)
      .slice(0, 5)
      .map((d) => ({
        client_id: d.client_id,
        name: names.get(d.client_id)!,
        total: str(d.milli),
        count: d.list.length,
        overdue: str(sum(d.list.filter((r) => r.due_date < day), (r) => huf(owed(r), r))),
      })),
    expected_30_days: { total: str(sum(soon, (r) => huf(owed(r), r))), count: soon.length },
  };
  return { summary, receivables };
}
