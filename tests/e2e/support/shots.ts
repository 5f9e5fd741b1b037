// Where the e2e tests put the screenshots people look at: `FOLIO_SHOTS/<area>/` when that variable names a folder
// kept for review, else beside the test's other output (test-results/), so a run never writes outside the checkout.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';

export function shotPath(area: string, name: string): string {
  const file = name.endsWith('.png') ? name : `${name}.png`;
  const root = process.env.FOLIO_SHOTS;
  if (!root) return test.info().outputPath(area, file);
  mkdirSync(join(root, area), { recursive: true });
  return join(root, area, file);
}

export function screenshot(page: Page, area: string, name: string, options: { fullPage?: boolean } = {}): Promise<Buffer> {
  return page.screenshot({ path: shotPath(area, name), ...options });
}
