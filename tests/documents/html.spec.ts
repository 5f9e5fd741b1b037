// The invoice as a self-contained HTML page: same content as the PDF, nothing loaded from outside, client text
// escaped, and Chromium prints it (the benchmark's comparison path).
import { expect, test } from '@playwright/test';
import { invoiceHtml } from '../../electron/documents';
import { PRINT_FOOTER_TEMPLATE } from '../../electron/documents/html';
import { eurInvoice, huInvoice, longInvoice } from './fixtures';
import { pdfText } from './pdf-text';

test('is self-contained: inline CSS, no scripts, no external references, a CSP that forbids them', () => {
  const html = invoiceHtml(eurInvoice());
  expect(html).toContain('<style>');
  expect(html).toContain(`default-src 'none'`);
  expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(|@import/i);
});

test('escapes client-supplied text', () => {
  const html = invoiceHtml(huInvoice({ client: { name: '<img src=x onerror=alert(1)> & "Co"' } }));
  expect(html).not.toContain('<img');
  expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Co&#34;');
});

test('Chromium prints the same content as the PDF', async ({ page }) => {
  await page.setContent(invoiceHtml(huInvoice({ roundTo: 5 })));
  const pdf = await page.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: PRINT_FOOTER_TEMPLATE });
  const { text } = await pdfText(pdf);
  const flat = text.replace(/\s+/g, ' ');
  for (const phrase of [
    'Számla',
    'FOL-2026-000123',
    'Kővári és Fűzős Kft.',
    'Őrült Űrhajó Bt.',
    'Fordított adózás (Áfa tv. 142. §)',
    'Tárgyi adómentes (Áfa tv. 85–86. §)',
    '1 234 567',
    'Kerekítés',
    '2 197 305 Ft',
    '1 / 1',
  ]) {
    expect(flat).toContain(phrase);
  }
});

test('long invoices repeat the table header on every printed page', async ({ page }) => {
  await page.setContent(invoiceHtml(longInvoice(120)));
  const { pages } = await pdfText(await page.pdf({ format: 'A4', printBackground: true }));
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const p of pages) expect(p.replace(/\s+/g, ' ')).toContain('Megnevezés Menny. Egység');
});
