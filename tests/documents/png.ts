// A rendered PDF's first page as a PNG, for people to look at: `FOLIO_SHOTS/pdf-<name>.png` when that variable names
// a folder kept for review, else beside the test's other output. pdftoppm (poppler-utils) rasterises it, a renderer
// independent of pdfmake and pdf.js, so what the PNG shows is what a reader's viewer shows.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

export interface PagePng {
  path: string;
  width: number;
  height: number;
}

/** Where `pdf-<name>.png` goes: FOLIO_SHOTS, else the test's output folder. */
export function pngPath(name: string): string {
  const root = process.env.FOLIO_SHOTS || test.info().outputPath();
  mkdirSync(root, { recursive: true });
  return join(root, `pdf-${name}.png`);
}

export function savePdfPng(pdf: Buffer, name: string, dpi = 110): PagePng {
  const pdfPath = test.info().outputPath(`pdf-${name}.pdf`);
  mkdirSync(join(pdfPath, '..'), { recursive: true });
  writeFileSync(pdfPath, pdf);
  const path = pngPath(name);
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdfPath, path.replace(/\.png$/, '')]);
  const png = readFileSync(path);
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error(`${path} is not a PNG`);
  // IHDR: width and height, big-endian, at bytes 16 and 20
  return { path, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
