// Migration 0033 lets an outbox message carry a part of the accountant package: marked 'accountant', it has neither
// an invoice nor a quote; every other message still carries exactly one document. Down again, the accountant's
// messages go and the document messages stay.
import { expect, test } from '@playwright/test';
import { Migrator } from 'kysely';
import { openDatabase } from '../../electron/db/open';
import { migrations } from '../../migrations/index';
import { fixedClock } from '../../electron/core/clock';
import { createCore } from '../../electron/core/index';
import { coreInvoice, FIXED_NOW, rawDb, seedSeller, tempDbFile } from '../support/fixtures';

const NOW = '2026-03-15T09:00:00.000Z';

function insert(db: ReturnType<typeof rawDb>, row: { invoice_id: number | null; purpose: string }, n: number) {
  db.prepare(
    `INSERT INTO mail_outbox (invoice_id, quote_id, purpose, message_id, recipients, lang, subject, body_text, attachment_name, attachment_sha256, attachment_size, state, next_attempt_at, created_at, updated_at)
     VALUES (?, NULL, ?, ?, 'a@b.example', 'hu', 'Tárgy', 'Szöveg', 'a.zip', 'hash', 3, 'queued', ?, ?, ?)`,
  ).run(row.invoice_id, row.purpose, `<m${n}@x>`, NOW, NOW, NOW);
}

test('an accountant message carries no document; a document message still carries one; down removes the accountant’s', async () => {
  const tmp = tempDbFile();
  try {
    const opened = await openDatabase(tmp.file);
    const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
    await seedSeller(core);
    const invoiceId = (await coreInvoice(core)).id;
    await opened.close();

    let db = rawDb(tmp.file);
    insert(db, { invoice_id: invoiceId, purpose: 'document' }, 1);
    insert(db, { invoice_id: null, purpose: 'accountant' }, 2);
    expect(() => insert(db, { invoice_id: null, purpose: 'document' }, 3)).toThrow(/CHECK constraint failed/);
    expect(() => insert(db, { invoice_id: invoiceId, purpose: 'accountant' }, 4)).toThrow(/CHECK constraint failed/);
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox' AND sql IS NOT NULL ORDER BY name`).pluck().all();
    expect(indexes).toEqual(['mail_outbox_due', 'mail_outbox_invoice', 'mail_outbox_quote']);
    db.close();

    const down = await openDatabase(tmp.file);
    try {
      const { error } = await new Migrator({ db: down.db, provider: { getMigrations: async () => migrations } }).migrateTo('0032-reports');
      if (error) throw error;
    } finally {
      await down.close();
    }
    db = rawDb(tmp.file);
    expect(db.prepare('SELECT invoice_id, purpose FROM mail_outbox').all()).toEqual([{ invoice_id: invoiceId, purpose: 'document' }]);
    expect(() => insert(db, { invoice_id: null, purpose: 'accountant' }, 5)).toThrow(/CHECK constraint failed/);
    db.close();
  } finally {
    tmp.remove();
  }
});
