// Lets a Node test import renderer code that depends on Svelte 5 modules (`*.svelte.ts`, compiled with runes).
// Import the renderer modules dynamically after calling this: static imports are loaded before any code runs.
import { register } from 'node:module';

let registered = false;

export function registerSvelteModules(): void {
  if (registered) return;
  register('./svelte-module-hooks.mjs', import.meta.url);
  registered = true;
}
