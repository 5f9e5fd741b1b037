// Invoice chains at NAV: the fake NAV server refuses, as NAV does since 15 September 2025, a MODIFY/STORNO whose
// original it does not hold (unless modifyWithoutMaster) or whose modification index is not the next of the chain;
// the report queue therefore sends a chain in index order — a member waits for its original and every member
// before it, also when the original's report fails for a while.
import { expect, test } from '@playwright/test';
import type { Core } from '../../electron/core/index';
import { navReportSource } from '../../electron/nav-queue/store';
import { prepareNavReport, type PreparedNavReport } from '../../electron/nav/invoice-data';
import { createNavSender } from '../../electron/nav/sender';
import type { FetchLike } from '../../electron/nav/transport';
import type { Db } from '../../electron/db/open';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { MemoryStore } from './memory-store';
import { allReports, cancel, issue, navEnv, openRig, reportOf, setUpBusiness, tempDbFile, type Issued, type QueueRig } from './queue-rig';

let nav: FakeNav | undefined;
let rig: QueueRig | undefined;
let remove: (() => void) | undefined;

test.afterEach(async () => {
  await rig?.close();
  await nav?.close();
  remove?.();
  nav = rig = remove = undefined;
});

async function setup(reporting: boolean) {
  nav = await startFakeNav({ validateResponses: true });
  const tmp = tempDbFile();
  remove = tmp.remove;
  rig = await openRig({ file: tmp.file, ...(reporting ? { navUrl: nav.baseUrl } : {}) });
  const client = await setUpBusiness(rig.core);
  return { nav, rig, core: rig.core, db: rig.db, client };
}

async function modify(core: Core, id: number, items: Array<Record<string, unknown>>): Promise<Issued> {
  const created = await core.call('invoices.modify', { id, reason: 'Árkorrekció', items } as never);
  return { id: created.id, number: created.attributes.prefixed_invoice_no! };
}

async function modifyExternal(core: Core, client: number, invoiceNo: string, date: string, over: Record<string, unknown> = {}): Promise<Issued> {
  const created = await core.call('invoices.modifyExternal', {
    original: { invoice_no: invoiceNo, date, fulfillment_date: date, client_uid: client, items: [{ description: 'Tanácsadás', vat_id: '1', qty: '1', net_unit_price: '40000', unit: 'óra' }], ...over },
    reason: 'Árkorrekció',
    items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: '1', qty: '-1', net_unit_price: '4000', unit: 'óra' }],
  } as never);
  return { id: created.id, number: created.attributes.prefixed_invoice_no! };
}

const CHANGE_LINE_1 = [{ modifies_line: 1, description: 'Tanácsadás', vat_id: '1', qty: '-1', net_unit_price: '2000', unit: 'óra' }];
const NEW_LINE = [{ description: 'Kiszállás', vat_id: '1', qty: '1', net_unit_price: '3000', unit: 'db' }];

async function prepared(db: Db, id: number): Promise<PreparedNavReport> {
  const { invoice, options } = await navReportSource(db, id);
  return prepareNavReport(invoice.attributes, options);
}

test('the fake NAV refuses chains out of order, without their original, or with a wrong master claim', async () => {
  const { nav, core, db, client } = await setup(false);
  const original = await issue(core, client);
  const first = await modify(core, original.id, CHANGE_LINE_1);
  const second = await modify(core, original.id, NEW_LINE);
  const oldOne = await modifyExternal(core, client, 'RÉGI-2019-0007', '2019-06-03'); // assumed never reported
  const recent = await modifyExternal(core, client, 'RÉGI-2024-0042', '2024-10-01'); // assumed at NAV
  const claimed = await modifyExternal(core, client, 'RÉGI-2024-0043', '2024-10-02', { nav_reported: false });

  const store = new MemoryStore();
  const sender = createNavSender({
    fetch: fetch as unknown as FetchLike,
    credentials: { ...credentialsOf(nav.baseUrl) },
    store,
    pollDelaysMs: [1, 1, 1, 1, 1],
    requestTimeoutMs: 10_000,
  });
  const send = async (issued: Issued) => {
    const report = await sender.process(store.enqueue(await prepared(db, issued.id)));
    return [report.operation, report.state, report.messages.filter((m) => m.severity === 'ERROR').map((m) => m.code)];
  };

  expect(await send(first)).toEqual(['MODIFY', 'aborted', ['INVALID_INVOICE_REFERENCE']]); // before its original
  expect(await send(original)).toEqual(['CREATE', 'done', []]);
  expect(await send(second)).toEqual(['MODIFY', 'aborted', ['MODIFICATION_INDEX_NOT_SEQUENTIAL']]); // index 2 before 1
  expect(await send(first)).toEqual(['MODIFY', 'done', []]);
  expect(await send(first)).toEqual(['MODIFY', 'aborted', ['INVOICE_NUMBER_NOT_UNIQUE', 'MODIFICATION_INDEX_NOT_UNIQUE']]);
  expect(await send(second)).toEqual(['MODIFY', 'done', []]);

  // the previous program's invoices: without master NAV needs nothing; with master it must hold the original
  expect(await send(oldOne)).toEqual(['MODIFY', 'done', []]);
  expect(await send(recent)).toEqual(['MODIFY', 'aborted', ['INVALID_INVOICE_REFERENCE']]);
  nav.holdInvoice('RÉGI-2024-0042', { lines: 1 });
  expect(await send(recent)).toEqual(['MODIFY', 'done', []]);
  nav.holdInvoice('RÉGI-2024-0043', { lines: 1 });
  expect(await send(claimed)).toEqual(['MODIFY', 'aborted', ['MODIFY_WITHOUT_MASTER_MISMATCH']]);
  await nav.idle();
  expect(nav.responseSchemaErrors).toEqual([]);
});

test('the queue sends a chain in order: the original fails for a while, its modifications and storno wait, then all go', async () => {
  const { nav, rig, core, db, client } = await setup(true);
  const original = await issue(core, client, [
    { description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' },
    { description: 'Szakkönyv', vat_id: '2', qty: '1', net_unit_price: '4990', unit: 'db' },
  ]);
  const first = await modify(core, original.id, CHANGE_LINE_1);
  const second = await modify(core, original.id, NEW_LINE);
  const storno = await cancel(core, original.id);
  const reports = await allReports(db);

  nav.failNext(2); // NAV answers 503 to the original's token exchange twice: the report waits out a backoff
  await rig.rt.nav.pass();
  expect(await reportOf(db, original.id)).toMatchObject({ state: 'waiting', attempts: 2, error_code: 'SERVER_ERROR' });
  // however late it is, only the original is due: its chain waits for it, built and sent in index order later
  expect(await rig.rt.nav.store.due(new Date(Date.now() + 86_400_000), 10)).toEqual([reports[0]!.id]);
  for (const member of [first, second, storno]) {
    expect(await reportOf(db, member.id)).toMatchObject({ state: 'waiting', invoice_data: null, submitted_at: null });
  }
  expect(nav.transactions).toEqual([]);

  await pastBackoff(db);
  await rig.rt.nav.pass();
  expect((await allReports(db)).map((r) => [r.invoice_id, r.state, r.operation])).toEqual([
    [original.id, 'done', 'CREATE'],
    [first.id, 'done', 'MODIFY'],
    [second.id, 'done', 'MODIFY'],
    [storno.id, 'done', 'STORNO'],
  ]);
  expect(nav.transactions.map((t) => [t.operation, t.invoiceNumber, t.modificationIndex ?? null, t.final?.status, t.final?.business])).toEqual([
    ['CREATE', original.number, null, 'DONE', []],
    ['MODIFY', first.number, 1, 'DONE', []],
    ['MODIFY', second.number, 2, 'DONE', []],
    ['STORNO', storno.number, 3, 'DONE', []],
  ]);
});

test('a modification of the previous program’s invoice waits for the one before it; the first needs no original', async () => {
  const { nav, rig, core, db, client } = await setup(true);
  const one = await modifyExternal(core, client, 'RÉGI-2024-0042', '2024-10-01');
  const two = await modifyExternal(core, client, 'RÉGI-2024-0042', '2024-10-01');
  const other = await modifyExternal(core, client, 'RÉGI-2024-0050', '2024-10-05');
  nav.holdInvoice('RÉGI-2024-0050', { lines: 1 });
  // NAV does not hold RÉGI-2024-0042: the first modification is aborted, the second must not follow it
  await rig.rt.nav.pass();
  expect(await reportOf(db, one.id)).toMatchObject({ state: 'aborted', error_code: 'INVALID_INVOICE_REFERENCE' });
  expect(await reportOf(db, two.id)).toMatchObject({ state: 'waiting', invoice_data: null, submitted_at: null });
  expect(await reportOf(db, other.id)).toMatchObject({ state: 'done' }); // another chain is not held up
  expect(nav.submissions(two.number)).toBe(0);

  // the original reaches NAV (the previous program reports it); the aborted one is queued again: both go, in order
  nav.holdInvoice('RÉGI-2024-0042', { lines: 1 });
  await core.call('nav.retry', { id: one.id });
  await rig.rt.nav.pass();
  expect((await allReports(db)).map((r) => r.state)).toEqual(['done', 'done', 'done']);
  expect(nav.transactions.filter((t) => t.originalInvoiceNumber === 'RÉGI-2024-0042').map((t) => [t.invoiceNumber, t.modificationIndex, t.final?.status])).toEqual([
    [one.number, 1, 'ABORTED'],
    [one.number, 1, 'DONE'],
    [two.number, 2, 'DONE'],
  ]);
});

function credentialsOf(baseUrl: string) {
  const env = navEnv(baseUrl);
  return {
    baseUrl,
    login: env.FOLIO_NAV_LOGIN!,
    password: env.FOLIO_NAV_PASSWORD!,
    taxNumber: env.FOLIO_NAV_TAX_NUMBER!,
    signatureKey: env.FOLIO_NAV_SIGNATURE_KEY!,
    exchangeKey: env.FOLIO_NAV_EXCHANGE_KEY!,
    software: {
      softwareId: 'HU12345676-FOLIO01',
      softwareName: 'Folio',
      softwareOperation: 'LOCAL_SOFTWARE' as const,
      softwareMainVersion: '0.1.0',
      softwareDevName: 'Folio',
      softwareDevContact: 'dev@folio.example',
      softwareDevCountryCode: 'HU',
    },
  };
}

/** Waits until every report given a next attempt time is due again (the backoff runs on the real clock). */
async function pastBackoff(db: Db) {
  const times = (await allReports(db)).map((r) => r.next_attempt_at).filter((t): t is string => t !== null);
  const due = Math.max(0, ...times.map((t) => Date.parse(t)));
  await expect.poll(() => Date.now(), { intervals: [10] }).toBeGreaterThan(due);
}
