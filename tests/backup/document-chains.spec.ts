// A database with document chains through backup and restore: a modified invoice with its modification, a modified
// and cancelled one, an advance and its final invoice. Restored elsewhere, every link reads back as it was, and the
// chain columns of an issued invoice are still guarded by the database itself (migration 0022's trigger): a direct
// UPDATE of a sealed modifying invoice's index, or of a deduction line's advance, is refused.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { backupDatabase, restore } from '../../electron/backup/index';
import { rawDb } from '../support/fixtures';
import { createClient, integrity, openLive, tempDir } from './helpers';

const body = (client: number, net: number, over: Record<string, unknown> = {}) => ({
  client_uid: client,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Fejlesztés', vat_id: 1, qty: 1, net_unit_price: net, unit: 'db' }],
  ...over,
});

test('chains survive backup and restore with their links, and a sealed modifying invoice still cannot be changed', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  const call = live.core.call.bind(live.core) as (op: string, input: unknown) => Promise<any>;
  const read = async (c: typeof call, id: number) => (await c('invoices.get', { id })).attributes;
  let restoredLive: Awaited<ReturnType<typeof openLive>> | undefined;
  try {
    const client = await createClient(live.core);
    const original = await call('invoices.create', body(client, 100_000));
    await call('invoices.pay', { id: original.id, date: '2026-03-15', amount: '50000' });
    const mod = await call('invoices.modify', { id: original.id, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000 }] });
    const other = await call('invoices.create', body(client, 40_000));
    const otherMod = await call('invoices.modify', { id: other.id, reason: 'Pótmunka', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 5_000 }] });
    const storno = await call('invoices.cancel', { id: other.id });
    const advance = await call('invoices.create', body(client, 30_000, { advance: 1 }));
    const final = await call('invoices.create', body(client, 100_000, { deduct_unpaid_advances: true, advance_invoice_uids: [advance.id] }));
    const ids = [original.id, mod.id, other.id, otherMod.id, storno.id, advance.id, final.id];
    const before = await Promise.all(ids.map((id) => read(call, id)));

    const backup = await backupDatabase({ source: live.opened.sqlite, dir: join(tmp.dir, 'backups') });
    await live.close();
    const target = join(tmp.dir, 'restored.sqlite');
    const result = await restore(backup.file, target);
    expect(result.issuedInvoices).toBe(ids.length);
    expect(integrity(target)).toBe('ok');

    restoredLive = await openLive(target);
    const rcall = restoredLive.core.call.bind(restoredLive.core) as typeof call;
    const after = await Promise.all(ids.map((id) => read(rcall, id)));
    expect(after).toEqual(before);
    // the links, spelled out: what the comparison above holds
    const [o, m, x, , s, a, f] = after;
    expect([o.current_total, o.outstanding, o.modifications.map((e: any) => e.uid)]).toEqual(['101600.000', '51600.000', [mod.id]]);
    expect([m.document_kind, m.modifies_uid, m.modification_index, m.modification_reason, m.original.invoice_no]).toEqual(['modifying', original.id, 1, 'Árengedmény', o.prefixed_invoice_no]);
    expect([x.status, s.document_kind, s.modification_index, s.items.length]).toEqual([4, 'cancelling', 2, 2]);
    expect([a.deducted_by_uid, f.document_kind, f.items[1].advance_invoice_uid]).toEqual([final.id, 'final', advance.id]);

    // the database itself still guards the chain columns of issued invoices
    const raw = rawDb(target);
    try {
      expect(() => raw.prepare('update invoices set modification_index = 5 where id = ?').run(mod.id)).toThrow(/issued invoices cannot be changed/);
      expect(() => raw.prepare('update invoices set modifies_id = null where id = ?').run(mod.id)).toThrow(/issued invoices cannot be changed/);
      expect(() => raw.prepare('update invoice_items set advance_invoice_id = null where invoice_id = ?').run(final.id)).toThrow();
      expect(raw.prepare('select modification_index, modifies_id from invoices where id = ?').get(mod.id)).toEqual({ modification_index: 1, modifies_id: original.id });
    } finally {
      raw.close();
    }
    // and the restored file goes on: the chain takes its next index
    const next = await rcall('invoices.modify', { id: original.id, reason: 'Még egy', items: [{ description: 'Tesztelés', vat_id: 1, qty: 1, net_unit_price: 1_000 }] });
    expect((await read(rcall, next.id)).modification_index).toBe(2);
  } finally {
    await live.close().catch(() => undefined);
    await restoredLive?.close().catch(() => undefined);
    tmp.remove();
  }
});
