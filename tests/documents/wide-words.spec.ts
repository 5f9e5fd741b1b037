// Item names without a space that are wider than the description column (28+ wide capitals, a long URL, a product
// code) must wrap inside the line table: over the real HTTP server, the downloaded PDF is read back with pdfjs-dist,
// no glyph may start or end beyond the table's right edge, and every character of the names is still there.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createInvoice, withServer } from '../support/fixtures';

const A4_WIDTH = 595.28;
const RIGHT_MARGIN = 36;
const TABLE_RIGHT = A4_WIDTH - RIGHT_MARGIN;

const WIDE_NAMES = [
  'W'.repeat(28),
  'W'.repeat(60),
  'M'.repeat(45),
  'https://www.example.com/WWWW/MMMM/termekek/kategoria/alkategoria/ABCDEFGHIJKLMNOPQRSTUVWXYZ?id=1234567890',
  'PRODUCTCODE-WMWMWMWMWMWMWMWMWMWMWMWMWMWM-0001',
  'ŐŰÁÉÚŐŰÁÉÚŐŰÁÉÚŐŰÁÉÚŐŰÁÉÚŐŰÁÉÚŐŰÁÉÚ',
];

interface Glyphs {
  /** every text run with its left x and right end, per page */
  runs: Array<{ str: string; x: number; right: number }>;
  text: string;
}

async function readRuns(pdf: Uint8Array): Promise<Glyphs> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const runs: Glyphs['runs'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str) continue;
        runs.push({ str: item.str, x: item.transform[4], right: item.transform[4] + item.width });
      }
    }
    return { runs, text: runs.map((r) => r.str).join('') };
  } finally {
    await doc.destroy();
  }
}

test('wide unbroken item names wrap inside the line table and are extracted in full', async () => {
  await withServer(async (srv) => {
    const inv = await createInvoice(srv.api, {
      items: WIDE_NAMES.map((description) => ({ description, vat_id: 1, qty: 1, net_unit_price: 1000, unit: 'db' })),
    });
    const res = await fetch(srv.api.url(`/invoices/${inv.id}/download`), { headers: { 'X-API-KEY': srv.api.defaultHeaders['X-API-KEY']! } });
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    if (process.env.FOLIO_KEEP_PDF) writeFileSync(process.env.FOLIO_KEEP_PDF, pdf);
    const { runs, text } = await readRuns(pdf);
    const beyond = runs.filter((r) => r.x > TABLE_RIGHT + 0.5 || r.right > TABLE_RIGHT + 0.5);
    expect(beyond, `text beyond x = ${TABLE_RIGHT}: ${JSON.stringify(beyond.slice(0, 3))}`).toEqual([]);
    // all of each name is there, wrapped or not (break opportunities are invisible)
    const flat = text.replace(/[\u200b\s]/g, '');
    for (const name of WIDE_NAMES) expect(flat).toContain(name);
    // and the amounts column is where it belongs: every gross amount is right of the description column
    expect(runs.filter((r) => r.str.includes('1 270')).length).toBeGreaterThanOrEqual(WIDE_NAMES.length);
  });
});
