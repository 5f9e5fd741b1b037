// The printed width of text in the documents' body font, from the font's own metrics (fontkit, the engine pdfkit
// lays text out with), so that fitting text to a column measures it instead of counting characters: 28 "W" are
// twice as wide as 28 "i".
import { create, type FontkitFont } from 'fontkit';
import { FONT_FILES, fontFiles } from './fonts';

let regular: FontkitFont | null = null;
const advances = new Map<number, number>(); // code point → advance in em

function advanceEm(codePoint: number): number {
  let em = advances.get(codePoint);
  if (em === undefined) {
    regular ??= create(fontFiles().get(FONT_FILES.normal)!);
    em = regular.glyphForCodePoint(codePoint).advanceWidth / regular.unitsPerEm;
    advances.set(codePoint, em);
  }
  return em;
}

/**
 * The width in points of `text` set in the regular face at `fontSize`: the sum of the glyphs' advances. Kerning is
 * left out (it narrows more pairs than it widens; callers keep a small margin).
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += advanceEm(ch.codePointAt(0)!);
  return em * fontSize;
}
