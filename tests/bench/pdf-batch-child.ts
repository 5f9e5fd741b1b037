// Child process of the PDF benchmark: renders 1,000 one-page invoices with renderBatch (two worker threads) and
// prints {count, ms, peak_rss_mb} as JSON. A fresh process, so the peak RSS is the batch's own (main thread plus
// workers, which share the process), not whatever the benchmark runner had allocated before.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderBatch } from '../../electron/documents/batch';
import type { InvoiceAttributes } from '../../shared/resources';
import { onePageInvoice } from '../documents/fixtures';

const count = Number(process.argv[2] ?? 1000);

async function* invoices(): AsyncIterable<InvoiceAttributes> {
  for (let uid = 1; uid <= count; uid++) yield onePageInvoice(uid);
}

const dir = await mkdtemp(join(tmpdir(), 'folio-pdf-bench-'));
try {
  const result = await renderBatch(invoices(), dir, { workers: 2 });
  if (result.failures.length) throw new Error(`batch failures: ${JSON.stringify(result.failures.slice(0, 3))}`);
  // maxRSS is the kernel's high-water mark for the whole process (kilobytes), finer than the batch's own sampling.
  const kernelPeakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ count: result.count, ms: result.ms, peak_rss_mb: Math.max(result.peakRssMb, kernelPeakMb) }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
