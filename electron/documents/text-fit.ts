// Making client-supplied text fit the page. pdfmake breaks lines only at spaces and similar opportunities, so an
// unbroken token (a pasted URL, "WWWWWWWW…", a product code) sets a column's minimum width and pushes the table off
// the page: breakWideWords() inserts zero-width spaces (Roboto has the glyph, zero advance) into tokens wider than the
// column, measured with the font's metrics (text-measure.ts), and breakLongWords() does the same by a character count
// where a column is wide enough for any such count. And it splits an item's description cell into row-sized pieces. The item table keeps rows whole across pages
// (dontBreakRows), and pdfmake silently clips a whole row that is taller than a page — a pasted contract as a line
// description would lose text on a legal document. So a long cell is cut, at word boundaries, into chunks that
// each fit comfortably on a page; the first chunk's row carries the numbers, the rest are continuation rows.
// Heights are estimated from character counts, pessimistically: a chunk is at most ~28 estimated lines (~310 pt),
// less than half of the page body, so a misestimate of 2× still fits.

import { textWidth } from './text-measure';

export interface TextBlock {
  text: string;
  /** the pdfmake style properties of the block (small comment, italic legal text…) */
  style: Record<string, unknown>;
}

const CHARS_PER_LINE = 30; // the description column holds ~34 average Roboto characters at 8 pt
/** The item table's font size, for blocks whose style does not set one. */
const TABLE_FONT_SIZE = 8;
/** Room left for kerning and rounding: a token is cut at 96 % of the column. */
const WIDTH_MARGIN = 0.96;
const LINES_PER_CHUNK = 28;
const PIECE_CHARS = 600;

/** Groups the blocks into chunks; each chunk is a list of blocks whose text fits one row of a `columnWidth` column. */
export function chunkBlocks(blocks: TextBlock[], columnWidth: number): TextBlock[][] {
  const chunks: TextBlock[][] = [];
  let current: TextBlock[] = [];
  let budget = 0;
  let lastBlock = -1; // which input block the current chunk's last entry continues
  blocks.forEach((block, b) => {
    const fontSize = typeof block.style.fontSize === 'number' ? block.style.fontSize : TABLE_FONT_SIZE;
    breakWideWords(block.text, columnWidth, fontSize).split('\n').forEach((paragraph) => {
      pieces(paragraph).forEach((piece, i) => {
        const cost = Math.max(1, Math.ceil(piece.length / CHARS_PER_LINE));
        if (cost > budget && current.length > 0) {
          chunks.push(current);
          current = [];
        }
        if (current.length === 0) {
          budget = LINES_PER_CHUNK;
          lastBlock = -1;
        }
        budget -= cost;
        const last = current[current.length - 1];
        if (last && lastBlock === b) last.text += i > 0 ? ` ${piece}` : `\n${piece}`;
        else current.push({ text: piece, style: block.style });
        lastBlock = b;
      });
    });
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}

const ZWSP = '\u200b';

/** Lets tokens longer than `max` characters wrap, every `max` characters; shorter ones (e-mails, IBANs) stay intact. */
export function breakLongWords(text: string, max: number): string {
  return text.replace(new RegExp(`[^\\s]{${max + 1},}`, 'g'), (word) => word.match(new RegExp(`.{1,${max}}`, 'gsu'))!.join(ZWSP));
}

/** Lets tokens wider than `width` points at `fontSize` wrap, each piece as wide as the column allows. */
export function breakWideWords(text: string, width: number, fontSize: number): string {
  const room = width * WIDTH_MARGIN;
  return text.replace(/[^\s]{2,}/g, (word) => {
    if (textWidth(word, fontSize) <= room) return word;
    const pieces: string[] = [];
    let piece = '';
    let used = 0;
    for (const ch of word) {
      const w = textWidth(ch, fontSize);
      if (used + w > room && piece) {
        pieces.push(piece);
        piece = '';
        used = 0;
      }
      piece += ch;
      used += w;
    }
    pieces.push(piece);
    return pieces.join(ZWSP);
  });
}

/** A paragraph cut at spaces into pieces of at most PIECE_CHARS (a longer word is cut where it must be). */
function pieces(paragraph: string): string[] {
  if (paragraph.length <= PIECE_CHARS) return [paragraph];
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > PIECE_CHARS) {
    let cut = rest.lastIndexOf(' ', PIECE_CHARS);
    if (cut <= 0) cut = PIECE_CHARS;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}
