// Migration 0023 rebuilds the mail outbox so that a message carries an invoice or a quote: the messages already
// queued survive it both ways, a message must carry exactly one document, and the link from an invoice to its quote
// is guarded on a sealed invoice like every other column of the legal record.
import { expect, test } from '@playwright/test';
import { Migrator } from 'kysely';
import { openDatabase } from '../../electron/db/open';
import { migrations } from '../../migrations/index';
import { fixedClock } from '../../electron/core/clock';
import { createCore } from '../../electron/core/index';
import { coreInvoice, FIXED_NOW, rawDb, seedSeller, tempDbFile } from '../support/fixtures';

const NOW = '2026-03-15T09:00:00.000Z';

function insertMessage(db: ReturnType<typeof rawDb>, ids: { invoice_id: number | null; quote_id?: number | null }, n: number) {
  const columns = ['invoice_id', ...('quote_id' in ids ? ['quote_id'] : []), 'message_id', 'recipients', 'lang', 'subject', 'body_text', 'attachment_name', 'attachment_sha256', 'attachment_size', 'state', 'next_attempt_at', 'created_at', 'updated_at'];
  const values = [ids.invoice_id, ...('quote_id' in ids ? [ids.quote_id] : []), `<m${n}@x>`, 'a@b.example', 'hu', 'Tárgy', 'Szöveg', 'a.pdf', 'hash', 3, 'queued', NOW, NOW, NOW];
  db.prepare(`INSERT INTO mail_outbox (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values);
}

async function migrateTo(file: string, name: string) {
  const opened = await openDatabase(file);
  try {
    const { error } = await new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
    if (error) throw error;
  } finally {
    await opened.close();
  }
}

test('the outbox is rebuilt for quotes and back, keeping the queued messages and their indexes @sqlite', async () => {
  const tmp = tempDbFile();
  try {
    // an issued invoice, then the database as it was before quotes, with a message of that invoice waiting
    const opened = await openDatabase(tmp.file);
    const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
    await seedSeller(core);
    const invoiceId = (await coreInvoice(core)).id;
    await opened.close();
    await migrateTo(tmp.file, '0021-recurring-failures');
    let db = rawDb(tmp.file);
    insertMessage(db, { invoice_id: invoiceId }, 1);
    db.close();

    await migrateTo(tmp.file, '0023-quotes');
    db = rawDb(tmp.file);
    const columns = db.prepare(`SELECT name, "notnull" FROM pragma_table_info('mail_outbox')`).all() as Array<{ name: string; notnull: number }>;
    expect(columns.find((c) => c.name === 'invoice_id')?.notnull).toBe(0);
    expect(columns.find((c) => c.name === 'quote_id')).toBeDefined();
    expect(db.prepare('SELECT invoice_id, quote_id, state FROM mail_outbox').all()).toEqual([{ invoice_id: invoiceId, quote_id: null, state: 'queued' }]);
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox' AND sql IS NOT NULL ORDER BY name`).pluck().all();
    expect(indexes).toEqual(['mail_outbox_due', 'mail_outbox_invoice', 'mail_outbox_quote']);
    const quoteId = Number(
      db
        .prepare(
          `INSERT INTO quotes (quote_no, number_year, number_seq, client_id, client_snapshot, seller_snapshot, currency, payment_method_id, date, valid_until, template_lang_code, net_milli, vat_milli, gross_milli, rounding_milli, total_milli, status, created_at, updated_at)
           SELECT 'AJ-2026-000001', 2026, 1, client_id, client_snapshot, seller_snapshot, 'HUF', 2, '2026-03-15', '2026-03-31', 'hu', 0, 0, 0, 0, 0, 'open', ?, ? FROM invoices WHERE id = ?`,
        )
        .run(NOW, NOW, invoiceId).lastInsertRowid,
    );
    insertMessage(db, { invoice_id: null, quote_id: quoteId }, 2);
    expect(() => insertMessage(db, { invoice_id: null, quote_id: null }, 3)).toThrow(/CHECK constraint/);
    expect(() => insertMessage(db, { invoice_id: invoiceId, quote_id: quoteId }, 4)).toThrow(/CHECK constraint/);
    // the link from an invoice to a quote is part of the sealed record
    expect(() => db.prepare('UPDATE invoices SET quote_id = ? WHERE id = ?').run(quoteId, invoiceId)).toThrow(/issued invoices cannot be changed/);
    db.close();

    await migrateTo(tmp.file, '0021-recurring-failures');
    db = rawDb(tmp.file, { readonly: true });
    const back = db.prepare(`SELECT name, "notnull" FROM pragma_table_info('mail_outbox')`).all() as Array<{ name: string; notnull: number }>;
    expect(back.find((c) => c.name === 'invoice_id')?.notnull).toBe(1);
    expect(back.find((c) => c.name === 'quote_id')).toBeUndefined();
    // the invoice's message stays; the quote's went with the quotes
    expect(db.prepare('SELECT invoice_id FROM mail_outbox').pluck().all()).toEqual([invoiceId]);
    expect(db.prepare(`SELECT name FROM pragma_table_info('invoices') WHERE name = 'quote_id'`).all()).toEqual([]);
    db.close();
  } finally {
    tmp.remove();
  }
});
