// Documents render fully offline: a definition that points at a local file or a URL, as an image or as a font, is
// refused, both by the definition check and by pdfmake's own locked access policies, and nothing is fetched.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderDocDefinition, renderInvoicePdf, UnsafeDocumentError } from '../../electron/documents';
import { fontTableCacheActive, renderWithPdfmakePolicies } from '../../electron/documents/engine';
import { huInvoice } from './fixtures';

// A 1×1 PNG: inline image data is the one kind of image a definition may carry.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const LOCAL_FILE = '/etc/hostname';

let server: Server;
let hits = 0;
let baseUrl = '';

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Runs a test's work and checks that the server (one per worker) saw no request during it. */
async function fetchingNothing(work: () => Promise<void>) {
  const before = hits;
  await work();
  expect(hits, 'requests the document made to the network').toBe(before);
}

const refusedDefinitions: Array<[string, () => TDocumentDefinitions]> = [
  ['an image node naming a local file', () => ({ content: [{ image: LOCAL_FILE }] })],
  ['an image node naming a URL', () => ({ content: [{ image: `${baseUrl}/logo.png` }] })],
  ['a declared image that is a local file', () => ({ content: [{ image: 'logo' }], images: { logo: LOCAL_FILE } })],
  ['a declared image that is a URL', () => ({ content: [{ image: 'logo' }], images: { logo: `${baseUrl}/logo.png` } })],
  [
    'a declared image that is a URL with headers',
    () => ({ content: [{ image: 'logo' }], images: { logo: { url: `${baseUrl}/logo.png`, headers: {} } } }),
  ],
  ['an image nested deep in a table', () => ({ content: [{ table: { body: [[{ stack: [{ image: LOCAL_FILE }] }]] } }] })],
  ['an image returned by the footer function', () => ({ content: ['x'], footer: () => ({ image: LOCAL_FILE }) })],
  [
    "an SVG (pdfkit opens SVG <image> links itself, past pdfmake's policy)",
    () => ({ content: [{ svg: `<svg xmlns="http://www.w3.org/2000/svg"><image href="${LOCAL_FILE}"/></svg>` }] }),
  ],
  ['an attached file', () => ({ content: ['x'], files: { secret: { src: LOCAL_FILE } } } as TDocumentDefinitions)],
  ['a font that is a file path', () => ({ content: ['x'], defaultStyle: { font: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' } })],
  ['a font that is not embedded (pdfkit would read Helvetica from disk)', () => ({ content: [{ text: 'x', font: 'Helvetica' }] })],
];

for (const [name, definition] of refusedDefinitions) {
  test(`refuses ${name}, fetching nothing`, async () => {
    await fetchingNothing(() => expect(renderDocDefinition(definition())).rejects.toThrow());
  });
}

test('the definition check names the problem', async () => {
  await fetchingNothing(async () => {
    await expect(renderDocDefinition({ content: [{ image: LOCAL_FILE }] })).rejects.toBeInstanceOf(UnsafeDocumentError);
    await expect(renderDocDefinition({ content: [{ image: 'logo' }], images: { logo: `${baseUrl}/x.png` } })).rejects.toThrow(
      /not an inline data: URL/,
    );
  });
});

test("pdfmake's own policies refuse files and URLs even without the definition check", async () => {
  await fetchingNothing(async () => {
    await expect(renderWithPdfmakePolicies({ content: [{ image: LOCAL_FILE }] })).rejects.toThrow(/denied by resource access policy/);
    await expect(
      renderWithPdfmakePolicies({ content: [{ image: 'logo' }], images: { logo: LOCAL_FILE } }),
    ).rejects.toThrow(/denied by resource access policy/);
    await expect(
      renderWithPdfmakePolicies({ content: [{ image: 'logo' }], images: { logo: `${baseUrl}/logo.png` } }),
    ).rejects.toThrow(/denied by resource access policy/);
    await expect(renderWithPdfmakePolicies({ content: [{ text: 'x', font: 'Helvetica' }] })).rejects.toThrow(/not defined/);
  });
});

test('inline image data is allowed, and invoices render offline', async () => {
  await fetchingNothing(async () => {
    const withImage = await renderDocDefinition({ content: [{ image: 'logo', width: 20 }, { image: PNG_DATA_URL, width: 20 }], images: { logo: PNG_DATA_URL } });
    expect(withImage.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const invoice = await renderInvoicePdf(huInvoice());
    expect(invoice.length).toBeGreaterThan(10_000);
  });
});

test('after the first document, documents share decoded font tables (the speed fix still reaches fontkit)', async () => {
  // two documents here, whatever ran before in this worker: the second is rendered with the first one's tables
  await renderInvoicePdf(huInvoice());
  await renderInvoicePdf(huInvoice());
  expect(fontTableCacheActive()).toBe(true);
});

// Each invoice is rendered first in a fresh process (no cache yet: fontkit alone shapes and subsets it, pdfkit
// compresses and writes, pdfmake looks its styles up), then again after the other invoices filled the caches (shaped
// words and widths, glyphs, subsets' parts, compressed subsets and maps), twice: byte for byte the same.
for (const first of ['long', 'eur']) {
  test(`the font caches do not change a single byte of the output (${first} invoice first)`, async () => {
    const script = fileURLToPath(new URL('./render-twice.ts', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, script, first], { timeout: 120_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result.before).toBe(false);
    expect(result.after).toBe(true);
    expect(result.cached).toBe(result.uncached);
    expect(result.cachedAgain).toBe(result.uncached);
  });
}
