// Issue 6.6, raw SQL that goes around the triggers of migrations/0001. Each statement below changes an issued
// invoice or its lines without an UPDATE or DELETE the triggers see: a line moved in from a draft (the line
// triggers look at OLD.invoice_id only), and REPLACE conflict resolution, which deletes the old row without firing
// DELETE triggers unless recursive_triggers is on. Each must be refused and leave the issued record as it was.
import BetterSqlite3 from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { benchInvoice } from './support/bodies';
import { startFuzzServer, type FuzzServer } from './support/fuzz-server';

let server: FuzzServer;
test.beforeAll(async () => {
  server = await startFuzzServer('immutability-bypass');
});
test.afterAll(async () => {
  await server.close();
});

function attempt(sql: string, args: unknown[], sealedId: number) {
  const db = new BetterSqlite3(server.file);
  db.pragma('foreign_keys = ON');
  try {
    const snap = () => JSON.stringify([db.prepare('SELECT * FROM invoices WHERE id = ?').get(sealedId), db.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY id').all(sealedId)]);
    const before = snap();
    let error: unknown;
    try {
      db.prepare(sql).run(...args);
    } catch (e) {
      error = e;
    }
    return { refused: error !== undefined, unchanged: snap() === before };
  } finally {
    db.close();
  }
}

async function fresh() {
  const client = server.known.client[0]!;
  const draft = await server.core.call('invoices.create', { ...benchInvoice(client), type: 0 });
  const sealed = await server.core.call('invoices.create', { ...benchInvoice(client), payment_method: 2 });
  const db = new BetterSqlite3(server.file, { readonly: true });
  const items = (id: number) => db.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY id').all(id) as Array<Record<string, unknown>>;
  const out = { draft: draft.id, sealed: sealed.id, draftItems: items(draft.id), sealedItems: items(sealed.id), draftRow: db.prepare('SELECT * FROM invoices WHERE id = ?').get(draft.id) as Record<string, unknown> };
  db.close();
  return out;
}

test("moving a draft's line into an issued invoice is refused @sqlite", async () => {
  const f = await fresh();
  const r = attempt('UPDATE invoice_items SET invoice_id = ? WHERE id = ?', [f.sealed, f.draftItems[0]!.id], f.sealed);
  expect(r).toEqual({ refused: true, unchanged: true });
});

test('INSERT OR REPLACE over an issued invoice is refused @sqlite', async () => {
  const f = await fresh();
  const cols = Object.keys(f.draftRow).filter((c) => c !== 'id');
  const sql = `INSERT OR REPLACE INTO invoices (id, ${cols.join(', ')}) VALUES (?, ${cols.map(() => '?').join(', ')})`;
  expect(attempt(sql, [f.sealed, ...cols.map((c) => f.draftRow[c])], f.sealed)).toEqual({ refused: true, unchanged: true });
});

test("REPLACE over an issued invoice's line is refused @sqlite", async () => {
  const f = await fresh();
  const line = f.sealedItems[0]!;
  const cols = Object.keys(line).filter((c) => c !== 'id' && c !== 'invoice_id');
  const sql = `REPLACE INTO invoice_items (id, invoice_id, ${cols.join(', ')}) VALUES (?, ?, ${cols.map(() => '?').join(', ')})`;
  expect(attempt(sql, [line.id, f.draft, ...cols.map((c) => line[c])], f.sealed)).toEqual({ refused: true, unchanged: true });
});

test("UPDATE OR REPLACE of a draft onto an issued invoice's unique share code is refused @sqlite", async () => {
  const f = await fresh();
  const { code } = await server.core.call('invoices.code', { id: f.sealed });
  expect(attempt('UPDATE OR REPLACE invoices SET share_code = ? WHERE id = ?', [code, f.draft], f.sealed)).toEqual({ refused: true, unchanged: true });
});
