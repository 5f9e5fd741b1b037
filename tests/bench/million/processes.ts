// The two figures measured from outside the core: how long `npm run serve` takes to listen on the million-invoice
// file (the built bundle, as start-bench.ts starts it), and how soon Chromium paints the invoice list's first rows
// served from that file (as ui-bench.ts measures it, each navigation in a fresh context so nothing is cached). The
// same two on the team server's PostgreSQL database (`serve --pg`), which needs the operator's FOLIO_SECRET_KEY.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { ensureNodeBuilt } from '../../../scripts/build-node.mjs';
import { BROWSER_ARGS, resolveBrowser } from '../../support/browser';
import { startServer } from '../../../electron/server/start';
import { startChild } from '../../fault/support/procs';
import { NOW } from './build';
import { timeRuns, type Timing } from './stats';

const KEY = 'million-bench-key-0123456789abcdef';
// a team server seals its secrets with this key; the bench's are throwaway
const SECRET_KEY = randomBytes(32).toString('base64');

/** what a server serves: a SQLite file, or a PostgreSQL database (the team server) */
export type Served = { dbFile: string } | { pgUrl: string };

export async function serveStart(served: Served, runs: number): Promise<Timing> {
  await ensureNodeBuilt();
  const database = 'pgUrl' in served ? ['--pg', served.pgUrl] : ['--db', served.dbFile];
  return timeRuns(
    async () => {
      const child = startChild(['scripts/launch.mjs', 'serve', ...database, '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_SECRET_KEY: SECRET_KEY });
      try {
        await child.waitFor(/^listening on /, 120_000);
      } finally {
        await child.kill('SIGTERM');
      }
    },
    // the first start warms the file cache: the user's second start, not a cold disk
    { runs, warmUps: 1, budgetMs: 120_000 },
  );
}

/** `rebuild: false` takes dist/renderer as built (a smoke run), building it only when it is missing. */
export async function uiFirstPaint(served: Served, runs: number, o: { rebuild: boolean } = { rebuild: true }): Promise<Timing> {
  const uiDir = resolve('dist/renderer');
  if (o.rebuild || !existsSync(resolve(uiDir, 'index.html'))) await build({ configFile: resolve('vite.config.ts'), logLevel: 'silent' });
  const server = await startServer({ ...served, ...('pgUrl' in served ? { env: { FOLIO_SECRET_KEY: SECRET_KEY } } : {}), port: 0, auth: { apiKey: KEY }, now: NOW, uiDir });
  const { executablePath } = await resolveBrowser();
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    return await timeRuns(
      async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const page = await context.newPage();
          await page.addInitScript((key) => {
            sessionStorage.setItem('folio.apiKey', key);
            // the first frame painted after the rows entered the DOM
            new MutationObserver((_, observer) => {
              if (!document.querySelector('[data-invoice-row]')) return;
              observer.disconnect();
              requestAnimationFrame(() => ((window as unknown as { __firstRows: number }).__firstRows = performance.now()));
            }).observe(document, { childList: true, subtree: true });
          }, KEY);
          await page.goto(`${server.url}/#/invoices`);
          await page.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined, undefined, { timeout: 60_000 });
          const rows = await page.locator('[data-invoice-row]').count();
          if (rows === 0 || rows > 300) throw new Error(`the list shows ${rows} rows`);
          return await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
        } finally {
          await context.close();
        }
      },
      { runs, warmUps: 1, budgetMs: 120_000, selfTimed: true },
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
