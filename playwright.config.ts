import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, BROWSER_ENV } from './tests/support/browser';

// One runner for every suite: unit, core, HTTP, fault and the end-to-end tests in Chromium. The global setup picks the
// browser (tests/support/browser.ts says in which order) and passes its path to the workers in the environment.
export default defineConfig({
  globalSetup: './tests/support/global-setup.ts',
  testDir: 'tests',
  testIgnore: ['**/bench/**', '**/support/**'],
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  use: {
    launchOptions: {
      executablePath: process.env[BROWSER_ENV],
      args: BROWSER_ARGS,
    },
  },
  // Every suite on SQLite (the default project); the API, core and fault suites once more on PostgreSQL, the team
  // server's database (tests/support/fixtures.ts reads `db`). Tests about SQLite itself say @sqlite in their title
  // and stay out of the second project (docs/team-server.md "Tests").
  projects: [
    { name: 'sqlite', metadata: { db: 'sqlite' } },
    {
      name: 'postgres',
      metadata: { db: 'postgres' },
      testMatch: ['api/**/*.spec.ts', 'core/**/*.spec.ts', 'fault/**/*.spec.ts'],
      grepInvert: /@sqlite/,
    },
  ],
});
