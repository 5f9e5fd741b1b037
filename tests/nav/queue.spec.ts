// The DB-backed NAV queue end to end: createRuntime on a database file issues invoices (the seal hook queues their
// reports), the reporter sends them to the fake NAV server over real HTTP, and `invoices.duties` shows the outcome.
// NAV down and back, NAV aborting, reporting off until credentials are given, reports that cannot be built, and
// `nav.retry` after an abort.
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { FolioError } from '../../shared/errors';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { allReports, cancel, issue, navEnv, openRig, reportOf, SELLER, setUpBusiness, tempDbFile, xmlOf, type QueueRig } from './queue-rig';

let nav: FakeNav | undefined;
let rigs: QueueRig[] = [];
let cleanups: Array<() => void> = [];

test.afterEach(async () => {
  for (const r of rigs) await r.close();
  await nav?.close();
  for (const c of cleanups) c();
  nav = undefined;
  rigs = [];
  cleanups = [];
});

async function setup(o: { reporting?: boolean; file?: string } = {}) {
  nav ??= await startFakeNav({ validateResponses: true });
  let file = o.file;
  if (!file) {
    const tmp = tempDbFile();
    cleanups.push(tmp.remove);
    file = tmp.file;
  }
  const rig = await openRig({ file, ...(o.reporting === false ? {} : { navUrl: nav.baseUrl }) });
  rigs.push(rig);
  return { nav, rig, core: rig.core, db: rig.db };
}

const submissions = (n: FakeNav) => n.calls.filter((c) => c.operation === 'manageInvoice' && c.status === 200).length;

test('a normal invoice and its cancellation are reported (CREATE, then STORNO of it) and duties show them done', async () => {
  const { nav, rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  const inv = await issue(core, client, [
    { description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' },
    { description: 'Szakkönyv', vat_id: '2', qty: '1', net_unit_price: '4990', unit: 'db' },
  ]);
  expect(await core.call('invoices.duties', { id: inv.id })).toMatchObject({ nav_enabled: true, nav: { state: 'waiting', transaction_id: null } });

  await rig.rt.nav.pass();
  const sent = await reportOf(db, inv.id);
  expect(sent).toMatchObject({ state: 'done', operation: 'CREATE', invoice_number: inv.number, attempts: 0, error_code: null, messages: '[]' });
  expect(await core.call('invoices.duties', { id: inv.id })).toEqual({
    nav_enabled: true,
    nav: { state: 'done', transaction_id: sent.transaction_id, error_code: null, error_message: null, updated_at: sent.updated_at },
    email: [],
  });

  const storno = await cancel(core, inv.id);
  await rig.rt.nav.pass();
  const cancelled = await reportOf(db, storno.id);
  expect(cancelled).toMatchObject({ state: 'done', operation: 'STORNO', invoice_number: storno.number, messages: '[]' });
  expect((await core.call('invoices.duties', { id: storno.id })).nav).toMatchObject({ state: 'done', transaction_id: cancelled.transaction_id });
  const xml = xmlOf(cancelled);
  expect(xml).toContain(`<originalInvoiceNumber>${inv.number}</originalInvoiceNumber>`);
  expect(xml).toContain('<lineNumberReference>3</lineNumberReference>'); // the chain continues after the 2 original lines

  // NAV got exactly these bytes, once each, and found nothing to warn about (the fake runs NAV-like checks)
  expect(nav.transactions.map((t) => [t.operation, t.invoiceNumber, t.transactionId])).toEqual([
    ['CREATE', inv.number, sent.transaction_id],
    ['STORNO', storno.number, cancelled.transaction_id],
  ]);
  expect(nav.transactions.map((t) => t.invoiceDataBase64)).toEqual([sent.invoice_data, cancelled.invoice_data]);
  expect(nav.transactions.map((t) => t.final?.business)).toEqual([[], []]);
  await nav.idle();
  expect(nav.responseSchemaErrors).toEqual([]);
  expect(await rig.rt.nav.store.due(new Date(Date.now() + 3600_000), 10)).toEqual([]);
});

test('line nature comes from the product (is_service), else from the unit; the STORNO mirrors it', async () => {
  const { rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  const service = await core.call('products.create', { name: 'Karbantartás', price: '12000', unit: 'db', vat_id: '1', is_service: 1 });
  const goods = await core.call('products.create', { name: 'Bérleti idő', price: '5000', unit: 'óra', vat_id: '1', is_service: 0 });
  const plain = await core.call('products.create', { name: 'Csavar', price: '100', unit: 'óra', vat_id: '1' });
  const inv = await issue(core, client, [
    { product_uid: service.id, qty: '1' }, // unit db would say PRODUCT; the product says SERVICE
    { product_uid: goods.id, qty: '2' }, // unit óra would say SERVICE; the product says PRODUCT
    { product_uid: plain.id, qty: '3' }, // never told: the unit decides (SERVICE)
    { description: 'Cement', vat_id: '1', qty: '25', net_unit_price: '80', unit: 'kg' }, // no product: the unit (kg: PRODUCT)
  ]);
  await core.call('products.delete', { id: service.id }); // a deleted product still tells what was sold
  const storno = await cancel(core, inv.id);
  await rig.rt.nav.pass();

  const natures = (xml: string) => [...xml.matchAll(/<lineNatureIndicator>(\w+)<\/lineNatureIndicator>/g)].map((m) => m[1]);
  expect(natures(xmlOf(await reportOf(db, inv.id)))).toEqual(['SERVICE', 'PRODUCT', 'SERVICE', 'PRODUCT']);
  expect(natures(xmlOf(await reportOf(db, storno.id)))).toEqual(['SERVICE', 'PRODUCT', 'SERVICE', 'PRODUCT']);
  expect((await allReports(db)).map((r) => r.state)).toEqual(['done', 'done']);
});

test('NAV down (connections refused, then 503) and back: the reports wait, retry with backoff, and nothing is lost', async () => {
  const { nav, rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  const invoices = [await issue(core, client), await issue(core, client), await issue(core, client)];

  await nav.down('refused');
  await rig.rt.nav.pass();
  let reports = await allReports(db);
  // the first one tried twice (attemptsPerRun) and was given a time; the pass ended there, the others kept their turn
  expect(reports.map((r) => [r.state, r.attempts, r.error_code])).toEqual([
    ['waiting', 2, 'NETWORK_ERROR'],
    ['waiting', 0, null],
    ['waiting', 0, null],
  ]);
  expect(reports[0]!.next_attempt_at).not.toBeNull();
  expect(reports[0]!.submitted_at).toBeNull(); // the token exchange failed: nothing can be at NAV
  const duty = await core.call('invoices.duties', { id: invoices[0]!.id });
  expect(duty.nav).toMatchObject({ state: 'waiting', error_code: 'NETWORK_ERROR' });
  expect(duty.nav!.error_message).toMatch(/could not be reached/);

  await nav.up();
  await nav.down('unavailable'); // listening again, but every answer a 503
  await pastBackoff(db);
  await rig.rt.nav.pass();
  reports = await allReports(db);
  expect(reports[0]).toMatchObject({ state: 'waiting', attempts: 4 });
  expect(reports[0]!.error_code).toBe('SERVER_ERROR');
  expect(nav.calls.some((c) => c.status === 503)).toBe(true);

  await nav.up();
  await pastBackoff(db);
  await rig.rt.nav.pass();
  reports = await allReports(db);
  expect(reports.map((r) => [r.state, r.attempts, r.error_code, r.next_attempt_at])).toEqual(
    invoices.map(() => ['done', 0, null, null]),
  );
  for (const inv of invoices) expect(nav.submissions(inv.number)).toBe(1);
  expect(submissions(nav)).toBe(3);
});

test('NAV aborts a report: its code and reason are in duties; nav.retry sends a fresh one and keeps the history', async () => {
  const { nav, rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  const inv = await issue(core, client);
  nav.abortInvoice(inv.number, 'MANDATORY_CONTENT_MISSING', 'Hiányzó kötelező adat');
  await rig.rt.nav.pass();

  const aborted = await reportOf(db, inv.id);
  expect(aborted.state).toBe('aborted');
  const duty = await core.call('invoices.duties', { id: inv.id });
  expect(duty.nav).toMatchObject({ state: 'aborted', error_code: 'MANDATORY_CONTENT_MISSING', transaction_id: aborted.transaction_id });
  expect(duty.nav!.error_message).toBe('Mandatory element of the invoice is missing.');
  expect(JSON.parse(aborted.messages)).toEqual([expect.objectContaining({ severity: 'ERROR', code: 'MANDATORY_CONTENT_MISSING' })]);
  expect(await rig.rt.nav.store.due(new Date(Date.now() + 86_400_000), 10)).toEqual([]); // an abort waits for a person

  // queued again: rebuilt from the invoice, NAV's earlier answer kept
  const retried = await core.call('nav.retry', { id: inv.id });
  expect(retried.nav).toMatchObject({ state: 'waiting', transaction_id: null, error_code: null });
  const fresh = await reportOf(db, inv.id);
  expect(fresh).toMatchObject({ invoice_data: null, submitted_at: null, attempts: 0, messages: '[]' });
  expect(JSON.parse(fresh.history)).toEqual([
    expect.objectContaining({ state: 'aborted', transaction_id: aborted.transaction_id, error_code: 'MANDATORY_CONTENT_MISSING' }),
  ]);
  await rig.rt.nav.pass();
  // the fake still refuses this number: a second, legitimate submission (NAV stored nothing of the first)
  expect(await reportOf(db, inv.id)).toMatchObject({ state: 'aborted', error_code: 'MANDATORY_CONTENT_MISSING' });
  expect(nav.submissions(inv.number)).toBe(2);

  // refused where it makes no sense
  const done = await issue(core, client);
  await rig.rt.nav.pass();
  await expect(core.call('nav.retry', { id: done.id })).rejects.toMatchObject({ code: 'conflict' });
  const draft = await core.call('invoices.create', {
    client_uid: client,
    payment_method: 2,
    currency: 'HUF',
    type: 0,
    fulfillment_date: '2025-03-10',
    due_date: '2025-03-18',
    items: [{ description: 'x', vat_id: '1', qty: '1', net_unit_price: '1', unit: 'db' }],
  });
  await expect(core.call('nav.retry', { id: draft.id })).rejects.toBeInstanceOf(FolioError);
  await expect(core.call('nav.retry', { id: 999 })).rejects.toMatchObject({ code: 'not_found' });
});

test('data NAV refused (schema): the cancellation waits for its original; after nav.retry both go out in one pass', async () => {
  const { nav, rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  const inv = await issue(core, client);
  // An earlier Folio built broken data for this invoice (the element NAV requires first is gone).
  const report = await reportOf(db, inv.id);
  await rig.rt.nav.store.load(report.id);
  const broken = xmlOf(await reportOf(db, inv.id)).replace(/<invoiceIssueDate>[^<]*<\/invoiceIssueDate>/, '');
  await rig.db
    .withTables<{ nav_reports: { id: number; invoice_data: string } }>()
    .updateTable('nav_reports')
    .set({ invoice_data: Buffer.from(broken).toString('base64') })
    .where('id', '=', report.id)
    .execute();
  await rig.rt.nav.pass();
  expect((await core.call('invoices.duties', { id: inv.id })).nav).toMatchObject({ state: 'aborted', error_code: 'SCHEMA_VIOLATION' });

  const storno = await cancel(core, inv.id);
  await rig.rt.nav.pass();
  // NAV has no original: a STORNO now would only be aborted (INVALID_INVOICE_REFERENCE), so it is not sent
  expect(await reportOf(db, storno.id)).toMatchObject({ state: 'waiting', submitted_at: null, invoice_data: null });
  expect(nav.submissions(storno.number)).toBe(0);

  await core.call('nav.retry', { id: inv.id });
  await rig.rt.nav.pass();
  expect((await core.call('invoices.duties', { id: inv.id })).nav).toMatchObject({ state: 'done', error_code: null });
  expect((await core.call('invoices.duties', { id: storno.id })).nav).toMatchObject({ state: 'done' });
  expect(nav.transactions.map((t) => [t.operation, t.invoiceNumber, t.final?.status])).toEqual([
    ['CREATE', inv.number, 'ABORTED'],
    ['CREATE', inv.number, 'DONE'],
    ['STORNO', storno.number, 'DONE'],
  ]);
});

test('reporting off: reports wait in the queue (nav_enabled false); a runtime with credentials sends the backlog', async () => {
  const { nav, rig, core, db } = await setup({ reporting: false });
  const client = await setUpBusiness(core);
  const a = await issue(core, client);
  const b = await issue(core, client);
  const storno = await cancel(core, a.id);
  await rig.rt.start();
  await rig.rt.nav.pass();
  expect(rig.rt.nav.enabled).toBe(false);
  for (const id of [a.id, b.id, storno.id]) {
    expect(await core.call('invoices.duties', { id })).toMatchObject({ nav_enabled: false, nav: { state: 'waiting', error_code: null } });
  }
  expect(nav.calls).toEqual([]);
  const file = rig.file;
  await rig.close();
  rigs = [];

  const on = await setup({ file });
  expect(on.rig.rt.nav.enabled).toBe(true);
  await on.rig.rt.nav.pass();
  for (const id of [a.id, b.id, storno.id]) {
    expect(await on.core.call('invoices.duties', { id })).toMatchObject({ nav_enabled: true, nav: { state: 'done' } });
  }
  expect(nav.transactions.map((t) => [t.operation, t.invoiceNumber])).toEqual([
    ['CREATE', a.number],
    ['CREATE', b.number],
    ['STORNO', storno.number],
  ]);
  expect((await allReports(on.db)).every((r) => r.state === 'done')).toBe(true);
});

test('reports that cannot be built, or need none, do not hold up the queue', async () => {
  const { nav, rig, core } = await setup();
  // A seller established in Austria invoices lawfully with its EU VAT number alone (legal/rules.ts), but NAV takes
  // reports only under a Hungarian tax number: this report cannot be built.
  const abroad = { country: 'AT', postcode: '1010', city: 'Wien', street_name: 'Kärntner', street_type: 'Straße', house_nr: '12' };
  const client = await setUpBusiness(core, { taxcode: '', eu_taxcode: 'ATU12345678', address: abroad });
  const noTaxNumber = await issue(core, client);
  await core.call('settings.update', { seller: { ...SELLER, eu_taxcode: '' } });
  const ossClient = (
    await core.call('clients.create', {
      name: 'Hans Müller',
      tax_type: 'NO_TAX_NUMBER',
      billing_address: { country: 'DE', postcode: '10115', city: 'Berlin', street_name: 'Invalidenstraße', house_nr: '1' },
    })
  ).id;
  const oss = await issue(core, ossClient, [{ description: 'E-book', vat_id: '105', qty: '1', net_unit_price: '10', unit: 'db' }]);
  const good = await issue(core, client);

  await rig.rt.nav.pass();
  expect((await core.call('invoices.duties', { id: noTaxNumber.id })).nav).toMatchObject({ state: 'aborted', error_code: 'LOCAL_DATA' });
  expect((await core.call('invoices.duties', { id: noTaxNumber.id })).nav!.error_message).toMatch(/tax number/i);
  expect((await core.call('invoices.duties', { id: oss.id })).nav).toMatchObject({ state: 'not_required' });
  expect((await core.call('invoices.duties', { id: good.id })).nav).toMatchObject({ state: 'done' });
  expect(nav.transactions.map((t) => t.invoiceNumber)).toEqual([good.number]);
  await expect(core.call('nav.retry', { id: oss.id })).rejects.toMatchObject({ code: 'rule_violation' });
  expect(await rig.rt.nav.store.due(new Date(Date.now() + 86_400_000), 10)).toEqual([]);
});

test('the running reporter sends an invoice soon after it is sealed, and stop() does not sit out a backoff', async () => {
  const { nav, rig, core, db } = await setup();
  const client = await setUpBusiness(core);
  await rig.rt.start();
  const inv = await issue(core, client);
  await expect.poll(async () => (await reportOf(db, inv.id)).state, { timeout: 10_000 }).toBe('done');

  // NAV gone and a long backoff (tuning says 200 ms at most, the default is up to 15 minutes): stop is prompt
  await rig.close();
  rigs = [];
  await nav.down('refused');
  const slow = await openRig({ file: rig.file, navUrl: nav.baseUrl, tuning: { retry: { baseDelayMs: 60_000, attemptsPerRun: 4 } } });
  const second = await issue(slow.core, client);
  const pass = slow.rt.nav.pass();
  await expect.poll(async () => (await reportOf(slow.db, second.id)).attempts, { timeout: 10_000 }).toBe(1);
  const t0 = Date.now();
  await slow.close();
  await pass;
  expect(Date.now() - t0).toBeLessThan(2_000);
  const { file } = slow;
  const reopened = await openRig({ file, navUrl: nav.baseUrl });
  rigs.push(reopened);
  expect(await reportOf(reopened.db, second.id)).toMatchObject({ state: 'waiting', attempts: 1, error_code: 'NETWORK_ERROR' });
});

test('two Folio runtimes on one database file: one reports, the other leaves it alone until the first stops', async () => {
  const { nav, rig: a, core } = await setup();
  const client = await setUpBusiness(core);
  const invoices = [];
  for (let i = 0; i < 5; i++) invoices.push(await issue(core, client));
  const b = await openRig({ file: a.file, navUrl: nav.baseUrl });
  rigs.push(b);

  // both at once, twice: without the lease each would submit every invoice (NAV then aborts the second copies)
  await Promise.all([a.rt.nav.pass(), b.rt.nav.pass()]);
  await Promise.all([b.rt.nav.pass(), a.rt.nav.pass()]);
  for (const inv of invoices) expect(nav.submissions(inv.number), inv.number).toBe(1);
  expect((await allReports(a.db)).map((r) => r.state)).toEqual(invoices.map(() => 'done'));

  // the holder stops (releasing the lease): the other one takes over
  const holder = (await a.db.withTables<{ nav_reporter_lease: { id: number; owner: string | null } }>().selectFrom('nav_reporter_lease').select('owner').executeTakeFirstOrThrow()).owner;
  expect(holder).not.toBeNull();
  await a.close();
  rigs = rigs.filter((r) => r !== a);
  const late = await issue(b.core, client);
  await b.rt.nav.pass();
  expect((await reportOf(b.db, late.id)).state).toBe('done');
  expect(nav.submissions(late.number)).toBe(1);
});

test('over HTTP (npm run serve wiring): duties and POST /invoices/:id/nav/retry', async () => {
  nav = await startFakeNav();
  const tmp = tempDbFile();
  cleanups.push(tmp.remove);
  const server = await startServer({ dbFile: tmp.file, auth: { apiKey: 'k'.repeat(32) }, now: '2025-03-10T09:00:00Z', env: navEnv(nav.baseUrl) });
  try {
    const client = await setUpBusiness(server.core);
    const inv = await issue(server.core, client);
    nav.abortInvoice(inv.number, 'INVOICE_NUMBER_NOT_UNIQUE');
    const http = (method: string, path: string) =>
      fetch(`${server.url}${path}`, { method, headers: { 'X-API-KEY': 'k'.repeat(32) } }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    // the running reporter's kick (2 s after sealing) sends it; NAV aborts it
    await expect.poll(async () => (await http('GET', `/invoices/${inv.id}/duties`)).body.data?.nav?.state, { timeout: 15_000 }).toBe('aborted');
    const duties = await http('GET', `/invoices/${inv.id}/duties`);
    expect(duties.body.data).toMatchObject({ nav_enabled: true, nav: { state: 'aborted', error_code: 'INVOICE_NUMBER_NOT_UNIQUE' } });
    const retried = await http('POST', `/invoices/${inv.id}/nav/retry`);
    expect(retried).toMatchObject({ status: 200, body: { success: true, type: 'invoice_duties', data: { nav: { state: 'waiting', error_code: null } } } });
    await expect.poll(async () => nav!.submissions(inv.number), { timeout: 15_000 }).toBe(2);
    expect((await http('POST', `/invoices/999/nav/retry`)).status).toBe(404);
  } finally {
    await server.close();
  }
});

/** Waits until every report given a next attempt time is due again (the backoff runs on the real clock). */
async function pastBackoff(db: Parameters<typeof allReports>[0]) {
  const times = (await allReports(db)).map((r) => r.next_attempt_at).filter((t): t is string => t !== null);
  const due = Math.max(0, ...times.map((t) => Date.parse(t)));
  await expect.poll(() => Date.now(), { intervals: [10] }).toBeGreaterThan(due);
}
