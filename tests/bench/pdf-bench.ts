// PDF benchmark: pdfmake against Chromium's print-to-PDF on the same one-page invoice, and a 1,000-invoice batch on
// two worker threads. `npm run bench -- --only pdf` runs it through tests/bench/run.ts; `npx tsx
// tests/bench/pdf-bench.ts` runs it alone. Targets: pdf_ratio ≤ 0.6, pdf_batch_1000_s ≤ 20, peak RSS ≤ 400 MB.
// A smoke run (size.ts): a batch of 20, 3 measured renders and prints after 2 warm-ups.
// The CPU figures (issue 41) read the same renders and prints by the processor time they used rather than by the
// clock: on a machine shared with other work the wall times say more about the load than about either renderer
// (Chromium's several processes get more of a busy machine than one Node thread). Linux only (/proc).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  /** mean CPU time of one warm render with pdfmake (this process, all its threads), ms */
  pdf_cpu_ms?: number;
  /** mean CPU time of one warm print by Chromium (every Chromium process), ms */
  pdf_chromium_cpu_ms?: number;
  pdf_cpu_ratio?: number;
}

export async function benchPdf(options: BenchOptions = FULL): Promise<PdfBenchFigures> {
  const WARMUP = sized(options, 20, 2);
  const RUNS = sized(options, 40, 3);
  // The batch first and in its own process: its memory figure must not include this process's history.
  const batch = await runBatchChild(sized(options, 1000, 20));
  // Invoices are built up front: only document work is timed, on both sides.
  const invoices = Array.from({ length: RUNS + WARMUP }, (_, i) => onePageInvoice(i + 1));
  const pdf = await medianOf(
    WARMUP,
    RUNS,
    async (i) => {
      await renderInvoicePdf(invoices[i]!);
    },
    ownCpuMs,
  );
  const chromium = await benchChromium(invoices, WARMUP, RUNS);
  const cpu =
    pdf.cpuMs !== null && chromium.cpuMs !== null
      ? { pdf_cpu_ms: round(pdf.cpuMs, 1), pdf_chromium_cpu_ms: round(chromium.cpuMs, 1), pdf_cpu_ratio: round(pdf.cpuMs / chromium.cpuMs, 2) }
      : {};
  return {
    pdf_ms: round(pdf.median, 1),
    pdf_chromium_ms: round(chromium.median, 1),
    pdf_ratio: round(pdf.median / chromium.median, 2),
    pdf_batch_1000_s: round(batch.ms / 1000, 1),
    pdf_batch_peak_rss_mb: batch.peak_rss_mb,
    ...cpu,
  };
}

/** tests/bench/run.ts calls each section's `run`. */
export const run = benchPdf;

/** CPU time this process has used so far (every thread), ms. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU time used so far by the processes started below this one (Chromium's browser, renderer, GPU and utility
 * processes), ms, from /proc; null where there is no /proc. Clock ticks are taken as 100 per second, Linux's USER_HZ.
 */
function childrenCpuMs(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // after "pid (comm) ": state ppid … utime (14th field) stime (15th)
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while we read
    }
  }
  let sum = 0;
  for (const [pid, used] of ticks) {
    let up = parent.get(pid);
    while (up !== undefined && up > 1 && up !== process.pid) up = parent.get(up);
    if (up === process.pid) sum += used;
  }
  return sum * 10;
}

async function benchChromium(invoices: InvoiceAttributes[], warmUp: number, runs: number): Promise<Measured> {
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
    }, childrenCpuMs);
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

interface Measured {
  median: number;
  /** mean CPU time per run by `cpu`, null when it cannot be read */
  cpuMs: number | null;
}

async function medianOf(warmup: number, runs: number, fn: (i: number) => Promise<void>, cpu: () => number | null): Promise<Measured> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  const cpuBefore = cpu();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  const cpuAfter = cpu();
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const median = times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
  return { median, cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / runs };
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await benchPdf(), null, 2));
}
