// Which Chromium the end-to-end tests drive, so that `npm install && npm test` works on a machine with nothing else
// installed. In order: CHROMIUM_PATH; a Chromium or Chrome installed on the system; the browser Playwright downloads
// with `npx playwright install chromium`; else the headless Chromium that ships inside the @sparticuz/chromium dev
// dependency (unpacked once into the temp folder, ~10 s the first time).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export type BrowserSource = 'CHROMIUM_PATH' | 'system' | 'playwright' | 'bundled';

export interface FoundBrowser {
  executablePath: string;
  source: BrowserSource;
}

/** The names a system Chromium or Chrome goes by, searched along PATH. */
export const SYSTEM_BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export interface InstalledBrowserLookup {
  env: NodeJS.ProcessEnv;
  /** where Playwright's own Chromium would be (playwright-core's chromium.executablePath()), installed or not */
  playwrightPath: string | undefined;
  exists?: (path: string) => boolean;
}

/**
 * The first installed browser in the order above, or undefined when only the bundled one is left.
 * FOLIO_TEST_NO_SYSTEM_BROWSER=1 skips the system and Playwright browsers, to prove the bundled one works.
 */
export function findInstalledBrowser({ env, playwrightPath, exists = existsSync }: InstalledBrowserLookup): FoundBrowser | undefined {
  if (env.CHROMIUM_PATH) {
    // An explicit choice that is wrong should fail loudly, not silently fall through to another browser.
    if (!exists(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
    return { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  }
  if (env.FOLIO_TEST_NO_SYSTEM_BROWSER === '1') return undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of SYSTEM_BROWSER_NAMES) {
      const candidate = join(dir, name);
      if (exists(candidate)) return { executablePath: candidate, source: 'system' };
    }
  }
  if (playwrightPath && exists(playwrightPath)) return { executablePath: playwrightPath, source: 'playwright' };
  return undefined;
}

/**
 * Unpacks @sparticuz/chromium's browser into `dir` (a folder per package version), once: the unpacking goes to a
 * folder of its own and is renamed into place when complete, so a run killed halfway or a second run started at the
 * same time never sees half a browser.
 */
export async function unpackBundledBrowser(dir: string): Promise<string> {
  const executable = join(dir, 'chromium');
  if (existsSync(executable)) return executable;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // The package unpacks into os.tmpdir(), which follows TMPDIR; point it at the private folder for the call.
  const savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath();
  } finally {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another run finished first: its copy is as good as ours.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/** A folder per package version, so that an upgraded package unpacks its own browser. */
export function bundledBrowserDir(): string {
  // The package exports no package.json; its entry point sits two folders below it.
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', '..', 'package.json'), 'utf8')) as { version: string };
  return join(tmpdir(), `folio-test-chromium-${version}`);
}

/** The browser to launch, unpacking the bundled one when nothing is installed. */
export async function resolveBrowser(env: NodeJS.ProcessEnv = process.env): Promise<FoundBrowser> {
  const { chromium } = await import('@playwright/test');
  const installed = findInstalledBrowser({ env, playwrightPath: safely(() => chromium.executablePath()) });
  if (installed) return installed;
  return { executablePath: await unpackBundledBrowser(bundledBrowserDir()), source: 'bundled' };
}

/** Flags for every browser the tests launch: no sandbox (CI runs as root), nothing that reaches the network. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Set by the global setup for the workers; the Playwright config reads it. */
export const BROWSER_ENV = 'FOLIO_TEST_BROWSER';

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
