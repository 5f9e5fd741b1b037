// The legal notes Hungarian VAT law wants on an invoice (Áfa tv. 169. § h, m, n), on real invoices issued by the
// core on a real database file: the seller's scheme (subjective exemption, cash accounting) and the reason of every
// exempt, reverse-charge, intra-EU and export line, printed once per note near the totals, in the invoice's language.
// The PDF is read back as text; the NAV report of each invoice is validated against NAV's own schemas.
import { savePagePng } from './png';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { renderInvoicePdf } from '../../electron/documents';
import { buildInvoiceDataXml, navOperation } from '../../electron/nav/invoice-data';
import type { InvoiceAttributes, VatStatus } from '../../shared/resources';
import { ENTITLEMENTS } from '../../shared/reference/entitlements';
import { LEGAL_NOTE_TEXTS } from '../../shared/reference/legal-notes';
import { isHungarianTaxNumber } from '../../shared/tax-numbers';
import { checkInvoiceData, parseInvoiceData } from '../nav/nav-checks';
import { validateNavXml } from '../nav/schema';
import { addressBody, clientBody, invoiceBody, openTestCore, VALID_TAXCODE, type TestCore } from '../support/fixtures';
import { pdfText } from './pdf-text';

const SELLER = {
  name: 'Jogász Papír Kft.',
  taxcode: VALID_TAXCODE,
  eu_taxcode: 'HU12345676',
  address: addressBody({ postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '12', country: 'Magyarország' }),
};
const BUYER_TAXCODE = '10000001-2-41';

const DOMESTIC = {
  name: 'Vevő Építő Kft.',
  taxcode: BUYER_TAXCODE,
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: addressBody({ postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' }),
};
const GERMAN = {
  name: 'Maschinenbau Weiß GmbH',
  taxcode: '',
  eu_taxcode: 'DE123456789',
  tax_type: 'FOREIGN',
  billing_address: addressBody({ postcode: '80331', city: 'München', street_name: 'Hauptstraße', street_type: '', house_nr: '5', country: 'DE' }),
};
const AMERICAN = {
  name: 'Harbor Tools Inc.',
  taxcode: '12-3456789',
  tax_type: 'FOREIGN',
  billing_address: addressBody({ postcode: '10118', city: 'New York', street_name: 'Fifth Avenue', street_type: '', house_nr: '350', country: 'US' }),
};

/** The notes the tests look for, in each language the document can be printed in. */
const NOTE = {
  AAM: { hu: 'Alanyi adómentes (Áfa tv. 187. §)', en: 'Subjective VAT exemption (Section 187 of the Hungarian VAT Act)', de: 'Subjektive Steuerbefreiung' },
  CASH: { hu: 'Pénzforgalmi elszámolás', en: 'Cash accounting', de: 'Ist-Versteuerung' },
  DOMESTIC_RC: {
    hu: 'Fordított adózás (Áfa tv. 142. §)',
    en: 'Reverse charge – the customer accounts for the VAT (Section 142 of the Hungarian VAT Act)',
    de: 'Steuerschuldnerschaft des Leistungsempfängers (§ 142',
  },
  KBAET: {
    hu: 'Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)',
    en: 'VAT-exempt intra-Community supply of goods (Section 89 of the Hungarian VAT Act; Art. 138 of Directive 2006/112/EC)',
    de: 'Steuerfreie innergemeinschaftliche Lieferung (§ 89',
  },
  EUFAD37: {
    hu: 'Fordított adózás (Áfa tv. 37. §)',
    en: 'Reverse charge (Art. 196 of Directive 2006/112/EC)',
    de: 'Steuerschuldnerschaft des Leistungsempfängers (Art. 196 der Richtlinie 2006/112/EG)',
  },
  EAM: {
    hu: 'Adómentes termékexport, illetve azzal egy tekintet alá eső ügylet (Áfa tv. 98–109. §)',
    en: 'VAT-exempt export of goods or a transaction treated as export (Sections 98–109 of the Hungarian VAT Act)',
    de: 'Steuerfreie Ausfuhrlieferung',
  },
} as const;
const HEADING = { hu: 'ADÓZÁSI MEGJEGYZÉSEK', en: 'TAX NOTES', de: 'STEUERLICHE HINWEISE' } as const;
type Lang = keyof typeof HEADING;

let t: TestCore;

test.beforeAll(async () => {
  expect(isHungarianTaxNumber(BUYER_TAXCODE)).toBe(true);
  t = await openTestCore({ pdf: (invoice) => renderInvoicePdf(invoice.attributes) });
});
test.afterAll(async () => t?.close());
test.describe.configure({ mode: 'serial' });

async function sellerWith(status: VatStatus): Promise<void> {
  await t.core.call('settings.update', { seller: { ...SELLER, vat_status: status } });
}

async function issue(client: Record<string, unknown>, items: unknown[], over: Record<string, unknown> = {}): Promise<{ id: number; attributes: InvoiceAttributes }> {
  const clientUid = (await t.core.call('clients.create', clientBody(client))).id;
  const created = await t.core.call('invoices.create', invoiceBody(clientUid, { items, ...over }));
  const read = await t.core.call('invoices.get', { id: created.id });
  return { id: created.id, attributes: read.attributes as InvoiceAttributes };
}

/** The PDF the core hands out (the invoice's own language), and renderings of the same invoice in the others. */
async function texts(invoice: { id: number; attributes: InvoiceAttributes }, shot?: string): Promise<Record<Lang | 'hu-en', string>> {
  const own = (await t.core.call('invoices.download', { id: invoice.id })).pdf;
  if (shot) saveShot(own, shot);
  const en = await renderInvoicePdf(invoice.attributes, { lang: 'en' });
  if (shot) saveShot(en, `${shot}-en`);
  // a line may wrap after a hyphen ("VAT-" / "exempt"): read it joined, as a reader does
  const flat = async (pdf: Uint8Array) => (await pdfText(pdf)).text.replace(/\s+/g, ' ').replace(/(\w)- (\w)/g, '$1-$2');
  expect(invoice.attributes.template_lang_code).toBe('hu');
  return {
    hu: await flat(own),
    en: await flat(en),
    de: await flat(await renderInvoicePdf(invoice.attributes, { lang: 'de' })),
    'hu-en': await flat(await renderInvoicePdf(invoice.attributes, { lang: 'hu-en' })),
  };
}

/** Each note is printed exactly once, however many lines need it. */
function expectOnce(text: string, phrase: string): void {
  expect(text.split(phrase).length - 1, `«${phrase}» once in: ${text}`).toBe(1);
}

function expectNotes(printed: Record<Lang | 'hu-en', string>, notes: Array<Record<Lang, string>>): void {
  for (const lang of ['hu', 'en', 'de'] as const) {
    expect(printed[lang]).toContain(HEADING[lang]);
    for (const note of notes) expectOnce(printed[lang], note[lang]);
  }
  expect(printed['hu-en']).toContain(`${HEADING.hu} / ${HEADING.en}`);
  for (const note of notes) expectOnce(printed['hu-en'], `${note.hu} / ${note.en}`);
}

async function navReport(invoice: InvoiceAttributes) {
  const xml = buildInvoiceDataXml(invoice);
  const schema = await validateNavXml('data', xml);
  expect(schema.errors, 'schema errors').toBe('');
  expect(schema.ok).toBe(true);
  expect(checkInvoiceData(xml, navOperation(invoice))).toEqual([]);
  const inv = parseInvoiceData(xml).invoiceMain.invoice;
  return { xml, head: inv.invoiceHead, lines: [inv.invoiceLines.line].flat() };
}

/** FOLIO_SHOTS=/work/shots keeps a 60 dpi picture of each case's first page for review. */
function saveShot(pdf: Uint8Array, name: string): void {
  const root = process.env.FOLIO_SHOTS;
  const dir = root ? join(root, 'pdf-notes') : test.info().outputPath('pdf-notes');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  savePagePng(pdf, join(dir, `${name}.png`), 60);
}

test('a subjectively exempt seller: "Alanyi adómentes (Áfa tv. 187. §)" once for all its AAM lines; NAV gets AAM', async () => {
  await sellerWith('exempt');
  const invoice = await issue(DOMESTIC, [
    { description: 'Könyvelési díj, március', vat_id: 7, qty: 1, net_unit_price: 45000, unit: 'hó' },
    { description: 'Bérszámfejtés', vat_id: 7, qty: 3, net_unit_price: 4000, unit: 'fő' },
  ]);
  expect(invoice.attributes.vat_total).toBe('0.000');
  const printed = await texts(invoice, 'alanyi-adomentes');
  expectNotes(printed, [NOTE.AAM]);
  expect(printed.hu).toContain('AAM Alanyi adómentes');
  expect(printed.hu).not.toContain(NOTE.CASH.hu);

  const nav = await navReport(invoice.attributes);
  for (const line of nav.lines) expect(line.lineAmountsNormal.lineVatRate.vatExemption).toEqual({ case: 'AAM', reason: NOTE.AAM.hu });
  expect(nav.head.invoiceDetail.cashAccountingIndicator).toBeUndefined();
});

test('a seller under cash accounting: "Pénzforgalmi elszámolás" on the invoice and cashAccountingIndicator in the report', async () => {
  await sellerWith('cash_accounting');
  const invoice = await issue(DOMESTIC, [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 25000, unit: 'óra' }]);
  const printed = await texts(invoice, 'penzforgalmi-elszamolas');
  expectNotes(printed, [NOTE.CASH]);
  // the scheme is the seller's: its note carries no line's VAT mark and is not shown as a warning under the title
  expect(printed.hu).toContain(`${HEADING.hu} ${NOTE.CASH.hu}`);

  const nav = await navReport(invoice.attributes);
  expect(nav.xml).toContain('<cashAccountingIndicator>true</cashAccountingIndicator>');
  expect(nav.head.invoiceDetail.cashAccountingIndicator).toBe('true');
});

test('domestic reverse charge (F.AFA): "Fordított adózás (Áfa tv. 142. §)" beside the 27% line, reported as domestic reverse charge', async () => {
  await sellerWith('normal');
  const invoice = await issue(DOMESTIC, [
    { description: 'Építési-szerelési munka', vat_id: 11, qty: 1, net_unit_price: 850000, unit: 'db' },
    { description: 'Bontási hulladék elszállítása', vat_id: 11, qty: 2, net_unit_price: 30000, unit: 'db' },
    { description: 'Tervezés', vat_id: 1, qty: 1, net_unit_price: 100000, unit: 'db' },
  ]);
  const printed = await texts(invoice, 'forditott-adozas');
  expectNotes(printed, [NOTE.DOMESTIC_RC]);
  expect(printed.hu).toContain(`F.AFA ${NOTE.DOMESTIC_RC.hu}`);
  // the line itself no longer repeats the note: the VAT column's mark leads to it
  expect(printed.hu).toContain('Építési-szerelési munka 1 db 850 000 850 000 F.AFA 0 850 000');

  const nav = await navReport(invoice.attributes);
  expect(nav.lines[0].lineAmountsNormal.lineVatRate.vatDomesticReverseCharge).toBe('true');
  expect(nav.head.invoiceDetail.cashAccountingIndicator).toBeUndefined();
});

test('to a German company: the intra-EU supply (Áfa tv. 89. §) and the EU service (reverse charge, Art. 196) each get their note', async () => {
  await sellerWith('normal');
  const invoice = await issue(GERMAN, [
    { description: 'CNC-maró alkatrész', vat_id: 5, qty: 4, net_unit_price: 120000, unit: 'db' },
    { description: 'Üzembe helyezés (távoli)', vat_id: 15, qty: 3, net_unit_price: 20000, unit: 'óra' },
  ]);
  expect(invoice.attributes.items.map((i) => i.entitlement)).toEqual(['KBAET', 'EUFAD37']);
  const printed = await texts(invoice, 'kozossegen-beluli');
  expectNotes(printed, [NOTE.KBAET, NOTE.EUFAD37]);
  expect(printed.hu).toContain(`EU ${NOTE.KBAET.hu}`);
  expect(printed.hu).toContain(`FAD ${NOTE.EUFAD37.hu}`);
  expect(printed['hu-en']).toContain('Fordított adózás (Áfa tv. 37. §) / Reverse charge (Art. 196 of Directive 2006/112/EC)');
  expect(printed.hu).toContain('Közösségi adószám: DE123456789');
  // a cross-border invoice names both countries in its language, the seller's "Magyarország" too
  expect(printed.en).toContain('Hauptstraße 5 80331 München Germany');
  expect(printed.en).toContain('Nádor utca 12 1051 Budapest Hungary');

  const nav = await navReport(invoice.attributes);
  expect(nav.lines[0].lineAmountsNormal.lineVatRate.vatExemption.case).toBe('KBAET');
  expect(nav.lines[1].lineAmountsNormal.lineVatRate.vatOutOfScope.case).toBe('EUFAD37');
  expect(nav.head.customerInfo.customerVatData).toEqual({ communityVatNumber: 'DE123456789' });
});

test('an export to an American company: "Adómentes termékexport (Áfa tv. 98–109. §)"; NAV gets EAM', async () => {
  await sellerWith('normal');
  const invoice = await issue(AMERICAN, [
    { description: 'Hidraulikus prés', vat_id: 9, qty: 1, net_unit_price: 2400000, unit: 'db' },
    { description: 'Tartalék tömítéskészlet', vat_id: 9, qty: 5, net_unit_price: 18000, unit: 'db' },
  ]);
  const printed = await texts(invoice, 'export');
  expectNotes(printed, [NOTE.EAM]);
  expect(printed.hu).toContain(`EUK ${NOTE.EAM.hu}`);

  const nav = await navReport(invoice.attributes);
  for (const line of nav.lines) expect(line.lineAmountsNormal.lineVatRate.vatExemption.case).toBe('EAM');
  expect(nav.head.customerInfo.customerVatData).toEqual({ thirdStateTaxId: '12-3456789' });
});

test('one VAT mark, two reasons: goods and a service both marked "EU" each print their own note on the line as well', async () => {
  await sellerWith('normal');
  const invoice = await issue(GERMAN, [
    { description: 'Szerszámgép', vat_id: 5, qty: 1, net_unit_price: 900000, unit: 'db' },
    { description: 'Távfelügyelet', vat_id: 5, qty: 1, net_unit_price: 50000, unit: 'hó', entitlement: 'EUFAD37' },
    { description: 'Kenőanyag', vat_id: 5, qty: 2, net_unit_price: 5000, unit: 'db' },
  ]);
  const { hu } = await texts(invoice, 'eu-ket-jogcim');
  expect(hu).toContain(`${HEADING.hu} EU ${NOTE.KBAET.hu} EU ${NOTE.EUFAD37.hu}`);
  expect(hu).toContain(`Szerszámgép ${NOTE.KBAET.hu} 1 db`);
  expect(hu).toContain(`Távfelügyelet ${NOTE.EUFAD37.hu} 1 hó`);
  expect(hu).toContain(`Kenőanyag ${NOTE.KBAET.hu} 2 db`);
  const nav = await navReport(invoice.attributes);
  expect(nav.lines.map((l) => (l.lineAmountsNormal.lineVatRate.vatExemption ?? l.lineAmountsNormal.lineVatRate.vatOutOfScope).case)).toEqual(['KBAET', 'EUFAD37', 'KBAET']);
});

test('a margin-scheme line prints the words the act prescribes (Áfa tv. 169. § p)', async () => {
  await sellerWith('normal');
  const invoice = await issue(DOMESTIC, [{ description: 'Használt kerékpár', vat_id: 12, qty: 1, net_unit_price: 60000, unit: 'db' }]);
  const printed = await texts(invoice);
  expectNotes(printed, [{ hu: 'Különbözet szerinti szabályozás – használt cikkek', en: 'Margin scheme – second-hand goods', de: 'Gebrauchtgegenstände/Sonderregelung' }]);
  const nav = await navReport(invoice.attributes);
  expect(nav.lines[0].lineAmountsNormal.lineVatRate.marginSchemeIndicator).toBe('SECOND_HAND');
});

test('every exemption reason has its note in all three languages, and NAV gets the printed Hungarian text whole', () => {
  for (const entitlement of ENTITLEMENTS) {
    const note = LEGAL_NOTE_TEXTS[entitlement.code as keyof typeof LEGAL_NOTE_TEXTS];
    expect(note, entitlement.code).toBeDefined();
    expect(entitlement.text).toBe(note);
    for (const lang of ['hu', 'en', 'de'] as const) expect(note[lang].trim(), `${entitlement.code} ${lang}`).not.toBe('');
    // the report's reason is at most 200 characters (DetailedReasonType): longer would be cut
    expect(note.hu.length, entitlement.code).toBeLessThanOrEqual(200);
  }
});

test('a plain 27% invoice of a normal seller carries no notes at all', async () => {
  await sellerWith('normal');
  const invoice = await issue(DOMESTIC, [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 25000, unit: 'óra' }]);
  const printed = await texts(invoice, 'normal-27');
  for (const lang of ['hu', 'en', 'de'] as const) {
    expect(printed[lang]).not.toContain(HEADING[lang]);
    for (const note of Object.values(NOTE)) expect(printed[lang]).not.toContain(note[lang]);
  }
  expect(printed.hu).not.toContain('Fordított adózás');
  expect(printed.en).not.toContain('Reverse charge');

  const nav = await navReport(invoice.attributes);
  expect(nav.xml).not.toContain('cashAccountingIndicator');
});

test('the payment method reads "Wire transfer" in English; the interface keeps "Wiretransfer"', async () => {
  await sellerWith('normal');
  const invoice = await issue(DOMESTIC, [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 10000, unit: 'óra' }], { payment_method: 2 });
  const printed = await texts(invoice);
  expect(printed.en).toContain('PAYMENT METHOD Wire transfer');
  expect(printed.en).not.toContain('Wiretransfer');
  expect(printed.hu).toContain('FIZETÉSI MÓD Átutalás');
  expect(printed.de).toContain('ZAHLUNGSART Überweisung');
  expect(printed['hu-en']).toContain('Átutalás / Wire transfer');
  const lookup = await t.core.call('paymentMethods.list', { lang: 'en' });
  expect(lookup.find((m) => m.id === '2')?.attributes.name).toBe('Wiretransfer');
});
