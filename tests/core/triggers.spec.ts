// The database seals issued invoices (docs/design.md §4): with raw better-sqlite3 on the file — no core, no Kysely — an
// UPDATE or DELETE of an issued invoice (normal, proforma, cancelling) or of its items fails; a draft's may change.
import { expect, test } from '@playwright/test';
import type BetterSqlite3 from 'better-sqlite3';
import { coreInvoice, netItem, openTestCore, rawDb, type TestCore } from '../support/fixtures';

let tc: TestCore;
let raw: BetterSqlite3.Database;
const ids: Record<string, number> = {};

test.beforeAll(async () => {
  tc = await openTestCore();
  ids.normal = (await coreInvoice(tc.core, { items: [netItem(3500), netItem(100)] })).id;
  ids.proforma = (await coreInvoice(tc.core, { type: 1 })).id;
  const toCancel = (await coreInvoice(tc.core)).id;
  ids.cancelled = toCancel;
  ids.cancelling = (await tc.core.call('invoices.cancel', { id: toCancel })).id;
  ids.draft = (await coreInvoice(tc.core, { type: 0, items: [netItem(3500), netItem(100)] })).id;
  const issuedDraft = (await coreInvoice(tc.core, { type: 0 })).id;
  await tc.core.call('invoices.issue', { id: issuedDraft });
  ids.issuedDraft = issuedDraft;
  raw = rawDb(tc.dbFile);
});

test.afterAll(async () => {
  raw?.close();
  await tc?.close();
});

const SEALED = /issued invoices cannot be (changed|deleted)/;
const snapshot = (id: number) => ({
  invoice: raw.prepare('select * from invoices where id = ?').get(id),
  items: raw.prepare('select * from invoice_items where invoice_id = ? order by id').all(id),
});

const issuedKinds = ['normal', 'proforma', 'cancelling', 'cancelled', 'issuedDraft'] as const;

for (const kind of issuedKinds) {
  test.describe(`an issued invoice (${kind}) @sqlite`, () => {
    const statements: Array<[string, string]> = [
      ['its comment', `update invoices set comment = 'átírva' where id = ?`],
      ['its total', 'update invoices set total_milli = total_milli + 1000 where id = ?'],
      ['its number', `update invoices set invoice_no = '2026-999999' where id = ?`],
      ['its number counter', 'update invoices set number_seq = number_seq + 100 where id = ?'],
      ['its date', `update invoices set date = '2020-01-01' where id = ?`],
      ['its client snapshot', `update invoices set client_snapshot = '{}' where id = ?`],
      ['its seal', 'update invoices set sealed = 0 where id = ?'],
      ['its type', 'update invoices set type = 0 where id = ?'],
      ['its block', 'update invoices set block_id = block_id + 1 where id = ?'],
      ['its currency', `update invoices set currency = 'EUR' where id = ?`],
      ['its cancel flag', 'update invoices set is_cancel_invoice = 1 - is_cancel_invoice where id = ?'],
    ];
    for (const [what, sql] of statements) {
      test(`UPDATE of ${what} fails and changes nothing`, () => {
        const before = snapshot(ids[kind]!);
        expect(() => raw.prepare(sql).run(ids[kind])).toThrow(SEALED);
        expect(snapshot(ids[kind]!)).toEqual(before);
      });
    }

    test('DELETE of the invoice fails', () => {
      expect(() => raw.prepare('delete from invoices where id = ?').run(ids[kind])).toThrow(SEALED);
      expect(snapshot(ids[kind]!).invoice).toBeTruthy();
    });

    test('UPDATE of an item fails', () => {
      const before = snapshot(ids[kind]!);
      expect(() => raw.prepare(`update invoice_items set net_unit_price = '1', net_milli = 1000 where invoice_id = ?`).run(ids[kind])).toThrow(SEALED);
      expect(() => raw.prepare(`update invoice_items set description = 'más' where invoice_id = ?`).run(ids[kind])).toThrow(SEALED);
      expect(snapshot(ids[kind]!)).toEqual(before);
    });

    test('DELETE of an item fails', () => {
      const before = snapshot(ids[kind]!);
      expect(() => raw.prepare('delete from invoice_items where invoice_id = ?').run(ids[kind])).toThrow(SEALED);
      expect(snapshot(ids[kind]!)).toEqual(before);
    });

    test('INSERT of a new item fails', () => {
      const item = raw.prepare('select * from invoice_items where invoice_id = ? limit 1').get(ids[kind]) as Record<string, unknown>;
      const cols = Object.keys(item).filter((c) => c !== 'id');
      expect(() =>
        raw.prepare(`insert into invoice_items (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`).run(Object.fromEntries(cols.map((c) => [c, item[c]]))),
      ).toThrow(SEALED);
    });

    test('a whole-table UPDATE fails as one statement: the drafts beside it are not changed either', () => {
      const draftBefore = snapshot(ids.draft!);
      expect(() => raw.prepare(`update invoices set comment = comment || '!'`).run()).toThrow(SEALED);
      expect(snapshot(ids.draft!)).toEqual(draftBefore);
    });
  });
}

test('the payment state of an issued invoice may still change (status, total_paid, links, share code) @sqlite', () => {
  const r = raw.prepare('update invoices set status = 1, total_paid_milli = total_milli, share_code = ? where id = ?').run('trigger-test-code-0123456789', ids.normal);
  expect(r.changes).toBe(1);
  raw.prepare('update invoices set status = 2, total_paid_milli = 0, share_code = null where id = ?').run(ids.normal);
});

test.describe('a draft @sqlite', () => {
  test('its row can be updated', () => {
    const r = raw.prepare(`update invoices set comment = 'draft edit', total_milli = 1 where id = ?`).run(ids.draft);
    expect(r.changes).toBe(1);
  });

  test('its items can be updated, inserted and deleted', () => {
    expect(raw.prepare(`update invoice_items set description = 'új' where invoice_id = ?`).run(ids.draft).changes).toBe(2);
    const item = raw.prepare('select * from invoice_items where invoice_id = ? limit 1').get(ids.draft) as Record<string, unknown>;
    const cols = Object.keys(item).filter((c) => c !== 'id');
    raw.prepare(`insert into invoice_items (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`).run(Object.fromEntries(cols.map((c) => [c, item[c]])));
    expect(raw.prepare('delete from invoice_items where invoice_id = ? and id = (select max(id) from invoice_items where invoice_id = ?)').run(ids.draft, ids.draft).changes).toBe(1);
  });

  test('it can be deleted with its items', async () => {
    const d = (await coreInvoice(tc.core, { type: 0 })).id;
    raw.prepare('delete from invoice_items where invoice_id = ?').run(d);
    expect(raw.prepare('delete from invoices where id = ?').run(d).changes).toBe(1);
  });
});
