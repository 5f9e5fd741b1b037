// The legal checks before an invoice is numbered (electron/core/invoices/legal/rules.ts), one invalid invoice per
// rule: refused over HTTP and by the core with a 422 naming the field and the reason, nothing written (the table
// digest is unchanged), and answered alike by the dry run POST /invoices/check. Then every other way an invoice is
// issued: a draft, a proforma's invoice, a recurring occurrence (shown on its profile, issued once fixed), and a
// cancellation, which must stay possible.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { createRecurringScheduler } from '../../electron/core/recurring/scheduler';
import {
  TEST_SELLER,
  SELLER_TAXCODE,
  addressBody,
  clientBody,
  invoiceBody,
  netItem,
  openTestCore,
  startTestServer,
  tableDigest,
  type TestCore,
  type TestServer,
} from '../support/fixtures';

interface Case {
  rule: string;
  /** the seller the server has (default TEST_SELLER) */
  seller?: Record<string, unknown>;
  client?: Record<string, unknown>;
  invoice?: Record<string, unknown>;
  field: string;
  reason: string;
}

const GERMAN_ADDRESS = addressBody({ postcode: '10115', city: 'Berlin', street_name: 'Invalidenstraße', street_type: '', house_nr: '10', country: 'DE' });

const CASES: Case[] = [
  { rule: 'the seller has no tax number', seller: { ...TEST_SELLER, taxcode: '' }, field: 'seller.taxcode', reason: 'tax_number_required' },
  { rule: "the seller's address has no house number", seller: { ...TEST_SELLER, address: { ...TEST_SELLER.address, house_nr: '' } }, field: 'seller.address.house_nr', reason: 'required' },
  { rule: "the seller's address has no country", seller: { ...TEST_SELLER, address: { ...TEST_SELLER.address, country: '' } }, field: 'seller.address.country', reason: 'required' },
  { rule: 'the buyer has no address', client: { billing_address: { country: 'Magyarország' } }, field: 'client.address.postcode', reason: 'required' },
  { rule: "the buyer's address has no street", client: { billing_address: addressBody({ street_name: '' }) }, field: 'client.address.street_name', reason: 'required' },
  { rule: 'a Hungarian company with no tax number', client: { taxcode: '' }, field: 'client.taxcode', reason: 'tax_number_required' },
  { rule: "the buyer has the seller's own tax number", client: { taxcode: SELLER_TAXCODE }, field: 'client.taxcode', reason: 'own_tax_number' },
  {
    rule: 'a German company with no community VAT number',
    client: { tax_type: 'FOREIGN', taxcode: '', eu_taxcode: '', billing_address: GERMAN_ADDRESS },
    field: 'client.eu_taxcode',
    reason: 'eu_vat_number_required',
  },
  {
    rule: 'an intra-EU supply from a seller with no community VAT number',
    client: { tax_type: 'FOREIGN', taxcode: '', eu_taxcode: 'DE123456789', billing_address: GERMAN_ADDRESS },
    invoice: { items: [netItem(1000, { vat_id: 5, entitlement: 'KBAET' })] },
    field: 'seller.eu_taxcode',
    reason: 'eu_vat_number_required',
  },
  { rule: 'an alanyi adómentes seller charging 27 % VAT', seller: { ...TEST_SELLER, vat_status: 'exempt' }, field: 'items.0.vat_id', reason: 'exempt_seller_vat' },
  { rule: 'the due date before the issue date', invoice: { due_date: '2026-03-14' }, field: 'due_date', reason: 'due_before_issue' },
  {
    rule: 'a discount larger than the lines',
    invoice: { items: [netItem(1000), netItem(-2000, { description: 'Kedvezmény' })] },
    field: 'items',
    reason: 'negative_total',
  },
];

function expectProblem(errors: Array<{ field: string; reason?: string; message: string }>, c: Case) {
  expect(errors, c.rule).toContainEqual(expect.objectContaining({ field: c.field, reason: c.reason }));
  for (const e of errors) expect(e.message.length, `${e.field} has a message`).toBeGreaterThan(10);
}

for (const c of CASES) {
  test(`refused before numbering: ${c.rule}`, async () => {
    const s = await startTestServer();
    try {
      if (c.seller) await s.core.call('settings.update', { seller: c.seller } as never);
      const client = (await s.api.ok('POST', '/clients', { body: clientBody({ force: true, ...c.client }) })).data.id as number;
      const body = invoiceBody(client, c.invoice);
      const before = await tableDigest(s);

      const http = await s.api.post('/invoices', body);
      expect(http.status).toBe(422);
      expect(http.body).toMatchObject({ success: false, code: 'rule_violation' });
      expectProblem(http.body.errors, c);

      const core = await s.core.call('invoices.create', body as never).catch((e: unknown) => e);
      expect(core).toBeInstanceOf(FolioError);
      expectProblem((core as FolioError).errors ?? [], c);

      const dry = await s.api.ok('POST', '/invoices/check', { body });
      expect(dry.type).toBe('invoice_check');
      expectProblem(dry.data.errors, c);
      expect(await tableDigest(s)).toBe(before);
    } finally {
      await s.close();
    }
  });
}

test('a fresh installation has no seller: the first invoice asks for it instead of issuing', async () => {
  const s = await startTestServer({ seller: false });
  try {
    const client = (await s.api.ok('POST', '/clients', { body: clientBody() })).data.id as number;
    const before = await tableDigest(s);
    const res = await s.api.post('/invoices', invoiceBody(client));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'seller', reason: 'seller_missing' })]);
    expect(res.body.error).toMatch(/Set up the seller first/);
    expect(await tableDigest(s)).toBe(before);
    // a draft and a proforma are no tax documents yet: they may wait for the seller
    expect((await s.api.post('/invoices', invoiceBody(client, { type: 0 }))).status).toBe(200);
  } finally {
    await s.close();
  }
});

test('the dry run answers a complete invoice with no errors, a late one with a warning, and writes nothing', async () => {
  const s: TestServer = await startTestServer();
  try {
    const client = (await s.api.ok('POST', '/clients', { body: clientBody() })).data.id as number;
    const before = await tableDigest(s);
    expect((await s.api.ok('POST', '/invoices/check', { body: invoiceBody(client) })).data).toEqual({ errors: [], warnings: [] });
    const late = await s.api.ok('POST', '/invoices/check', { body: invoiceBody(client, { fulfillment_date: '2026-03-01' }) });
    expect(late.data.errors).toEqual([]);
    expect(late.data.warnings).toEqual([expect.objectContaining({ field: 'fulfillment_date', reason: 'late_issue', message: expect.stringMatching(/14 days .* within 8 days/) })]);
    expect(await tableDigest(s)).toBe(before);
    // a warning does not refuse: the late invoice is issued
    const issued = await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { fulfillment_date: '2026-03-01' }) });
    expect(issued.data.attributes.invoice_no).toBe('2026-000001');
    // the same operation over the core's other doors (IPC, rpc) is the same call
    expect(await s.core.call('invoices.check', invoiceBody(client) as never)).toEqual({ errors: [], warnings: [] });
  } finally {
    await s.close();
  }
});

test('a draft with an incomplete buyer is not issued; fixed, it is', async () => {
  const s = await startTestServer();
  try {
    const client = (await s.api.ok('POST', '/clients', { body: clientBody({ billing_address: { city: 'Szeged', country: 'HU' } }) })).data.id as number;
    const draft = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { type: 0 }) })).data.id as number;
    const before = await tableDigest(s);
    const refused = await s.api.post(`/invoices/${draft}/issue`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['client.address.postcode', 'client.address.street_name', 'client.address.house_nr']);
    expect(await tableDigest(s)).toBe(before);
    await s.api.ok('PUT', `/clients/${client}`, { body: { billing_address: addressBody({ city: 'Szeged', postcode: '6720' }) } });
    const issued = await s.api.ok('POST', `/invoices/${draft}/issue`, {});
    expect(issued.data.attributes).toMatchObject({ type: 3, invoice_no: '2026-000001' });
    expect(issued.data.attributes.client.billing_address).toMatchObject({ postcode: '6720', city: 'Szeged' });
  } finally {
    await s.close();
  }
});

test("a proforma's invoice names the buyer as it is now: refused while the address is missing, generated once fixed", async () => {
  const s = await startTestServer();
  try {
    const client = (await s.api.ok('POST', '/clients', { body: clientBody({ billing_address: { country: 'HU' } }) })).data.id as number;
    const proforma = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { type: 1 }) })).data.id as number;
    const before = await tableDigest(s);
    const refused = await s.api.get(`/invoices/${proforma}/generate`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'client.address.city', reason: 'required' }));
    expect(await tableDigest(s)).toBe(before);
    await s.api.ok('PUT', `/clients/${client}`, { body: { billing_address: addressBody() } });
    const generated = (await s.api.ok('GET', `/invoices/${proforma}/generate`)).id as number;
    const invoice = (await s.api.ok('GET', `/invoices/${generated}`)).data.attributes;
    expect(invoice).toMatchObject({ type: 3, invoice_no: '2026-000001' });
    expect(invoice.client.billing_address).toMatchObject(addressBody());
  } finally {
    await s.close();
  }
});

/** A monthly profile from 10 March whose seller lost its tax number: its first occurrence is due and refused. */
async function waitingProfile(t: TestCore) {
  const client = (await t.core.call('clients.create', clientBody())).id;
  const base = (await t.core.call('invoices.create', invoiceBody(client, { type: 0 }) as never)).id;
  const profile = (await t.core.call('recurring.create', { base_invoice_uid: base, frequency: '1M', start_date: '2026-03-10', due_days: 8 } as never)).id;
  await t.core.call('settings.update', { seller: { ...TEST_SELLER, taxcode: '' } } as never);
  return { profile, scheduler: createRecurringScheduler({ core: t.core, onError: () => {} }) };
}

test('a recurring occurrence that fails is not skipped: the profile shows why, and it is issued once fixed', async () => {
  const t = await openTestCore();
  try {
    const { profile, scheduler } = await waitingProfile(t);

    const failed = await scheduler.runOnce();
    expect(failed.issued).toEqual([]);
    expect(failed.failed).toEqual([expect.objectContaining({ profile_id: profile, occurrence_date: '2026-03-10', code: 'rule_violation' })]);
    const waiting = (await t.core.call('recurring.get', { id: profile })).attributes;
    expect(waiting.used_qty).toBe(0);
    expect(waiting.last_failure).toMatchObject({ occurrence_date: '2026-03-10', code: 'rule_violation', errors: [expect.objectContaining({ field: 'seller.taxcode', reason: 'tax_number_required' })] });

    await t.core.call('settings.update', { seller: TEST_SELLER } as never);
    const fixed = await scheduler.runOnce();
    expect(fixed.issued).toEqual([expect.objectContaining({ profile_id: profile, occurrence_date: '2026-03-10', invoice_no: '2026-000001' })]);
    const after = (await t.core.call('recurring.get', { id: profile })).attributes;
    expect(after).toMatchObject({ used_qty: 1, last_recurring_date: '2026-03-10', last_failure: null });
  } finally {
    await t.close();
  }
});

test('cancelling stays possible whatever changed since: it is how a wrong invoice is corrected', async () => {
  const s = await startTestServer();
  try {
    const client = (await s.api.ok('POST', '/clients', { body: clientBody() })).data.id as number;
    const invoice = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client) })).data.id as number;
    // the seller's data is incomplete now, and the buyer lost its address: a new invoice is refused…
    await s.core.call('settings.update', { seller: { ...TEST_SELLER, taxcode: '' } } as never);
    await s.api.ok('PUT', `/clients/${client}`, { body: { billing_address: { postcode: '', city: '', street_name: '', house_nr: '' } } });
    expect((await s.api.post('/invoices', invoiceBody(client))).status).toBe(422);
    // …but the issued one is still cancelled, its storno mirroring it
    const cancelling = await s.api.ok('GET', `/invoices/${invoice}/cancel`);
    expect(cancelling.data.attributes).toMatchObject({ invoice_no: '2026-000002', total: -4445 });
  } finally {
    await s.close();
  }
});

test('skipping the occurrence that waits clears why it waited', async () => {
  const t = await openTestCore();
  try {
    const { profile, scheduler } = await waitingProfile(t);
    await scheduler.runOnce();
    expect((await t.core.call('recurring.get', { id: profile })).attributes.last_failure).toMatchObject({ occurrence_date: '2026-03-10' });
    await scheduler.skipOccurrence(profile, '2026-03-10');
    const after = (await t.core.call('recurring.get', { id: profile })).attributes;
    expect(after.last_failure).toBeNull();
    expect(after.next_date).toBe('2026-04-10');
  } finally {
    await t.close();
  }
});
