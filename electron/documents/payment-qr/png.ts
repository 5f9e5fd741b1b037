// The payment code as a PNG, for the invoice e-mail's HTML part (issue 40): mail programs show an inline image
// (Content-ID) where they strip SVG. The same encoder, segment and level as the PDF's code (matrix.ts): one byte
// segment of the text's UTF-8 bytes at level M, the quiet zone of four modules both standards ask for.
import QRCode from 'qrcode';

/** `scale` pixels a module: 6 makes a 33-module code (plus its quiet zone) about 250 px, easy for a phone's camera. */
export async function qrPng(text: string, scale = 6): Promise<Buffer> {
  return QRCode.toBuffer([{ data: new TextEncoder().encode(text), mode: 'byte' }], {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}
