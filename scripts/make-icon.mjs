// Renders the app icon for electron-builder (resources/icon.png, 1024×1024) from the same mark as the UI's favicon
// (renderer/public/favicon.svg), so the two never drift apart. Run it after changing the favicon:
//   node scripts/make-icon.mjs            (uses Chromium at CHROMIUM_PATH or /usr/bin/chromium)
import { readFileSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SIZE = 1024;
const svg = readFileSync(new URL('../renderer/public/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  // The mark fills the square; platforms add their own margins and masks.
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${SIZE}" height="${SIZE}" `)}</body></html>`);
  mkdirSync(new URL('../resources/', import.meta.url), { recursive: true });
  await page.screenshot({ path: new URL('../resources/icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}
