// Bundles the Electron shell with esbuild: the main process (with the whole core) and the preload script, both
// CommonJS for Node. electron is provided at run time; better-sqlite3 stays external because it loads a native
// module (built for Electron's ABI by scripts/electron-native.mjs), and geoip-country reads its data files from
// beside its own code; electron-builder packs both from node_modules.
import { build } from 'esbuild';
import { copyPdfAssets } from './pdf-assets.mjs';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main/main.ts'],
    outfile: 'dist/electron/main.cjs',
    // saxon-js runs the EN 16931 rules; its code relies on sloppy mode, so it is loaded as it is, from node_modules
    external: ['electron', 'better-sqlite3', 'geoip-country', 'saxon-js'],
  }),
  build({
    ...common,
    // A sandboxed preload may require only 'electron' (and a few polyfilled modules): everything else is inlined.
    entryPoints: ['electron/preload/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    external: ['electron'],
  }),
  build({
    ...common,
    // the PDF worker threads of a batch (the accountant package): electron/documents/batch.ts looks beside main.cjs
    entryPoints: ['electron/documents/batch-worker.ts'],
    outfile: 'dist/electron/batch-worker.cjs',
    external: ['better-sqlite3', 'geoip-country'],
  }),
]);
copyPdfAssets('dist/electron');
console.log('built dist/electron/main.cjs and dist/electron/preload.cjs');
