// Issue 6.6 — issued invoices are a legal record. No operation changes or deletes an issued invoice or its lines
// (update, issue, delete over REST and over /rpc → 422, the record byte-for-byte unchanged), and neither does raw
// SQL: the triggers of migrations/0001 refuse UPDATE of every guarded column, DELETE, and line inserts, updates and
// deletes, whoever the writer is. Only the payment state, the links and the share code may move (docs/design.md §4).
import BetterSqlite3 from 'better-sqlite3';
import { registerChangeCapture } from '../../electron/db/change-capture';
import { expect, test } from '@playwright/test';
import { call, isErrorEnvelope } from './support/http';
import { benchInvoice } from './support/bodies';
import { FUZZ_KEY, startFuzzServer, type FuzzServer } from './support/fuzz-server';

let server: FuzzServer;
let issued: Record<string, number>;
// the payment state, the links to later documents, the share code, and an original's total as its modifications
// left it (migration 0022): everything else of an issued invoice is the legal record
const MUTABLE = new Set(['status', 'total_paid_milli', 'cancelled_by_id', 'generated_invoice_id', 'share_code', 'updated_at', 'current_total_milli']);

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startFuzzServer('immutability');
  const [, normal, proforma, cancelled, cancelling] = server.known.invoice as [number, number, number, number, number];
  const core = server.core;
  const client = server.known.client[0]!;
  const paid = await core.call('invoices.create', { ...benchInvoice(client), payment_method: 1 }); // cash: created paid
  const proforma2 = await core.call('invoices.create', { ...benchInvoice(client), type: 1 });
  const generated = await core.call('invoices.generate', { id: proforma2.id });
  const draft = await core.call('invoices.create', { ...benchInvoice(client), type: 0 });
  const issuedDraft = await core.call('invoices.issue', { id: draft.id });
  issued = { normal, proforma, cancelled, cancelling, paid: paid.id, generated: generated.id, 'generated proforma': proforma2.id, 'issued draft': issuedDraft.id };
});
test.afterAll(async () => {
  await server.close();
});

/** The stored record of an invoice: its row but the columns allowed to move, and every line. */
async function record(id: number): Promise<string> {
  const db = server.core.ctx.db;
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  const items = await db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', id).orderBy('id').execute();
  return JSON.stringify({ row, items });
}

test('update, issue and delete of issued invoices are refused with 422 over REST and /rpc, and change nothing', async () => {
  const client = server.known.client[1]!;
  for (const [kind, id] of Object.entries(issued)) {
    const before = await record(id);
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `/invoices/${id}`, { comment: 'tampered', due_date: '2030-01-01' }],
      ['PUT', `/invoices/${id}`, { items: [{ description: 'tampered', vat_id: '1', qty: '1', net_unit_price: '1' }] }],
      ['PUT', `/invoices/${id}`, { client_uid: client, type: 0 }],
      ['POST', `/invoices/${id}/issue`, {}],
      ['POST', `/invoices/${id}/issue`, { type: 1 }],
      ['DELETE', `/invoices/${id}`, undefined],
      ['POST', '/rpc/invoices.update', { id, comment: 'tampered' }],
      ['POST', '/rpc/invoices.issue', { id }],
      ['POST', '/rpc/invoices.delete', { id }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(server.url, method, path, { key: FUZZ_KEY, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${kind}: ${method} ${path} → ${res.text.slice(0, 200)}`).toBe(422);
      expect(isErrorEnvelope(res.body)).toBe(true);
    }
    expect(await record(id), `${kind} invoice changed`).toBe(before);
  }
});

test('other operations on issued invoices do not touch the record either', async () => {
  const snapshot = Object.fromEntries(await Promise.all(Object.entries(issued).map(async ([k, id]) => [k, await record(id)])));
  // cancelling twice, cancelling a cancelling invoice, paying one, generating twice: refusals
  const refusals: Array<[string, string, unknown]> = [
    ['GET', `/invoices/${issued.cancelled}/cancel`, undefined],
    ['GET', `/invoices/${issued.cancelling}/cancel`, undefined],
    ['POST', `/invoices/${issued.cancelling}/pay`, { date: '2026-03-20', amount: '1' }],
    ['POST', `/invoices/${issued.paid}/pay`, { date: '2026-03-20', amount: '1' }],
    ['GET', `/invoices/${issued['generated proforma']}/generate`, undefined],
  ];
  for (const [method, path, body] of refusals) {
    const res = await call(server.url, method, path, { key: FUZZ_KEY, ...(body !== undefined ? { body } : {}) });
    expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  // allowed changes (payment, share code) keep the legal record as it was
  expect((await call(server.url, 'POST', `/invoices/${issued.normal}/pay`, { key: FUZZ_KEY, body: { date: '2026-03-20', amount: '10' } })).status).toBe(200);
  expect((await call(server.url, 'GET', `/invoices/${issued.normal}/code`, { key: FUZZ_KEY })).status).toBe(200);
  expect((await call(server.url, 'DELETE', `/invoices/${issued.normal}/pay`, { key: FUZZ_KEY })).status).toBe(200);
  // a block's prefix is part of its issued numbers
  const block = await call(server.url, 'PUT', `/invoices/blocks/${server.known.block[1]}`, { key: FUZZ_KEY, body: { prefix: 'NEW' } });
  expect(block.status).toBe(422);
  for (const [kind, id] of Object.entries(issued)) {
    const now = JSON.parse(await record(id)) as { row: Record<string, unknown> };
    const then = JSON.parse(snapshot[kind]!) as { row: Record<string, unknown> };
    for (const c of MUTABLE) delete now.row[c], delete then.row[c];
    expect(now, `${kind} invoice changed`).toEqual(then);
  }
});

test('raw SQL cannot change any guarded column, delete an issued invoice, or touch its lines @sqlite', async () => {
  const db = new BetterSqlite3(server.file);
  db.pragma('busy_timeout = 10000');
  // as on every handle Folio opens: the change-capture triggers (migrations/0008) call these functions
  registerChangeCapture(db);
  try {
    const columns = (db.prepare("SELECT name, type FROM pragma_table_info('invoices')").all() as Array<{ name: string; type: string }>).filter(
      (c) => !MUTABLE.has(c.name),
    );
    const allowedThrough: string[] = [];
    for (const [kind, id] of Object.entries(issued)) {
      const before = await record(id);
      for (const c of columns) {
        // a different value of the column's own type, so only the trigger can be what refuses it
        const value = c.type.toUpperCase().includes('INT') ? `COALESCE("${c.name}", 0) + 1` : `COALESCE("${c.name}", '') || 'x'`;
        try {
          db.prepare(`UPDATE invoices SET "${c.name}" = ${value} WHERE id = ?`).run(id);
          allowedThrough.push(`${kind}: UPDATE ${c.name}`);
        } catch (e) {
          expect(String(e)).toMatch(/issued invoices cannot be changed|constraint/i);
        }
      }
      const items = db.prepare('SELECT id FROM invoice_items WHERE invoice_id = ?').pluck().all(id) as number[];
      const statements: Array<[string, unknown[]]> = [
        ['DELETE FROM invoices WHERE id = ?', [id]],
        ['UPDATE invoice_items SET net_milli = net_milli + 1000 WHERE id = ?', [items[0]]],
        ['UPDATE invoice_items SET description = ? WHERE id = ?', ['tampered', items[0]]],
        ['DELETE FROM invoice_items WHERE id = ?', [items[0]]],
        ['DELETE FROM invoice_items WHERE invoice_id = ?', [id]],
        [
          `INSERT INTO invoice_items (invoice_id, position, description, qty, unit, net_unit_price, vat_id, vat_rate, item_comment, net_milli, vat_milli, gross_milli)
           VALUES (?, 99, 'smuggled', '1', 'db', '1', '1', '0.27', '', 1000, 270, 1270)`,
          [id],
        ],
      ];
      for (const [sql, args] of statements) {
        try {
          db.prepare(sql).run(...args);
          allowedThrough.push(`${kind}: ${sql.split('\n')[0]}`);
        } catch (e) {
          expect(String(e)).toMatch(/issued invoices cannot be (changed|deleted)/);
        }
      }
      expect(await record(id), `${kind} invoice changed`).toBe(before);
    }
    expect(allowedThrough).toEqual([]);
  } finally {
    db.close();
  }
});
