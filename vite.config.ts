// Builds the Svelte renderer into dist/renderer. `base: './'` keeps every asset URL relative, so the same files load
// from the Electron app:// protocol, from packaged files and from the HTTP server's `/`.
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

/**
 * main.ts is a small entry that starts the first API requests, then imports the app's chunk (start.ts). This adds
 * a modulepreload for that chunk to index.html, so it downloads beside the entry instead of after it.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'folio-preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.isDynamicEntry && c.name === 'start');
        if (!start || start.type !== 'chunk') return [];
        // The app chunk and the chunks it imports statically (Svelte's runtime, shared helpers): all needed at once.
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (entry?.type === 'chunk') [entry.fileName, ...entry.imports].forEach((f) => files.delete(f)); // loaded by the entry itself
        // The app chunk's own styles as a stylesheet of the page: imported dynamically, the chunk would otherwise
        // wait to run until its CSS, requested only once the entry ran, had arrived (~0.1–0.4 s of the first paint).
        const css = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((c) => css.add(c));
        }
        return [
          ...[...css].map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
          ...[...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  root,
  base: './',
  // The Svelte options are the defaults (runes are on by default in Svelte 5): no svelte.config.js to look for.
  plugins: [svelte({ configFile: false }), preloadAppChunk()],
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
    // The timing report is for profiling builds; on a busy machine it only adds noise to every build log.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { port: 5173, strictPort: false },
});
