// The Hungarian document set on paper (docs/documents.md "Document kinds"): modifying, cancelling, advance and final
// invoices, read back from the rendered PDF in hu and en (de and hu-en too) — title, the original's number and date,
// the reason, the changed lines, the advances deducted — and the first page of each rasterised for review.
import { expect, test } from '@playwright/test';
import { invoiceHtml, invoicePdfFileName, renderInvoicePdf } from '../../electron/documents';
import { PRINT_FOOTER_TEMPLATE } from '../../electron/documents/html';
import { advanceInvoice, finalInvoice, huInvoice, modifyingInvoice } from './fixtures';
import { expectNoPhrase, expectPhrase, renderText } from './helpers';
import { pdfText } from './pdf-text';
import { pngPath, savePdfPng } from './png';

test.describe('modifying invoice', () => {
  test('Hungarian: title, the original\'s number and date, the reason, the changed lines and a negative difference', async () => {
    const { flat } = await renderText(modifyingInvoice());
    for (const phrase of [
      'Módosító számla',
      'SORSZÁM FOL-2026-000130',
      'Az eredeti számla sorszáma: FOL-2026-000123, kelte: 2026.03.16.',
      'A módosítás oka: Árengedmény a szerződés 4. pontja szerint',
      'Rendszerintegráció – ügyfélportál bevezetése (1. sor módosítása) -1 db 234 567 -234 567 27% -63 333 -297 900',
      'Webfejlesztés (2. sor módosítása) 2 óra 18 500 37 000 27% 9 990 46 990',
      // a new line refers to nothing
      'Kiszállás 1 alkalom 15 000 15 000 27% 4 050 19 050',
      '27% -182 567 -49 293 -231 860',
      'Nettó összesen -182 567 Ft',
      'ÁFA összesen -49 293 Ft',
      'Bruttó összesen -231 860 Ft',
      'Különbözet a vevő javára -231 860 Ft',
    ]) {
      expectPhrase(flat, phrase);
    }
    expect(flat.match(/sor módosítása/g)).toHaveLength(2);
    expectNoPhrase(flat, 'Fizetendő');
    expectNoPhrase(flat, '--');
    // the chain index is NAV's business, not the reader's
    expectNoPhrase(flat, 'módosítás sorszáma');
  });

  test('a difference the buyer pays reads "Fizetendő különbözet"; one of nothing "Különbözet"', async () => {
    const up = modifyingInvoice({ lines: [{ description: 'Webfejlesztés', qty: '2', unit: 'óra', vatId: '1', netUnitPrice: '18500', modifiesLine: 2 }] });
    expectPhrase((await renderText(up)).flat, 'Fizetendő különbözet 46 990 Ft');
    expectPhrase((await renderText(up, { lang: 'en' })).flat, 'Difference payable HUF 46,990');
    const none = modifyingInvoice({
      modificationReason: 'Elírt megnevezés',
      lines: [
        { description: 'Webfejlesztés', qty: '-1', unit: 'óra', vatId: '1', netUnitPrice: '18500', modifiesLine: 2 },
        { description: 'Webfejlesztés (frontend)', qty: '1', unit: 'óra', vatId: '1', netUnitPrice: '18500' },
      ],
    });
    const { flat } = await renderText(none);
    expectPhrase(flat, 'Különbözet 0 Ft');
    expectNoPhrase(flat, 'Fizetendő');
    expect(flat).not.toMatch(/(^|\s)-0(\s|$)/); // no "-0 Ft" for a difference of nothing
  });

  test('English and German', async () => {
    const en = (await renderText(modifyingInvoice(), { lang: 'en' })).flat;
    for (const phrase of [
      'Modifying invoice',
      'Original invoice: FOL-2026-000123 of 16 Mar 2026',
      'Reason for the modification: Árengedmény a szerződés 4. pontja szerint',
      'Rendszerintegráció – ügyfélportál bevezetése (changes line 1) -1 db 234,567 -234,567 27% -63,333 -297,900',
      'Webfejlesztés (changes line 2) 2 óra',
      "Difference in the buyer's favour HUF -231,860",
    ]) {
      expectPhrase(en, phrase);
    }
    expectNoPhrase(en, 'Amount due');

    const de = (await renderText(modifyingInvoice(), { lang: 'de' })).flat;
    for (const phrase of [
      'Rechnungskorrektur',
      'Ursprüngliche Rechnung: FOL-2026-000123 vom 16.03.2026',
      'Grund der Korrektur: Árengedmény',
      '(ändert Position 1) -1 db 234.567 -234.567 27% -63.333 -297.900',
      'Differenz zugunsten des Käufers -231.860 HUF',
    ]) {
      expectPhrase(de, phrase);
    }
  });

  test('bilingual hu-en', async () => {
    const { flat } = await renderText(modifyingInvoice(), { lang: 'hu-en' });
    for (const phrase of [
      'Módosító számla / Modifying invoice',
      'Az eredeti számla sorszáma / Original invoice: FOL-2026-000123, kelte / date: 2026.03.16.',
      'A módosítás oka / Reason for the modification: Árengedmény',
      '(1. sor módosítása / changes line 1)',
      'Különbözet a vevő javára / Difference in the buyer\'s favour -231 860 Ft',
    ]) {
      expectPhrase(flat, phrase);
    }
  });

  test('of an invoice the previous program issued: its number and date as recorded', async () => {
    const invoice = modifyingInvoice({ original: { uid: null, invoice_no: 'RÉGI-2025-0042', date: '2025-11-30' } });
    expectPhrase((await renderText(invoice)).flat, 'Az eredeti számla sorszáma: RÉGI-2025-0042, kelte: 2025.11.30.');
  });
});

test.describe('cancelling invoice', () => {
  test('names its original by number and date', async () => {
    const storno = huInvoice({
      number: 'FOL-2026-000131',
      isCancel: true,
      connectedInvoiceNo: 'FOL-2026-000123',
      original: { uid: 123, invoice_no: 'FOL-2026-000123', date: '2026-03-16' },
    });
    const hu = (await renderText(storno)).flat;
    expectPhrase(hu, 'Sztornó számla');
    expectPhrase(hu, 'Az eredeti számla sorszáma: FOL-2026-000123, kelte: 2026.03.16.');
    expectPhrase(hu, 'Fizetendő -2 197 307 Ft');
    expectNoPhrase(hu, '--');
    expectNoPhrase(hu, 'A módosítás oka');
    const en = (await renderText(storno, { lang: 'en' })).flat;
    expectPhrase(en, 'Cancellation invoice');
    expectPhrase(en, 'Original invoice: FOL-2026-000123 of 16 Mar 2026');
  });

  test('without the original\'s resource, names it by connected_invoice_no alone', async () => {
    const storno = huInvoice({ number: 'FOL-2026-000131', isCancel: true, connectedInvoiceNo: 'FOL-2026-000099' });
    const { flat } = await renderText(storno);
    expectPhrase(flat, 'Az eredeti számla sorszáma: FOL-2026-000099');
    expectNoPhrase(flat, 'kelte');
  });
});

test.describe('advance invoice', () => {
  test('is titled an advance invoice and says VAT is due at receipt (Áfa tv. 59. §)', async () => {
    const hu = (await renderText(advanceInvoice())).flat;
    for (const phrase of [
      'Előlegszámla',
      'SORSZÁM FOL-2026-000140',
      'Az előleg áfája az előleg jóváírásának, kézhezvételének napján esedékes (Áfa tv. 59. §)',
      'Az előleget a végszámla levonja.',
      'Előleg: ügyfélportál fejlesztése (30%) 1 300 000 300 000 27% 81 000 381 000',
      'Fizetendő 381 000 Ft',
    ]) {
      expectPhrase(hu, phrase);
    }
    const en = (await renderText(advanceInvoice(), { lang: 'en' })).flat;
    expectPhrase(en, 'Advance invoice');
    expectPhrase(en, 'VAT on the advance is due on the day it is received or credited (Section 59 of the Hungarian VAT Act)');
    expectPhrase(en, 'Amount due HUF 381,000');
    const de = (await renderText(advanceInvoice(), { lang: 'de' })).flat;
    expectPhrase(de, 'Anzahlungsrechnung');
    expectPhrase(de, '§ 59 des ungarischen Umsatzsteuergesetzes');
  });
});

test.describe('final invoice', () => {
  test('Hungarian: the deduction lines, the advances deducted, and what is left to pay', async () => {
    const { flat } = await renderText(finalInvoice());
    for (const phrase of [
      'Végszámla',
      'SORSZÁM FOL-2026-000150',
      'Ügyfélportál fejlesztése 1 db 1 000 000 1 000 000 27% 270 000 1 270 000',
      'Előleg levonása (FOL-2026-000140) -1 300 000 -300 000 27% -81 000 -381 000',
      'Előleg levonása (FOL-2026-000145) -1 200 000 -200 000 27% -54 000 -254 000',
      'Előleg levonása (FOL-2026-000145) -1 5 000 -5 000 5% -250 -5 250',
      'LEVONT ELŐLEGEK Előlegszámla Kelte Előleg fizetése Nettó ÁFA Bruttó',
      'FOL-2026-000140 2026.02.10. 2026.02.09. 300 000 81 000 381 000 Ft',
      'FOL-2026-000145 2026.03.10. 2026.03.12. 205 000 54 250 259 250 Ft',
      'Összesen 505 000 135 250 640 250 Ft',
      '27% 500 000 135 000 635 000',
      '5% 15 000 750 15 750',
      'Bruttó összesen 650 750 Ft',
      'Fizetendő 650 750 Ft',
    ]) {
      expectPhrase(flat, phrase);
    }
    expectNoPhrase(flat, '--');
    // the block sits between the lines it explains and the totals
    expect(flat.indexOf('LEVONT ELŐLEGEK')).toBeGreaterThan(flat.indexOf('Előleg levonása (FOL-2026-000145)'));
    expect(flat.indexOf('LEVONT ELŐLEGEK')).toBeLessThan(flat.indexOf('ÁFA-ÖSSZESÍTŐ'));
  });

  test('English, German and bilingual; one advance needs no total row', async () => {
    const en = (await renderText(finalInvoice({ lang: 'en' }))).flat;
    for (const phrase of [
      'Final invoice',
      'Advance deducted (FOL-2026-000140) -1 300,000 -300,000 27% -81,000 -381,000',
      'ADVANCES DEDUCTED Advance invoice Issued Advance paid Net VAT Gross',
      'FOL-2026-000140 10 Feb 2026 9 Feb 2026 300,000 81,000 HUF 381,000',
      'Total 505,000 135,250 HUF 640,250',
      'Amount due HUF 650,750',
    ]) {
      expectPhrase(en, phrase);
    }
    const de = (await renderText(finalInvoice({ lang: 'de' }))).flat;
    expectPhrase(de, 'Schlussrechnung');
    expectPhrase(de, 'ABGEZOGENE ANZAHLUNGEN Anzahlungsrechnung Datum Anzahlung erhalten Netto USt. Brutto');
    expectPhrase(de, 'FOL-2026-000140 10.02.2026 09.02.2026 300.000 81.000 381.000 HUF');
    const one = finalInvoice({
      advances: [{ uid: 140, number: 'FOL-2026-000140', date: '2026-02-10', paymentDate: '2026-02-09', nets: [{ vatId: '1', net: '300000' }] }],
    });
    const huEn = (await renderText(one, { lang: 'hu-en' })).flat;
    expectPhrase(huEn, 'Végszámla / Final invoice');
    expectPhrase(huEn, 'LEVONT ELŐLEGEK / ADVANCES DEDUCTED');
    expectNoPhrase(huEn, 'Összesen / Total');
  });
});

test('the HTML view prints the same references, notes and advances (Chromium)', async ({ page }) => {
  const print = async (html: string) => {
    await page.setContent(html);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: PRINT_FOOTER_TEMPLATE });
    return (await pdfText(pdf)).text.replace(/\s+/g, ' ');
  };
  const modifying = await print(invoiceHtml(modifyingInvoice()));
  for (const phrase of ['Módosító számla', 'Az eredeti számla sorszáma: FOL-2026-000123, kelte: 2026.03.16.', 'A módosítás oka: Árengedmény', '(1. sor módosítása)', 'Különbözet a vevő javára']) {
    expect(modifying).toContain(phrase);
  }
  const final = await print(invoiceHtml(finalInvoice()));
  for (const phrase of ['Végszámla', 'LEVONT ELŐLEGEK', 'FOL-2026-000145', '640 250 Ft', 'Fizetendő 650 750 Ft']) {
    expect(final.toLocaleUpperCase('hu')).toContain(phrase.toLocaleUpperCase('hu'));
  }
  expect(await print(invoiceHtml(advanceInvoice()))).toContain('Áfa tv. 59. §');

  // the preview as a screen shows it, for review
  await page.setViewportSize({ width: 820, height: 1100 });
  for (const [name, invoice] of [['modifying', modifyingInvoice()], ['final', finalInvoice()]] as const) {
    await page.setContent(invoiceHtml(invoice, { lang: 'hu-en' }));
    const shot = await page.screenshot({ path: pngPath(`html-${name}-hu-en`), fullPage: true });
    expect(shot.subarray(1, 4).toString('latin1')).toBe('PNG');
  }
});

test('each kind renders to an A4 page image (FOLIO_SHOTS/pdf-*.png)', async () => {
  const kinds = {
    'modifying-hu': [modifyingInvoice(), 'hu'],
    'modifying-hu-en': [modifyingInvoice(), 'hu-en'],
    'modifying-de': [modifyingInvoice(), 'de'],
    'cancelling-hu': [huInvoice({ number: 'FOL-2026-000131', isCancel: true, connectedInvoiceNo: 'FOL-2026-000123', original: { uid: 123, invoice_no: 'FOL-2026-000123', date: '2026-03-16' } }), 'hu'],
    'advance-hu': [advanceInvoice(), 'hu'],
    'advance-en': [advanceInvoice(), 'en'],
    'final-hu': [finalInvoice(), 'hu'],
    'final-en': [finalInvoice(), 'en'],
  } as const;
  for (const [name, [invoice, lang]] of Object.entries(kinds)) {
    const png = savePdfPng(await renderInvoicePdf(invoice, { lang }), name);
    // A4 at 110 dpi: ~909.4 × ~1286.3 pixels, rounded by the rasteriser
    expect(Math.abs(png.width - (595.28 / 72) * 110), name).toBeLessThan(1);
    expect(Math.abs(png.height - (841.89 / 72) * 110), name).toBeLessThan(1);
  }
});

test('file names say what the document is, in the invoice\'s language', () => {
  expect(invoicePdfFileName(modifyingInvoice())).toBe('modosito-szamla-FOL-2026-000130.pdf');
  expect(invoicePdfFileName(advanceInvoice())).toBe('elolegszamla-FOL-2026-000140.pdf');
  expect(invoicePdfFileName(finalInvoice())).toBe('vegszamla-FOL-2026-000150.pdf');
  expect(invoicePdfFileName(modifyingInvoice({ lang: 'en' }))).toBe('modifying-invoice-FOL-2026-000130.pdf');
  expect(invoicePdfFileName(finalInvoice({ lang: 'de' }))).toBe('schlussrechnung-FOL-2026-000150.pdf');
});
