// Run as a child process by the tests: renders one invoice twice in a fresh process — the first time before the
// font caches exist (fontkit-cache.ts), the second time with them — and prints both SHA-256 hashes.
import { createHash } from 'node:crypto';
import { renderInvoicePdf } from '../../electron/documents';
import { fontTableCacheActive } from '../../electron/documents/engine';
import { longInvoice } from './fixtures';

const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
const before = fontTableCacheActive();
const uncached = sha(await renderInvoicePdf(longInvoice(40)));
const cached = sha(await renderInvoicePdf(longInvoice(40)));
console.log(JSON.stringify({ before, after: fontTableCacheActive(), uncached, cached }));
