// The exports over document chains: the CSV files (exportData, `npm run folio -- export --format csv` and the data
// area's export jobs) end their invoice rows with the document kind, the original's number and date, the
// modification index and reason, the current total, the advance flag and the advances a final invoice deducts, and
// their line rows with the chain line a modification changes and the advance a deduction line deducts — after every
// earlier column, which stay as they were. The JSON export carries the resources' own fields.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { exportData, sqliteSource } from '../../electron/export/index';
import type { Core } from '../../electron/core/index';
import { seedSeller } from '../support/fixtures';
import { startDataRig, until } from './data-rig';
import { cli, createClient, openLive, tempDir } from './helpers';
import { unzip } from './unzip';

const EARLIER_INVOICE_COLUMNS =
  'id;invoice_no;type;status;cancels_invoice_no;date;fulfillment_date;due_date;client_id;client_name;client_taxcode;currency;exchange_rate;net_total;vat_total;gross_total;rounding;total;total_paid;outstanding;payment_method;block_id;language;comment;created_at';
const CHAIN_INVOICE_COLUMNS = 'document_kind;original_invoice_no;original_date;modification_index;modification_reason;current_total;is_advance;deducted_advances;deducted_advances_gross';
const EARLIER_ITEM_COLUMNS = 'invoice_id;invoice_no;line;description;qty;unit;net_unit_price;vat_id;vat_rate;net_amount;vat_amount;gross_amount;currency;entitlement;product_id;comment';

const body = (client: number, net: number, over: Record<string, unknown> = {}) => ({
  client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
  items: [{ description: 'Fejlesztés', vat_id: 1, qty: 1, net_unit_price: net, unit: 'db' }],
  ...over,
});

/** An original modified once, a modified invoice cancelled, an advance and its final invoice, and the previous program's invoice modified. */
async function seedChains(core: Core) {
  const call = core.call.bind(core) as (op: string, input: unknown) => Promise<any>;
  const client = await createClient(core);
  const original = await call('invoices.create', body(client, 100_000));
  const mod = await call('invoices.modify', { id: original.id, reason: 'Árengedmény; kevesebb óra', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000 }] });
  const other = await call('invoices.create', body(client, 40_000));
  await call('invoices.modify', { id: other.id, reason: 'Pótmunka', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 5_000 }] });
  const storno = await call('invoices.cancel', { id: other.id });
  const advance = await call('invoices.create', body(client, 30_000, { advance: 1 }));
  const final = await call('invoices.create', body(client, 100_000, { deduct_unpaid_advances: true, advance_invoice_uids: [advance.id] }));
  const ext = await call('invoices.modifyExternal', {
    original: { invoice_no: 'RÉGI-2025-0042', date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: client, items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 50_000 }] },
    reason: 'Árkorrekció',
    items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 5_000 }],
  });
  const no = (x: { attributes: { prefixed_invoice_no: string } }) => x.attributes.prefixed_invoice_no;
  return { original, mod, other, storno, advance, final, ext, no };
}

type Row = Record<string, string>;
const read = (text: string) => parse(text, { columns: true, bom: true, delimiter: ';' }) as Row[];

function expectChainColumns(invoices: Row[], items: Row[], s: Awaited<ReturnType<typeof seedChains>>) {
  const byId = new Map(invoices.map((r) => [Number(r.id), r]));
  const pick = (r: Row | undefined, keys: string[]) => keys.map((k) => r?.[k]);
  const chain = ['document_kind', 'original_invoice_no', 'original_date', 'modification_index', 'modification_reason', 'current_total', 'is_advance', 'deducted_advances', 'deducted_advances_gross'];
  expect(pick(byId.get(s.original.id), chain)).toEqual(['invoice', '', '', '', '', '101600.000', '0', '', '']);
  expect(pick(byId.get(s.mod.id), chain)).toEqual(['modifying', s.no(s.original), '2026-03-15', '1', 'Árengedmény; kevesebb óra', '-25400.000', '0', '', '']);
  expect(pick(byId.get(s.storno.id), chain)).toEqual(['cancelling', s.no(s.other), '2026-03-15', '2', '', '-57150.000', '0', '', '']);
  expect(pick(byId.get(s.advance.id), chain)).toEqual(['advance', '', '', '', '', '38100.000', '1', '', '']);
  expect(pick(byId.get(s.final.id), chain)).toEqual(['final', '', '', '', '', '88900.000', '0', s.no(s.advance), '38100.000']);
  expect(pick(byId.get(s.ext.id), chain)).toEqual(['modifying', 'RÉGI-2025-0042', '2025-11-03', '1', 'Árkorrekció', '6350.000', '0', '', '']);
  // the earlier columns keep their meaning: the storno still names what it cancels
  expect(byId.get(s.storno.id)!.type).toBe('cancelling invoice');
  expect(byId.get(s.mod.id)!.type).toBe('invoice');

  const lines = (id: number) => items.filter((i) => Number(i.invoice_id) === id).map((i) => [i.line, i.net_amount, i.modifies_line, i.advance_invoice_id, i.advance_invoice_no]);
  expect(lines(s.mod.id)).toEqual([['1', '-20000.000', '1', '', '']]);
  expect(lines(s.final.id)).toEqual([
    ['1', '100000.000', '', '', ''],
    ['2', '-30000.000', '', String(s.advance.id), s.no(s.advance)],
  ]);
  expect(lines(s.ext.id)).toEqual([['1', '5000.000', '1', '', '']]);
}

test('CSV: the chain columns come after every earlier one, on invoices and on lines', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    const s = await seedChains(live.core);
    const result = await exportData({ source: sqliteSource(live.file), outDir: tmp.dir, format: 'csv', delimiter: ';' });
    const invoicesText = readFileSync(join(result.path, 'invoices.csv'), 'utf8');
    const itemsText = readFileSync(join(result.path, 'invoice_items.csv'), 'utf8');
    expect(invoicesText.split('\r\n')[0]).toBe(`\ufeff${EARLIER_INVOICE_COLUMNS};${CHAIN_INVOICE_COLUMNS}`);
    expect(itemsText.split('\r\n')[0]).toBe(`\ufeff${EARLIER_ITEM_COLUMNS};modifies_line;advance_invoice_id;advance_invoice_no`);
    expectChainColumns(read(invoicesText), read(itemsText), s);
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('JSON: every invoice carries its document kind and chain links', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    const s = await seedChains(live.core);
    const result = await exportData({ source: sqliteSource(live.file), outDir: tmp.dir, format: 'json' });
    const json = JSON.parse(readFileSync(result.path, 'utf8'));
    const byId = new Map(json.invoices.map((i: { id: number; attributes: Record<string, any> }) => [i.id, i.attributes]));
    const mod = byId.get(s.mod.id) as Record<string, any>;
    expect([mod.document_kind, mod.modifies_uid, mod.modification_index, mod.original.invoice_no]).toEqual(['modifying', s.original.id, 1, s.no(s.original)]);
    const final = byId.get(s.final.id) as Record<string, any>;
    expect(final.advance_deductions.map((d: { advance_uid: number }) => d.advance_uid)).toEqual([s.advance.id]);
    expect((byId.get(s.advance.id) as Record<string, any>).deducted_by_uid).toBe(s.final.id);
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('the command line’s CSV export has the same chain columns', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  let s: Awaited<ReturnType<typeof seedChains>>;
  try {
    s = await seedChains(live.core);
  } finally {
    await live.close();
  }
  try {
    const out = await cli(['export', '--db', file, '--out', join(tmp.dir, 'export'), '--format', 'csv', '--delimiter', ';']);
    expect(out.code, out.stderr).toBe(0);
    const dir = out.stdout.trim();
    expectChainColumns(read(readFileSync(join(dir, 'invoices.csv'), 'utf8')), read(readFileSync(join(dir, 'invoice_items.csv'), 'utf8')), s);
  } finally {
    tmp.remove();
  }
});

test('the data area’s CSV export of a period (data.exportStart, the ZIP download) has the same chain columns', async () => {
  const rig = await startDataRig();
  try {
    rig.business.set('2026-03-15T09:00:00Z');
    await seedSeller(rig.server.core);
    const s = await seedChains(rig.server.core);
    const started = await rig.ok('data.exportStart', { format: 'csv', date_from: '2026-03-01', date_to: '2026-03-31', delimiter: ';' });
    const job = await until('the export', async () => {
      const st = await rig.ok('data.exportStatus', { job: started.job });
      return st.state === 'running' ? undefined : st;
    });
    expect([job.state, job.error]).toEqual(['done', null]);
    const res = await rig.get(`/data/exports/${job.job}/file`);
    expect(res.status).toBe(200);
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    expectChainColumns(read(files.get('invoices.csv')!.toString('utf8')), read(files.get('invoice_items.csv')!.toString('utf8')), s);
  } finally {
    await rig.close();
  }
});
