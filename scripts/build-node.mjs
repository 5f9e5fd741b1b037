// Bundles `npm run serve` and `npm run folio` with esbuild into dist/node/, so they start without compiling
// TypeScript at every start (tsx took 1.6 s before the server listened). ES modules, because the server's entry uses
// top-level await; split into chunks, so each CLI command still loads only its own code. better-sqlite3 stays
// external because it loads a native module, geoip-country because it reads its data files from beside its code,
// saxon-js because its code relies on sloppy mode.
//
// `node scripts/build-node.mjs` builds; scripts/launch.mjs and the tests' global setup call ensureNodeBuilt(), which
// builds only when the bundle is missing or older than one of the sources it was built from (esbuild's metafile lists
// them) or than package-lock.json: a few hundred stat calls, a few milliseconds.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPdfAssets, pdfAssetsPresent } from './pdf-assets.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_DIST = join(ROOT, 'dist/node');
const INPUTS = join(NODE_DIST, 'inputs.json');

export async function buildNode() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    // the PDF worker threads (electron/documents/batch.ts finds batch-worker.mjs beside the bundle)
    entryPoints: { serve: 'electron/server/main.ts', folio: 'electron/cli/main.ts', 'batch-worker': 'electron/documents/batch-worker.ts' },
    outdir: NODE_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
    metafile: true,
    // saxon-js (the EN 16931 rules' engine) is sloppy-mode code that breaks inside a strict ES module bundle.
    // Fastify's JSON-schema compilers (Ajv, fast-json-stringify: ~0.6 MB that every start would parse) are never
    // called, as no route has a JSON schema (electron/server/app.ts); were one ever, they load from node_modules.
    external: ['better-sqlite3', 'geoip-country', 'saxon-js', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'],
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules, and read __dirname
    // (pdfmake's virtual file system names its files by it): both are given as CommonJS would.
    banner: {
      js: [
        "import { createRequire as __folioCreateRequire } from 'node:module';",
        "import { fileURLToPath as __folioFileURLToPath } from 'node:url';",
        "import { dirname as __folioDirname } from 'node:path';",
        'const require = __folioCreateRequire(import.meta.url);',
        'const __filename = __folioFileURLToPath(import.meta.url);',
        'const __dirname = __folioDirname(__filename);',
      ].join(' '),
    },
  });
  // Folio's own sources; packages change only through an install, which rewrites package-lock.json (checking the
  // lock instead of the ~900 package files they were bundled from keeps the check at a few milliseconds)
  const sources = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  const inputs = [...sources, 'package-lock.json', 'scripts/build-node.mjs', 'scripts/pdf-assets.mjs'];
  copyPdfAssets(NODE_DIST);
  writeFileSync(INPUTS, JSON.stringify(inputs));
  pruneOldChunks(new Set(Object.keys(result.metafile.outputs).map((o) => resolve(ROOT, o))));
}

/**
 * Chunk names carry content hashes, so every build of changed sources adds files. Those of earlier builds are removed
 * only after a day: a server still running from an earlier build loads its lazy chunks (the PDF engine) from them.
 */
function pruneOldChunks(current) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(NODE_DIST)) {
    const file = join(NODE_DIST, name);
    if (file === INPUTS || name === 'data' || current.has(file)) continue;
    if (statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true });
  }
}

/** True when dist/node holds a bundle newer than every file it was built from. */
export function nodeBuildIsFresh() {
  if (!existsSync(INPUTS) || !pdfAssetsPresent(NODE_DIST)) return false;
  const builtAt = statSync(INPUTS).mtimeMs;
  for (const input of JSON.parse(readFileSync(INPUTS, 'utf8'))) {
    const stat = statSync(join(ROOT, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > builtAt) return false;
  }
  return true;
}

export async function ensureNodeBuilt() {
  if (!nodeBuildIsFresh()) await buildNode();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildNode();
  console.log('built dist/node/serve.mjs and dist/node/folio.mjs');
}
