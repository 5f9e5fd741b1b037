// The revenue report on the cash basis (reports.revenue, basis 'cash') read every payment of the period with every
// line of its invoice and shared the payment over the lines in big.js, row by row. Its sums are now kept as the
// accrual basis's are (0056): per month of the payment day, in the write transaction, by triggers on the two moments
// a payment counts or stops counting — a payment row added or removed on a sealed sale, and the seal of a sale that
// already has payments (a receipt's payment, a proforma's passed on, another node's invoice stored by sync).
//
// What a payment counts (electron/core/reports/revenue-rows.ts says the same in TypeScript): on a sealed forint
// invoice or receipt that is not a member of a chain (payments are recorded on the original) and whose total is
// above zero, each line carries round(line's whole forints × paid ÷ total) whole forints, half away from zero. The
// tables:
// - summary_cash_clients: per month of the payment day and client, how many invoices were paid in that month and
//   the net their payments carry;
// - summary_cash_products: per month and product key (`p<id>` or `d:<description>`), the same for the lines with it;
// - summary_cash_foreign: the payments on foreign-currency sales by day: those few (~2 %) are converted line by line
//   at the invoice's rate by the report itself, as on the accrual basis.
// - summary_cash_split: the months of each forint invoice paid in more than one month (an invoice paid in part):
//   a period of several months counts such an invoice once per client and product, the monthly counts once per
//   month, so the report takes the difference off (few rows: most invoices are paid at once).
// An invoice paid twice in a month counts once there: a payment adds 1 only when no other payment of its invoice
// falls in its month, and a removal takes 1 only when none is left. On PostgreSQL the row triggers on payments run
// BEFORE the row changes (a later row of the same statement sees the earlier ones, as SQLite's AFTER triggers do;
// PostgreSQL's AFTER row triggers would all run at the statement's end and each see every row).
//
// The share is worked out in 64-bit integers without overflowing (the paid amount split at 10^5): exact for a line
// below 10^10 forints and a payment and total below 9 × 10^10 forints.
import { sql, type Kysely } from 'kysely';
import { INVOICE_TYPE } from '../shared/invoice-codes';
import { isPostgres, pgTrigger } from './dialect';

const SALES = `(${INVOICE_TYPE.invoice}, ${INVOICE_TYPE.receipt})`;
const PRODUCT_KEY = `CASE WHEN it.product_id IS NOT NULL THEN 'p' || it.product_id ELSE 'd:' || it.description END`;
const CHAIN_MEMBER = `(i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL)`;
/** a sealed sale whose payments count (the currency aside) */
const PAID_SALE = `i.type IN ${SALES} AND i.sealed = 1 AND NOT ${CHAIN_MEMBER} AND i.total_milli > 0`;

/**
 * The thousandths of a forint line `it` of invoice `i` carries of a payment of `paid` thousandths: the line's net in
 * whole forints (half away from zero), times paid ÷ the invoice's total, rounded to whole forints half away from zero.
 * Exported for the tests' recount to be compared with, not to be computed by.
 */
export function shareSql(paid: string): string {
  const f = `((it.net_milli + CASE WHEN it.net_milli < 0 THEN -500 ELSE 500 END) / 1000)`;
  const a = `abs(${f})`;
  const p = `abs(${paid})`;
  const t = `i.total_milli`;
  // a·p = a·(p1·10^5 + p0); a·p1 = q1·t + r1; r1·10^5 + a·p0 = q2·t + r; a·p ÷ t = q1·10^5 + q2 remainder r
  const x = `(${a} * (${p} / 100000))`;
  const y = `((${x} % ${t}) * 100000 + ${a} * (${p} % 100000))`;
  const rounded = `((${x} / ${t}) * 100000 + ${y} / ${t} + CASE WHEN 2 * (${y} % ${t}) >= ${t} THEN 1 ELSE 0 END)`;
  return `(CASE WHEN (${f} < 0) <> (${paid} < 0) THEN -1 ELSE 1 END * ${rounded} * 1000)`;
}

/** Statements adding `sign` × the payments `pay` (an alias, or the trigger's NEW/OLD) of invoice `i` to the sums. */
function change(o: { from: string; where: string; date: string; amount: string; count: string }) {
  const month = `substr(${o.date}, 1, 7)`;
  const upsert = (table: string, key: string) =>
    `ON CONFLICT (month, ${key}) DO UPDATE SET invoice_count = ${table}.invoice_count + excluded.invoice_count,
      net_milli = ${table}.net_milli + excluded.net_milli`;
  return [
    `INSERT INTO summary_cash_clients (month, client_id, invoice_count, net_milli)
      SELECT ${month}, i.client_id, ${o.count}, sum(${shareSql(o.amount)})
      FROM ${o.from} WHERE ${o.where} AND i.currency = 'HUF'
      GROUP BY ${month}, i.client_id
      ${upsert('summary_cash_clients', 'client_id')}`,
    `INSERT INTO summary_cash_products (month, product_key, invoice_count, net_milli)
      SELECT ${month}, ${PRODUCT_KEY}, ${o.count}, sum(${shareSql(o.amount)})
      FROM ${o.from} WHERE ${o.where} AND i.currency = 'HUF'
      GROUP BY ${month}, ${PRODUCT_KEY}
      ${upsert('summary_cash_products', 'product_key')}`,
  ];
}

/**
 * The split months of invoice `invoice` worked out again from its payments: those other than `without` (the row
 * going, or the row whose change is being counted), plus the month of `plus` (the row coming).
 */
function split(invoice: string, without: string, plus: string | null): string[] {
  const months = `SELECT substr(q.date, 1, 7) AS month FROM invoice_payments q WHERE q.invoice_id = ${invoice} AND q.id <> ${without}${
    plus ? ` UNION SELECT substr(${plus}, 1, 7)` : ''
  }`;
  return [
    `DELETE FROM summary_cash_split WHERE invoice_id = ${invoice}`,
    `INSERT INTO summary_cash_split (invoice_id, month, client_id)
      SELECT DISTINCT i.id, m.month, i.client_id FROM invoices i, (${months}) m
      WHERE i.id = ${invoice} AND ${PAID_SALE} AND i.currency = 'HUF'`,
    `DELETE FROM summary_cash_split WHERE invoice_id = ${invoice} AND (SELECT count(*) FROM summary_cash_split s WHERE s.invoice_id = ${invoice}) < 2`,
  ];
}

/** The statements a payment row `p` (NEW or OLD) makes, `sign` 1 when it comes, -1 when it goes. */
function payment(p: 'NEW' | 'OLD', sign: 1 | -1): string[] {
  // the invoice's first payment of the month (or its last one gone) counts the invoice there
  const alone = `CASE WHEN EXISTS (SELECT 1 FROM invoice_payments q WHERE q.invoice_id = ${p}.invoice_id AND q.id <> ${p}.id
      AND substr(q.date, 1, 7) = substr(${p}.date, 1, 7)) THEN 0 ELSE ${sign} END`;
  return [
    ...change({
      from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id',
      where: `i.id = ${p}.invoice_id AND ${PAID_SALE}`,
      date: `${p}.date`,
      amount: sign === 1 ? `${p}.amount_milli` : `(-${p}.amount_milli)`,
      count: alone,
    }),
    sign === 1
      ? `INSERT INTO summary_cash_foreign (date, payment_id)
          SELECT ${p}.date, ${p}.id FROM invoices i WHERE i.id = ${p}.invoice_id AND ${PAID_SALE} AND i.currency <> 'HUF'`
      : `DELETE FROM summary_cash_foreign WHERE date = ${p}.date AND payment_id = ${p}.id`,
    ...split(`${p}.invoice_id`, `${p}.id`, sign === 1 ? `${p}.date` : null),
  ];
}

/** The statements the seal of invoice NEW makes: every payment it already has. */
const SEAL = [
  ...change({
    from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id JOIN invoice_payments pay ON pay.invoice_id = i.id',
    where: `i.id = NEW.id AND ${PAID_SALE}`,
    date: 'pay.date',
    amount: 'pay.amount_milli',
    count: 'count(DISTINCT i.id)',
  }),
  `INSERT INTO summary_cash_foreign (date, payment_id)
    SELECT pay.date, pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
    WHERE i.id = NEW.id AND ${PAID_SALE} AND i.currency <> 'HUF'`,
  ...split('NEW.id', '-1', null),
];

/** What the triggers keep, counted from every payment there is (the migration's fill). */
const FILL = [
  ...change({
    from: 'invoices i JOIN invoice_items it ON it.invoice_id = i.id JOIN invoice_payments pay ON pay.invoice_id = i.id',
    where: PAID_SALE,
    date: 'pay.date',
    amount: 'pay.amount_milli',
    count: 'count(DISTINCT i.id)',
  }),
  `INSERT INTO summary_cash_foreign (date, payment_id)
    SELECT pay.date, pay.id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
    WHERE ${PAID_SALE} AND i.currency <> 'HUF'`,
  `INSERT INTO summary_cash_split (invoice_id, month, client_id)
    SELECT DISTINCT i.id, substr(pay.date, 1, 7), i.client_id FROM invoices i JOIN invoice_payments pay ON pay.invoice_id = i.id
    WHERE ${PAID_SALE} AND i.currency = 'HUF'
      AND i.id IN (SELECT invoice_id FROM invoice_payments GROUP BY invoice_id HAVING count(DISTINCT substr(date, 1, 7)) > 1)`,
];

const TRIGGERS = ['summary_cash_seal', 'summary_cash_pay', 'summary_cash_unpay', 'summary_cash_repay'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  const keyed = pg ? '' : ' WITHOUT ROWID';
  for (const [table, key] of [
    ['summary_cash_clients', `client_id ${int} NOT NULL`],
    ['summary_cash_products', 'product_key TEXT NOT NULL'],
  ] as const) {
    await sql
      .raw(`CREATE TABLE ${table} (
        month TEXT NOT NULL,
        ${key},
        invoice_count ${int} NOT NULL,
        net_milli ${int} NOT NULL,
        PRIMARY KEY (month, ${key.split(' ')[0]})
      )${keyed}`)
      .execute(db);
  }
  await sql.raw(`CREATE TABLE summary_cash_foreign (date TEXT NOT NULL, payment_id ${int} NOT NULL, PRIMARY KEY (date, payment_id))${keyed}`).execute(db);
  await sql
    .raw(`CREATE TABLE summary_cash_split (invoice_id ${int} NOT NULL, month TEXT NOT NULL, client_id ${int} NOT NULL, PRIMARY KEY (invoice_id, month))${keyed}`)
    .execute(db);
  await sql.raw('CREATE INDEX summary_cash_split_month ON summary_cash_split (month, invoice_id, client_id)').execute(db);
  for (const q of FILL) await sql.raw(q).execute(db);

  const sealed = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES}`;
  // most invoices are sealed before any payment: one probe of invoice_payments_invoice, and nothing more to do
  const paidBefore = `EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = NEW.id)`;
  if (pg) {
    const body = (qs: string[]) => qs.map((q) => `${q};`).join('\n');
    await pgTrigger(db, {
      name: 'summary_cash_seal',
      table: 'invoices',
      timing: 'AFTER',
      events: 'UPDATE OF sealed',
      when: sealed,
      // (a trigger's WHEN cannot hold a subquery on PostgreSQL)
      body: `IF ${paidBefore} THEN\n${body(SEAL)}\nEND IF;`,
    });
    await pgTrigger(db, { name: 'summary_cash_pay', table: 'invoice_payments', timing: 'BEFORE', events: 'INSERT', body: body(payment('NEW', 1)) });
    await pgTrigger(db, { name: 'summary_cash_unpay', table: 'invoice_payments', timing: 'BEFORE', events: 'DELETE', body: body(payment('OLD', -1)) });
    // a payment changed in place (nothing does that today): taken away as it was, added as it is
    await pgTrigger(db, {
      name: 'summary_cash_repay',
      table: 'invoice_payments',
      timing: 'BEFORE',
      events: 'UPDATE',
      body: body([...payment('OLD', -1), ...payment('NEW', 1)]),
    });
    return;
  }
  const trigger = (name: string, on: string, qs: string[]) =>
    sql.raw(`CREATE TRIGGER ${name} ${on}
      BEGIN
        ${qs.join(';\n        ')};
      END`);
  await trigger('summary_cash_seal', `AFTER UPDATE OF sealed ON invoices WHEN ${sealed} AND ${paidBefore}`, SEAL).execute(db);
  await trigger('summary_cash_pay', 'AFTER INSERT ON invoice_payments', payment('NEW', 1)).execute(db);
  await trigger('summary_cash_unpay', 'AFTER DELETE ON invoice_payments', payment('OLD', -1)).execute(db);
  // after the change, the row as it was is gone and the row as it is stands: remove, then add
  await trigger('summary_cash_repay', 'AFTER UPDATE ON invoice_payments', [...payment('OLD', -1), ...payment('NEW', 1)]).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of TRIGGERS) {
    const table = t === 'summary_cash_seal' ? 'invoices' : 'invoice_payments';
    await sql.raw(pg ? `DROP TRIGGER ${t} ON ${table}` : `DROP TRIGGER ${t}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION ${t}()`).execute(db);
  }
  for (const t of ['summary_cash_split', 'summary_cash_foreign', 'summary_cash_products', 'summary_cash_clients']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
