// A PDF page as pixels, and the QR codes a decoder finds on it — with npm packages only: MuPDF's WebAssembly build
// draws the page (tests/documents/png.ts), jsQR reads the code from the pixels. Neither is the code's writer
// (`qrcode`) nor pdfmake, so a code that decodes here is a code a phone reads off the page.
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { rasterisePdfPage } from '../documents/png';

export interface PageImage {
  width: number;
  height: number;
  /** RGBA, row-major */
  data: Uint8ClampedArray;
  png(): Buffer;
}

/** Page `pageNo` (from 1) at `scale` (1 = 72 dpi). */
export async function rasterisePage(pdf: Uint8Array, pageNo = 1, scale = 2): Promise<PageImage> {
  const page = rasterisePdfPage(pdf, 72 * scale, pageNo - 1);
  return { width: page.width, height: page.height, data: page.rgba, png: () => Buffer.from(page.png) };
}

export interface FoundQr {
  text: string;
  /** the code's bytes as decoded (UTF-8 for both payment standards) */
  bytes: number[];
  version: number;
  /** where on the page, in pixels */
  box: { x: number; y: number; width: number; height: number };
}

/** The QR code on a page image, or null: jsQR on the whole page, its first try with inverted colours off. */
export function findQr(image: PageImage): FoundQr | null {
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
  if (!found) return null;
  const xs = [found.location.topLeftCorner.x, found.location.bottomRightCorner.x, found.location.topRightCorner.x, found.location.bottomLeftCorner.x];
  const ys = [found.location.topLeftCorner.y, found.location.bottomRightCorner.y, found.location.topRightCorner.y, found.location.bottomLeftCorner.y];
  return {
    text: found.data,
    bytes: found.binaryData,
    version: found.version,
    box: { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
  };
}

/** How many pages a PDF has. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return doc.countPages();
  } finally {
    doc.destroy();
  }
}

/** The first page (from 1) holding a code, its image and the code; the last page's image when none holds one. */
export async function qrInPdf(pdf: Uint8Array, scale = 2): Promise<{ page: number; image: PageImage; found: FoundQr | null }> {
  const pages = await pageCount(pdf);
  let image: PageImage | undefined;
  for (let page = 1; page <= pages; page++) {
    image = await rasterisePage(pdf, page, scale);
    const found = findQr(image);
    if (found) return { page, image, found };
  }
  return { page: pages, image: image!, found: null };
}

/** Rasterise and decode in one: the code on page `pageNo`, or null. */
export async function qrOnPage(pdf: Uint8Array, pageNo = 1, scale = 2): Promise<FoundQr | null> {
  return findQr(await rasterisePage(pdf, pageNo, scale));
}
