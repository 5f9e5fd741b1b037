// Reads a PDF's text back, page by page, with pdfjs-dist (the legacy build is the one that runs in Node). The tests
// assert on what a reader or a copy-paste would get, not on the document definition.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: string[];
  /** all pages, lines joined with "\n"; no-break spaces read as plain spaces */
  text: string;
}

export async function pdfText(pdf: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(normalise(text));
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await doc.destroy();
  }
}

function normalise(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}
