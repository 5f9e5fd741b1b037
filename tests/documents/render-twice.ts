// Run as a child process by the tests: renders one invoice in a fresh process before the font caches exist
// (fontkit-cache.ts, run-cache.ts, subset-cache.ts), then other invoices — other words, amounts, languages and glyph
// orders, which fill the caches — and then the first one again, twice (the second time its subsets and their
// compressed bytes come from the caches too: deflate-cache.ts), and prints the SHA-256 hashes of the first.
// The first invoice is named by the argument (long by default), so a test can start from more than one.
import { createHash } from 'node:crypto';
import { renderInvoicePdf } from '../../electron/documents';
import { fontTableCacheActive } from '../../electron/documents/engine';
import type { InvoiceAttributes } from '../../shared/resources';
import { advanceInvoice, eurInvoice, longInvoice, onePageInvoice } from './fixtures';

const INVOICES: Record<string, () => InvoiceAttributes> = {
  long: () => longInvoice(40),
  eur: () => eurInvoice(),
  advance: () => advanceInvoice(),
  onePage: () => onePageInvoice(7),
};
const first = process.argv[2] ?? 'long';
const make = INVOICES[first];
if (!make) throw new Error(`no invoice ${first}`);

const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
const before = fontTableCacheActive();
const uncached = sha(await renderInvoicePdf(make()));
for (const [name, other] of Object.entries(INVOICES)) if (name !== first) await renderInvoicePdf(other());
const cached = sha(await renderInvoicePdf(make()));
const cachedAgain = sha(await renderInvoicePdf(make()));
console.log(JSON.stringify({ before, after: fontTableCacheActive(), uncached, cached, cachedAgain }));
