// `npm run folio -- einvoice export --format facturx` from the CLI's bundle (dist/node): the bundled pdfkit reads its
// sRGB profile from beside the bundle (scripts/pdf-assets.mjs copies it), so this is the test that the build carries
// what a PDF/A needs. Each file is a Factur-X whose factur-x.xml passes the EN 16931 rules.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
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

test('einvoice export --format facturx writes PDF/A-3 files with a valid factur-x.xml, from the bundle', async () => {
  test.setTimeout(180_000);
  const t = await openTestCore();
  const out = mkdtempSync(join(tmpdir(), 'folio-facturx-cli-'));
  try {
    const buyer = await createBuyer(t.core);
    const body = { client_uid: buyer, payment_method: 1, currency: 'HUF', fulfillment_date: '2026-03-15', due_date: '2026-03-23', type: 3 };
    await t.core.call('invoices.create', { ...body, items: [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 12_000, unit: 'óra' }] } as never);
    await t.core.call('invoices.create', { ...body, items: [{ description: 'Szakkönyv', vat_id: 2, qty: 1, net_unit_price: 4990, unit: 'db' }] } as never);
    await t.opened.close();

    const run = await folio('einvoice', 'export', '--db', t.dbFile, '--out', out, '--format', 'facturx');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('wrote 2 Factur-X e-invoices');
    const files = readdirSync(out).sort();
    expect(files).toEqual(['2026-000001-facturx.pdf', '2026-000002-facturx.pdf']);
    for (const f of files) {
      const pdf = readFileSync(join(out, f));
      expect(pdf.toString('latin1')).toContain('/OutputIntents');
      const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
      const attachments = (await doc.getAttachments()) as Record<string, { content: Uint8Array }>;
      const { metadata } = await doc.getMetadata();
      await doc.destroy();
      expect(metadata?.get('pdfaid:part')).toBe('3');
      const xml = Buffer.from(attachments['factur-x.xml']!.content).toString('utf8');
      expect(fatalFailures(await validateEn16931('cii', xml)), f).toEqual([]);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    await t.close().catch(() => undefined);
  }
});
