// PDF benchmark: pdfmake against Chromium's print-to-PDF on the same one-page invoice, and a 1,000-invoice batch on
// two worker threads. `npm run bench -- --only pdf` runs it through tests/bench/run.ts; `npx tsx
// tests/bench/pdf-bench.ts` runs it alone. Targets: pdf_ratio ≤ 0.6, pdf_batch_1000_s ≤ 20, peak RSS ≤ 400 MB.
// A smoke run (size.ts): a batch of 20, 3 measured renders and prints after 2 warm-ups.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS, resolveBrowser } from '../support/browser';
import { invoiceHtml, renderInvoicePdf } from '../../electron/documents';
import { PRINT_FOOTER_TEMPLATE } from '../../electron/documents/html';
import type { InvoiceAttributes } from '../../shared/resources';
import { onePageInvoice } from '../documents/fixtures';
import { FULL, sized, type BenchOptions } from './size';

export interface PdfBenchFigures {
  /** median warm render of a one-page invoice with pdfmake, ms */
  pdf_ms: number;
  /** median warm print of the same invoice's HTML by Chromium (setContent + page.pdf), ms */
  pdf_chromium_ms: number;
  pdf_ratio: number;
  pdf_batch_1000_s: number;
  pdf_batch_peak_rss_mb: number;
}

export async function benchPdf(options: BenchOptions = FULL): Promise<PdfBenchFigures> {
  const WARMUP = sized(options, 20, 2);
  const RUNS = sized(options, 40, 3);
  // The batch first and in its own process: its memory figure must not include this process's history.
  const batch = await runBatchChild(sized(options, 1000, 20));
  // Invoices are built up front: only document work is timed, on both sides.
  const invoices = Array.from({ length: RUNS + WARMUP }, (_, i) => onePageInvoice(i + 1));
  const pdfMs = await medianOf(WARMUP, RUNS, async (i) => {
    await renderInvoicePdf(invoices[i]!);
  });
  const chromiumMs = await benchChromium(invoices, WARMUP, RUNS);
  return {
    pdf_ms: round(pdfMs, 1),
    pdf_chromium_ms: round(chromiumMs, 1),
    pdf_ratio: round(pdfMs / chromiumMs, 2),
    pdf_batch_1000_s: round(batch.ms / 1000, 1),
    pdf_batch_peak_rss_mb: batch.peak_rss_mb,
  };
}

/** tests/bench/run.ts calls each section's `run`. */
export const run = benchPdf;

async function benchChromium(invoices: InvoiceAttributes[], warmUp: number, runs: number): Promise<number> {
  const { executablePath } = await resolveBrowser();
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    return await medianOf(Math.min(5, warmUp), runs, async (i) => {
      // Same work as the pdfmake side: build the document for this invoice, then produce the PDF bytes.
      await page.setContent(invoiceHtml(invoices[i]!));
      await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: PRINT_FOOTER_TEMPLATE,
      });
    });
  } finally {
    await browser.close();
  }
}

async function runBatchChild(count: number): Promise<{ count: number; ms: number; peak_rss_mb: number }> {
  const child = fileURLToPath(new URL('./pdf-batch-child.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, child, String(count)], {
    maxBuffer: 1024 * 1024,
    timeout: 300_000,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { count: number; ms: number; peak_rss_mb: number };
  if (result.count !== count) throw new Error(`batch rendered ${result.count} of ${count}`);
  return result;
}

async function medianOf(warmup: number, runs: number, fn: (i: number) => Promise<void>): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  return times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await benchPdf(), null, 2));
}
