// Batch rendering on the worker pool: files land in the output directory, names stay unique, a bad invoice is
// reported without stopping the batch, and the input may be a lazy async stream.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { renderBatch } from '../../electron/documents/batch';
import type { InvoiceAttributes } from '../../shared/resources';
import { onePageInvoice } from './fixtures';
import { pdfText } from './pdf-text';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-batch-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function* stream(count: number): AsyncIterable<InvoiceAttributes> {
  for (let uid = 1; uid <= count; uid++) yield onePageInvoice(uid);
}

test('renders a stream of invoices to PDF files on two workers', async () => {
  const done: number[] = [];
  const result = await renderBatch(stream(12), dir, { workers: 2, onProgress: (n) => done.push(n) });
  expect(result.count).toBe(12);
  expect(result.failures).toEqual([]);
  expect(result.peakRssMb).toBeGreaterThan(0);
  expect(done.at(-1)).toBe(12);
  const files = (await readdir(dir)).sort();
  expect(files).toHaveLength(12);
  expect(files[0]).toBe('szamla-FOL-2026-000001.pdf');
  const text = await pdfText(await readFile(join(dir, 'szamla-FOL-2026-000007.pdf')));
  expect(text.text).toContain('FOL-2026-000007');
  expect(text.text).toContain('Kővári és Fűzős Kft.');
});

test('keeps going past an invoice that cannot be rendered, and reports it', async () => {
  const broken = { ...onePageInvoice(3), items: undefined } as unknown as InvoiceAttributes;
  const invoices = [onePageInvoice(1), onePageInvoice(2), broken, onePageInvoice(4)];
  const result = await renderBatch(invoices, dir, { workers: 2 });
  expect(result.count).toBe(3);
  expect(result.failures).toHaveLength(1);
  expect(result.failures[0]).toMatchObject({ uid: 3, file: 'szamla-FOL-2026-000003.pdf' });
  expect((await readdir(dir)).sort()).toEqual([
    'szamla-FOL-2026-000001.pdf',
    'szamla-FOL-2026-000002.pdf',
    'szamla-FOL-2026-000004.pdf',
  ]);
});

test('a worker that dies is replaced; its other job is retried and only the culprit fails', async () => {
  const invoices = Array.from({ length: 8 }, (_, i) => onePageInvoice(i + 1));
  invoices[3] = { ...invoices[3]!, comment: 'crash' };
  const workerUrl = new URL('./crashing-worker.ts', import.meta.url);
  const result = await renderBatch(invoices, dir, { workers: 2, workerUrl });
  expect(result.count).toBe(7);
  expect(result.failures).toHaveLength(1);
  expect(result.failures[0]).toMatchObject({ uid: 4, file: 'szamla-FOL-2026-000004.pdf' });
  expect(result.failures[0]!.error).toMatch(/crashed/);
  expect(await readdir(dir)).toHaveLength(7);
});

test('gives clashing file names a suffix and honours the language and naming options', async () => {
  const same = [onePageInvoice(5), onePageInvoice(5), onePageInvoice(6)];
  const result = await renderBatch(same, dir, { workers: 1, lang: 'de', fileName: (inv) => `rechnung-${inv.uid}.pdf` });
  expect(result.count).toBe(3);
  expect((await readdir(dir)).sort()).toEqual(['rechnung-5-2.pdf', 'rechnung-5.pdf', 'rechnung-6.pdf']);
  const text = await pdfText(await readFile(join(dir, 'rechnung-6.pdf')));
  expect(text.text).toContain('Rechnung');
  expect(text.text).toContain('Zahlbetrag');
});

test('a progress callback that throws stops the batch with its error, and the process goes on (issue 41)', async () => {
  // an export job stops its batch this way (export-jobs.ts: tick throws when the runtime stops); the throw comes
  // from a worker's message, where an uncaught error would end the process
  class Stop extends Error {}
  const seen: number[] = [];
  const run = renderBatch(stream(40), dir, {
    workers: 2,
    onProgress: (n) => {
      seen.push(n);
      throw new Stop('stop');
    },
  });
  await expect(run).rejects.toBeInstanceOf(Stop);
  expect(seen.length).toBeGreaterThan(0);
  // stopped early: not every invoice was drawn
  expect((await readdir(dir)).length).toBeLessThan(40);
});
