// The invoice PDF's content, read back from the rendered file: a legally complete Hungarian invoice in hu, en, de
// and bilingual hu-en, every document type, foreign currency, rounding and multi-page flow.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { renderInvoicePdf } from '../../electron/documents';
import { buildInvoice, eurInvoice, HU_LINES, huInvoice, longInvoice } from './fixtures';
import { expectNoPhrase, expectPhrase, renderText } from './helpers';

test.describe('Hungarian invoice', () => {
  test('names the invoice, both parties, the dates, the payment method and the currency', async () => {
    const { flat } = await renderText(huInvoice());
    for (const phrase of [
      'Számla',
      'SORSZÁM FOL-2026-000123',
      'ELADÓ Kővári és Fűzős Kft. 1051 Budapest Nádor utca 12. 3/4',
      'Adószám: 12345678-2-41',
      'Közösségi adószám: HU12345678',
      'Bank: OTP Bank Bankszámlaszám: 11773016-11111018-00000000',
      'IBAN: HU42 1177 3016 1111 1018 0000 0000',
      'VEVŐ Őrült Űrhajó Bt. 6720 Szeged Kárász utca 5. Adószám: 87654321-1-06',
      'KIÁLLÍTÁS DÁTUMA 2026.03.16.',
      'TELJESÍTÉS DÁTUMA 2026.03.15.',
      'FIZETÉSI HATÁRIDŐ 2026.03.31.',
      'FIZETÉSI MÓD Átutalás',
      'PÉNZNEM HUF',
    ]) {
      expectPhrase(flat, phrase);
    }
    // A domestic sale prints no country.
    expectNoPhrase(flat, 'Magyarország');
  });

  test('prints every line with quantity, unit, prices and VAT; the legal texts of exempt and reverse-charge lines once, in the notes', async () => {
    const { flat } = await renderText(huInvoice());
    for (const row of [
      'Rendszerintegráció – ügyfélportál bevezetése 1 db 1 234 567 1 234 567 27% 333 333 1 567 900',
      'Webfejlesztés Március 1–15. 12,5 óra 18 500 231 250 27% 62 438 293 688',
      'Szakkönyv: Árvíztűrő tükörfúrógép 3 db 4 990 14 970 5% 749 15 719',
      'Oktatás (felnőttképzés) 2 alkalom 35 000 70 000 TAM 0 70 000',
      'Építési-szerelési munka 1 db 250 000 250 000 F.AFA 0 250 000',
      'ADÓZÁSI MEGJEGYZÉSEK TAM Tárgyi adómentes (Áfa tv. 85–86. §) F.AFA Fordított adózás (Áfa tv. 142. §)',
    ]) {
      expectPhrase(flat, row);
    }
  });

  test('summarises VAT per rate and totals the invoice', async () => {
    const { flat } = await renderText(huInvoice());
    for (const phrase of [
      'ÁFA-ÖSSZESÍTŐ ÁFA-kulcs Nettó ÁFA Bruttó',
      '27% 1 465 817 395 771 1 861 588',
      '5% 14 970 749 15 719',
      'TAM 70 000 0 70 000',
      'F.AFA 250 000 0 250 000',
      'Nettó összesen 1 800 787 Ft',
      'ÁFA összesen 396 520 Ft',
      'Bruttó összesen 2 197 307 Ft',
      'Fizetendő 2 197 307 Ft',
    ]) {
      expectPhrase(flat, phrase);
    }
    expectNoPhrase(flat, 'Kerekítés');
    expectNoPhrase(flat, 'ÁFA (HUF)');
  });

  test('prints the rounding line apart when the payable total is rounded', async () => {
    const { flat } = await renderText(huInvoice({ roundTo: 5, paymentMethodId: 1 }));
    expectPhrase(flat, 'Bruttó összesen 2 197 307 Ft Kerekítés -2 Ft Fizetendő 2 197 305 Ft');
    expectPhrase(flat, 'FIZETÉSI MÓD Készpénz');
  });

  test('keeps ő, ű, Ő, Ű in the text layer', async () => {
    const { text } = await renderText(huInvoice());
    for (const word of ['Kővári', 'Fűzős', 'Őrült', 'Űrhajó', 'Árvíztűrő', 'tükörfúrógép', 'HATÁRIDŐ']) {
      expect(text).toContain(word);
    }
  });

  test('shows the comment', async () => {
    const { flat } = await renderText(huInvoice({ comment: 'Köszönjük a megrendelést!' }));
    expectPhrase(flat, 'MEGJEGYZÉS Köszönjük a megrendelést!');
  });
});

test.describe('languages', () => {
  test('English: labels, thousands commas, decimal points, English dates and legal texts', async () => {
    const { flat } = await renderText(huInvoice(), { lang: 'en' });
    for (const phrase of [
      'Invoice',
      'NUMBER FOL-2026-000123',
      'SELLER Kővári és Fűzős Kft. Nádor utca 12. 3/4 1051 Budapest',
      'Tax number: 12345678-2-41',
      'EU VAT number: HU12345678',
      'BUYER Őrült Űrhajó Bt.',
      'ISSUE DATE 16 Mar 2026',
      'FULFILMENT DATE 15 Mar 2026',
      'DUE DATE 31 Mar 2026',
      'PAYMENT METHOD Wire transfer',
      'Description Qty Unit Net unit price Net amount VAT VAT amount Gross amount',
      'Rendszerintegráció – ügyfélportál bevezetése 1 db 1,234,567 1,234,567 27% 333,333 1,567,900',
      'Webfejlesztés Március 1–15. 12.5 óra 18,500 231,250 27% 62,438 293,688',
      'TAX NOTES TAM VAT-exempt supply (Sections 85–86 of the Hungarian VAT Act)',
      'F.AFA Reverse charge – the customer accounts for the VAT (Section 142 of the Hungarian VAT Act)',
      '27% 1,465,817 395,771 1,861,588',
      'Net total HUF 1,800,787',
      'VAT total HUF 396,520',
      'Gross total HUF 2,197,307',
      'Amount due HUF 2,197,307',
    ]) {
      expectPhrase(flat, phrase);
    }
  });

  test('German: labels, thousands points, decimal commas, German dates and legal texts', async () => {
    const { flat } = await renderText(huInvoice(), { lang: 'de' });
    for (const phrase of [
      'Rechnung',
      'NUMMER FOL-2026-000123',
      'VERKÄUFER Kővári és Fűzős Kft.',
      'Steuernummer: 12345678-2-41',
      'USt-IdNr.: HU12345678',
      'KÄUFER Őrült Űrhajó Bt.',
      'AUSSTELLUNGSDATUM 16.03.2026',
      'LEISTUNGSDATUM 15.03.2026',
      'FÄLLIG AM 31.03.2026',
      'ZAHLUNGSART Überweisung',
      'Rendszerintegráció – ügyfélportál bevezetése 1 db 1.234.567 1.234.567 27% 333.333 1.567.900',
      'Webfejlesztés Március 1–15. 12,5 óra 18.500 231.250 27% 62.438 293.688',
      'STEUERLICHE HINWEISE TAM Steuerfreier Umsatz (§§ 85–86 des ungarischen Umsatzsteuergesetzes)',
      'F.AFA Steuerschuldnerschaft des Leistungsempfängers (§ 142 des ungarischen Umsatzsteuergesetzes)',
      '27% 1.465.817 395.771 1.861.588',
      'Summe netto 1.800.787 HUF',
      'Summe USt. 396.520 HUF',
      'Summe brutto 2.197.307 HUF',
      'Zahlbetrag 2.197.307 HUF',
    ]) {
      expectPhrase(flat, phrase);
    }
  });

  test('German buyer: ä, ö, ü, ß survive and the country is printed for a cross-border sale', async () => {
    const { flat, text } = await renderText(eurInvoice({ lang: 'de' }));
    for (const word of ['Müller', 'Söhne', 'Straßenbau', 'Qualitätsprüfung', 'Hauptstraße', 'München']) {
      expect(text).toContain(word);
    }
    expectPhrase(flat, 'KÄUFER Müller & Söhne GmbH – Straßenbau Hauptstraße 5 80331 München Deutschland USt-IdNr.: DE123456789');
    expectPhrase(flat, 'VERKÄUFER Kővári és Fűzős Kft. Nádor utca 12. 3/4 1051 Budapest Ungarn');
  });

  test('the invoice template language is used when the caller names none', async () => {
    const { flat } = await renderText(huInvoice({ lang: 'de' }));
    expectPhrase(flat, 'Rechnung');
    expectPhrase(flat, 'Zahlbetrag 2.197.307 HUF');
  });

  test('bilingual hu-en: "Számla / Invoice" labels with Hungarian number formats', async () => {
    const { flat } = await renderText(huInvoice(), { lang: 'hu-en' });
    for (const phrase of [
      'Számla / Invoice',
      'ELADÓ / SELLER Kővári és Fűzős Kft.',
      'VEVŐ / BUYER Őrült Űrhajó Bt.',
      'Adószám / Tax number: 87654321-1-06',
      'FIZETÉSI MÓD / PAYMENT METHOD Átutalás / Wire transfer',
      'TAM Tárgyi adómentes (Áfa tv. 85–86. §) / VAT-exempt supply (Sections 85–86 of the Hungarian VAT Act)',
      'F.AFA Fordított adózás (Áfa tv. 142. §) / Reverse charge',
      'Nettó összesen / Net total 1 800 787 Ft',
      'Fizetendő / Amount due 2 197 307 Ft',
    ]) {
      expectPhrase(flat, phrase);
    }
  });
});

test.describe('document types', () => {
  test('a cancelling invoice is titled "Sztornó számla" and names the invoice it cancels', async () => {
    const invoice = huInvoice({ number: 'FOL-2026-000125', isCancel: true, connectedInvoiceNo: 'FOL-2026-000123' });
    const { flat } = await renderText(invoice);
    expectPhrase(flat, 'Sztornó számla');
    expectPhrase(flat, 'FOL-2026-000125');
    expectPhrase(flat, 'Az eredeti számla sorszáma: FOL-2026-000123');
    expectPhrase(flat, 'Rendszerintegráció – ügyfélportál bevezetése -1 db 1 234 567 -1 234 567 27% -333 333 -1 567 900');
    expectPhrase(flat, 'Fizetendő -2 197 307 Ft');

    const en = await renderText(invoice, { lang: 'en' });
    expectPhrase(en.flat, 'Cancellation invoice');
    expectPhrase(en.flat, 'Original invoice: FOL-2026-000123');
  });

  test('a proforma is a "Díjbekérő", not an invoice, in every language', async () => {
    const proforma = buildInvoice({ type: 1, number: 'D-2026-000007', lines: HU_LINES });
    const hu = await renderText(proforma);
    expectPhrase(hu.flat, 'Díjbekérő');
    expectPhrase(hu.flat, 'D-2026-000007');
    expectPhrase(hu.flat, 'A díjbekérő nem számla, áfalevonásra nem jogosít.');
    expect(hu.text.split('\n')[0]).not.toMatch(/^Számla/);
    expectPhrase((await renderText(proforma, { lang: 'en' })).flat, 'Proforma invoice');
    expectPhrase((await renderText(proforma, { lang: 'de' })).flat, 'Proforma-Rechnung');
  });

  test('a draft is marked "PISZKOZAT – nem számla" and carries no number', async () => {
    const draft = buildInvoice({ type: 0, number: null, lines: HU_LINES });
    const hu = await renderText(draft);
    expectPhrase(hu.flat, 'Piszkozat');
    expectPhrase(hu.flat, 'PISZKOZAT – nem számla');
    expectPhrase(hu.flat, 'SORSZÁM nincs kiállítva');
    expectPhrase(hu.flat, 'ez a dokumentum nem számla');
    const en = await renderText(draft, { lang: 'en' });
    expectPhrase(en.flat, 'DRAFT – not an invoice');
  });
});

test.describe('foreign currency', () => {
  test('a EUR invoice shows the exchange rate and the VAT in HUF', async () => {
    const { flat } = await renderText(eurInvoice());
    for (const phrase of [
      'CURRENCY EUR',
      'EXCHANGE RATE 1 EUR = 392.15 HUF (MNB 2026-03-14)',
      'Consulting – Qualitätsprüfung der Straßenplanung 10 h 95.50 955.00 27% 257.85 1,212.85',
      'Software licence 2 pc 1,250.00 2,500.00 FAD 0.00 2,500.00',
      'TAX NOTES FAD Reverse charge (Art. 196 of Directive 2006/112/EC)',
      'VAT rate Net VAT Gross VAT (HUF)',
      '27% 955.00 257.85 1,212.85 101,116',
      'FAD 2,500.00 0.00 2,500.00 0',
      'Net total EUR 3,455.00',
      'VAT total EUR 257.85',
      'Amount due EUR 3,712.85',
      'VAT total in HUF HUF 101,116',
      'BUYER Müller & Söhne GmbH – Straßenbau Hauptstraße 5 80331 München Germany EU VAT number: DE123456789',
    ]) {
      expectPhrase(flat, phrase);
    }
  });

  test('in Hungarian the HUF VAT reads in forints', async () => {
    const { flat } = await renderText(eurInvoice({ lang: 'hu' }));
    expectPhrase(flat, 'ÁRFOLYAM 1 EUR = 392,15 HUF (MNB 2026-03-14)');
    expectPhrase(flat, 'Fizetendő 3 712,85 EUR');
    expectPhrase(flat, 'ÁFA összesen forintban 101 116 Ft');
  });
});

test.describe('long invoices', () => {
  test('120 lines span pages, repeat the table header and number the pages', async () => {
    const { pages, flat } = await renderText(longInvoice(120));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const header = 'Megnevezés Menny. Egység Nettó egységár Nettó érték ÁFA ÁFA érték Bruttó érték';
    pages.forEach((page, i) => {
      const pageFlat = page.replace(/\n/g, ' ');
      expectPhrase(pageFlat, header);
      expect(pageFlat).toContain(`${i + 1} / ${pages.length}`);
      if (i > 0) expect(pageFlat).toContain('Számla FOL-2026-000999');
    });
    for (let n = 1; n <= 120; n++) {
      const label = `Tétel ${String(n).padStart(3, '0')} – alkatrész`;
      expect(flat.split(label).length - 1, label).toBe(1);
    }
    // The summary closes the document, on the last page only.
    expect(pages.at(-1)).toContain('Fizetendő');
    for (const page of pages.slice(0, -1)) expect(page).not.toContain('Fizetendő');
  });
});

test.describe('client text that does not fit', () => {
  test('a description longer than a page flows over pages without losing a word', async () => {
    const description = 'Hosszú szerződéses leírás őű '.repeat(450).trim();
    const invoice = buildInvoice({
      lines: [
        { description, qty: '1', unit: 'db', vatId: '1', netUnitPrice: '100', comment: 'x'.repeat(3000) },
        { description: 'Második tétel', qty: '2', unit: 'db', vatId: '1', netUnitPrice: '50' },
      ],
    });
    const { pages, text, flat } = await renderText(invoice);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(text.match(/Hosszú/g)).toHaveLength(450);
    // The unbroken 3,000-character token wraps (zero-width spaces) instead of pushing the table off the page.
    expect(text.replace(/[\s\u200b]/g, '').match(/x+/g)?.join('').length).toBe(3000);
    expectPhrase(flat, 'Második tétel 2 db 50 100 27% 27 127');
    expectPhrase(flat, 'Fizetendő 254 Ft');
  });

  test('an unbroken buyer name wraps inside its card', async () => {
    const name = `Kft${'Ő'.repeat(120)}`;
    const { text } = await renderText(huInvoice({ client: { name } }));
    expect(text.replace(/[\s\u200b]/g, '')).toContain(name);
  });
});

test('rendering leaves the invoice untouched', async () => {
  const invoice = huInvoice();
  const before = structuredClone(invoice);
  await renderInvoicePdf(invoice);
  expect(invoice).toEqual(before);
});

test('an invoice always renders to the same bytes, also after it was paid (the outbox keeps only the hash)', async () => {
  const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
  const first = sha(await renderInvoicePdf(huInvoice()));
  // into the next second of the wall clock: a stamp of the rendering time would now differ
  const second = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [20] }).toBeGreaterThan(second);
  expect(sha(await renderInvoicePdf(huInvoice()))).toBe(first);
  expect(sha(await renderInvoicePdf(huInvoice({ totalPaid: '1000000.000' })))).toBe(first);
  expect(sha(await renderInvoicePdf(huInvoice({ number: 'FOL-2026-000124' })))).not.toBe(first);
});

test.describe('amounts as on screen', () => {
  test('forints print in whole units ("207 329 Ft"); a forint unit price with fillér keeps it as typed; euros keep cents', async () => {
    const huf = buildInvoice({
      lines: [
        { description: 'Éves karbantartás', qty: '1', unit: 'db', vatId: '1', netUnitPrice: '163251' },
        { description: 'Kiszállás', qty: '2', unit: 'alkalom', vatId: '1', netUnitPrice: '12500.5' },
      ],
    });
    const { flat } = await renderText(huf);
    // 163 251 + 25 001 = 188 252 net; VAT 44 078 + 6 750 = 50 828; gross 239 080.
    expectPhrase(flat, 'Éves karbantartás 1 db 163 251 163 251 27% 44 078 207 329');
    expectPhrase(flat, 'Kiszállás 2 alkalom 12 500,50 25 001 27% 6 750 31 751');
    expectPhrase(flat, 'Fizetendő 239 080 Ft');
    expectNoPhrase(flat, '207 329,00');

    const { flat: eur } = await renderText(eurInvoice());
    expectPhrase(eur, 'Amount due EUR 3,712.85');
    expectPhrase(eur, 'Net total EUR 3,455.00');
  });
});
