import { defineConfig } from '@playwright/test';

// One runner for every suite: unit, core, HTTP, fault and the end-to-end tests in Debian's Chromium.
export default defineConfig({
  testDir: 'tests',
  testIgnore: ['**/bench/**', '**/support/**'],
  // builds the server and CLI bundles the tests spawn (dist/node/), once
  globalSetup: './tests/support/global-setup.ts',
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
