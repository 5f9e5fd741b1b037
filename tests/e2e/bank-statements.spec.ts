// Bank statements as a bookkeeper uses them, in Chromium, in Hungarian: a camt.053 file chosen on Bankszámlák, the
// entries with their suggestions and reasons (a debit paying an expense too), one confirmed by a click and the certain
// ones together, one set aside,
// a wrong confirmation undone (only the payment it recorded goes; the manual one beside it stays), the same file
// again adding nothing, a refused file with its reason, and the receivables on the dashboard. Issue 37: a CSV's columns
// picked from its first rows, an OTP netbank XLSX of two accounts, an unknown account skipped on confirmation, and a
// statement that does not add up imported on request.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { addressBody, invoiceBody, netItem } from '../support/fixtures';
import { OWN_IBAN, camt053, type TestEntry } from '../bank/statements';
import { camtOfAccounts, otpNewXlsx, type SheetEntry } from '../bank/bank-files';
import { csv, windows1250 } from '../import/files';

test.use({ locale: 'hu-HU', viewport: { width: 1360, height: 1300 } });

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('import, confirm, set aside, undo a wrong confirmation, import again; receivables on the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const core = folio.server.core;
  await core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' });
  const client = (
    await core.call('clients.create', {
      name: 'Példa Ügyfél Kft.',
      tax_type: 'HAS_TAX_NUMBER',
      taxcode: '10000001-2-41',
      billing_address: addressBody(),
      bank: { iban: 'HU93116000060000000012345676', swift: '', account_no: '' },
    } as never)
  ).id;
  const issue = async (net: string) =>
    core.call('invoices.create', invoiceBody(client, { fulfillment_date: '2026-11-22', due_date: '2026-11-30', items: [netItem(net)] }) as never);
  const a = await issue('10000'); // 12 700
  const b = await issue('20000'); // 25 400
  const c = await issue('30000'); // 38 100
  await core.call('invoices.pay', { id: b.id, date: '2026-11-20', amount: '5000', payment_method: 1 }); // cash, by hand
  // the bank's fee, recorded as an unpaid expense: the debit pays it
  const fee = await core.call('expenses.create', { categories_id: 3, name: 'Bankköltség', gross_price: 990, supplier_name: 'Teszt Bank' } as never);

  const entries: TestEntry[] = [
    { ref: 'E1', date: '2026-11-18', amount: '12700', direction: 'credit', name: 'Példa Ügyfél Kft.', remittance: `Számla ${a.attributes.invoice_no}` },
    { ref: 'E2', date: '2026-11-19', amount: '20400', direction: 'credit', name: 'Példa Ügyfél Kft.', remittance: `${b.attributes.invoice_no} maradék` },
    { ref: 'E3', date: '2026-11-20', amount: '38100', direction: 'credit', name: 'PELDA UGYFEL KFT', remittance: 'Köszönjük' },
    { ref: 'E4', date: '2026-11-21', amount: '5000', direction: 'credit', name: 'Kovács Béla', remittance: 'kölcsön' },
    { ref: 'E5', date: '2026-11-21', amount: '990', direction: 'debit', name: 'Teszt Bank', remittance: 'számlavezetési díj' },
  ];
  const file = test.info().outputPath('kivonat-november.xml');
  writeFileSync(file, camt053(entries, { version: '08' }));
  const pdf = test.info().outputPath('kivonat.pdf');
  writeFileSync(pdf, '%PDF-1.4\n%…\n');

  await withKey(page);
  await page.goto(`${folio.url}/#/bank-accounts`);
  await expect(page.getByRole('heading', { name: 'Bankkivonatok' })).toBeVisible();

  // a PDF is refused with the reason
  await page.getByLabel('válaszd ki…').setInputFiles(pdf);
  await expect(page.getByTestId('statement-error')).toHaveText('ez egy PDF; a bankból camt.053 (XML), MT940, CSV vagy XLSX formában töltsd le a kivonatot');

  await page.getByLabel('válaszd ki…').setInputFiles(file);
  await expect(page.getByTestId('statement-result')).toHaveText('kivonat-november.xml: 5 tétel, ebből 5 új, 0 már korábban bekerült.');
  const row = (ref: string) => page.getByTestId(`entry-${ref}`);
  await expect(row('E1')).toContainText('számlaszám a közleményben');
  await expect(row('E1')).toContainText(a.attributes.invoice_no!);
  await expect(row('E3')).toContainText('pontos összeg és a befizető');
  await expect(row('E4')).toContainText('Nincs javaslat');
  await expect(row('E5')).toContainText('terhelés');
  await expect(row('E5')).toContainText('pontos összeg és a szállító');
  await page.screenshot({ path: shotPath('bank', 'statement-suggestions'), fullPage: true });

  // one by a click, the other certain ones together
  await row('E1').getByRole('button', { name: 'Jóváhagyás' }).click();
  await expect(page.getByText('A befizetés rögzítve.')).toBeVisible();
  await expect(row('E1')).toHaveCount(0);
  await page.getByRole('button', { name: 'Minden biztos javaslat jóváhagyása (3)' }).click();
  await expect(page.getByText('3 befizetés rögzítve.')).toBeVisible();
  await row('E4').getByRole('button', { name: 'Nem számlabefizetés' }).click();
  await expect(row('E4')).toHaveCount(0);

  const attrs = async (id: number) => (await core.call('invoices.get', { id })).attributes;
  expect((await attrs(a.id)).status).toBe(1);
  expect((await attrs(b.id)).status).toBe(1);
  expect((await attrs(c.id)).status).toBe(1);
  expect((await core.call('expenses.get', { id: fee.id })).attributes).toMatchObject({ paid: true, payment_date: '2026-11-21' });

  // E2 was the wrong one: undone, it takes away its own payment and leaves the cash payment recorded by hand
  await page.getByRole('tab', { name: 'Párosítva' }).click();
  await expect(row('E2')).toContainText(b.attributes.invoice_no!);
  await page.screenshot({ path: shotPath('bank', 'statement-matched'), fullPage: true });
  await row('E2').getByRole('button', { name: 'Visszavonás' }).click();
  await expect(page.getByText('A párosítás visszavonva; a befizetést töröltük a számláról.')).toBeVisible();
  await expect(row('E2')).toHaveCount(0);
  const bAfter = await attrs(b.id);
  expect(bAfter).toMatchObject({ status: 2, outstanding: '20400.000' });
  expect(bAfter.payments).toEqual([expect.objectContaining({ amount: '5000.000', payment_method: 1, date: '2026-11-20' })]);
  expect((await attrs(a.id)).status).toBe(1);
  expect((await attrs(c.id)).status).toBe(1);

  // the same file again: nothing new, no payment twice
  await page.getByLabel('válaszd ki…').setInputFiles(file);
  await expect(page.getByTestId('statement-result')).toHaveText('kivonat-november.xml: 5 tétel, ebből 0 új, 5 már korábban bekerült.');
  await expect(row('E2')).toContainText('számlaszám a közleményben');
  expect((await attrs(a.id)).payments).toHaveLength(1);
  expect((await attrs(b.id)).payments).toHaveLength(1);

  // the dashboard: what is still open, by age
  await page.goto(`${folio.url}/#/`);
  const card = page.getByTestId('receivables');
  await expect(card.getByRole('heading', { name: 'Kintlévőségek' })).toBeVisible();
  await expect(card).toContainText(/Összesen nyitott: 20\s400\sFt/);
  await expect(card).toContainText('Példa Ügyfél Kft.');
  await expect(card).toContainText(/Várható befolyás a következő 30 napban: 20\s400\sFt/);
  await page.screenshot({ path: shotPath('bank', 'dashboard-receivables'), fullPage: true });
  expect(errors).toEqual([]);
});

test('a CSV whose columns are not recognised: picked from its first rows once for the account, then read', async ({ page }) => {
  const errors = watchErrors(page);
  // the account of the test before, or one of its own when it runs alone
  const core = folio.server.core;
  if (!(await core.call('bankAccounts.list', {})).length) await core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' });
  const file = test.info().outputPath('forgalom.csv');
  // a bank whose header words Folio does not know, Windows-1250, Hungarian amounts and dates
  writeFileSync(file, windows1250(csv([['Nap', 'Érték', 'Ügyfél', 'Szöveg'], ['2026.11.10.', '12 700,00', 'Példa Ügyfél Kft.', 'Számla 2026-000001'], ['2026.11.11.', '-990,00', 'Teszt Bank', 'díj']], ';')));
  await withKey(page);
  await page.goto(`${folio.url}/#/bank-accounts`);
  await page.getByLabel('válaszd ki…').setInputFiles(file);
  await expect(page.getByTestId('statement-error')).toHaveText('a CSV oszlopait nem ismerjük fel; add meg őket lent, a CSV-oszlopoknál');
  // the file's first rows, a picker above each column
  const picker = page.getByTestId('column-picker');
  await expect(picker.getByRole('row').nth(1)).toContainText('2026.11.10.');
  await expect(picker.getByRole('row').nth(2)).toContainText('-990,00');
  await picker.getByLabel('Oszlop: Nap').selectOption({ label: 'Könyvelés dátuma' });
  await picker.getByLabel('Oszlop: Érték').selectOption({ label: 'Összeg (előjeles)' });
  await picker.getByLabel('Oszlop: Ügyfél').selectOption({ label: 'Partner neve' });
  await picker.getByLabel('Oszlop: Szöveg').selectOption({ label: 'Közlemény' });
  await page.screenshot({ path: shotPath('bank', 'column-picker'), fullPage: true });
  // on a phone the picker stays within the screen: the rows scroll inside their own box
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(async () => (await picker.boundingBox())!.x + (await picker.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect.poll(() => picker.locator('.table-wrap').evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await picker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('bank', 'column-picker-390') });
  await page.setViewportSize({ width: 1360, height: 1300 });
  await picker.getByRole('button', { name: 'Oszlopok mentése és a fájl betöltése' }).click();
  await expect(page.getByTestId('statement-result')).toHaveText('forgalom.csv: 2 tétel, ebből 2 új, 0 már korábban bekerült.');
  expect((await core.call('bankStatements.csvMapping', { id: (await core.call('bankAccounts.list', {}))[0]!.id })).mapping?.columns).toEqual({ booking_date: 'Nap', amount: 'Érték', counterparty_name: 'Ügyfél', remittance: ['Szöveg'] });
  // the next file of this bank needs no picking
  await page.getByLabel('válaszd ki…').setInputFiles(file);
  await expect(page.getByTestId('statement-result')).toHaveText('forgalom.csv: 2 tétel, ebből 0 új, 2 már korábban bekerült.');
  await expect(page.getByRole('row', { name: /2026. 11. 11./ })).toContainText(/terhelés\s*−990\sFt/);
  await expect(page.getByRole('row', { name: /2026. 11. 10./ })).toContainText(/12\s700\sFt/);
  expect(errors).toEqual([]);
});

test('an OTP netbank XLSX of two accounts: each row to its account, hidden and unbooked rows counted; a camt.053 with an unknown account skipped on confirmation; a difference imported on request', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const core = folio.server.core;
  if (!(await core.call('bankAccounts.list', {})).some((a) => a.attributes.account_no_iban === OWN_IBAN)) {
    await core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' });
  }
  await core.call('bankAccounts.create', { bank_name: 'OTP megtakarítás', account_no: '11773016-22222222', currency: 'HUF' });
  const rows: SheetEntry[] = [
    { ref: '', date: '2026-10-02', amount: '45720.5', direction: 'credit', name: 'Táblázat Vevő Kft.', iban: '11600006-00000000-12345676', remittance: 'XLSX-1' },
    { ref: '', date: '2026-10-03', amount: '1200', direction: 'debit', name: 'Rejtett', remittance: 'rejtett sor', hidden: true },
    { ref: '', date: '2026-10-04', amount: '880', direction: 'debit', name: 'Függő', remittance: 'függő', unbooked: true },
    { ref: '', date: '2026-10-05', amount: '300000', direction: 'credit', name: 'Lekötés', remittance: 'XLSX-2', account: '11773016-22222222-00000000', dateAs: 'serial' },
  ];
  const xlsx = test.info().outputPath('szamlatortenet.xlsx');
  writeFileSync(xlsx, await otpNewXlsx(rows, '11773016-11111018'));
  await withKey(page);
  await page.goto(`${folio.url}/#/bank-accounts`);
  await page.getByLabel('válaszd ki…').setInputFiles(xlsx);
  await expect(page.getByTestId('statement-result')).toHaveText('szamlatortenet.xlsx: 2 tétel, ebből 2 új, 0 már korábban bekerült.');
  await expect(page.getByTestId('statement-note').first()).toContainText('HU42 1177 3016 1111 1018 0000 0000: 1 tétel, ebből 1 új · 11773016-22222222: 1 tétel, ebből 1 új');
  await expect(page.getByTestId('statement-note').nth(1)).toHaveText('Kimaradt, mert nincs könyvelve: 0 függő, 1 rejtett sor, 1 könyvelési dátum nélkül.');
  // the forint is shown whole; the entry keeps the bank's fraction
  await expect(page.getByRole('row', { name: /Táblázat Vevő Kft\./ })).toContainText(/45\s721\sFt/);
  const stored = (await core.call('bankEntries.list', { state: 'all', max_per_page: 2000 })).items;
  expect(stored.filter((e) => /^XLSX-/.test(e.remittance)).map((e) => [e.remittance, e.amount, e.booking_date]).sort()).toEqual([
    ['XLSX-1', '45720.500', '2026-10-02'],
    ['XLSX-2', '300000.000', '2026-10-05'],
  ]);
  await page.screenshot({ path: shotPath('bank', 'xlsx-import'), fullPage: true });

  // a camt.053 that also holds an account the business does not have: named, skipped with one click
  const camt = test.info().outputPath('tobb-szamla.xml');
  writeFileSync(camt, camtOfAccounts([
    { iban: OWN_IBAN, entries: [{ ref: 'MULTI-1', date: '2026-10-06', amount: '1500', direction: 'credit', name: 'Több Számla Kft.', remittance: 'több' }] },
    { iban: 'HU17101000000000000000000999', entries: [{ ref: 'MULTI-2', date: '2026-10-06', amount: '7', direction: 'credit' }] },
  ]));
  await page.getByLabel('válaszd ki…').setInputFiles(camt);
  await expect(page.getByTestId('statement-error')).toHaveText('a fájlban olyan számlák kivonata is van, amelyek nem a vállalkozásé: HU17101000000000000000000999 (1)');
  expect((await core.call('bankEntries.list', { state: 'all', max_per_page: 2000 })).items.some((e) => e.bank_ref === 'MULTI-1')).toBe(false);
  await page.getByRole('button', { name: 'Ezek kihagyása és a többi betöltése' }).click();
  await expect(page.getByTestId('statement-result')).toHaveText('tobb-szamla.xml: 1 tétel, ebből 1 új, 0 már korábban bekerült.');
  await expect(page.getByTestId('statement-note')).toHaveText('Kihagyott számlák (nem a vállalkozásé): HU17101000000000000000000999.');

  // a statement whose balances do not add up: refused with the reason, imported when the user says so
  const off = test.info().outputPath('elteres.xml');
  writeFileSync(off, camt053([{ ref: 'OFF-1', date: '2026-10-07', amount: '2000', direction: 'credit', name: 'Eltérés Bt.' }], { closing: '1001990.00' }));
  await page.getByLabel('válaszd ki…').setInputFiles(off);
  await expect(page.getByTestId('statement-error')).toHaveText(
    'a tételek nem adják ki a záró egyenleget: nyitó 1 000 000 + tételek 2000 = 1 002 000, a záró egyenleg viszont 1 001 990 (eltérés: -10) – a fájl csonka vagy módosított',
  );
  await page.getByRole('button', { name: 'Betöltés így is (az eltérést feljegyezzük)' }).click();
  await expect(page.getByTestId('statement-result')).toHaveText('elteres.xml: 1 tétel, ebből 1 új, 0 már korábban bekerült.');
  await expect(page.getByTestId('statement-note')).toHaveText(/^A kivonat egyenlege [-−]10\sFt eltéréssel került be\.$/);
  expect(errors).toEqual([]);
});
