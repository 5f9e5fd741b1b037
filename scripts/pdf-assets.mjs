// Files pdfkit reads at run time from beside its own code (`${__dirname}/data/…`): once bundled, __dirname is the
// bundle's folder, so the builds copy them there. Only the sRGB ICC profile is needed: pdfkit embeds it as the output
// intent of a PDF/A document (Factur-X, electron/documents/facturx.ts). The standard-14 AFM fonts stay behind:
// Folio sets every document in embedded Roboto.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const ASSETS = ['sRGB_IEC61966_2_1.icc'];

/** Copies the assets into `<bundleDir>/data/`. */
export function copyPdfAssets(bundleDir) {
  const from = join(dirname(require.resolve('pdfkit')), 'data');
  mkdirSync(join(bundleDir, 'data'), { recursive: true });
  for (const name of ASSETS) copyFileSync(join(from, name), join(bundleDir, 'data', name));
}

/** Whether `<bundleDir>/data/` holds every asset. */
export function pdfAssetsPresent(bundleDir) {
  return ASSETS.every((name) => existsSync(join(bundleDir, 'data', name)));
}
