// A payment code's modules, by the `qrcode` library (a maintained encoder): byte mode, the text as UTF-8 (the
// character set both standards name as 1), error correction level M, which the MNB and the EPC both require.
// pdfmake has a QR node of its own, but its encoder defaults to level L and is not maintained as an encoder; the
// modules drawn from here are vector rectangles (pdf) or one SVG path (HTML), sharp at any zoom.
import QRCode from 'qrcode';

export interface QrMatrix {
  /** modules per side, without the quiet zone */
  size: number;
  /** row-major, true = dark */
  dark: boolean[];
  version: number;
  /** 'M' always; kept so tests read what the encoder was given back from it */
  level: 'L' | 'M' | 'Q' | 'H';
}

const LEVEL_NAMES = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' } as const;

export function qrMatrix(text: string): QrMatrix {
  // one byte segment: the standards speak of the text's UTF-8 bytes; the library's mixed numeric/alphanumeric
  // segments are valid QR but some bank readers have been seen to trip on them
  const code = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const dark = Array.from({ length: size * size }, (_, i) => code.modules.data[i] === 1);
  const level = LEVEL_NAMES[(code.errorCorrectionLevel as unknown as { bit: 0 | 1 | 2 | 3 }).bit];
  return { size, dark, version: code.version, level };
}

/** Runs of dark modules per row: [row, first column, length]; far fewer shapes than one per module. */
export function darkRuns(m: QrMatrix): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  for (let y = 0; y < m.size; y++) {
    let x = 0;
    while (x < m.size) {
      if (!m.dark[y * m.size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < m.size && m.dark[y * m.size + x]) x++;
      runs.push([y, start, x - start]);
    }
  }
  return runs;
}

/** The code as an inline SVG (a quiet zone of 4 modules), for the HTML view and the e-mail. */
export function qrSvg(m: QrMatrix, sizeCss: string, title: string): string {
  const q = 4;
  const path = darkRuns(m)
    .map(([y, x, w]) => `M${x + q} ${y + q}h${w}v1h-${w}z`)
    .join('');
  const n = m.size + 2 * q;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${sizeCss}" height="${sizeCss}" shape-rendering="crispEdges" role="img" aria-label="${title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}"><rect width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
