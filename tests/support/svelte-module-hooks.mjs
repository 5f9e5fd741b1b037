// Node module hooks that load a Svelte 5 module (`*.svelte.ts`: TypeScript with runes such as $state) the way Vite
// does for the app: types stripped by esbuild, then the runes compiled by Svelte's own compiler. Registered by
// svelte-modules.ts, so the renderer's plain logic can be unit-tested under Node without a browser.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { compileModule } from 'svelte/compiler';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.split('?')[0].endsWith('.svelte.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const ts = await readFile(filename, 'utf8');
  const js = await transform(ts, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: filename });
  const compiled = compileModule(js.code, { filename, generate: 'client', dev: false });
  return { format: 'module', source: compiled.js.code, shortCircuit: true };
}
