// Runs once before the workers start: finds (or unpacks) the browser, so that each worker does not race to unpack it,
// and hands its path to the workers through the environment, which they inherit.
import { BROWSER_ENV, resolveBrowser } from './browser';

export default async function globalSetup(): Promise<void> {
  const browser = await resolveBrowser();
  process.env[BROWSER_ENV] = browser.executablePath;
  if (browser.source !== 'system') console.log(`end-to-end browser: ${browser.executablePath} (${browser.source})`);
}
