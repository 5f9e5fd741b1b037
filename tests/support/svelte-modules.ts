// Lets a Node test import renderer code that depends on Svelte 5 modules (`*.svelte.ts`, compiled with runes).
// Import the renderer modules dynamically after calling this: static imports are loaded before any code runs.
//
// Where Node has synchronous in-thread module hooks (`registerHooks`, Node 22.15+), Playwright's TypeScript loader
// uses them, and they run before any hook registered off-thread with `register`: so ours is registered the same way
// there, and runs first (the last registered hook is asked first). Older Node (20) has only `register`.
import * as nodeModule from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { compileModule } from 'svelte/compiler';

let registered = false;

type LoadResult = { format: string; source: string; shortCircuit: boolean };
type SyncHooks = {
  load(url: string, context: unknown, nextLoad: (url: string, context: unknown) => unknown): unknown;
};
const registerHooks = (nodeModule as unknown as { registerHooks?: (hooks: SyncHooks) => void }).registerHooks;

/** A `*.svelte.ts` module as Vite gives it to the app: types stripped by esbuild, then the runes compiled by Svelte. */
export function compileSvelteModule(url: string): LoadResult | null {
  if (!url.startsWith('file:') || !url.split('?')[0]!.endsWith('.svelte.ts')) return null;
  const filename = fileURLToPath(url);
  const js = transformSync(readFileSync(filename, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: filename });
  const compiled = compileModule(js.code, { filename, generate: 'client', dev: false });
  return { format: 'module', source: compiled.js.code, shortCircuit: true };
}

export function registerSvelteModules(): void {
  if (registered) return;
  if (registerHooks) {
    registerHooks({ load: (url, context, nextLoad) => compileSvelteModule(url) ?? nextLoad(url, context) });
  } else {
    nodeModule.register('./svelte-module-hooks.mjs', import.meta.url);
  }
  registered = true;
}
