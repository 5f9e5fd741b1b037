// The payment code's block in the PDF: the code drawn as vector rectangles (no image, nothing to fetch) with its
// quiet zone, and beside it what it pays. Kept whole on one page.
import type { Content } from 'pdfmake/interfaces';
import { darkRuns } from './matrix';
import type { PaymentQrView } from './view';

/** The code's printed side in points, quiet zone included (about 38 mm: a phone reads it from a hand's distance). */
export const QR_SIDE = 108;
const QUIET = 4;

export function paymentQrBlock(view: PaymentQrView): Content {
  const m = view.matrix;
  const unit = QR_SIDE / (m.size + 2 * QUIET);
  const canvas = [
    { type: 'rect' as const, x: 0, y: 0, w: QR_SIDE, h: QR_SIDE, color: '#ffffff' },
    ...darkRuns(m).map(([y, x, w]) => ({
      type: 'rect' as const,
      x: (x + QUIET) * unit,
      y: (y + QUIET) * unit,
      // a hair wider and taller, so neighbouring runs leave no anti-aliased seam for a scanner to trip on
      w: w * unit + 0.05,
      h: unit + 0.05,
      color: '#000000',
    })),
  ];
  return {
    unbreakable: true,
    columns: [
      { width: QR_SIDE, canvas },
      {
        width: '*',
        margin: [10, 8, 0, 0],
        stack: [
          { text: view.caption.toLocaleUpperCase('hu'), style: 'caption', margin: [0, 0, 0, 3] },
          { text: view.hint, fontSize: 8, margin: [0, 0, 0, 4] },
          {
            table: { widths: ['auto', '*'], body: view.lines.map((l) => [{ text: l.label, color: '#6b7280' }, { text: l.value, bold: true }]) },
            layout: 'noBorders',
            fontSize: 8,
          },
        ],
      },
    ],
    margin: [0, 0, 0, 14],
  };
}
