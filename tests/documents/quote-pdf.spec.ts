// The quote's PDF from the documents module alone: the invoice's layout with the quote's title, number, validity and
// "not an invoice" line, in each language; a foreign-currency quote prints no HUF VAT (a quote has no tax point).
import { expect, test } from '@playwright/test';
import { renderQuotePdf } from '../../electron/documents/index';
import { formatDate, formatMoney } from '../../electron/documents/format';
import type { QuoteAttributes } from '../../shared/quotes';
import { pdfText } from './pdf-text';
import { huInvoice } from './fixtures';

/** A quote made of the documents fixture's invoice: the same parties and lines. */
function sampleQuote(over: Partial<QuoteAttributes> = {}): QuoteAttributes {
  const inv = huInvoice();
  return {
    uid: 5, quote_no: 'AJ-2026-000005', status: 'open', date: '2026-03-02', valid_until: '2026-03-31',
    fulfillment_date: null, due_date: null, client_uid: inv.client_uid, client: inv.client, seller: inv.seller,
    currency: inv.currency, exchange_rate: null, payment_method: inv.payment_method, bank_account_uid: null,
    items: inv.items, vat_summary: inv.vat_summary, net_total: inv.net_total, vat_total: inv.vat_total,
    gross_total: inv.gross_total, rounding: inv.rounding, round_to: inv.round_to, total: inv.total,
    comment: 'Az ajánlat a helyszíni felmérésig él.', template_lang_code: 'hu', accepted_invoice_uid: null, accepted_invoice_no: null,
    accepted_at: null, sent_at: null, created_at: '2026-03-02 10:00:00', updated_at: '2026-03-02 10:00:00',
    ...over,
  };
}

test('a Hungarian quote: title, number, validity, not an invoice, lines and totals; no invoice notes', async () => {
  const q = sampleQuote();
  const pdf = await renderQuotePdf(q);
  const { text } = await pdfText(pdf);
  for (const words of ['Árajánlat', 'AJ-2026-000005', 'ÉRVÉNYES', formatDate('2026-03-31', 'hu'), 'Ez nem számla.', 'Ajánlat összesen', 'Az ajánlat a helyszíni felmérésig él.']) {
    expect(text, words).toContain(words);
  }
  expect(text).toContain(formatMoney(q.total, q.currency, 'hu').replace(/\u00a0/g, ' '));
  for (const item of q.items) expect(text).toContain(item.description.slice(0, 20));
  for (const invoiceWords of ['Fizetendő', 'TELJESÍTÉS', 'FIZETÉSI HATÁRIDŐ', 'Díjbekérő', 'PISZKOZAT', 'Adózási megjegyzések']) {
    expect(text, invoiceWords).not.toContain(invoiceWords);
  }
  // the same quote renders the same bytes (its own timestamp is the PDF's)
  expect(Buffer.from(await renderQuotePdf(q)).equals(Buffer.from(pdf))).toBe(true);
});

test('English, German and bilingual quotes; a euro quote prints no HUF VAT', async () => {
  for (const [lang, words] of [
    ['en', ['Quote', 'VALID UNTIL', 'This is not an invoice.', 'Quote total']],
    ['de', ['Angebot', 'GÜLTIG BIS', 'Dies ist keine Rechnung.', 'Angebotssumme']],
    ['hu-en', ['Árajánlat / Quote', 'ÉRVÉNYES / VALID UNTIL', 'Ez nem számla. / This is not an invoice.']],
  ] as const) {
    const { text } = await pdfText(await renderQuotePdf(sampleQuote({ template_lang_code: lang })));
    for (const w of words) expect(text, `${lang}: ${w}`).toContain(w);
  }
  const { text } = await pdfText(await renderQuotePdf(sampleQuote({ currency: 'EUR', template_lang_code: 'en' })));
  expect(text).toContain('EUR');
  expect(text).not.toContain('VAT (HUF)');
  expect(text).not.toContain('VAT total in HUF');
});
