// Runs once before the workers start:
// - the server and CLI bundles the tests spawn are brought up to date (a few milliseconds when they are; one esbuild
//   run when a source changed), once for all workers, so two workers never write dist/node/ at the same time;
// - the browser is found (or unpacked) once, so the workers do not race to unpack it, and its path is handed to them
//   through the environment, which they inherit.
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';
import { BROWSER_ENV, resolveBrowser } from './browser';

export default async function globalSetup(): Promise<void> {
  await ensureNodeBuilt();
  const browser = await resolveBrowser();
  process.env[BROWSER_ENV] = browser.executablePath;
  if (browser.source !== 'system') console.log(`end-to-end browser: ${browser.executablePath} (${browser.source})`);
}
