// A day on the team server (issue 20, "done when"): one PostgreSQL-backed Folio; three desktops (whole runtimes on
// their own SQLite files) that belong to the owner and two staff members, each issuing offline in its own block; a
// browser user signing in with her own key; the accountant reading along and refused every write; an interface
// client issuing over the REST door with its own key. After sync every node holds the same books, and the audit log
// names who did what.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../electron/server/start';
import { freshPgDatabase } from '../support/postgres';
import { configure, openDevice, syncUntilQuiet, tempDir, type Device } from '../sync/support/nodes';
import { differences, snapshot } from '../sync/support/digest';
import { openPostgres } from '../../electron/db/pg/open';
import { seedSeller } from '../support/fixtures';
import { UI_DIR, watchErrors } from './support/folio';
import { shotPath } from './support/shots';

const OWNER_KEY = 'team-owner-key-0123456789abcdef';
const NOW = '2026-03-15T10:00:00+01:00';

async function rest(url: string, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { 'X-API-KEY': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const buyer = (name: string) => ({
  name,
  email: 'szamla@example.com',
  taxcode: '12345676-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
});
const invoice = (clientUid: number, blockUid = 0) => ({
  client_uid: clientUid,
  block_uid: blockUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 3500, unit: 'óra' }],
});

test('three desktops, a browser user, the accountant and an interface client keep one set of books on PostgreSQL', async ({ page }) => {
  test.setTimeout(240_000);
  const url = await freshPgDatabase();
  const tmp = tempDir('team-day');
  let server: RunningServer | undefined;
  const devices: Device[] = [];
  try {
    server = await startServer({
      pgUrl: url,
      port: 0,
      auth: { apiKey: OWNER_KEY },
      now: NOW,
      uiDir: UI_DIR,
      env: { FOLIO_SECRET_KEY: randomBytes(32).toString('base64'), FOLIO_RATES_PREFETCH: 'off' },
    });
    const base = server.url;
    await seedSeller(server.core);

    // The owner adds the team, each with a key of their own (shown once).
    const keyFor = async (name: string, role: string) => {
      const user = await rest(base, OWNER_KEY, 'POST', '/users', { name, role });
      expect(user.status, JSON.stringify(user.body)).toBe(200);
      const key = await rest(base, OWNER_KEY, 'POST', `/users/${user.body.data.id}/keys`);
      expect(key.status, JSON.stringify(key.body)).toBe(200);
      return key.body.data.secret as string;
    };
    const anna = await keyFor('Kovács Anna', 'staff');
    const bela = await keyFor('Nagy Béla', 'staff');
    const dora = await keyFor('Tóth Dóra', 'staff');
    const kata = await keyFor('Szabó Kata', 'accountant');
    const webshop = await keyFor('Webshop', 'staff');

    // Three desktops: the owner's laptop, Anna's and Béla's, each joining with its user's key.
    const desks = [
      { name: 'Tulajdonos gépe', key: OWNER_KEY, prefix: 'TUL' },
      { name: 'Anna gépe', key: anna, prefix: 'ANNA' },
      { name: 'Béla gépe', key: bela, prefix: 'BELA' },
    ];
    for (const [i, d] of desks.entries()) {
      const device = await openDevice(d.name, tmp.file(`desk-${i}.db`));
      devices.push(device);
      await configure(device, base, { api_key: d.key, block_prefix: d.prefix });
    }
    await syncUntilQuiet(devices);

    // Offline, each desktop issues in its own block.
    for (const device of devices) {
      const core = device.runtime.core;
      const own = (await core.call('sync.status', {})).own_block_uid!;
      const client = (await core.call('clients.create', buyer(`${device.name} vevője Kft.`) as never)).id;
      for (let i = 0; i < 3; i++) await core.call('invoices.create', invoice(client, own) as never);
    }
    // An interface client (the webshop) issues over the REST door with its own key, in the server's block.
    const shopClient = await rest(base, webshop, 'POST', '/clients', buyer('Webshop vevő Bt.'));
    const shopInvoice = await rest(base, webshop, 'POST', '/invoices', invoice(shopClient.body.data.id));
    expect(shopInvoice.status, JSON.stringify(shopInvoice.body)).toBe(200);
    expect(shopInvoice.body.data.attributes.invoice_no).toBe('2026-000001');

    await syncUntilQuiet(devices);

    // Everything is on all four nodes.
    const reader = await openPostgres(url, { migrate: false, max: 2 });
    try {
      const remote = await snapshot(reader.db, true);
      expect(remote.invoices.length).toBe(10);
      for (const device of devices) expect(differences(remote, await snapshot(device.opened.db, false)), device.name).toEqual([]);
    } finally {
      await reader.close();
    }

    // The accountant reads everything and writes nothing.
    const seen = await rest(base, kata, 'GET', '/invoices?per_page=50');
    expect(seen.status).toBe(200);
    expect(seen.body.data.length).toBe(10);
    const refused = await rest(base, kata, 'POST', '/invoices', invoice(shopClient.body.data.id));
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);

    // Dóra works in the browser: her own key on the key screen, the list shows every desktop's invoices.
    const errors = watchErrors(page);
    await page.goto(`${base}/#/invoices`);
    await page.getByLabel('API-kulcs').fill(dora);
    await page.getByRole('button', { name: 'Belépés' }).click();
    await expect(page.getByRole('navigation', { name: 'Fő menü' })).toBeVisible();
    await page.goto(`${base}/#/invoices`);
    for (const prefix of ['TUL', 'ANNA', 'BELA']) await expect(page.getByRole('link', { name: `${prefix} / 2026-000003` }).first()).toBeVisible();
    // Her name and role are in the sidebar; a staff member is offered no settings.
    const nav = page.getByRole('navigation', { name: 'Fő menü' });
    await expect(page.getByText('Tóth Dóra · Munkatárs')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Beállítások' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Szinkronizálás' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Új számla' }).first()).toBeVisible();
    await page.screenshot({ path: shotPath('team', 'invoices-browser-user-hu'), fullPage: true });
    expect(errors).toEqual([]);

    // The accountant in her own browser tab: reads and reports, no new invoice, no settings.
    const kataPage = await page.context().newPage();
    await kataPage.goto(`${base}/#/`);
    await kataPage.getByLabel('API-kulcs').fill(kata);
    await kataPage.getByRole('button', { name: 'Belépés' }).click();
    await expect(kataPage.getByText('Szabó Kata · Könyvelő')).toBeVisible();
    const kataNav = kataPage.getByRole('navigation', { name: 'Fő menü' });
    await expect(kataNav.getByRole('link', { name: 'Kimutatások' })).toBeVisible();
    await expect(kataNav.getByRole('link', { name: 'Beállítások' })).toHaveCount(0);
    await expect(kataPage.locator('aside').getByRole('link', { name: 'Új számla' })).toHaveCount(0);
    await kataPage.screenshot({ path: shotPath('team', 'accountant-sidebar-hu'), fullPage: true });

    // The audit log names each writer.
    const log = await rest(base, OWNER_KEY, 'GET', '/audit-log?limit=200');
    expect(log.status).toBe(200);
    const entries = log.body.data.items as Array<{ user_name: string; operation: string }>;
    const writers = new Set(entries.filter((e) => e.operation.startsWith('sync.') || e.operation.startsWith('invoices.')).map((e) => e.user_name));
    for (const name of ['Kovács Anna', 'Nagy Béla', 'Webshop']) expect(writers).toContain(name);
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await server?.close();
    tmp.remove();
  }
});
