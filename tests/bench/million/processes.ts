// The two figures measured from outside the core: how long `npm run serve` takes to listen on the million-invoice
// file (the built bundle, as start-bench.ts starts it), and how soon Chromium paints the invoice list's first rows
// served from that file (as ui-bench.ts measures it, each navigation in a fresh context so nothing is cached).
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

export async function serveStart(file: string, runs: number): Promise<Timing> {
  await ensureNodeBuilt();
  return timeRuns(
    async () => {
      const child = startChild(['scripts/launch.mjs', 'serve', '--db', file, '--port', '0'], { FOLIO_API_KEY: KEY });
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

export async function uiFirstPaint(file: string, runs: number): Promise<Timing> {
  const uiDir = resolve('dist/renderer');
  await build({ configFile: resolve('vite.config.ts'), logLevel: 'silent' });
  const server = await startServer({ dbFile: file, port: 0, auth: { apiKey: KEY }, now: NOW, uiDir });
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
