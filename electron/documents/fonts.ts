// The fonts every document is set in. Roboto (shipped with pdfmake) covers Latin-1 and Latin Extended-A, so
// Hungarian ő ű Ő Ű and German ä ö ü ß print, and so do "–", "€" and "§". The font files come from pdfmake's
// bundled virtual-file-system module rather than from disk: no path is ever handed to the renderer, and a bundler
// (esbuild) can inline the module, so packaged builds need no font files beside the code.
import vfsFonts from 'pdfmake/build/vfs_fonts.js';

export const FONT_FAMILY = 'Roboto';

/** Virtual file names of the faces; pdfmake resolves these in its in-memory file system only. */
export const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

/** The decoded font files, by virtual name. Decoded once per thread. */
export function fontFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of Object.values(FONT_FILES)) {
    const base64 = vfsFonts[name];
    if (!base64) throw new Error(`pdfmake's font bundle has no ${name}`);
    files.set(name, Buffer.from(base64, 'base64'));
  }
  return files;
}
