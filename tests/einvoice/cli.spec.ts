// `npm run folio -- einvoice export`: a child process (the CLI's bundle) writes the checked e-invoice of every issued
// invoice in the range — a proforma never — and each file passes the EN 16931 rules again here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { FOLIO_ENTRY } from '../support/built';
import { createBuyer, openTestCore } from '../support/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');

function folio(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res) => {
    execFile(process.execPath, [FOLIO_ENTRY, ...args], { cwd: ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      res({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('einvoice export writes one valid file per issued invoice of the range, in the format asked for', async () => {
  test.setTimeout(180_000);
  const t = await openTestCore();
  const out = mkdtempSync(join(tmpdir(), 'folio-einvoice-cli-'));
  try {
    const buyer = await createBuyer(t.core);
    const line = (price: number) => ({ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: price, unit: 'óra' });
    const body = { client_uid: buyer, payment_method: 2, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-23' };
    const first = await t.core.call('invoices.create', { ...body, type: 3, items: [line(12_000)] } as never);
    await t.core.call('invoices.create', { ...body, type: 3, items: [line(8000)] } as never);
    await t.core.call('invoices.create', { ...body, type: 1, items: [line(5000)] } as never); // a proforma: no e-invoice
    await t.core.call('invoices.cancel', { id: first.id } as never);
    await t.opened.close();

    const cii = await folio('einvoice', 'export', '--db', t.dbFile, '--out', out, '--format', 'cii', '--from', '2026-03-01', '--to', '2026-03-31');
    expect(cii.code, cii.stderr).toBe(0);
    expect(cii.stdout).toContain('wrote 3 CII e-invoices');
    const files = readdirSync(out).sort();
    expect(files).toEqual(['2026-000001-cii.xml', '2026-000002-cii.xml', '2026-000003-cii.xml']);
    for (const f of files) expect(fatalFailures(await validateEn16931('cii', readFileSync(join(out, f), 'utf8'))), f).toEqual([]);
    expect(readFileSync(join(out, '2026-000003-cii.xml'), 'utf8')).toContain('<ram:TypeCode>381</ram:TypeCode>');

    const none = await folio('einvoice', 'export', '--db', t.dbFile, '--out', join(out, 'none'), '--to', '2026-03-14');
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('wrote 0 UBL e-invoices');

    const bad = await folio('einvoice', 'export', '--db', t.dbFile, '--out', out, '--format', 'pdf');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('use one of ubl, cii');
  } finally {
    rmSync(out, { recursive: true, force: true });
    await t.close().catch(() => undefined);
  }
});
