// The way out of what two devices did while apart, in real Chromium between three real `serve` processes: a remote
// and two devices joined to it (the browser drives the first). Both devices cancel the same invoice while apart, and
// both turn the same proforma into an invoice; after syncing, the Sync screen lists each with its remedy. A new
// invoice with the original's lines is issued from the issue in two clicks; the second invoice of the proforma is
// opened where it can be cancelled.
import { expect, test, type Page } from '@playwright/test';
import { API_KEY as REMOTE_KEY, startRemote, tempDir, type RemoteProcess } from '../sync/support/nodes';
import { API_KEY as DEVICE_KEY, rpcOn, watchErrors, withKey } from './support/folio';
import { addressBody } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

let tmp: ReturnType<typeof tempDir>;
let remote: RemoteProcess;
let laptop: RemoteProcess;
let desk: RemoteProcess;

/** An operation by name on a node's /rpc door (what the UI calls). */
const rpc = <T = any>(node: RemoteProcess, name: string, input: unknown = {}) =>
  rpcOn<T>(node.url, node === remote ? REMOTE_KEY : DEVICE_KEY, name, input);

async function syncOk(node: RemoteProcess): Promise<void> {
  expect((await rpc(node, 'sync.now')).last_error).toBeNull();
}

/** A device's copy of an invoice, found by its number (local ids differ between devices). */
async function byNumber(node: RemoteProcess, number: string): Promise<any> {
  const found = (await rpc(node, 'invoices.list', {})).items.find((i: any) => i.attributes.prefixed_invoice_no === number);
  expect(found, `${number} is on the device`).toBeDefined();
  return found;
}

const ORIGINAL_LINES = [
  { description: 'Tanácsadás', vat_id: 1, qty: 2, unit: 'óra', net_unit_price: 15000 },
  { description: 'Kiszállás', vat_id: 1, qty: 1, unit: 'alkalom', net_unit_price: 8000 },
];

let original: { id: number; number: string };
let secondOfProforma: { id: number; number: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = tempDir('way-out');
  [remote, laptop, desk] = await Promise.all([
    startRemote(tmp.file('remote.db')),
    startRemote(tmp.file('laptop.db'), { apiKey: DEVICE_KEY }),
    startRemote(tmp.file('desk.db'), { apiKey: DEVICE_KEY }),
  ]);
  const seller = { name: 'Minta Bt.', taxcode: '12345676-2-41', address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' } };
  for (const node of [remote, laptop, desk]) await rpc(node, 'settings.update', { seller });
  for (const [node, name, prefix] of [[laptop, 'Laptop', 'LAP'], [desk, 'Asztali', 'DESK']] as const) {
    await rpc(node, 'sync.configure', { base_url: remote.url, api_key: REMOTE_KEY, device_name: name, block_prefix: prefix, enabled: true });
    await syncOk(node);
  }

  // the laptop issues an invoice and a proforma in its own block; the desk gets both
  const own = (await rpc(laptop, 'sync.status')).own_block_uid as number;
  const client = (await rpc(laptop, 'clients.create', { name: 'Kétszer Kft.', billing_address: addressBody() })).id;
  const common = { client_uid: client, payment_method: 2, currency: 'HUF', block_uid: own, fulfillment_date: '2026-03-15', due_date: '2026-03-23' };
  const invoice = await rpc(laptop, 'invoices.create', { ...common, type: 3, items: ORIGINAL_LINES });
  const proforma = await rpc(laptop, 'invoices.create', { ...common, type: 1, items: [{ description: 'Előleg', vat_id: 1, qty: 1, net_unit_price: 50000 }] });
  original = { id: invoice.id, number: invoice.attributes.prefixed_invoice_no };
  await syncOk(laptop);
  await syncOk(desk);

  // apart: each cancels the invoice and turns the proforma into an invoice
  for (const node of [laptop, desk]) await rpc(node, 'sync.configure', { enabled: false });
  await rpc(laptop, 'invoices.cancel', { id: invoice.id });
  await rpc(laptop, 'invoices.generate', { id: proforma.id });
  await rpc(desk, 'invoices.cancel', { id: (await byNumber(desk, original.number)).id });
  const deskGenerated = await rpc(desk, 'invoices.generate', { id: (await byNumber(desk, proforma.attributes.prefixed_invoice_no)).id });
  const deskNumber = (await rpc(desk, 'invoices.get', { id: deskGenerated.id })).attributes.prefixed_invoice_no as string;

  // together again: the laptop sends first, so the desk's documents are the second ones it hears of
  for (const node of [laptop, desk]) await rpc(node, 'sync.configure', { enabled: true });
  await syncOk(laptop);
  await syncOk(desk);
  await syncOk(laptop);
  secondOfProforma = { id: (await byNumber(laptop, deskNumber)).id, number: deskNumber };
  const { issues } = await rpc(laptop, 'sync.conflicts', {});
  expect(issues.map((i: any) => [i.operation, i.data])).toEqual(
    expect.arrayContaining([
      ['cancel', { offset_invoice_uid: original.id }],
      ['generate', { cancel_invoice_uid: secondOfProforma.id }],
    ]),
  );
});

test.afterAll(async () => {
  await Promise.all([laptop?.stop(), desk?.stop(), remote?.stop()]);
  tmp?.remove();
});

async function openSync(page: Page) {
  await withKey(page);
  await page.goto(`${laptop.url}/#/sync`);
  await expect(page.getByRole('heading', { level: 1, name: 'Szinkronizálás' })).toBeVisible();
}

test('a double cancellation: the issue offers a new invoice with the original\'s lines, issued in two clicks', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await openSync(page);

  const issue = page.getByRole('article', { name: 'Számla: sztornó vagy érvénytelenítés' });
  await expect(issue).toContainText(`Invoice ${original.number} was cancelled twice`);
  await expect(issue).toContainText('Ezt a számlát két gép is sztornózta, mindkét sztornó megmarad. A könyvek rendbetételéhez állíts ki új számlát az eredeti tételeivel.');
  const wayOut = issue.getByRole('link', { name: 'Új számla az eredeti tételeivel' });
  await expect(wayOut).toHaveAttribute('href', `#/invoices/new?from=${original.id}`);
  await expect(issue.getByRole('link', { name: 'Megnyitás' })).toHaveAttribute('href', `#/invoices/${original.id}`);
  await expect(issue.getByRole('button', { name: 'Elvetés' })).toBeEnabled();
  await issue.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('sync-issues.png') });

  await wayOut.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla másolatból' })).toBeVisible();
  await expect(page.getByText('Kétszer Kft.').first()).toBeVisible();
  for (const [n, line] of ORIGINAL_LINES.entries()) {
    await expect(page.getByLabel(`${n + 1}. tétel – Megnevezés`)).toHaveValue(line.description);
    await expect(page.getByLabel(`${n + 1}. tétel – Mennyiség`)).toHaveValue(String(line.qty));
    await expect(page.getByLabel(`${n + 1}. tétel – Nettó egységár`)).toHaveValue(String(line.net_unit_price));
  }
  await expect(page.getByLabel('3. tétel – Megnevezés')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('editor-prefilled.png') });

  await page.getByRole('button', { name: 'Számla kiállítása' }).click();
  await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
  // LAP / 2026-000001 is the original, 000002 this laptop's storno, 000003 the invoice of the proforma
  await expect(page.getByRole('heading', { level: 1, name: 'Számla LAP / 2026-000004' })).toBeVisible();
  const issued = await byNumber(laptop, 'LAP / 2026-000004');
  const fresh = (await rpc(laptop, 'invoices.get', { id: issued.id })).attributes;
  expect([fresh.type, fresh.status === 4, fresh.cancels_uid, fresh.client.name]).toEqual([3, false, null, 'Kétszer Kft.']);
  expect(fresh.items.map((it: any) => [it.description, Number(it.qty), it.unit, Number(it.net_unit_price)])).toEqual(
    ORIGINAL_LINES.map((l) => [l.description, l.qty, l.unit, l.net_unit_price]),
  );

  // set right: the issue is dismissed, and with it the remedy is no longer offered
  await openSync(page);
  await issue.getByRole('button', { name: 'Elvetés' }).click();
  await expect(page.getByText('Elvetve.', { exact: true })).toBeVisible();
  await expect(issue).toHaveCount(0);
  await page.getByLabel('A lezártak is (visszaállított ütközések, elvetett műveletek)').check();
  await expect(issue).toContainText('Elvetve:');
  await expect(issue.getByRole('link', { name: 'Új számla az eredeti tételeivel' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('one proforma turned into an invoice twice: the issue opens the second invoice, where it can be cancelled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await openSync(page);
  const issue = page.getByRole('article', { name: 'Számla: számla díjbekérőből' });
  await expect(issue).toContainText(`cancel ${secondOfProforma.number}`);
  await expect(issue).toContainText('Ugyanabból a díjbekérőből két gép is számlát készített');
  // one link to the invoice, named for what it is for
  await expect(issue.getByRole('link')).toHaveCount(1);
  await issue.getByRole('link', { name: 'Számla megnyitása' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Számla ${secondOfProforma.number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sztornózás' })).toBeVisible();
  await page.goBack();
  await issue.getByRole('button', { name: 'Elvetés' }).click();
  await expect(page.getByText('Nincs elutasított művelet.')).toBeVisible();
  expect(errors).toEqual([]);
});
