// Builds the Svelte renderer into dist/renderer. `base: './'` keeps every asset URL relative, so the same files load
// from the Electron app:// protocol, from packaged files and from the HTTP server's `/`.
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [svelte()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No source maps in the shipped app: they double its size and the app is not debugged in the field.
    sourcemap: false,
    // Inline nothing: a strict CSP (script-src 'self') refuses data: and inline scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: { port: 5173, strictPort: false },
});
