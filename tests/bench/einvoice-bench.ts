// E-invoice benchmark: a one-page invoice (the PDF bench's) made into a checked e-invoice — the EN 16931 model, the
// XML and the official rules run on it — warm, per invoice. `npm run bench -- --only einvoice` runs it through
// tests/bench/run.ts; `npx tsx tests/bench/einvoice-bench.ts` runs it alone. The rules' one-time compile (cached on
// disk by hash) happens in the warm-up. A smoke run (size.ts): 3 measured after 2 warm-ups.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { einvoiceFileOf, einvoiceModel, writeEinvoice } from '../../electron/core/einvoice/index';
import { warmUpRules } from '../../electron/core/einvoice/rules';
import { onePageInvoice } from '../documents/fixtures';
import { FULL, sized, type BenchOptions } from './size';

export interface EinvoiceBenchFigures {
  /** median: model, UBL XML and the EN 16931 rules on it, ms */
  einvoice_ubl_ms: number;
  /** the same for CII, ms */
  einvoice_cii_ms: number;
  /** median: model and UBL XML only (what the rules add is the rest), ms */
  einvoice_ubl_write_ms: number;
}


async function medianOf(warmup: number, runs: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(warmup + i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function benchEinvoice(options: BenchOptions = FULL): Promise<EinvoiceBenchFigures> {
  const WARMUP = sized(options, 10, 2);
  const RUNS = sized(options, 40, 3);
  await warmUpRules();
  const invoices = Array.from({ length: WARMUP + RUNS }, (_, i) => onePageInvoice(i + 1));
  const client = { buyer_reference: null };
  const ubl = await medianOf(WARMUP, RUNS, (i) => einvoiceFileOf(invoices[i]!, client, 'ubl'));
  const cii = await medianOf(WARMUP, RUNS, (i) => einvoiceFileOf(invoices[i]!, client, 'cii'));
  const write = await medianOf(WARMUP, RUNS, (i) => writeEinvoice(einvoiceModel(invoices[i]!, client), 'ubl'));
  return { einvoice_ubl_ms: round(ubl), einvoice_cii_ms: round(cii), einvoice_ubl_write_ms: round(write) };
}

/** tests/bench/run.ts calls each section's `run`. */
export const run = benchEinvoice;

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await benchEinvoice(), null, 2));
