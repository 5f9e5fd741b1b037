// Exports for the accountant over the real HTTP door: started with /rpc/data.exportStart, polled with
// data.exportStatus (done ≤ total all the way), downloaded from GET /data/exports/:job/file and read back — the JSON
// and the CSV files (csv-parse) hold the invoices of the period and no other, and every NAV invoiceData XML of the
// period validates against NAV's schema.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { BUYER, SELLER } from '../nav/queue-rig';
import { validateNavXml } from '../nav/schema';
import { exportFile, startDataRig, type DataRig } from './data-rig';
import { unzip } from './unzip';

let rig: DataRig;
test.afterEach(async () => rig?.close());

/** Invoices issued on 2, 15 and 28 February and 3 March 2026 (the business clock moved between them). */
async function issueAcrossMonths(r: DataRig): Promise<Map<string, string>> {
  await r.ok('settings.update', { seller: SELLER });
  const buyer = await r.ok('clients.create', BUYER);
  const numbers = new Map<string, string>();
  for (const day of ['2026-02-02', '2026-02-15', '2026-02-28', '2026-03-03']) {
    r.business.set(`${day}T09:00:00Z`);
    const inv = await r.ok('invoices.create', {
      client_uid: buyer.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: day, due_date: '2026-03-31',
      items: [
        { description: 'Tanácsadás; "helyszíni"', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' },
        { description: 'Szakkönyv', vat_id: '2', qty: '1', net_unit_price: '4990', unit: 'db' },
      ],
    });
    numbers.set(day, inv.attributes.prefixed_invoice_no);
  }
  return numbers;
}

test('a CSV export of February holds February’s invoices, lines and clients, read back with csv-parse', async () => {
  rig = await startDataRig();
  const numbers = await issueAcrossMonths(rig);
  const { job, filename, body, type } = await exportFile(rig, { format: 'csv', date_from: '2026-02-01', date_to: '2026-02-28', delimiter: ';' });
  expect(filename).toBe('folio-export-2026-02-01_2026-02-28.zip');
  expect(type).toBe('application/zip');
  expect(job.counts).toMatchObject({ invoices: 3, clients: 1 });
  expect(job.total).toBe(3 + 1); // three invoices, one client (no products or expenses)

  const files = unzip(body);
  expect([...files.keys()].sort()).toEqual(['clients.csv', 'expenses.csv', 'invoice_items.csv', 'invoice_payments.csv', 'invoices.csv', 'products.csv']);
  const read = (name: string) => parse(files.get(name)!, { columns: true, bom: true, delimiter: ';' }) as Array<Record<string, string>>;
  const invoices = read('invoices.csv');
  expect(invoices.map((i) => [i.invoice_no, i.date])).toEqual([
    [numbers.get('2026-02-02'), '2026-02-02'],
    [numbers.get('2026-02-15'), '2026-02-15'],
    [numbers.get('2026-02-28'), '2026-02-28'],
  ]);
  expect(invoices[0]).toMatchObject({ type: 'invoice', client_name: BUYER.name, net_total: '24990.000', currency: 'HUF' });
  const items = read('invoice_items.csv');
  expect(items).toHaveLength(6);
  expect(items[0]).toMatchObject({ description: 'Tanácsadás; "helyszíni"', qty: '2.000', net_amount: '20000.000' });
  expect(read('clients.csv').map((c) => c.name)).toEqual([BUYER.name]);
  // the job's file stays in its work folder for more downloads (until an hour after, or until Folio stops)
  expect(existsSync(join(rig.dir, 'exports-work', job.job))).toBe(true);
});

test('a JSON export of a range holds the invoices of the range only, and says which range it is', async () => {
  rig = await startDataRig();
  const numbers = await issueAcrossMonths(rig);
  const { filename, body, type } = await exportFile(rig, { format: 'json', date_from: '2026-02-10', date_to: '2026-03-31' });
  expect(filename).toBe('folio-export-2026-02-10_2026-03-31.json');
  expect(type).toContain('application/json');
  const data = JSON.parse(body.toString('utf8'));
  expect(data).toMatchObject({ format: 'folio-export', version: 1, range: { from: '2026-02-10', to: '2026-03-31' }, counts: { invoices: 3, clients: 1 } });
  expect(data.invoices.map((i: { attributes: { prefixed_invoice_no: string } }) => i.attributes.prefixed_invoice_no)).toEqual(
    ['2026-02-15', '2026-02-28', '2026-03-03'].map((d) => numbers.get(d)),
  );
  expect(data.settings.seller.name).toBe(SELLER.name);
});

test('the NAV export of a period is a ZIP of invoiceData XML files that validate against NAV’s schema', async () => {
  test.setTimeout(120_000);
  rig = await startDataRig();
  const numbers = await issueAcrossMonths(rig);
  const { job, filename, body } = await exportFile(rig, { format: 'nav', date_from: '2026-02-01', date_to: '2026-02-28' });
  expect(filename).toBe('folio-nav-invoice-data-2026-02-01_2026-02-28.zip');
  expect(job.skipped).toEqual([]);
  expect(job.counts).toEqual({ invoices: 3 });
  const files = unzip(body);
  expect([...files.keys()]).toEqual(['2026-02-02', '2026-02-15', '2026-02-28'].map((d) => `${numbers.get(d)}.xml`));
  for (const [name, xml] of files) {
    const text = xml.toString('utf8');
    expect(text).toContain(`<invoiceNumber>${name.replace(/\.xml$/, '')}</invoiceNumber>`);
    const result = await validateNavXml('data', text);
    expect(result.ok, `${name}: ${result.errors}`).toBe(true);
  }
});

test('export input is checked field by field; an unknown job is a 404; the desktop keeps a copy in the backup folder', async () => {
  rig = await startDataRig();
  const bad = await rig.rpc('data.exportStart', { format: 'xls', date_from: '2026-02-30', date_to: '2026-01-01' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['date_from', 'format']);
  const backwards = await rig.rpc('data.exportStart', { format: 'csv', date_from: '2026-03-01', date_to: '2026-02-01' });
  expect(backwards.body.errors).toEqual([{ field: 'date_to', message: 'must not be before the start date' }]);
  expect((await rig.rpc('data.exportStatus', { job: 'ab'.repeat(16) })).status).toBe(404);
  expect((await rig.get(`/data/exports/${'ab'.repeat(16)}/file`)).status).toBe(404);
  expect((await fetch(`${rig.server.url}/data/exports/${'ab'.repeat(16)}/file`)).status).toBe(401);

  await issueAcrossMonths(rig);
  const { job, body } = await exportFile(rig, { format: 'json', date_from: '2026-01-01', date_to: '2026-12-31', save_to_folder: true });
  expect(job.saved_to).toBe(join(rig.dir, 'backups', 'folio-export-2026-01-01_2026-12-31.json'));
  expect(readFileSync(job.saved_to)).toEqual(body);
});
