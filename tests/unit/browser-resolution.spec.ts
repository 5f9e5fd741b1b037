// The order in which the end-to-end tests pick their browser (tests/support/browser.ts), on fake executables in a temp
// folder: no real browser is needed to prove the order.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findInstalledBrowser } from '../support/browser';

let root: string;
test.beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'folio-browser-order-'));
});
test.afterEach(() => rmSync(root, { recursive: true, force: true }));

function fakeExecutable(...parts: string[]): string {
  const file = join(root, ...parts);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

test('CHROMIUM_PATH comes first, before a system browser and Playwright’s', () => {
  const chosen = fakeExecutable('chosen', 'chrome');
  fakeExecutable('bin', 'chromium');
  const playwrightPath = fakeExecutable('ms-playwright', 'chrome');
  const env = { CHROMIUM_PATH: chosen, PATH: join(root, 'bin') };
  expect(findInstalledBrowser({ env, playwrightPath })).toEqual({ executablePath: chosen, source: 'CHROMIUM_PATH' });
});

test('a CHROMIUM_PATH that does not exist is an error, not a silent fall-back', () => {
  fakeExecutable('bin', 'chromium');
  const env = { CHROMIUM_PATH: join(root, 'missing'), PATH: join(root, 'bin') };
  expect(() => findInstalledBrowser({ env, playwrightPath: undefined })).toThrow(/CHROMIUM_PATH=.*missing does not exist/);
});

test('then a system Chromium or Chrome found along PATH, in PATH order, before Playwright’s', () => {
  const chrome = fakeExecutable('opt', 'google-chrome');
  fakeExecutable('usr', 'chromium');
  const playwrightPath = fakeExecutable('ms-playwright', 'chrome');
  const env = { PATH: [join(root, 'empty'), join(root, 'opt'), join(root, 'usr')].join(':') };
  expect(findInstalledBrowser({ env, playwrightPath })).toEqual({ executablePath: chrome, source: 'system' });
});

test('each system name is looked for: chromium-browser and google-chrome-stable too', () => {
  for (const name of ['chromium-browser', 'google-chrome-stable']) {
    const file = fakeExecutable(name, name);
    expect(findInstalledBrowser({ env: { PATH: join(root, name) }, playwrightPath: undefined })?.executablePath).toBe(file);
  }
});

test('then Playwright’s own browser, when `npx playwright install` has put it on disk', () => {
  const playwrightPath = fakeExecutable('ms-playwright', 'chrome');
  const env = { PATH: join(root, 'bin') };
  expect(findInstalledBrowser({ env, playwrightPath })).toEqual({ executablePath: playwrightPath, source: 'playwright' });
});

test('else nothing is installed, and the bundled browser is left (also when the system lookup is switched off)', () => {
  expect(findInstalledBrowser({ env: { PATH: join(root, 'bin') }, playwrightPath: join(root, 'ms-playwright', 'chrome') })).toBeUndefined();
  fakeExecutable('bin', 'chromium');
  const playwrightPath = fakeExecutable('ms-playwright', 'chrome');
  const env = { PATH: join(root, 'bin'), FOLIO_TEST_NO_SYSTEM_BROWSER: '1' };
  expect(findInstalledBrowser({ env, playwrightPath })).toBeUndefined();
});
