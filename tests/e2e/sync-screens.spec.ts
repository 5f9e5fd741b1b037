// The sync screens in real Chromium through the HTTP door, between two real `serve` processes: a remote, and the
// device the browser drives (each on its own database, started by the sync suites' own helper). A user sets sync up
// (a bad address and a wrong key first), joins with "Sync now", sees a client reach the remote, issues an invoice in
// the device's own block, resolves a conflict made by editing one client on both sides, dismisses an operation the
// remote refused, and reads the screen in English. A runtime without sync must not break the screen or the editor.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_KEY as REMOTE_KEY, startRemote, tempDir, type RemoteProcess } from '../sync/support/nodes';
import { API_KEY as DEVICE_KEY, startBareFolio, rpcOn, watchErrors, withKey } from './support/folio';

test.describe.configure({ mode: 'serial' });

let tmp: ReturnType<typeof tempDir>;
let remote: RemoteProcess;
let device: RemoteProcess;

/** An operation by name on a node's /rpc door (what the UI calls). */
const rpc = <T = any>(node: RemoteProcess, name: string, input: unknown = {}) =>
  rpcOn<T>(node.url, node === remote ? REMOTE_KEY : DEVICE_KEY, name, input);

const remoteClientNamed = async (name: string) =>
  (await rpc<{ items: Array<{ id: number; attributes: { name: string } }> }>(remote, 'clients.list', { q: name })).items.find((c) => c.attributes.name === name);

test.beforeAll(async () => {
  tmp = tempDir('ui');
  [remote, device] = await Promise.all([startRemote(tmp.file('remote.db')), startRemote(tmp.file('device.db'), { apiKey: DEVICE_KEY })]);
  const seller = { name: 'Minta Bt.', taxcode: '12345676-2-41', address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' } };
  await rpc(device, 'settings.update', { seller });
  await rpc(remote, 'settings.update', { seller: { ...seller, name: 'Központ Kft.' } });
});

test.afterAll(async () => {
  await device?.stop();
  await remote?.stop();
  tmp?.remove();
});

async function openSync(page: Page): Promise<{ statusCard: Locator; form: Locator }> {
  await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Szinkronizálás' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Szinkronizálás' })).toBeVisible();
  return {
    statusCard: page.locator('section', { has: page.getByRole('heading', { name: 'Állapot' }) }),
    form: page.locator('section', { has: page.getByRole('heading', { name: 'A szinkronizálás beállításai' }) }),
  };
}

test('set up in the UI, join with Sync now, issue in the own block, restore a lost version, read it in English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${device.url}/#/`);
  const { statusCard, form } = await openSync(page);
  const syncNow = page.getByRole('button', { name: 'Szinkronizálás most' });

  await test.step('before setup: not set up, nothing to sync, no counters, no server jargon; every control labelled', async () => {
    await expect(statusCard).toContainText('Nincs beállítva');
    await expect(statusCard).toContainText('add meg lent a központi Folio címét és kulcsát');
    await expect(statusCard).not.toContainText('Elküldésre váró változások');
    await expect(statusCard).not.toContainText('Nyitott ütközések');
    await expect(page.locator('main')).not.toContainText(/npm run serve|FOLIO_API_KEY|JWT/);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')].filter((el) => !(el.labels?.length || el.getAttribute('aria-label'))).length,
    );
    expect(unlabelled).toBe(0);
    await expect(syncNow).toBeDisabled();
  });

  await test.step('a bad address is shown at its field and nothing is stored', async () => {
    await form.getByLabel('A központi Folio címe').fill('ftp://remote.example');
    await form.getByLabel('A központi Folio kulcsa').fill(REMOTE_KEY);
    await form.getByLabel('Ennek a gépnek a neve').fill('Laptop');
    await form.getByLabel('A gép saját számlatömbjének előtagja').fill('LAP');
    await form.getByLabel('Szinkronizálás bekapcsolva').check();
    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(form.getByText('Néhány adat hibás')).toBeVisible();
    await expect(form.getByLabel('A központi Folio címe')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('.field-error')).toHaveText('http:// vagy https:// kezdetű címet adj meg');
    const s = await rpc(device, 'sync.status');
    expect([s.base_url, s.has_api_key, s.enabled]).toEqual(['', false, false]);
  });

  await test.step('a wrong key: a readable error, not joined, nothing on the remote', async () => {
    await form.getByLabel('A központi Folio címe').fill(remote.url);
    await form.getByLabel('A központi Folio kulcsa').fill('not-the-remote-key');
    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('A szinkronizálás beállításai elmentve.')).toBeVisible();
    // the key is never shown back; the field says one is stored
    await expect(form.getByLabel('A központi Folio kulcsa')).toHaveValue('');
    await expect(form.getByText('Van elmentett kulcs; üresen hagyva megmarad.')).toBeVisible();
    await syncNow.click();
    const failure = statusCard.getByRole('alert');
    await expect(failure).toContainText('Az utolsó szinkronizálás nem sikerült', { timeout: 15_000 });
    await expect(failure).toContainText('A központi Folio nem fogadta el a kulcsot. Ellenőrizd a kulcsot lent a beállításokban.');
    await expect(failure).not.toContainText('{');
    await expect(statusCard).toContainText('Még nem – az első sikeres szinkronizáláskor csatlakozik');
    const s = await rpc(device, 'sync.status');
    expect([s.joined, s.own_block_uid, s.last_error_code]).toEqual([false, null, 'auth']);
    const blocks = await rpc<Array<{ attributes: { prefix: string } }>>(remote, 'invoices.blocks');
    expect(blocks.map((b) => b.attributes.prefix)).toEqual(['']);
  });

  await test.step('the right key: Sync now joins, the own block is shown and the prefix is fixed', async () => {
    await form.getByLabel('A központi Folio kulcsa').fill(REMOTE_KEY);
    await form.getByRole('button', { name: 'Mentés' }).click();
    await syncNow.click();
    await expect(statusCard).toContainText('Csatlakozva', { timeout: 15_000 });
    await expect(statusCard.getByRole('alert')).toHaveCount(0);
    await expect(statusCard).toContainText('Laptop (LAP)');
    await expect(form.getByLabel('A gép saját számlatömbjének előtagja')).toBeDisabled();
    await expect(form.getByLabel('A gép saját számlatömbjének előtagja')).toHaveValue('LAP');
    const blocks = await rpc<Array<{ attributes: { prefix: string } }>>(remote, 'invoices.blocks');
    expect(blocks.map((b) => b.attributes.prefix)).toContain('LAP');
  });

  await test.step('a client created on the device appears on the remote', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Ügyfelek' }).click();
    await page.getByRole('button', { name: 'Új ügyfél' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Új ügyfél' });
    await dialog.getByLabel('Név').fill('Szinkron Kft.');
    // a Hungarian company (the dialog's default kind) is invoiced with its tax number, another than the seller's
    await dialog.getByLabel('Adószám', { exact: true }).fill('34567898-2-41');
    await dialog.getByLabel('Irányítószám').fill('6720');
    await dialog.getByLabel('Település').fill('Szeged');
    await dialog.getByLabel('Közterület neve').fill('Kárász');
    await dialog.getByLabel('Házszám').fill('5');
    await dialog.getByRole('button', { name: 'Új ügyfél' }).click();
    await expect(page.getByText('Ügyfél felvéve.')).toBeVisible();
    await openSync(page);
    await syncNow.click();
    await expect.poll(async () => (await remoteClientNamed('Szinkron Kft.'))?.attributes.name, { timeout: 15_000 }).toBe('Szinkron Kft.');
  });

  await test.step('a new invoice defaults to the own block and is numbered with its prefix', async () => {
    const own = (await rpc(device, 'sync.status')).own_block_uid as number;
    await page.getByRole('link', { name: 'Új számla' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
    await page.getByLabel('Ügyfél keresése').fill('Szinkron');
    await page.getByRole('button', { name: /Szinkron Kft\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
    await page.getByLabel('1. tétel – Nettó egységár').fill('10000');
    await page.getByText('További beállítások').click();
    const block = page.getByLabel('Számlatömb');
    await expect(block).toHaveValue(String(own));
    await expect(block.locator('option:checked')).toHaveText('Laptop (LAP)');
    // joined, this computer numbers only in its own block: the list offers no other
    await expect(block.locator('option')).toHaveText(['Laptop (LAP)']);
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Számla LAP / 2026-000001' })).toBeVisible();
    // the worker pushes it by itself soon after
    await expect
      .poll(async () => (await rpc<{ items: Array<{ attributes: { prefixed_invoice_no: string } }> }>(remote, 'invoices.list', {})).items.map((i) => i.attributes.prefixed_invoice_no), { timeout: 15_000 })
      .toContain('LAP / 2026-000001');
  });

  await test.step('the same client changed on both sides: the conflict is listed, Restore brings the lost version back', async () => {
    const onRemote = (await remoteClientNamed('Szinkron Kft.'))!;
    await openSync(page);
    // Sync off while both sides change the client, so the two changes are concurrent.
    await form.getByLabel('Szinkronizálás bekapcsolva').uncheck();
    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(statusCard).toContainText('Kikapcsolva');
    await expect(syncNow).toBeDisabled();

    await rpc(remote, 'clients.update', { id: onRemote.id, name: 'Távoli Név Kft.', email: 'tavoli@example.hu' });
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Ügyfelek' }).click();
    await page.getByRole('button', { name: 'Szinkron Kft.', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ügyfél szerkesztése' });
    await dialog.getByLabel('Név').fill('Helyi Név Kft.');
    await dialog.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('Elmentve.', { exact: true })).toBeVisible();

    await openSync(page);
    await form.getByLabel('Szinkronizálás bekapcsolva').check();
    await form.getByRole('button', { name: 'Mentés' }).click();
    await syncNow.click();
    const conflict = page.getByRole('article', { name: 'Ügyfél: Távoli Név Kft.' });
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await expect(conflict).toContainText('Nyert: az ezen a gépen tett változás');
    await expect(conflict).toContainText('Ezen a gépen és egy másik gépen egyszerre módosították; az itteni változás ért később a központi Folióhoz, ezért az nyert.');
    await expect(conflict.locator('dl')).toContainText('Távoli Név Kft.');
    await expect(conflict.locator('dl')).toContainText('tavoli@example.hu');
    await expect(conflict).not.toContainText('"attributes"');
    await expect(statusCard).toContainText(/Nyitott ütközések\s*1/);
    // this device's later change won on the remote too
    await expect.poll(async () => (await rpc(remote, 'clients.get', { id: onRemote.id })).attributes.name, { timeout: 15_000 }).toBe('Helyi Név Kft.');

    await conflict.getByRole('button', { name: 'Ennek a változatnak a visszaállítása' }).click();
    const confirm = page.getByRole('dialog', { name: 'Visszaállítod ezt a változatot?' });
    await expect(confirm).toContainText('„Távoli Név Kft.”');
    await confirm.getByRole('button', { name: 'Ennek a változatnak a visszaállítása' }).click();
    await expect(page.getByText('A változat visszaállítva.')).toBeVisible();
    await expect(page.getByText('Nincs nyitott ütközés.')).toBeVisible();
    const local = (await rpc<{ items: Array<{ attributes: { name: string; email: string } }> }>(device, 'clients.list', { q: 'Név' })).items;
    expect(local.map((c) => [c.attributes.name, c.attributes.email])).toEqual([['Távoli Név Kft.', 'tavoli@example.hu']]);
    await syncNow.click();
    await expect.poll(async () => (await rpc(remote, 'clients.get', { id: onRemote.id })).attributes.name, { timeout: 15_000 }).toBe('Távoli Név Kft.');

    // the closed one is still there when asked for, marked restored
    await page.getByLabel('A lezártak is (visszaállított ütközések, elvetett műveletek)').check();
    await expect(conflict).toContainText('Visszaállítva:');
    await expect(conflict.getByRole('button', { name: 'Ennek a változatnak a visszaállítása' })).toHaveCount(0);
  });

  await test.step('the screen in English', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Status' }) });
    await expect(status).toContainText('Switched on');
    await expect(status).toContainText('Joined');
    await expect(status).toContainText('Own invoice block');
    await expect(page.getByRole('heading', { name: 'Sync settings' })).toBeVisible();
    await expect(page.getByLabel("Prefix of this computer's invoice block")).toBeDisabled();
    await expect(page.getByText('Fixed since joining: this computer issues invoices under this prefix.')).toBeVisible();
    const conflict = page.getByRole('article', { name: 'Client: Távoli Név Kft.' });
    await expect(conflict).toContainText('Won: the change made on this computer');
    await expect(conflict).toContainText('Changed on this and another computer at the same time; the change made here reached the central Folio later, so it won.');
    await expect(conflict).toContainText('The version that lost');
    await expect(conflict).toContainText('Restored:');
    await expect(page.getByRole('heading', { name: 'Refused operations' })).toBeVisible();
  });

  expect(errors).toEqual([]);
});

test('an operation the remote refused is listed with its details and dismissed', async ({ page }) => {
  // The remote issues an invoice in its own block; the device gets it, then (sync off) records a payment on it
  // while the remote cancels it. The payment is refused when sync resumes.
  const client = (await remoteClientNamed('Távoli Név Kft.'))!;
  const issued = await rpc(remote, 'invoices.create', {
    client_uid: client.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
    items: [{ description: 'Központi munka', vat_id: 1, qty: 1, net_unit_price: 20000 }],
  });
  expect((await rpc(device, 'sync.now')).last_error).toBeNull();
  const onDevice = (await rpc(device, 'invoices.list', {})).items.find((i: any) => i.attributes.prefixed_invoice_no === issued.attributes.prefixed_invoice_no);
  expect(onDevice, 'the remote\'s invoice reached the device').toBeDefined();
  await rpc(device, 'sync.configure', { enabled: false });
  await rpc(remote, 'invoices.cancel', { id: issued.id });
  await rpc(device, 'invoices.pay', { id: onDevice.id, date: '2026-03-15', amount: '5000' });
  await rpc(device, 'sync.configure', { enabled: true });

  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${device.url}/#/sync`);
  await page.getByRole('button', { name: 'Szinkronizálás most' }).click();
  const issue = page.getByRole('article', { name: 'Számla: befizetés' });
  await expect(issue).toBeVisible({ timeout: 15_000 });
  await expect(issue).toContainText(/A payment of invoice .*2026-000001 was refused by the remote: A cancelled invoice cannot be paid/);
  await expect(issue).toContainText('Az elutasított befizetés: 2026. 03. 15., 5000');
  await expect(issue.getByRole('link', { name: 'Megnyitás' })).toHaveAttribute('href', `#/invoices/${onDevice.id}`);
  await issue.getByRole('button', { name: 'Elvetés' }).click();
  await expect(page.getByText('Elvetve.', { exact: true })).toBeVisible();
  await expect(page.getByText('Nincs elutasított művelet.')).toBeVisible();
  expect((await rpc(device, 'sync.status')).open_issues).toBe(0);
  expect(errors).toEqual([]);
});

test('without sync in the runtime the screen says so and the editor keeps working', async ({ page }) => {
  // A server whose core was built without sync: its sync operations answer 501 not_available.
  const bare = await startBareFolio();
  try {
    const status = await fetch(`${bare.url}/rpc/sync.status`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': DEVICE_KEY }, body: '{}' });
    expect(status.status).toBe(501);
    expect(await status.json()).toMatchObject({ success: false, code: 'not_available' });
    await withoutSync(page, bare.url);
  } finally {
    await bare.stop();
  }
});

async function withoutSync(page: Page, url: string) {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${url}/#/sync`);
  await expect(page.getByRole('heading', { level: 1, name: 'Szinkronizálás' })).toBeVisible();
  await expect(page.getByText('A szinkronizálás itt nem érhető el')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Szinkronizálás most' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Új számla' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
  await page.getByText('További beállítások').click();
  // no own block known: the editor keeps its default
  await expect(page.getByLabel('Számlatömb')).toHaveValue('0');
  // the 501s are the only console errors (the browser logs each refused request)
  expect(errors.filter((e) => !/status of 501/.test(e))).toEqual([]);
}
