// Builds the Svelte renderer into dist/renderer. `base: './'` keeps every asset URL relative, so the same files load
// from the Electron app:// protocol, from packaged files and from the HTTP server's `/`.
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const i18nDir = fileURLToPath(new URL('./renderer/lib/i18n/', import.meta.url));

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

/**
 * One language's words per chunk (issue 41). Each area of words/ (renderer/lib/i18n/areas/*.ts) holds all three
 * languages in one `defineMessages({ hu, en, de })` call; the language chunks (i18n/words/<lang>.ts) import them.
 * An area imported from a language chunk is loaded as its own copy (`?folio-lang=<lang>`) with the other two
 * languages cut out of the call, so a page fetches only the words it shows. The sources stay one file per area.
 */
function wordsPerLanguage(): Plugin {
  const QUERY = '?folio-lang=';
  const areasDir = `${i18nDir}areas/`;
  const langOf = (id: string): string | undefined =>
    id.includes(QUERY) ? id.slice(id.indexOf(QUERY) + QUERY.length) : /\/i18n\/words\/(hu|en|de)\.ts$/.exec(id)?.[1];
  const clean = (id: string) => id.split('?')[0]!;
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
  function findCalls(node: unknown, out: Node[]): Node[] {
    if (Array.isArray(node)) node.forEach((n) => findCalls(n, out));
    else if (isNode(node)) {
      const callee = node.callee as Node | undefined;
      if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineMessages') out.push(node);
      for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') findCalls(value, out);
    }
    return out;
  }
  return {
    name: 'folio-words-per-language',
    // Resolved and loaded before Vite's own resolver would take the plain file; cut after TypeScript is stripped.
    resolveId: { order: 'pre', async handler(source, importer) {
      const lang = importer && langOf(importer);
      if (!lang || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, clean(importer), { skipSelf: true });
      if (!resolved || !clean(resolved.id).startsWith(areasDir)) return null;
      return `${clean(resolved.id)}${QUERY}${lang}`;
    } },
    load: { order: 'pre', handler(id) {
      return id.includes(QUERY) ? readFileSync(clean(id), 'utf8') : null;
    } },
    transform: { order: 'post', handler(code, id) {
      const lang = id.includes(QUERY) ? langOf(id) : undefined;
      if (!lang || clean(id).endsWith('/index.ts')) return null;
      const calls = findCalls(this.parse(code), []);
      // An area written some other way would silently ship every language: refuse it instead.
      if (calls.length !== 1) throw new Error(`${clean(id)}: expected one defineMessages({ hu, en, de }) call, found ${calls.length}`);
      const arg = (calls[0]!.arguments as Node[])[0];
      const props = arg?.type === 'ObjectExpression' ? (arg.properties as Node[]) : [];
      const names = props.map((p) => ((p.key as Node | undefined)?.name as string | undefined) ?? '');
      if (names.slice().sort().join() !== 'de,en,hu') throw new Error(`${clean(id)}: defineMessages needs exactly hu, en and de, found ${names.join()}`);
      const kept = props.filter((_, i) => names[i] === lang).map((p) => code.slice(p.start, p.end));
      return { code: `${code.slice(0, arg!.start)}{ ${kept.join(', ')} }${code.slice(arg!.end)}`, map: null };
    } },
  };
}

export default defineConfig({
  root,
  base: './',
  // The Svelte options are the defaults (runes are on by default in Svelte 5): no svelte.config.js to look for.
  plugins: [svelte({ configFile: false }), preloadAppChunk(), wordsPerLanguage()],
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
