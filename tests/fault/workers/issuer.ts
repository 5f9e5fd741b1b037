// A writer the crash test SIGKILLs at random moments: `node --import tsx tests/fault/workers/issuer.ts <db> [seed] [year]`.
// With FOLIO_STANDBY=1 it loads its modules, prints `standby` and waits for a line on stdin before it touches the
// file: the test starts the next child while the current one works, so a kill is followed by a writer within
// milliseconds instead of a second of module loading.
// It issues a mix of normal invoices, proformas, drafts-then-issue, cancellations, payments and proforma → invoice
// generation across several blocks, forever (with FOLIO_ISSUER_MIXED=1 also invoices in euros, payments on days of
// two months, and expenses recorded, changed and deleted). After each commit it prints `ack <id> <invoice_no|->`, so the
// test knows which writes were acknowledged and must survive. It prints `ready` once its first write is committed.
import { openDatabase } from '../../../electron/db/open';
import { createCore } from '../../../electron/core/index';
import { fixedClock, systemClock } from '../../../electron/core/clock';
import { dateIn } from '../../../shared/dates';
import { buyerBody, invoiceBody, pick, rng, SELLER } from '../support/bodies';

const [file, seedArg, yearArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: issuer.ts <db> [seed] [year]');
  process.exit(2);
}
const r = rng(Number(seedArg ?? Date.now()));
const mixed = process.env.FOLIO_ISSUER_MIXED === '1';
// Each child may run in another business year, so counters of several years are exercised.
const clock = yearArg ? fixedClock(`${yearArg}-06-15T10:00:00Z`) : systemClock;
// The invoices are dated by this child's business day, so none is due before the day it is issued.
const today = dateIn(clock.now(), 'Europe/Budapest');
if (process.env.FOLIO_STANDBY === '1') {
  process.stdout.write('standby\n');
  await new Promise((res) => process.stdin.once('data', res));
  process.stdin.pause();
}
// `opening` lets a test aim its kill at the first start's migrations.
process.stdout.write('opening\n');
const opened = await openDatabase(file);
const core = await createCore({ db: opened.db, clock });

const ack = (id: number, no: string | null) => process.stdout.write(`ack ${id} ${no ?? '-'}\n`);

// The seller an invoice is numbered for; the first child sets it up (a child killed before that leaves it to the next).
if (!(await core.call('settings.get', {})).seller.name.trim()) await core.call('settings.update', { seller: SELLER });

// Blocks A, B, C besides the default one; a child killed half-way through this leaves the rest to the next child.
const existing = new Set((await core.call('invoices.blocks', {})).map((b) => b.attributes.prefix));
for (const prefix of ['A', 'B', 'C']) {
  if (!existing.has(prefix)) await core.call('blocks.create', { name: `Blokk ${prefix}`, prefix });
}
const blockIds = (await core.call('invoices.blocks', {})).map((b) => b.id);
const clients = await core.call('clients.list', {});
const clientId = clients.items[0]?.id ?? (await core.call('clients.create', buyerBody('Crash Teszt Kft.'))).id;

// Work on rows of this database, whichever child made them.
const candidates = (sql: string) => opened.sqlite.prepare(sql).pluck().all() as number[];
process.stdout.write('ready\n');

for (;;) {
  const roll = r();
  try {
    if (mixed && r() < 0.15) {
      // FOLIO_ISSUER_MIXED=1: an expense recorded, changed or deleted now and then (the revenue report's costs)
      const expense = candidates('SELECT id FROM expenses ORDER BY random() LIMIT 1')[0];
      const fields = { categories_id: pick(r, [1, 3]), gross_price: String(1000 + Math.floor(r() * 50_000)), vat: 1, fulfillment_date: pick(r, ['2026-03-01', '2026-04-15']), ...(r() < 0.5 ? { paid: true, payment_date: '2026-04-20' } : { paid: false, payment_date: null }) };
      if (!expense || roll < 0.5) await core.call('expenses.create', { name: 'Bérlet', ...fields });
      else if (roll < 0.8) await core.call('expenses.update', { id: expense, ...fields });
      else await core.call('expenses.delete', { id: expense });
    } else if (roll < 0.4) {
      const body = invoiceBody(r, { clientId, type: 3, blockId: pick(r, blockIds), today });
      // FOLIO_ISSUER_MIXED=1: a quarter in euros, at a rate the revenue sums convert or one they leave to the report
      const euro = mixed && r() < 0.25 ? { currency: 'EUR', exchange_rate: pick(r, ['385.12', '391.123456', '1234567.5']) } : {};
      const c = await core.call('invoices.create', { ...body, ...euro });
      ack(c.id, c.attributes.invoice_no);
    } else if (roll < 0.55) {
      const c = await core.call('invoices.create', invoiceBody(r, { clientId, type: 1, blockId: pick(r, blockIds), today }));
      ack(c.id, c.attributes.invoice_no);
    } else if (roll < 0.65) {
      const d = await core.call('invoices.create', invoiceBody(r, { clientId, type: 0, blockId: pick(r, blockIds), today }));
      const issued = await core.call('invoices.issue', { id: d.id, ...(r() < 0.3 ? { type: 1 as const } : {}) });
      ack(issued.id, issued.attributes.invoice_no);
    } else if (roll < 0.8) {
      const open = candidates('SELECT id FROM invoices WHERE type = 3 AND status != 4 AND is_cancel_invoice = 0 ORDER BY random() LIMIT 1');
      if (open[0]) {
        const c = await core.call('invoices.cancel', { id: open[0] });
        ack(c.id, c.attributes.invoice_no);
      }
    } else if (roll < 0.9) {
      // A proforma whose invoice was generated takes no more payments: they belong to that invoice.
      const unpaid = candidates('SELECT id FROM invoices WHERE type IN (1, 3) AND status = 2 AND is_cancel_invoice = 0 AND generated_invoice_id IS NULL ORDER BY random() LIMIT 1');
      if (unpaid[0]) {
        const inv = await core.call('invoices.get', { id: unpaid[0] });
        const outstanding = Number(inv.attributes.outstanding);
        const amount = r() < 0.5 ? outstanding : Math.max(1, Math.floor(outstanding / 2));
        // FOLIO_ISSUER_MIXED=1: paid on one of two days of different months (a part in each: an invoice paid in two months)
        const date = mixed && r() < 0.5 ? '2026-04-02' : '2026-03-20';
        if (outstanding > 0) await core.call('invoices.pay', { id: inv.id, date, amount: String(amount) });
      }
    } else if (roll < 0.96) {
      const proformas = candidates('SELECT id FROM invoices WHERE type = 1 AND status != 4 AND generated_invoice_id IS NULL ORDER BY random() LIMIT 1');
      if (proformas[0]) {
        const g = await core.call('invoices.generate', { id: proformas[0] });
        const inv = await core.call('invoices.get', { id: g.id });
        ack(inv.id, inv.attributes.invoice_no);
      }
    } else {
      const proformas = candidates('SELECT id FROM invoices WHERE type = 1 AND status != 4 AND generated_invoice_id IS NULL ORDER BY random() LIMIT 1');
      if (proformas[0]) await core.call('invoices.cancel', { id: proformas[0] });
    }
  } catch (e) {
    // Only this process writes, so every refusal is a bug; the test reads this line and fails.
    process.stdout.write(`error ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
