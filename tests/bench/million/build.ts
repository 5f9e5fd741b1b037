// Builds the million-invoice database of issue 24: ten years (2017–2026) of a busy seller's books, written with raw
// prepared statements cloned from rows the core itself made (so every column has the shape the app writes), then
// sealed in bulk so the seal triggers fill report_vat_lines and change_log exactly as issuing does.
//
// What it holds (for `invoices` = 1,000,000; everything but clients and products scales with it):
// - three blocks (the default, "WEB", "BOLT"), 5,000 clients with valid tax numbers, 2,000 products;
// - normal invoices of 1–5 product lines, 2 % in EUR, ~5 % proformas (their own "D-" numbering), ~3 % cancelled
//   with their storno right after them, ~1 % with a modifying invoice; gapless numbers per block, kind and year, in
//   date order; number_counters set to the last number of each sequence;
// - payments: older invoices are paid (a few partly or not at all, so ageing has something to show; a few in two
//   instalments a month apart), recent ones partly; an invoice_payments row per payment;
// - expenses and bank statement entries (each a tenth of the invoice count), dated over the same years; of the open
//   credits (the last 30 days), every other one pays an open invoice, its number in the remittance (a suggestion).
// change_log gets what the triggers write: one 'create' per sealed invoice, client, product and expense. The
// 'update' rows a payment made after issue would add in real life are not written (payments are set before the
// seal): the log is ~1.1 rows per document instead of ~2; nothing the measured actions read depends on it.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../../electron/db/open';
import { createCore } from '../../../electron/core/index';
import { fixedClock } from '../../../electron/core/clock';
import { keepClientMatchKeys } from '../../../electron/core/clients/match-keys';
import { writeTransaction } from '../../../electron/db/transaction';
import { migrations } from '../../../migrations/index';
import { benchInvoice, buyerBody, rng, SELLER } from '../../fault/support/bodies';
import { addDays } from '../../../shared/dates';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import { SEARCH_BACKFILL } from '../../../migrations/0037-invoice-list-search';

/** Raise when what the builder writes changes: the cached database is then rebuilt. */
export const BUILDER_VERSION = 3;
/** The business moment of the database: the last invoices are dated the day before. */
export const NOW = '2026-11-27T10:00:00+01:00';
export const TODAY = '2026-11-27';
export const FIRST_YEAR = 2017;
export const LAST_YEAR = 2026;
export const CLIENTS = 5000;
export const PRODUCTS = 2000;
export const BLOCKS = [
  { id: 0, prefix: '', share: 0.75 },
  { id: 1, prefix: 'WEB', share: 0.18 },
  { id: 2, prefix: 'BOLT', share: 0.07 },
] as const;

/** The cache key: the schema (the migration names) and this builder's version. */
export function buildKey(invoices: number): string {
  const h = createHash('sha256').update(JSON.stringify({ m: Object.keys(migrations), v: BUILDER_VERSION, invoices })).digest('hex');
  return h.slice(0, 12);
}

type Row = Record<string, unknown>;

/** A Hungarian tax number with a valid check digit (weights 9,7,3,1,9,7,3 over the first seven digits). */
export function taxNumber(base7: number): string {
  const d = String(base7).padStart(7, '0');
  const w = [9, 7, 3, 1, 9, 7, 3];
  const sum = [...d].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return `${d}${(10 - (sum % 10)) % 10}-2-41`;
}

const NAME_A = ['Alfa', 'Béta', 'Duna', 'Tisza', 'Mátra', 'Balaton', 'Kékes', 'Hegyalja', 'Rába', 'Zala', 'Bakony', 'Hortobágy', 'Pilis', 'Somló', 'Tokaj', 'Őrség', 'Kőris', 'Sió', 'Dráva', 'Maros'];
const NAME_B = ['Építő', 'Kereskedelmi', 'Szolgáltató', 'Informatikai', 'Fuvarozó', 'Vendéglátó', 'Tanácsadó', 'Gépipari', 'Nyomdai', 'Kertészeti'];
const NAME_C = ['Kft.', 'Bt.', 'Zrt.'];
const PRODUCT_A = ['Webfejlesztés', 'Tanácsadás', 'Karbantartás', 'Szoftverlicenc', 'Nyomtatvány', 'Szállítás', 'Oktatás', 'Tárhely', 'Grafika', 'Fordítás', 'Festék', 'Csavar', 'Kábel', 'Monitor', 'Papír'];
const PRODUCT_B = ['alap', 'prémium', 'havi', 'éves', 'óradíj', 'csomag', 'kiegészítő', 'helyszíni', 'távoli', 'sürgős'];

export function clientName(i: number): string {
  return `${NAME_A[i % NAME_A.length]} ${NAME_B[Math.floor(i / NAME_A.length) % NAME_B.length]} ${String(i + 1).padStart(4, '0')} ${NAME_C[i % 3]}`;
}

interface Product { id: number; name: string; priceMilli: number; vatId: '1' | '2'; rate: string; unit: string }
interface Line { product: Product; qty: number; netUnitMilli: number }

const RATE: Record<'1' | '2', { rate: string; permille: number }> = { '1': { rate: '0.27', permille: 270 }, '2': { rate: '0.05', permille: 50 } };

const stamp = (day: string) => `${day} 10:00:00`;
const fmtPrice = (milli: number) => (milli / 1000).toFixed(3);

export interface BuildResult { seconds: number; invoices: number }

/** Builds the database at `file` (which must not exist yet). */
export async function buildMillion(file: string, invoices: number, log: (s: string) => void = () => undefined): Promise<BuildResult> {
  const t0 = performance.now();
  const tpl = await templates(`${file}.templates`);
  const opened = await openDatabase(file);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
    await core.call('settings.update', { seller: SELLER });
    for (const b of BLOCKS.slice(1)) await core.call('blocks.create', { name: `${b.prefix} számlák`, prefix: b.prefix });
    const account = await core.call('bankAccounts.create', { name: 'Főszámla', bank_name: 'OTP Bank', account_no: '11773016-11111018-00000000' } as never);
    const sqlite: BetterSqlite3.Database = opened.sqlite;
    sqlite.pragma('synchronous = OFF'); // the build only: a crash means a rebuild, not lost books
    // The search index's triggers (migration 0037) rewrite an invoice's document for each line written: the build
    // leaves them off and fills the index once at the end, with the statement the migration fills an existing file with.
    const searchTriggers = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'invoice_search_%'`).all() as Array<{ name: string; sql: string }>;
    for (const t of searchTriggers) sqlite.exec(`DROP TRIGGER ${t.name}`);
    const insert = (table: string, cols: string[]) =>
      sqlite.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')}) RETURNING id`);
    const colsOf = (row: Row) => Object.keys(row).filter((c) => c !== 'id');
    const r = rng(24);

    // Clients and products: the core-made row with a name, a tax number, a price.
    const insertClient = insert('clients', colsOf(tpl.client));
    const snapshotBase = JSON.parse(tpl.invoice.client_snapshot as string) as Row;
    const clients: Array<{ id: number; snapshot: string }> = [];
    const insertProduct = insert('products', colsOf(tpl.product));
    const products: Product[] = [];
    sqlite.transaction(() => {
      for (let i = 0; i < CLIENTS; i++) {
        const name = clientName(i);
        const taxcode = taxNumber(1000000 + i * 7);
        const { id } = insertClient.get({ ...tpl.client, name, taxcode, email: `szamla${i}@example.hu` }) as { id: number };
        clients.push({ id, snapshot: JSON.stringify({ ...snapshotBase, name, taxcode, email: `szamla${i}@example.hu` }) });
      }
      for (let i = 0; i < PRODUCTS; i++) {
        const vatId = i % 5 === 4 ? '2' : '1';
        const priceMilli = (5 + Math.floor(r() * 2000)) * 100 * 1000; // whole hundreds of forints: exact VAT
        const name = `${PRODUCT_A[i % PRODUCT_A.length]} ${PRODUCT_B[Math.floor(i / PRODUCT_A.length) % PRODUCT_B.length]} ${i + 1}`;
        const unit = i % 3 === 0 ? 'óra' : 'db';
        const { id } = insertProduct.get({ ...tpl.product, name, price: String(priceMilli / 1000), vat_id: vatId, unit }) as { id: number };
        products.push({ id, name, priceMilli, vatId, rate: RATE[vatId].rate, unit });
      }
    })();
    // the clients' bank keys (migration 0072), as the core's writers of clients keep them
    await writeTransaction(opened.db, (trx) => keepClientMatchKeys(trx));
    log(`clients and products: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const insertInvoice = insert('invoices', colsOf(tpl.invoice));
    const insertItem = sqlite.prepare(`INSERT INTO invoice_items (${colsOf(tpl.item).join(', ')}) VALUES (${colsOf(tpl.item).map((c) => `@${c}`).join(', ')})`);
    const insertPayment = sqlite.prepare(`INSERT INTO invoice_payments (${colsOf(tpl.payment).join(', ')}) VALUES (${colsOf(tpl.payment).map((c) => `@${c}`).join(', ')})`);
    const markCancelled = sqlite.prepare(`UPDATE invoices SET status = ${INVOICE_STATUS.cancelled}, cancelled_by_id = ?, total_paid_milli = 0 WHERE id = ?`);
    const markModified = sqlite.prepare('UPDATE invoices SET current_total_milli = ?, status = ?, total_paid_milli = ? WHERE id = ?');
    const settle = sqlite.prepare('UPDATE invoices SET total_paid_milli = total_milli WHERE id = ?');
    const seal = sqlite.prepare('UPDATE invoices SET sealed = 1 WHERE sealed = 0');
    const seq = new Map<string, number>();
    const nextNo = (block: number, kind: string, year: number) => {
      const key = `${block}/${kind}/${year}`;
      const n = (seq.get(key) ?? 0) + 1;
      seq.set(key, n);
      return n;
    };
    const numberText = (kind: string, year: number, n: number) => `${kind === 'proforma' ? 'D-' : ''}${year}-${String(n).padStart(6, '0')}`;

    /** Inserts one document and its lines; amounts in milli of its currency. */
    const writeDoc = (base: Row, o: { block: (typeof BLOCKS)[number]; kind: string; type: number; day: string; due: string; fulfil: string; client: (typeof clients)[number]; eur: boolean; lines: Line[]; sign: 1 | -1; paidMilli: number; status: number; extra?: Row; itemExtra?: (i: number) => Row }) => {
      const year = Number(o.day.slice(0, 4));
      const n = nextNo(o.block.id, o.kind, year);
      let net = 0;
      let vat = 0;
      const items = o.lines.map((l, i) => {
        const lineNet = o.sign * l.netUnitMilli * l.qty;
        const lineVat = (lineNet * RATE[l.product.vatId].permille) / 1000;
        net += lineNet;
        vat += lineVat;
        return {
          ...tpl.item,
          position: i,
          product_id: l.product.id,
          description: l.product.name,
          qty: String(o.sign * l.qty),
          unit: l.product.unit,
          net_unit_price: fmtPrice(l.netUnitMilli),
          vat_id: l.product.vatId,
          vat_rate: l.product.rate,
          net_milli: lineNet,
          vat_milli: lineVat,
          gross_milli: lineNet + lineVat,
          ...(o.itemExtra?.(i) ?? {}),
        };
      });
      const gross = net + vat;
      const { id } = insertInvoice.get({
        ...base,
        type: o.type,
        status: o.status,
        sealed: 0,
        block_id: o.block.id,
        prefix: o.block.prefix,
        number_kind: o.kind,
        number_year: year,
        number_seq: n,
        invoice_no: numberText(o.kind, year, n),
        date: o.day,
        fulfillment_date: o.fulfil,
        due_date: o.due,
        client_id: o.client.id,
        client_snapshot: o.client.snapshot,
        currency: o.eur ? 'EUR' : 'HUF',
        exchange_rate: o.eur ? '385.12' : '1',
        exchange_rate_source: o.eur ? 'given' : 'home currency',
        net_milli: net,
        vat_milli: vat,
        gross_milli: gross,
        rounding_milli: 0,
        total_milli: gross,
        total_paid_milli: o.paidMilli,
        comment: '',
        issued_at: stamp(o.day),
        created_at: stamp(o.day),
        updated_at: stamp(o.day),
        ...(o.extra ?? {}),
      }) as { id: number };
      for (const item of items) insertItem.run({ ...item, invoice_id: id });
      return { id, total: gross, no: numberText(o.kind, year, n) };
    };
    const pay = (invoiceId: number, day: string, amount: number, eur: boolean) =>
      insertPayment.run({ ...tpl.payment, invoice_id: invoiceId, date: day, amount_milli: amount, conversion_rate: eur ? '385.12' : '1', created_at: stamp(day) });

    // The invoices, year by year in date order (a transaction and a bulk seal per year).
    const years = LAST_YEAR - FIRST_YEAR + 1;
    const lastDay = addDays(TODAY, -1);
    let written = 0;
    for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
      const first = `${y}-01-01`;
      const days = y === LAST_YEAR ? dayDiff(first, lastDay) + 1 : dayDiff(first, `${y}-12-31`) + 1;
      // the same count each year, the last one (not over yet) in proportion: a business of ~100,000 a year
      const perYear = Math.round(invoices / (years - 1 + dayDiff(`${LAST_YEAR}-01-01`, lastDay) / 365));
      const count = y === LAST_YEAR ? invoices - written : Math.min(perYear, invoices - written);
      sqlite.transaction(() => {
        for (let j = 0; j < count; ) {
          const day = addDays(first, Math.floor((j * days) / count));
          const pickBlock = r();
          const block = pickBlock < BLOCKS[0].share ? BLOCKS[0] : pickBlock < BLOCKS[0].share + BLOCKS[1].share ? BLOCKS[1] : BLOCKS[2];
          const c = clients[Math.floor(r() * r() * clients.length)]!; // some clients buy far more often than others
          const eur = r() < 0.02;
          const lines: Line[] = Array.from({ length: 1 + Math.floor(r() * 5) }, () => {
            const p = products[Math.floor(r() * products.length)]!;
            return { product: p, qty: 1 + Math.floor(r() * 10), netUnitMilli: eur ? Math.max(1, Math.round(p.priceMilli / 385_000)) * 1000 : p.priceMilli };
          });
          const due = addDays(day, pick3(r(), 8, 15, 30));
          const fulfil = addDays(day, -Math.floor(r() * 5));
          const age = dayDiff(day, TODAY);
          const shape = r();
          if (shape < 0.05) {
            writeDoc(tpl.proforma, { block, kind: 'proforma', type: INVOICE_TYPE.proforma, day, due, fulfil, client: c, eur, lines, sign: 1, paidMilli: 0, status: INVOICE_STATUS.unpaid });
            j += 1;
            continue;
          }
          const doc = writeDoc(tpl.invoice, { block, kind: 'invoice', type: INVOICE_TYPE.invoice, day, due, fulfil, client: c, eur, lines, sign: 1, paidMilli: 0, status: INVOICE_STATUS.unpaid });
          j += 1;
          if (shape < 0.08 && j < count) {
            // cancelled: its storno right after it, the same day
            const st = writeDoc(tpl.storno, {
              block, kind: 'invoice', type: INVOICE_TYPE.invoice, day, due, fulfil, client: c, eur, lines, sign: -1, paidMilli: 0, status: INVOICE_STATUS.paid,
              extra: { cancels_id: doc.id, original_invoice_no: doc.no, original_date: day, modification_index: 1 },
            });
            settle.run(st.id);
            markCancelled.run(st.id, doc.id);
            j += 1;
            continue;
          }
          let payable = doc.total;
          if (shape < 0.09 && j < count) {
            // modified: one unit of its first line taken back
            const l = lines[0]!;
            const md = writeDoc(tpl.modifying, {
              block, kind: 'invoice', type: INVOICE_TYPE.invoice, day, due, fulfil, client: c, eur, lines: [{ ...l, qty: 1 }], sign: -1, paidMilli: 0, status: INVOICE_STATUS.paid,
              extra: { modifies_id: doc.id, original_invoice_no: doc.no, original_date: day, modification_index: 1, modification_reason: 'Mennyiség javítása' },
              itemExtra: () => ({ modifies_line: 1 }),
            });
            settle.run(md.id);
            payable = doc.total + md.total;
            j += 1;
          }
          // Payments: what a business sees — old invoices almost all paid, the last weeks' mostly open.
          const p = r();
          const paidOn = addDays(day, Math.floor(r() * 40));
          const settled = paidOn < TODAY && (age > 120 ? p < 0.97 : p < 0.7);
          const partly = !settled && p < (age > 120 ? 0.985 : 0.85);
          const paid = settled ? payable : partly ? Math.round(payable / 2000) * 1000 : 0;
          if (paid > 0) {
            const on = paidOn < TODAY ? paidOn : day;
            const later = addDays(on, 35);
            // a few are settled in two instalments a month apart, as customers do: the cash basis counts such an
            // invoice in both months (summary_cash_split)
            if (settled && p < 0.05 && later < TODAY && paid >= 2000) {
              const first = Math.round(paid / 2000) * 1000;
              pay(doc.id, on, first, eur);
              pay(doc.id, later, paid - first, eur);
            } else pay(doc.id, on, paid, eur);
          }
          markModified.run(payable === doc.total ? null : payable, settled ? INVOICE_STATUS.paid : INVOICE_STATUS.unpaid, paid, doc.id);
        }
        seal.run();
      })();
      written += count;
      log(`${y}: ${count} documents, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    sqlite
      .prepare(
        `INSERT INTO number_counters (block_id, year, kind, last_no)
         SELECT block_id, number_year, number_kind, max(number_seq) FROM invoices WHERE number_kind IS NOT NULL GROUP BY 1, 2, 3
         ON CONFLICT (block_id, year, kind) DO UPDATE SET last_no = excluded.last_no`,
      )
      .run();

    // Expenses and bank entries, spread over the same days.
    const insertExpense = insert('expenses', colsOf(tpl.expense));
    const statement = sqlite
      .prepare(`INSERT INTO bank_statements (bank_account_id, format, file_name, statement_ref, period_from, period_to, entry_count, added_count, imported_at)
                VALUES (?, 'csv', 'kivonat.csv', 'MILLIO', ?, ?, ?, ?, ?) RETURNING id`);
    const insertEntry = sqlite.prepare(
      `INSERT INTO bank_entries (bank_account_id, statement_id, entry_key, bank_ref, booking_date, value_date, direction, amount_milli, currency, counterparty_name, counterparty_iban, remittance, state, created_at, updated_at)
       VALUES (@account, @statement, @key, @ref, @day, @day, @direction, @amount, 'HUF', @name, '', @remittance, @state, @at, @at)`,
    );
    const firstDay = `${FIRST_YEAR}-01-01`;
    const span = dayDiff(firstDay, lastDay) + 1;
    const expenses = Math.round(invoices / 10);
    const entries = Math.round(invoices / 10);
    sqlite.transaction(() => {
      for (let i = 0; i < expenses; i++) {
        const day = addDays(firstDay, Math.floor((i * span) / expenses));
        const gross = (1 + Math.floor(r() * 5000)) * 127 * 1000;
        const s = i % 400;
        insertExpense.get({
          ...tpl.expense,
          name: `${PRODUCT_A[i % PRODUCT_A.length]} beszerzés`,
          invoice_no: `SZ-${day.slice(0, 4)}-${String(i).padStart(7, '0')}`,
          gross_price_milli: gross,
          net_price_milli: gross,
          vat_amount_milli: 0,
          supplier_name: `Beszállító ${s} Kft.`,
          supplier_taxcode: taxNumber(2000000 + s),
          invoice_date: day,
          fulfillment_date: day,
          due_date: addDays(day, 8),
          payment_date: day < addDays(TODAY, -30) ? addDays(day, 5) : null,
          paid: day < addDays(TODAY, -30) ? 1 : 0,
          created_at: stamp(day),
          updated_at: stamp(day),
        });
      }
      const { id: statementId } = statement.get(account.id, firstDay, lastDay, entries, entries, stamp(lastDay)) as { id: number };
      for (let i = 0; i < entries; i++) {
        const day = addDays(firstDay, Math.floor((i * span) / entries));
        const credit = i % 3 !== 0;
        insertEntry.run({
          account: account.id,
          statement: statementId,
          key: `M${i}`,
          ref: `REF${i}`,
          day,
          direction: credit ? 'credit' : 'debit',
          amount: (1 + Math.floor(r() * 9000)) * 100 * 1000,
          name: credit ? clientName(i % CLIENTS) : `Beszállító ${i % 400} Kft.`,
          remittance: credit ? `Számla ${day.slice(0, 4)}` : 'Átutalás',
          // older entries were dealt with (a match needs a booked payment, which the builder does not pair up)
          state: day < addDays(TODAY, -30) ? 'ignored' : 'open',
          at: stamp(day),
        });
      }
      // Every other open credit pays an open invoice, newest first: its number in the remittance, its outstanding
      // amount, its client's name, so the bank screen has suggestions to compute (bank-statements/match.ts).
      const owed = sqlite
        .prepare(
          `SELECT i.prefix, i.invoice_no, coalesce(i.current_total_milli, i.total_milli) - i.total_paid_milli AS owed, c.name
           FROM invoices i JOIN clients c ON c.id = i.client_id
           WHERE i.type = ${INVOICE_TYPE.invoice} AND i.status = ${INVOICE_STATUS.unpaid} AND i.is_cancel_invoice = 0 AND i.modifies_id IS NULL
             AND i.currency = 'HUF' AND coalesce(i.current_total_milli, i.total_milli) - i.total_paid_milli > 0
           ORDER BY i.id DESC`,
        )
        .all() as Array<{ prefix: string; invoice_no: string; owed: number; name: string }>;
      const openCredits = sqlite
        .prepare(`SELECT id FROM bank_entries WHERE state = 'open' AND direction = 'credit' ORDER BY id`)
        .all() as Array<{ id: number }>;
      const pays = sqlite.prepare('UPDATE bank_entries SET amount_milli = ?, remittance = ?, counterparty_name = ? WHERE id = ?');
      openCredits.forEach((e, k) => {
        const inv = owed[k / 2];
        if (k % 2 === 0 && inv) pays.run(inv.owed, `Számla ${inv.prefix ? `${inv.prefix} / ` : ''}${inv.invoice_no}`, inv.name, e.id);
      });
    })();
    sqlite.exec('DELETE FROM invoice_search');
    sqlite.exec(SEARCH_BACKFILL);
    for (const t of searchTriggers) sqlite.exec(t.sql);
    log(`search index: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // No ANALYZE: the app never runs it, so the planner sees what it sees on a user's file.
    return { seconds: (performance.now() - t0) / 1000, invoices: written };
  } finally {
    await opened.close();
  }
}

/** One row of each shape the builder clones, made by the core in a throwaway database (so its numbers and ids
 * stay out of the built one). */
async function templates(file: string) {
  rmSync(file, { force: true });
  const opened = await openDatabase(file);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
    await core.call('settings.update', { seller: SELLER });
    const client = await core.call('clients.create', buyerBody(clientName(0), { taxcode: taxNumber(1000000) }));
    const product = await core.call('products.create', { name: 'Minta termék', price: '18000', unit: 'óra', vat_id: 1 } as never);
    const normal = await core.call('invoices.create', benchInvoice(client.id, TODAY));
    const proforma = await core.call('invoices.create', { ...benchInvoice(client.id, TODAY), type: INVOICE_TYPE.proforma } as never);
    const cancelled = await core.call('invoices.create', benchInvoice(client.id, TODAY));
    const storno = await core.call('invoices.cancel', { id: cancelled.id });
    const modified = await core.call('invoices.create', benchInvoice(client.id, TODAY));
    const modifying = await core.call('invoices.modify', {
      id: modified.id,
      reason: 'Mennyiség javítása',
      items: [{ modifies_line: 1, description: 'Consulting', vat_id: '1', qty: '-1', net_unit_price: '15000', unit: 'óra' }],
    } as never);
    await core.call('invoices.pay', { id: normal.id, date: TODAY, amount: '10000' });
    const expense = await core.call('expenses.create', {
      name: 'Irodabérlet', categories_id: '3', gross_price: '190500', supplier_name: 'Bérbeadó Kft.', supplier_taxcode: '10000001-2-41',
      invoice_date: TODAY, fulfillment_date: TODAY, due_date: TODAY,
    } as never);
    const sqlite: BetterSqlite3.Database = opened.sqlite;
    const one = (table: string, id: number) => sqlite.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row;
    return {
      client: one('clients', client.id),
      product: one('products', product.id),
      invoice: one('invoices', normal.id),
      proforma: one('invoices', proforma.id),
      storno: one('invoices', storno.id),
      modifying: one('invoices', modifying.id),
      item: sqlite.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY position').get(normal.id) as Row,
      payment: sqlite.prepare('SELECT * FROM invoice_payments WHERE invoice_id = ?').get(normal.id) as Row,
      expense: one('expenses', expense.id),
    };
  } finally {
    await opened.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  }
}

const pick3 = (x: number, a: number, b: number, c: number) => (x < 0.6 ? a : x < 0.85 ? b : c);

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
