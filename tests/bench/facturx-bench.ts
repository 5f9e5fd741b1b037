// Factur-X against the plain PDF, per invoice, in one run on one core (issue 17: Factur-X ≤ 1.5× the plain PDF):
// - einvoice_pdf_ms: GET /invoices/{id}/download's work — `invoices.download` (read the invoice, render the PDF);
// - einvoice_facturx_ms: `invoices.einvoice` format=facturx — read, build the CII, check it against the EN 16931
//   rules, render the PDF as PDF/A-3 with the XML embedded;
// - einvoice_facturx_pack_ms: the PDF part alone (renderFacturX with the CII already made), what Factur-X adds to
//   rendering;
// - einvoice_facturx_ratio = einvoice_facturx_ms / einvoice_pdf_ms, einvoice_facturx_pack_ratio the same for the PDF
//   part alone; einvoice_cii_check_ms: the EN 16931 rules run on one CII (what the full path adds besides the XML).
// A smoke run (size.ts): 3 invoices measured after 2 warm-ups. The two run interleaved, invoice by invoice, so a busy machine slows both alike; medians after a warm-up (the first
// rules check compiles them, or loads the compiled form from its cache file). `npm run bench -- --only facturx`.
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { renderInvoicePdf } from '../../electron/documents';
import { renderFacturX } from '../../electron/documents/facturx';
import { einvoiceXml } from '../../electron/core/einvoice/index';
import { validateEn16931 } from '../../electron/core/einvoice/rules';
import { clientBody, makeTempDir, TEST_SELLER } from '../support/fixtures';
import { FULL, sized, type BenchOptions } from './size';

export interface FacturxBenchFigures {
  einvoice_pdf_ms: number;
  einvoice_facturx_ms: number;
  einvoice_facturx_pack_ms: number;
  einvoice_facturx_ratio: number;
  einvoice_facturx_pack_ratio: number;
  einvoice_cii_check_ms: number;
}

export async function benchFacturx(options: BenchOptions = FULL): Promise<FacturxBenchFigures> {
  const WARMUP = sized(options, 10, 2);
  const RUNS = sized(options, 40, 3);
  const tmp = makeTempDir('folio-bench-facturx-');
  const opened = await openDatabase(`${tmp.dir}/folio.sqlite`);
  try {
    const core = await createCore({
      db: opened.db,
      clock: fixedClock('2026-03-16T09:00:00Z'),
      pdf: (invoice) => renderInvoicePdf(invoice.attributes),
      facturx: (invoice, cii) => renderFacturX(invoice.attributes, cii),
    });
    const bank = (await core.call('bankAccounts.create', {
      bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF',
    } as never)) as { id: number };
    await core.call('settings.update', { seller: { ...TEST_SELLER, eu_taxcode: 'HU23456787' }, default_bank_account_uid: bank.id } as never);
    const client = (await core.call('clients.create', { ...clientBody(), einvoice_format: 'facturx' } as never)) as { id: number };
    // one-page invoices of three lines, as the PDF bench's
    const ids: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const created = await core.call('invoices.create', {
        client_uid: client.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
        items: [
          { description: `Tanácsadás ${i + 1}. hét`, qty: 12, unit: 'óra', net_unit_price: 18500 + i, vat_id: 1 },
          { description: 'Szakkönyv', qty: 2, unit: 'db', net_unit_price: 4990, vat_id: 2 },
          { description: 'Kiszállás', qty: 1, unit: 'alkalom', net_unit_price: 15000, vat_id: 1 },
        ],
      } as never);
      ids.push(created.id);
    }
    const plain: number[] = [];
    const facturx: number[] = [];
    const pack: number[] = [];
    const check: number[] = [];
    for (const [i, id] of ids.entries()) {
      const t0 = performance.now();
      await core.call('invoices.download', { id });
      const t1 = performance.now();
      await core.call('invoices.einvoice', { id, format: 'facturx' });
      const t2 = performance.now();
      const cii = await einvoiceXml(core.ctx, id, 'cii');
      const invoice = await core.invoices.read(id);
      const t3 = performance.now();
      await renderFacturX(invoice.attributes, cii);
      const t4 = performance.now();
      await validateEn16931('cii', cii);
      const t5 = performance.now();
      if (i < WARMUP) continue;
      check.push(t5 - t4);
      plain.push(t1 - t0);
      facturx.push(t2 - t1);
      pack.push(t4 - t3);
    }
    const pdfMs = median(plain);
    const facturxMs = median(facturx);
    const packMs = median(pack);
    return {
      einvoice_pdf_ms: round(pdfMs),
      einvoice_facturx_ms: round(facturxMs),
      einvoice_facturx_pack_ms: round(packMs),
      einvoice_facturx_ratio: Math.round((facturxMs / pdfMs) * 100) / 100,
      einvoice_facturx_pack_ratio: Math.round((packMs / pdfMs) * 100) / 100,
      einvoice_cii_check_ms: round(median(check)),
    };
  } finally {
    await opened.close();
    tmp.remove();
  }
}

/** tests/bench/run.ts calls each section's `run`. */
export const run = benchFacturx;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchFacturx(), null, 2));
