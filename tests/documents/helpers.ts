// Shared helpers of the document tests: render an invoice and read its text back.
import { expect } from '@playwright/test';
import { renderInvoicePdf, type RenderOptions } from '../../electron/documents';
import type { InvoiceAttributes } from '../../shared/resources';
import { pdfText, type PdfText } from './pdf-text';

export interface RenderedText extends PdfText {
  /** every line joined with spaces: a table row reads "description qty unit price …" even when a cell wraps */
  flat: string;
}

export async function renderText(invoice: InvoiceAttributes, opts?: RenderOptions): Promise<RenderedText> {
  const pdf = await renderInvoicePdf(invoice, opts);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  return { ...text, flat: text.text.replace(/\n/g, ' ') };
}

/**
 * Asserts that `phrase` occurs in the flattened text. Line wrapping may turn a space into a line break (already a
 * space in `flat`) and may break after a hyphen ("VAT-" / "exempt"), so a hyphen may be followed by a space.
 */
export function expectPhrase(flat: string, phrase: string): void {
  const pattern = phrase
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, '- ?'))
    .join('\\s+');
  expect(flat, `expected to find «${phrase}»`).toMatch(new RegExp(pattern));
}

export function expectNoPhrase(flat: string, phrase: string): void {
  expect(flat).not.toContain(phrase);
}
