// The revenue report of a year at a million invoices (issue 41) still read the foreign-currency sales line by line
// (~2,000 invoices a year, each line converted at its invoice's own rate in TypeScript): on the accrual basis from
// the invoices (0056 left them out of its sums), on the cash basis from the payments listed in summary_cash_foreign
// (0062) — most of the report's time at a million, on both databases.
//
// Here the summaries of 0056 (accrual) and 0062 (cash) take those sales in too, converted in SQL exactly as the
// report converts them (electron/core/reports/revenue-sums.ts forintsExact): each line's net × the invoice's rate,
// rounded to whole forints half away from zero, in 64-bit integers. The triggers are the same as those migrations'
// with "a forint sale" widened to "a forint sale, or a foreign one whose rate is plain": at most six digits before
// the point and six after it (what the core accepts is six decimals). Sync may store a rate of more digits; such an
// invoice stays out of the sums as before, and the report reads it line by line (`plainRate` says which, the report
// uses it too), found through two partial indexes of such sales made here. The year roll-ups of 0068 follow by their
// own triggers on the month tables.
//
// - accrual: summary_revenue_clients / summary_revenue_products count the sale in the month of its tax point, its
//   lines' net in forints;
// - cash: summary_cash_clients / summary_cash_products take each payment's share of the converted lines (the share
//   of 0062 worked out on the converted whole forints, as revenue-rows.ts paidShare does); summary_cash_split lists
//   such a sale paid in several months, as a forint sale's; summary_cash_foreign keeps only the payments on sales of
//   a rate that is not plain.
//
// Exact for a line below 9 × 10^12 thousandths of its currency at a rate below 10^6, whose forints stay below 10^10
// (the bound of 0062's share).
import { sql, type Kysely } from 'kysely';
import { INVOICE_TYPE } from '../shared/invoice-codes';
import { isPostgres, pgTrigger } from './dialect';

const SALES = `(${INVOICE_TYPE.invoice}, ${INVOICE_TYPE.receipt})`;
const MONTH = `substr(CASE WHEN i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL THEN i.date ELSE i.fulfillment_date END, 1, 7)`;
const PRODUCT_KEY = `CASE WHEN it.product_id IS NOT NULL THEN 'p' || it.product_id ELSE 'd:' || it.description END`;
const CHAIN_MEMBER = `(i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL)`;
const PAID_SALE = `i.type IN ${SALES} AND i.sealed = 1 AND NOT ${CHAIN_MEMBER} AND i.total_milli > 0`;

/**
 * True when `rate` (a text column) is plain digits, at most six of them before the point and at most six after it:
 * the rates the summaries convert. The report reads the foreign sales of any other rate line by line.
 */
export function plainRate(pg: boolean, rate: string): string {
  if (pg) return `(${rate} ~ '^[0-9]{1,6}([.][0-9]{1,6})?$')`;
  return `(${rate} GLOB '[0-9]*' AND ${rate} NOT GLOB '*[^0-9.]*' AND ${rate} NOT GLOB '*.*.*' AND ${rate} NOT GLOB '*.'
    AND CASE WHEN instr(${rate}, '.') = 0 THEN length(${rate}) <= 6 ELSE instr(${rate}, '.') <= 7 AND length(${rate}) - instr(${rate}, '.') <= 6 END)`;
}

/** The sales the sums count: every forint sale, and the foreign ones of a plain rate (alias `i`, or NEW). */
const counted = (pg: boolean, i: string) => `(${i}.currency = 'HUF' OR ${plainRate(pg, `${i}.exchange_rate`)})`;

/**
 * The whole forints line `it` of invoice `i` is worth: a forint line's net rounded half away from zero (0062's), a
 * foreign line's net × the rate, rounded half away from zero. The rate as an integer of its digits D over 10^k (k its
 * decimals); |net| × D ÷ (1000 · 10^k) in two steps, D split at 10^6, so no product passes 2^63 within the bounds.
 */
function lineForints(pg: boolean): string {
  const int = pg ? 'BIGINT' : 'INTEGER';
  const rate = 'i.exchange_rate';
  const point = pg ? `strpos(${rate}, '.')` : `instr(${rate}, '.')`;
  const decimals = `(CASE WHEN ${point} = 0 THEN 0 ELSE length(${rate}) - ${point} END)`;
  const digits = `CAST(replace(${rate}, '.', '') AS ${int})`;
  const den = `CAST('1000' || substr('000000', 1, ${decimals}) AS ${int})`;
  const a = 'abs(it.net_milli)';
  const x = `(${a} * (${digits} / 1000000))`;
  const y = `((${x} % ${den}) * 1000000 + ${a} * (${digits} % 1000000))`;
  const q = `((${x} / ${den}) * 1000000 + ${y} / ${den} + CASE WHEN 2 * (${y} % ${den}) >= ${den} THEN 1 ELSE 0 END)`;
  const huf = `((it.net_milli + CASE WHEN it.net_milli < 0 THEN -500 ELSE 500 END) / 1000)`;
  return `(CASE WHEN i.currency = 'HUF' THEN ${huf} WHEN it.net_milli < 0 THEN -${q} ELSE ${q} END)`;
}

/** A line's net in thousandths of a forint for the accrual sums: a forint line's as it is (0056), a foreign one's converted. */
const lineNet = (pg: boolean) => `(CASE WHEN i.currency = 'HUF' THEN it.net_milli ELSE ${lineForints(pg)} * 1000 END)`;

/** 0062's share of a payment `paid` on line `it`, of the line's whole forints `f` (any currency) instead of its net. */
function share(f: string, paid: string): string {
  const a = `abs(${f})`;
  const p = `abs(${paid})`;
  const t = `i.total_milli`;
  const x = `(${a} * (${p} / 100000))`;
  const y = `((${x} % ${t}) * 100000 + ${a} * (${p} % 100000))`;
  const rounded = `((${x} / ${t}) * 100000 + ${y} / ${t} + CASE WHEN 2 * (${y} % ${t}) >= ${t} THEN 1 ELSE 0 END)`;
  return `(CASE WHEN (${f} < 0) <> (${paid} < 0) THEN -1 ELSE 1 END * ${rounded} * 1000)`;
}

/**
 * The triggers' statements, for the sales `sale` (a condition on alias `i` saying which sales the sums take) with
 * each line worth `net` (accrual) and `forints` (cash); `list` says which sales' payments summary_cash_foreign lists.
 * With 0056's and 0062's own choices (forint sales only) they are those migrations' statements, which `down` restores.
 */
interface Sums {
  sale: string;
  list: string;
  net: string;
  forints: string;
}

const since0070 = (pg: boolean): Sums => ({ sale: counted(pg, 'i'), list: `NOT ${counted(pg, 'i')}`, net: lineNet(pg), forints: lineForints(pg) });
const before0070: Sums = {
  sale: `i.currency = 'HUF'`,
  list: `i.currency <> 'HUF'`,
  net: 'it.net_milli',
  forints: `((it.net_milli + CASE WHEN it.net_milli < 0 THEN -500 ELSE 500 END) / 1000)`,
};

/** 0056: adds `sign` × the sales `where` selects (alias `i`, its lines `it`) to both accrual tables. */
function accrual(s: Sums, where: string, sign: 1 | -1 = 1): string[] {
  const upsert = (table: string, key: string) => `ON CONFLICT (month, ${key}) DO UPDATE SET invoice_count = ${table}.invoice_count + excluded.invoice_count,
      net_milli = ${table}.net_milli + excluded.net_milli`;
  return [
    `INSERT INTO summary_revenue_clients (month, client_id, invoice_count, net_milli)
    SELECT ${MONTH}, i.client_id, ${sign} * count(DISTINCT i.id), ${sign} * sum(${s.net})
    FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
    WHERE ${where}
    GROUP BY ${MONTH}, i.client_id
    ${upsert('summary_revenue_clients', 'client_id')}`,
    `INSERT INTO summary_revenue_products (month, product_key, invoice_count, net_milli)
    SELECT ${MONTH}, ${PRODUCT_KEY}, ${sign} * count(DISTINCT i.id), ${sign} * sum(${s.net})
    FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
    WHERE ${where}
    GROUP BY ${MONTH}, ${PRODUCT_KEY}
    ${upsert('summary_revenue_products', 'product_key')}`,
  ];
}

/** 0062's change(): adds the payments `pay` (an alias, or NEW/OLD) of the sales selected to the cash tables. */
function cash(s: Sums, o: { from: string; where: string; date: string; amount: string; count: string }): string[] {
  const month = `substr(${o.date}, 1, 7)`;
  const upsert = (table: string, key: string) =>
    `ON CONFLICT (month, ${key}) DO UPDATE SET invoice_count = ${table}.invoice_count + excluded.invoice_count,
      net_milli = ${table}.net_milli + excluded.net_milli`;
  return [
    `INSERT INTO summary_cash_clients (month, client_id, invoice_count, net_milli)
      SELECT ${month}, i.client_id, ${o.count}, sum(${share(s.forints, o.amount)})
      FROM ${o.from} WHERE ${o.where} AND ${s.sale}
      GROUP BY ${month}, i.client_id
      ${upsert('summary_cash_clients', 'client_id')}`,
    `INSERT INTO summary_cash_products (month, product_key, invoice_count, net_milli)
      SELECT ${month}, ${PRODUCT_KEY}, ${o.count}, sum(${share(s.forints, o.amount)})
      FROM ${o.from} WHERE ${o.where} AND ${s.sale}
      GROUP BY ${month}, ${PRODUCT_KEY}
      ${upsert('summary_cash_products', 'product_key')}`,
  ];
}

/** 0062's split(): the months of invoice `invoice` worked out again from its payments. */
function split(s: Sums, invoice: string, without: string, plus: string | null): string[] {
  const months = `SELECT substr(q.date, 1, 7) AS month FROM invoice_payments q WHERE q.invoice_id = ${invoice} AND q.id <> ${without}${
    plus ? ` UNION SELECT substr(${plus}, 1, 7)` : ''
  }`;
  return [
    `DELETE FROM summary_cash_split WHERE invoice_id = ${invoice}`,
    `INSERT INTO summary_cash_split (invoice_id, month, client_id)
      SELECT DISTINCT i.id, m.month, i.client_id FROM invoices i, (${months}) m
      WHERE i.id = ${invoice} AND ${PAID_SALE} AND ${s.sale}`,
    `DELETE FROM summary_cash_split WHERE invoice_id = ${invoice} AND (SELECT count(*) FROM summary_cash_split s WHERE s.invoice_id = ${invoice}) < 2`,
  ];
}

/** 0062's payment(): the statements a payment row `p` (NEW or OLD) makes, `sign` 1 when it comes, -1 when it goes. */
function payment(s: Sums, p: 'NEW' | 'OLD', sign: 1 | -1): string[] {
  const alone = `CASE WHEN EXISTS (SELECT 1 FROM invoice_payments q WHERE q.invoice_id = ${p}.invoice_id AND q.id <> ${p}.id
      AND substr(q.date, 1, 7) = substr(${p}.date, 1, 7)) THEN 0 ELSE ${sign} END`;
  return [
    ...cash(s, {
      from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id',
      where: `i.id = ${p}.invoice_id AND ${PAID_SALE}`,
      date: `${p}.date`,
      amount: sign === 1 ? `${p}.amount_milli` : `(-${p}.amount_milli)`,
      count: alone,
    }),
    sign === 1
      ? `INSERT INTO summary_cash_foreign (date, payment_id)
          SELECT ${p}.date, ${p}.id FROM invoices i WHERE i.id = ${p}.invoice_id AND ${PAID_SALE} AND ${s.list}`
      : `DELETE FROM summary_cash_foreign WHERE date = ${p}.date AND payment_id = ${p}.id`,
    ...split(s, `${p}.invoice_id`, `${p}.id`, sign === 1 ? `${p}.date` : null),
  ];
}

/** 0062's SEAL: the statements the seal of invoice NEW makes, every payment it already has. */
const seal = (s: Sums): string[] => [
  ...cash(s, {
    from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id JOIN invoice_payments pay ON pay.invoice_id = i.id',
    where: `i.id = NEW.id AND ${PAID_SALE}`,
    date: 'pay.date',
    amount: 'pay.amount_milli',
    count: 'count(DISTINCT i.id)',
  }),
  `INSERT INTO summary_cash_foreign (date, payment_id)
    SELECT pay.date, pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
    WHERE i.id = NEW.id AND ${PAID_SALE} AND ${s.list}`,
  ...split(s, 'NEW.id', '-1', null),
];

const CASH_TRIGGERS = [
  { name: 'summary_cash_seal', table: 'invoices' },
  { name: 'summary_cash_pay', table: 'invoice_payments' },
  { name: 'summary_cash_unpay', table: 'invoice_payments' },
  { name: 'summary_cash_repay', table: 'invoice_payments' },
];

async function dropTriggers(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of [{ name: 'summary_revenue_seal', table: 'invoices' }, ...CASH_TRIGGERS]) {
    await sql.raw(pg ? `DROP TRIGGER ${t.name} ON ${t.table}` : `DROP TRIGGER ${t.name}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION ${t.name}()`).execute(db);
  }
}

/** 0056's and 0062's triggers, for the sales `s` takes (`newSale`: the same condition on the row NEW). */
async function createTriggers(db: Kysely<any>, s: Sums, newSale: string): Promise<void> {
  const pg = isPostgres(db);
  const revenueWhen = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES} AND ${newSale}`;
  const sealed = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES}`;
  const paidBefore = `EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = NEW.id)`;
  if (pg) {
    const body = (qs: string[]) => qs.map((q) => `${q};`).join('\n');
    await pgTrigger(db, { name: 'summary_revenue_seal', table: 'invoices', timing: 'AFTER', events: 'UPDATE OF sealed', when: revenueWhen, body: body(accrual(s, 'i.id = NEW.id')) });
    await pgTrigger(db, { name: 'summary_cash_seal', table: 'invoices', timing: 'AFTER', events: 'UPDATE OF sealed', when: sealed, body: `IF ${paidBefore} THEN\n${body(seal(s))}\nEND IF;` });
    await pgTrigger(db, { name: 'summary_cash_pay', table: 'invoice_payments', timing: 'BEFORE', events: 'INSERT', body: body(payment(s, 'NEW', 1)) });
    await pgTrigger(db, { name: 'summary_cash_unpay', table: 'invoice_payments', timing: 'BEFORE', events: 'DELETE', body: body(payment(s, 'OLD', -1)) });
    await pgTrigger(db, { name: 'summary_cash_repay', table: 'invoice_payments', timing: 'BEFORE', events: 'UPDATE', body: body([...payment(s, 'OLD', -1), ...payment(s, 'NEW', 1)]) });
    return;
  }
  const trigger = (name: string, on: string, qs: string[]) => sql.raw(`CREATE TRIGGER ${name} ${on}
      BEGIN
        ${qs.join(';\n        ')};
      END`);
  await trigger('summary_revenue_seal', `AFTER UPDATE OF sealed ON invoices WHEN ${revenueWhen}`, accrual(s, 'i.id = NEW.id')).execute(db);
  await trigger('summary_cash_seal', `AFTER UPDATE OF sealed ON invoices WHEN ${sealed} AND ${paidBefore}`, seal(s)).execute(db);
  await trigger('summary_cash_pay', 'AFTER INSERT ON invoice_payments', payment(s, 'NEW', 1)).execute(db);
  await trigger('summary_cash_unpay', 'AFTER DELETE ON invoice_payments', payment(s, 'OLD', -1)).execute(db);
  await trigger('summary_cash_repay', 'AFTER UPDATE ON invoice_payments', [...payment(s, 'OLD', -1), ...payment(s, 'NEW', 1)]).execute(db);
}

/**
 * What the widening adds to (sign 1) or takes from (sign -1) the tables as they stand: the sealed foreign sales of a
 * plain rate in the accrual sums; their payments in the cash sums and out of summary_cash_foreign (or back in); and
 * those paid in several months in summary_cash_split (or out of it).
 */
async function foreignSales(db: Kysely<any>, sign: 1 | -1): Promise<void> {
  const pg = isPostgres(db);
  const s = since0070(pg);
  const plainForeign = `i.currency <> 'HUF' AND ${plainRate(pg, 'i.exchange_rate')}`;
  for (const q of accrual(s, `i.type IN ${SALES} AND i.sealed = 1 AND ${plainForeign}`, sign)) await sql.raw(q).execute(db);
  const paid = cash(s, {
    from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id JOIN invoice_payments pay ON pay.invoice_id = i.id',
    where: `${PAID_SALE} AND ${plainForeign}`,
    date: 'pay.date',
    amount: sign === 1 ? 'pay.amount_milli' : '(-pay.amount_milli)',
    count: `${sign} * count(DISTINCT i.id)`,
  });
  for (const q of paid) await sql.raw(q).execute(db);
  const payments = `SELECT pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id WHERE ${PAID_SALE} AND ${plainForeign}`;
  const splitInvoices = `SELECT pay.invoice_id FROM invoice_payments pay GROUP BY pay.invoice_id HAVING count(DISTINCT substr(pay.date, 1, 7)) > 1`;
  if (sign === 1) {
    await sql.raw(`DELETE FROM summary_cash_foreign WHERE payment_id IN (${payments})`).execute(db);
    await sql
      .raw(`INSERT INTO summary_cash_split (invoice_id, month, client_id)
        SELECT DISTINCT i.id, substr(pay.date, 1, 7), i.client_id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
        WHERE ${PAID_SALE} AND ${plainForeign} AND i.id IN (${splitInvoices})`)
      .execute(db);
  } else {
    await sql
      .raw(`INSERT INTO summary_cash_foreign (date, payment_id)
        SELECT pay.date, pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id WHERE ${PAID_SALE} AND ${plainForeign}`)
      .execute(db);
    await sql.raw(`DELETE FROM summary_cash_split WHERE invoice_id IN (SELECT i.id FROM invoices i WHERE i.currency <> 'HUF')`).execute(db);
    // a month 0056 never had (only foreign sales in it) holds nothing again: gone, as 0056 never keeps such a row
    for (const t of ['summary_revenue_clients', 'summary_revenue_products']) await sql.raw(`DELETE FROM ${t} WHERE invoice_count = 0 AND net_milli = 0`).execute(db);
  }
}

/**
 * The foreign sales of a rate not plain by either tax day, for the report to read (none, as a rule: the indexes of
 * 0056 list every foreign sale, which the report would otherwise visit one by one only to find its rate plain). The
 * condition is written as the report writes it.
 */
const oddRateIndexes = (pg: boolean) =>
  (['fulfillment_date', 'date'] as const).map(
    (day) => `CREATE INDEX invoices_odd_rate_${day === 'date' ? 'date' : 'fulfillment'} ON invoices (${day}) WHERE currency <> 'HUF' AND NOT ${plainRate(pg, 'exchange_rate')}`,
  );

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await dropTriggers(db);
  await foreignSales(db, 1);
  await createTriggers(db, since0070(pg), counted(pg, 'NEW'));
  for (const q of oddRateIndexes(pg)) await sql.raw(q).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['invoices_odd_rate_fulfillment', 'invoices_odd_rate_date']) await sql.raw(`DROP INDEX ${i}`).execute(db);
  await dropTriggers(db);
  await foreignSales(db, -1);
  await createTriggers(db, before0070, `NEW.currency = 'HUF'`);
}
