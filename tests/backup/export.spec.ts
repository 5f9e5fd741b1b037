// Export of all data: the JSON file parses back with the right counts and amounts; the CSV files have a header row,
// RFC 4180 quoting and a UTF-8 BOM, and parse back to the same figures; progress is reported while streaming.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { csvRecords, exportData, sqliteSource, type ExportProgress } from '../../electron/export/index';
import type { Core } from '../../electron/core/index';
import { cli, createClient, issue, openLive, query, tempDir } from './helpers';

/** CSV text read back by csv-parse, the reader of the same well-kept family (BOM and CRLF tolerated). */
const parseCsv = (text: string, delimiter = ','): string[][] => parse(text, { bom: true, delimiter });

const TRICKY = 'Kovács, "Kis" és Társa\nBt.';

async function seed(core: Core) {
  const a = await createClient(core, { name: TRICKY, email: 'kovacs@example.test' });
  const b = await createClient(core, { name: '=HYPERLINK("http://evil")', email: '' });
  const c = await createClient(core, { name: 'Árvíztűrő Tükörfúrógép Kft.' });
  await core.call('products.create', { name: 'Óradíj', price: 12000, unit: 'óra', vat_id: 1, currency_code: 'HUF' } as never);
  await core.call('products.create', { name: 'Licenc', price: 99.5, unit: 'db', vat_id: 1, currency_code: 'EUR' } as never);
  await core.call('expenses.create', { categories_id: '1', name: 'Irodabérlet', gross_price: '127000', vat: 1, currency: 'HUF' } as never);
  await core.call('expenses.create', { categories_id: '2', name: 'Benzin', gross_price: '23456.5', vat: 1, currency: 'HUF', client_uid: c } as never);
  const first = await issue(core, a, {
    items: [
      { description: 'Tanácsadás', vat_id: 1, qty: 3, net_unit_price: 1000 },
      { description: 'Sor, "idézőjellel"', vat_id: 1, qty: 1, net_unit_price: 500 },
    ],
  });
  await issue(core, b);
  await issue(core, c, { items: [{ description: 'Egy', vat_id: 1, qty: 2, net_unit_price: 250 }] });
  await core.call('invoices.pay', { id: first.id, date: '2026-03-15', amount: 1000, payment_method: 1 } as never);
  await core.call('invoices.cancel', { id: first.id } as never);
}

test('JSON: parses back with every record, the counts and the amounts of the database', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    await seed(live.core);
    const progress: ExportProgress[] = [];
    const result = await exportData({ source: sqliteSource(live.file), outDir: join(tmp.dir, 'out'), format: 'json', onProgress: (p) => progress.push(p) });
    expect(result.path).toMatch(/folio-export-\d{4}-\d{2}-\d{2}T\d{6}[+-]\d{4}\.json$/);
    const json = JSON.parse(readFileSync(result.path, 'utf8'));
    expect(json).toMatchObject({ format: 'folio-export', version: 1, counts: { clients: 3, products: 2, expenses: 2, invoices: 4, bank_accounts: 0 } });
    expect([json.clients.length, json.products.length, json.expenses.length, json.invoices.length]).toEqual([3, 2, 2, 4]);
    expect(json.clients[0].attributes.name).toBe(TRICKY);
    expect(json.products[1].attributes).toMatchObject({ name: 'Licenc', price: 99.5, currency_code: 'EUR' });
    expect(json.expenses.map((e: { attributes: { gross_price: string } }) => e.attributes.gross_price)).toEqual(['127000.000', '23456.500']);

    // The same figures as the database, to the thousandth.
    const dbTotals = query<{ id: number; total_milli: number }>(live.file, 'select id, total_milli from invoices order by id');
    expect(json.invoices.map((i: { id: number; attributes: { total: string } }) => [i.id, i.attributes.total])).toEqual(
      dbTotals.map((r) => [r.id, (r.total_milli / 1000).toFixed(3)]),
    );
    const [original, , , cancelling] = json.invoices;
    expect(original.attributes).toMatchObject({ total: '4445.000', status: 4, total_paid: '1000.000' });
    expect(original.attributes.items.map((i: { description: string }) => i.description)).toEqual(['Tanácsadás', 'Sor, "idézőjellel"']);
    expect(original.attributes.payments).toHaveLength(1);
    expect(cancelling.attributes).toMatchObject({ total: '-4445.000', is_cancel_invoice: 1, connected_invoice_no: '2026-000001' });

    const last = new Map(progress.map((p) => [p.section, p]));
    expect(last.get('invoices')).toEqual({ section: 'invoices', done: 4, total: 4 });
    expect(last.get('clients')).toEqual({ section: 'clients', done: 3, total: 3 });
    expect(readdirSync(join(tmp.dir, 'out')).filter((n) => n.endsWith('.partial'))).toEqual([]);
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('CSV: header row, RFC 4180 quoting, UTF-8 BOM; the files parse back to the same counts and amounts', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    await seed(live.core);
    const result = await exportData({ source: sqliteSource(live.file), outDir: tmp.dir, format: 'csv' });
    expect(readdirSync(result.path).sort()).toEqual([
      'clients.csv', 'expenses.csv', 'invoice_items.csv', 'invoice_payments.csv', 'invoices.csv', 'products.csv',
    ]);
    const read = (name: string) => {
      const text = readFileSync(join(result.path, name), 'utf8');
      expect(text.startsWith('\ufeff')).toBe(true);
      const [header, ...rows] = parseCsv(text);
      return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
    };
    const clients = read('clients.csv');
    expect(clients.map((c) => c.name)).toEqual([TRICKY, `'=HYPERLINK("http://evil")`, 'Árvíztűrő Tükörfúrógép Kft.']);
    expect(readFileSync(join(result.path, 'clients.csv'), 'utf8')).toContain('"Kovács, ""Kis"" és Társa\nBt."');

    const invoices = read('invoices.csv');
    expect(invoices).toHaveLength(4);
    expect(invoices.map((i) => [i.invoice_no, i.type, i.status, i.total])).toEqual([
      ['2026-000001', 'invoice', 'cancelled', '4445.000'],
      ['2026-000002', 'invoice', 'unpaid', '1270.000'],
      ['2026-000003', 'invoice', 'unpaid', '635.000'],
      ['2026-000004', 'cancelling invoice', 'paid', '-4445.000'],
    ]);
    const sum = (xs: string[]) => xs.reduce((acc, x) => acc + Math.round(Number(x) * 1000), 0);
    const dbSum = query<{ s: number }>(live.file, 'select sum(total_milli) as s from invoices')[0]!.s;
    expect(sum(invoices.map((i) => i.total!))).toBe(dbSum);

    const items = read('invoice_items.csv');
    expect(items).toHaveLength(query<{ n: number }>(live.file, 'select count(*) as n from invoice_items')[0]!.n);
    expect(items.filter((i) => i.invoice_no === '2026-000001').map((i) => [i.line, i.description, i.gross_amount])).toEqual([
      ['1', 'Tanácsadás', '3810.000'],
      ['2', 'Sor, "idézőjellel"', '635.000'],
    ]);
    expect(sum(items.map((i) => i.gross_amount!))).toBe(dbSum);

    const dbPayments = query<{ no: string; amount_milli: number }>(
      live.file,
      'select i.invoice_no as no, p.amount_milli from invoice_payments p join invoices i on i.id = p.invoice_id order by p.id',
    );
    expect(dbPayments.length).toBeGreaterThan(0);
    expect(read('invoice_payments.csv').map((p) => [p.invoice_no, p.amount])).toEqual(dbPayments.map((r) => [r.no, (r.amount_milli / 1000).toFixed(3)]));
    expect(read('products.csv').map((p) => [p.name, p.price, p.currency])).toEqual([['Óradíj', '12000', 'HUF'], ['Licenc', '99.5', 'EUR']]);
    expect(read('expenses.csv').map((e) => [e.name, e.gross_price, e.client_name])).toEqual([
      ['Irodabérlet', '127000.000', ''],
      ['Benzin', '23456.500', 'Árvíztűrő Tükörfúrógép Kft.'],
    ]);

    // ';' for a spreadsheet in a Hungarian locale
    const semi = await exportData({ source: sqliteSource(live.file), outDir: join(tmp.dir, 'semi'), format: 'csv', delimiter: ';' });
    const header = readFileSync(join(semi.path, 'invoices.csv'), 'utf8').split('\r\n')[0]!;
    expect(header).toBe('\ufeffid;invoice_no;type;status;cancels_invoice_no;date;fulfillment_date;due_date;client_id;client_name;client_taxcode;currency;exchange_rate;net_total;vat_total;gross_total;rounding;total;total_paid;outstanding;payment_method;block_id;language;comment;created_at;document_kind;original_invoice_no;original_date;modification_index;modification_reason;current_total;is_advance;deducted_advances;deducted_advances_gross');
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('csv records: quoting of both delimiters, quotes and line breaks, formula defusing, numbers left alone', () => {
  const cell = (v: unknown, delimiter: ',' | ';' = ',') => csvRecords([[v]], delimiter).slice(0, -2);
  expect(cell('plain')).toBe('plain');
  expect(cell('a,b')).toBe('"a,b"');
  expect(cell('a;b', ';')).toBe('"a;b"');
  // the other delimiter too: a spreadsheet may split on it
  expect(cell('a;b')).toBe('"a;b"');
  expect(cell('a,b', ';')).toBe('"a,b"');
  expect(cell('say "hi"')).toBe('"say ""hi"""');
  expect(cell('two\nlines')).toBe('"two\nlines"');
  expect(cell('=1+1')).toBe("'=1+1");
  expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(cell('\uFF1D1+1')).toBe("'\uFF1D1+1");
  expect(cell('-4445.000')).toBe('-4445.000');
  expect(cell('-x')).toBe("'-x");
  expect(cell(null)).toBe('');
  expect(cell(12.5)).toBe('12.5');
  expect(csvRecords([])).toBe('');
  const rows = [['a', 'b,c', 'd"e', 'f\r\ng', '', 'h;i'], ['1', '', 'ő', 'x', 'y', 'z']];
  for (const d of [',', ';'] as const) expect(parseCsv('\ufeff' + csvRecords(rows, d), d)).toEqual(rows);
});

test('the CLI export quotes every tricky field, and csv-parse reads each back exactly, in either delimiter', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  const tricky = [
    'Kiss; Nagy és Társa',
    'Vessző, pontosvessző; "idézet"',
    'Két\r\nsor',
    'Egy\nsor',
    'szóköz ;  belül',
    ';',
    '"',
    'Ó,Ő;Ű',
  ];
  try {
    for (const name of tricky) await createClient(live.core, { name });
    await live.close();
    for (const delimiter of [',', ';'] as const) {
      const run = await cli(['export', '--db', live.file, '--out', join(tmp.dir, `out${delimiter === ',' ? 'comma' : 'semi'}`), '--format', 'csv', '--delimiter', delimiter]);
      expect(run.code, run.stderr).toBe(0);
      const text = readFileSync(join(run.stdout.trim(), 'clients.csv'), 'utf8');
      expect(text.startsWith('\ufeff')).toBe(true);
      // every field holding ; or , is quoted, whatever the delimiter
      expect(text).toContain('"Kiss; Nagy és Társa"');
      expect(text).toContain('"Ó,Ő;Ű"');
      const [header, ...rows] = parseCsv(text, delimiter);
      const nameAt = header!.indexOf('name');
      expect(rows.every((r) => r.length === header!.length)).toBe(true);
      expect(rows.map((r) => r[nameAt])).toEqual(tricky);
      // and field by field against the database
      const db = query<{ id: number; name: string; email: string }>(live.file, 'select id, name, email from clients order by id');
      expect(rows.map((r) => [Number(r[header!.indexOf('id')]), r[nameAt], r[header!.indexOf('email')]])).toEqual(db.map((c) => [c.id, c.name, c.email ?? '']));
    }
  } finally {
    tmp.remove();
  }
});

test('a long export streams in batches with progress, and reads one consistent moment while the app writes', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    const clientId = await createClient(live.core);
    for (let i = 0; i < 1500; i++) await issue(live.core, clientId);
    const progress: ExportProgress[] = [];
    let writes = 0;
    const result = await exportData({
      source: sqliteSource(live.file),
      outDir: tmp.dir,
      format: 'json',
      batchSize: 100,
      onProgress: (p) => {
        progress.push(p);
        // the app issues an invoice while the export runs: it is not in this export
        if (p.section === 'invoices' && p.done === 500) {
          writes++;
          void issue(live.core, clientId);
        }
      },
    });
    expect(writes).toBe(1);
    const invoiceSteps = progress.filter((p) => p.section === 'invoices').map((p) => p.done);
    expect(invoiceSteps).toEqual(Array.from({ length: 15 }, (_, i) => (i + 1) * 100));
    const json = JSON.parse(readFileSync(result.path, 'utf8'));
    expect(json.invoices).toHaveLength(1500);
    expect(json.counts.invoices).toBe(1500);
    await expect.poll(() => query<{ n: number }>(live.file, 'select count(*) as n from invoices')[0]!.n).toBe(1501);
    test.info().annotations.push({ type: 'figures', description: `1500 invoices exported as JSON in ${result.ms} ms` });
  } finally {
    await live.close();
    tmp.remove();
  }
});
