// A rendered PDF's first page as a PNG, for people to look at: `FOLIO_SHOTS/pdf-<name>.png` when that variable names
// a folder kept for review, else beside the test's other output. MuPDF's WebAssembly build (the `mupdf` dev
// dependency) rasterises it: a renderer independent of pdfmake and pdf.js, so what the PNG shows is what a reader's
// viewer shows, and the same on every machine (no system program such as poppler's pdftoppm is needed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import * as mupdf from 'mupdf';

export interface PagePng {
  path: string;
  width: number;
  height: number;
}

export interface PageRaster {
  /** The page as a PNG file's bytes. */
  png: Uint8Array;
  /** The same pixels as RGBA, row by row (what an image decoder such as a QR reader takes). */
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Page `pageIndex` (0-based) of a PDF at `dpi`, opaque white background, RGB. */
export function rasterisePdfPage(pdf: Uint8Array, dpi = 110, pageIndex = 0): PageRaster {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(pageIndex);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, true, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      // RGBA (alpha asked for, so 4 bytes a pixel), copied out of the WebAssembly memory before anything else runs
      // there: a later call (asPNG) may grow that memory, which detaches every view into it
      const rgba = new Uint8ClampedArray(pixmap.getPixels());
      const png = new Uint8Array(pixmap.asPNG());
      return { png, rgba, width, height };
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** Where `pdf-<name>.png` goes: FOLIO_SHOTS, else the test's output folder. */
export function pngPath(name: string): string {
  const root = process.env.FOLIO_SHOTS || test.info().outputPath();
  mkdirSync(root, { recursive: true });
  return join(root, `pdf-${name}.png`);
}

/** The PDF's first page saved as `pdf-<name>.png` (and the PDF beside the test's output), with its size in pixels. */
export function savePdfPng(pdf: Uint8Array, name: string, dpi = 110): PagePng {
  const pdfPath = test.info().outputPath(`pdf-${name}.pdf`);
  mkdirSync(join(pdfPath, '..'), { recursive: true });
  writeFileSync(pdfPath, pdf);
  return savePagePng(pdf, pngPath(name), dpi);
}

/** The PDF's first page as a PNG at `path`. */
export function savePagePng(pdf: Uint8Array, path: string, dpi = 110): PagePng {
  const page = rasterisePdfPage(pdf, dpi);
  writeFileSync(path, page.png);
  return { path, width: page.width, height: page.height };
}
