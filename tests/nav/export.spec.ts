// `npm run folio -- nav export`: a child process (the CLI's bundle) writes the invoiceData XML of the
// reported invoices issued in the date range — only those — and every file validates against NAV's data schema.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { cancel, issue, openRig, reportOf, setUpBusiness, tempDbFile, xmlOf, type Issued } from './queue-rig';
import { validateNavXml } from './schema';
import { FOLIO_ENTRY } from '../support/built';
import { parseNavExportFileName } from '../../electron/nav/export-file-name';
import { rawDb } from '../support/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');

function runFolio(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      res({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const exportNav = (...args: string[]) => runFolio([FOLIO_ENTRY, 'nav', 'export', ...args]);
const validate = (file: string) => validateNavXml('data', readFileSync(file, 'utf8'));

let nav: FakeNav | undefined;
const cleanups: Array<() => void> = [];
test.afterEach(async () => {
  await nav?.close();
  nav = undefined;
  for (const c of cleanups.splice(0)) c();
});

test('nav export writes schema-valid invoiceData for the invoices issued in the range, and only those', async () => {
  test.setTimeout(120_000);
  nav = await startFakeNav();
  const db = tempDbFile();
  cleanups.push(db.remove);
  const out = mkdtempSync(join(tmpdir(), 'folio-nav-export-'));
  cleanups.push(() => rmSync(out, { recursive: true, force: true }));

  // Invoices on 3, 10 and 17 March; the 10 March one cancelled on 17 March; a proforma on 10 March.
  const clock = new ManualClock('2025-03-03T09:00:00Z');
  const rig = await openRig({ file: db.file, navUrl: nav.baseUrl, clock });
  const client = await setUpBusiness(rig.core);
  const product = await rig.core.call('products.create', { name: 'Karbantartás', price: '12000', unit: 'db', vat_id: '1', is_service: 1 });
  const march3 = await issue(rig.core, client);
  clock.set('2025-03-10T09:00:00Z');
  const march10 = await issue(rig.core, client, [
    { product_uid: product.id, qty: '2' },
    { description: 'Szakkönyv', vat_id: '2', qty: '1', net_unit_price: '4990', unit: 'db' },
  ]);
  const proforma = await rig.core.call('invoices.create', {
    client_uid: client,
    payment_method: 2,
    currency: 'HUF',
    type: 1,
    fulfillment_date: '2025-03-10',
    due_date: '2025-03-18',
    items: [{ description: 'Előleg', vat_id: '1', qty: '1', net_unit_price: '50000', unit: 'db' }],
  });
  await rig.rt.nav.pass(); // the first two are reported; what follows is not (yet)
  clock.set('2025-03-17T09:00:00Z');
  const march17 = await issue(rig.core, client);
  const storno = await cancel(rig.core, march10.id);
  const reported10 = await reportOf(rig.db, march10.id);
  expect(reported10.state).toBe('done');
  await rig.close();

  const fileOf = (inv: Issued) => `${inv.number}.xml`; // the default block has no prefix

  // 5–16 March: only the 10 March invoice (not the proforma), written as the very bytes NAV got
  const first = await exportNav('--db', db.file, '--out', join(out, 'a'), '--from', '2025-03-05', '--to', '2025-03-16');
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('wrote 1 invoiceData XML files');
  expect(readdirSync(join(out, 'a'))).toEqual([fileOf(march10)]);
  const xml10 = readFileSync(join(out, 'a', fileOf(march10)), 'utf8');
  expect(xml10).toBe(xmlOf(reported10));
  expect(xml10).toContain('<lineNatureIndicator>SERVICE</lineNatureIndicator>'); // from the product
  expect(await validate(join(out, 'a', fileOf(march10)))).toMatchObject({ ok: true });
  void proforma;

  // 10–17 March: the 10 March invoice, the 17 March one and the STORNO (not reported yet: built as the queue would)
  const second = await exportNav('--db', db.file, '--out', join(out, 'b'), '--from', '2025-03-10', '--to', '2025-03-17');
  expect(second.code, second.stderr).toBe(0);
  expect(readdirSync(join(out, 'b')).sort()).toEqual([march10, march17, storno].map(fileOf).sort());
  for (const name of readdirSync(join(out, 'b'))) {
    const result = await validate(join(out, 'b', name));
    expect(result.ok, `${name}: ${result.errors}`).toBe(true);
  }
  const stornoXml = readFileSync(join(out, 'b', fileOf(storno)), 'utf8');
  expect(stornoXml).toContain(`<originalInvoiceNumber>${march10.number}</originalInvoiceNumber>`);
  expect(stornoXml).toContain('<lineNatureIndicator>SERVICE</lineNatureIndicator>');

  // the queue later sends the STORNO byte for byte as exported
  const again = await openRig({ file: db.file, navUrl: nav.baseUrl, clock });
  await again.rt.nav.pass();
  expect(xmlOf(await reportOf(again.db, storno.id))).toBe(stornoXml);
  await again.close();

  // no range: all four; a bad date is refused
  const all = await exportNav('--db', db.file, '--out', join(out, 'c'));
  expect(all.code, all.stderr).toBe(0);
  expect(readdirSync(join(out, 'c')).sort()).toEqual([march3, march10, march17, storno].map(fileOf).sort());
  const bad = await exportNav('--db', db.file, '--out', join(out, 'd'), '--from', '2025-13-01');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('Not a date');
});

test('prefixes that would meet in a file name (A.B, A_B, A, A., A_) each get their own file; the names read back', async () => {
  test.setTimeout(120_000);
  const db = tempDbFile();
  cleanups.push(db.remove);
  const out = mkdtempSync(join(tmpdir(), 'folio-nav-names-'));
  cleanups.push(() => rmSync(out, { recursive: true, force: true }));
  const rig = await openRig({ file: db.file, clock: new ManualClock('2025-03-03T09:00:00Z') });
  const client = await setUpBusiness(rig.core);
  const prefixes = ['A.B', 'A_B', 'A', 'A.', 'A_', 'A__B', 'Á-1'];
  const issued: Issued[] = [await issue(rig.core, client)];
  for (const prefix of prefixes) {
    const block = await rig.core.call('blocks.create', { name: `Blokk ${prefix}`, prefix });
    const created = await rig.core.call('invoices.create', {
      client_uid: client, block_uid: block.id, payment_method: 2, currency: 'HUF', type: 3,
      fulfillment_date: '2025-03-03', due_date: '2025-12-31',
      items: [{ description: 'Tanácsadás', vat_id: '1', qty: '1', net_unit_price: '10000', unit: 'óra' }],
    });
    issued.push({ id: created.id, number: created.attributes.prefixed_invoice_no! });
  }
  await rig.close();

  const res = await exportNav('--db', db.file, '--out', out);
  expect(res.code, res.stderr).toBe(0);
  expect(res.stdout).toContain(`wrote ${issued.length} invoiceData XML files`);
  const files = readdirSync(out);
  expect(files).toHaveLength(issued.length);
  // each name stands for exactly one invoice, and holds that invoice's data
  const numbers = files.map((f) => {
    const { prefix, invoiceNo } = parseNavExportFileName(f);
    const number = prefix ? `${prefix} / ${invoiceNo}` : invoiceNo;
    expect(readFileSync(join(out, f), 'utf8')).toContain(`<invoiceNumber>${number}</invoiceNumber>`);
    return number;
  });
  expect(numbers.sort()).toEqual(issued.map((i) => i.number).sort());
  expect(files).toContain('A.B_2025-000001.xml');
  expect(files).toContain('A_B_2025-000001.xml');

  // Should two invoices ever meet in one name (data from before prefixes were checked: two blocks "A.B"), the
  // export says so and exits 1 rather than leave one file for two.
  const raw = rawDb(db.file);
  let twin: number;
  try {
    twin = Number(raw.prepare(`insert into invoice_blocks (name, prefix, created_at, updated_at) values ('Iker', 'A.B', '2025-03-03', '2025-03-03')`).run().lastInsertRowid);
  } finally {
    raw.close();
  }
  const reopened = await openRig({ file: db.file, clock: new ManualClock('2025-03-03T10:00:00Z') });
  await reopened.core.call('invoices.create', {
    client_uid: client, block_uid: twin, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2025-03-03', due_date: '2025-12-31',
    items: [{ description: 'Tanácsadás', vat_id: '1', qty: '1', net_unit_price: '10000', unit: 'óra' }],
  });
  await reopened.close();
  const again = await exportNav('--db', db.file, '--out', join(out, 'again'));
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(`${issued.length + 1} invoices were selected but only ${issued.length} XML files`);
});
