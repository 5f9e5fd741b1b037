// The package cut for mail (mail-parts.ts over zip-split.ts) on real ZIP files written by the data export’s writer,
// and the message's words (mail-text.ts):
// a package that fits goes whole; a larger one in parts under the limit, part 1 the summary and the CSVs, every part
// a ZIP of its own whose files are those of the whole; a file larger than the limit alone in its part; and a package
// that would take more than MAX_MAIL_PARTS messages refused with the way out.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_MAIL_PARTS, mailParts, ZIP_PART_BYTES, MAIL_MESSAGE_LIMIT_BYTES } from '../../electron/data-ops/accountant/mail-parts';
import { writeZip } from '../../electron/data-ops/zip';
import { packageSubject, packageText } from '../../electron/data-ops/accountant/mail-text';
import { unzip } from '../backup/unzip';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-mail-parts-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A package-shaped ZIP: the summary and a CSV (compressible), then `n` documents of `size` random (incompressible) bytes. */
async function packageZip(n: number, size: number, big: number[] = []): Promise<string> {
  const entries = [
    { name: 'osszesito.pdf', bytes: Buffer.from('%PDF összesítő '.repeat(200)) },
    { name: 'csv/invoices.csv', bytes: Buffer.from('id;number\n'.repeat(500)) },
    ...Array.from({ length: n }, (_, i) => ({ name: `szamlak/${String(i + 1).padStart(3, '0')}.pdf`, bytes: randomBytes(big.includes(i) ? size * 5 : size) })),
  ].map((e, i) => {
    const path = join(dir, `f${i}`);
    writeFileSync(path, e.bytes);
    return { name: e.name, path };
  });
  const zip = join(dir, 'konyvelo-csomag_2026-01-01_2026-03-31.zip');
  await writeZip(zip, entries);
  return zip;
}

test('the limit leaves room for base64 and the text', () => {
  // 4/3 of the ZIP, a line break every 76 characters, and the text must stay under the message limit
  expect(Math.ceil((ZIP_PART_BYTES * 4) / 3) * (78 / 76)).toBeLessThan(MAIL_MESSAGE_LIMIT_BYTES);
  expect(ZIP_PART_BYTES).toBeGreaterThan(14_000_000);
});

test('a package that fits goes whole, the ZIP itself', async () => {
  const zip = await packageZip(3, 1000);
  const parts = await mailParts(zip, join(dir, 'mail'), 1_000_000);
  expect(parts).toEqual([{ path: zip, name: 'konyvelo-csomag_2026-01-01_2026-03-31.zip', files: [...unzip(readFileSync(zip)).keys()], bytes: statSync(zip).size }]);
});

test('a larger one in complete ZIPs under the limit; a file over the limit alone', async () => {
  const zip = await packageZip(10, 3000, [6]);
  const whole = unzip(readFileSync(zip));
  const parts = await mailParts(zip, join(dir, 'mail'), 8000);
  const seen: string[] = [];
  for (const [i, part] of parts.entries()) {
    expect(part.name).toBe(`konyvelo-csomag_2026-01-01_2026-03-31_${i + 1}-${parts.length}.zip`);
    expect(statSync(part.path).size).toBe(part.bytes);
    const files = unzip(readFileSync(part.path));
    expect([...files.keys()]).toEqual(part.files);
    if (part.files.length > 1) expect(part.bytes).toBeLessThanOrEqual(8000);
    for (const [name, bytes] of files) expect(bytes.equals(whole.get(name)!)).toBe(true);
    seen.push(...part.files);
  }
  expect(parts[0]!.files.slice(0, 2)).toEqual(['osszesito.pdf', 'csv/invoices.csv']);
  // the 15 kB document cannot be cut: it travels alone
  expect(parts.find((p) => p.files.includes('szamlak/007.pdf'))!.files).toEqual(['szamlak/007.pdf']);
  expect(seen).toEqual([...whole.keys()]);
});

test('more than MAX_MAIL_PARTS messages: refused, with the way out', async () => {
  const zip = await packageZip(MAX_MAIL_PARTS + 1, 2000);
  await expect(mailParts(zip, join(dir, 'mail'), 2500)).rejects.toThrow(`more than ${MAX_MAIL_PARTS} messages by e-mail. Download it`);
});

test('the message: subject with the part, what is inside, what this part carries, the e-invoices where counted', () => {
  const base = {
    seller: 'Minta Kft.',
    accountantName: '',
    range: { from: '2026-01-01', to: '2026-03-31' },
    counts: { invoices: 120, nav_xml: 120, expense_files: 4, csv_invoices: 120, csv_expenses: 9, csv_clients: 30, csv_products: 12 },
    skipped: 1,
  };
  expect(packageSubject({ ...base, part: 1, parts: 1 })).toBe('Könyvelői csomag – Minta Kft. – 2026-01-01–2026-03-31');
  expect(packageSubject({ ...base, part: 2, parts: 3 })).toBe('Könyvelői csomag – Minta Kft. – 2026-01-01–2026-03-31 (2/3)');
  const whole = packageText({ ...base, part: 1, parts: 1, files: [] });
  expect(whole.split('\n')[0]).toBe('Kedves Könyvelő!');
  expect(whole).toContain('- CSV-táblák (csv/): 120 számla a tételeivel és fizetéseivel, 9 költség, 30 ügyfél, 12 termék');
  expect(whole).toContain('- 1 számlához nem készült NAV XML');
  expect(whole).not.toContain('e-szamla/');
  expect(whole).not.toContain('rész');
  const part = packageText({ ...base, counts: { ...base.counts, einvoice_xml: 118 }, part: 2, parts: 3, files: ['nav/a.xml', 'szamlak/a.pdf', 'szamlak/b.pdf', 'e-szamla/a.xml'] });
  expect(part).toContain('3 levélben érkezik, ez a(z) 2. rész');
  expect(part).toContain('- e-számlák, EN 16931 UBL XML (e-szamla/): 118 db');
  expect(part).toContain('Ebben a részben: 2 számla PDF, 1 NAV XML, 1 e-számla.');
  expect(part.endsWith('Üdvözlettel:\nMinta Kft.')).toBe(true);
});
