// The sender on the real queue store (electron/nav-queue/store.ts) over a SQLite file, against the fake NAV server
// over HTTP: what the sender relies on the store for — the in-doubt marker and the transaction id durable before the
// next step — must survive closing the file and opening it again, as a restarted Folio would.
import { expect, test } from '@playwright/test';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { navCredentialsFromEnv } from '../../electron/nav-queue/reporter';
import { createNavReportStore } from '../../electron/nav-queue/store';
import { createNavSender, type NavReportStore } from '../../electron/nav/sender';
import type { FetchLike } from '../../electron/nav/transport';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { cancel, issue, navEnv, openRig, reportOf, setUpBusiness, tempDbFile, type Issued } from './queue-rig';

let nav: FakeNav | undefined;
let opened: OpenedDatabase | undefined;
let removeDb: (() => void) | undefined;
test.afterEach(async () => {
  await opened?.close();
  await nav?.close();
  removeDb?.();
  [nav, opened, removeDb] = [undefined, undefined, undefined];
});

/** A database file with a seller, a client and the given invoices issued, reporting off: the reports wait. */
async function fileWithInvoices(count: number, cancelFirst = false): Promise<{ file: string; invoices: Issued[] }> {
  const tmp = tempDbFile();
  removeDb = tmp.remove;
  const rig = await openRig({ file: tmp.file });
  const client = await setUpBusiness(rig.core);
  const invoices: Issued[] = [];
  for (let i = 0; i < count; i++) invoices.push(await issue(rig.core, client));
  if (cancelFirst) invoices.push(await cancel(rig.core, invoices[0]!.id));
  await rig.close();
  return { file: tmp.file, invoices };
}

/** Opens the file as a freshly started Folio would: nothing in memory from an earlier run. */
async function reopen(file: string) {
  await opened?.close();
  opened = await openDatabase(file);
  return opened.db;
}

function senderOn(store: NavReportStore) {
  return createNavSender({
    fetch: fetch as FetchLike,
    credentials: navCredentialsFromEnv(navEnv(nav!.baseUrl))!,
    store,
    pollDelaysMs: [1, 1, 1, 1, 1],
    retry: { baseDelayMs: 1, maxDelayMs: 5, attemptsPerRun: 1 },
    requestTimeoutMs: 10_000,
  });
}

test('reports on the SQLite store go out once each, the STORNO after its original, and stay done on disk', async () => {
  nav = await startFakeNav({ validateResponses: true });
  const { file, invoices } = await fileWithInvoices(2, true);
  let db = await reopen(file);
  const done = await senderOn(createNavReportStore(db)).processDue();
  // the STORNO waits until NAV has its original: it is not due before the original is done
  expect(done.map((r) => [r.invoiceNumber, r.state])).toEqual(invoices.slice(0, 2).map((i) => [i.number, 'done']));
  expect((await senderOn(createNavReportStore(db)).processDue()).map((r) => [r.invoiceNumber, r.operation, r.state])).toEqual([
    [invoices[2]!.number, 'STORNO', 'done'],
  ]);

  db = await reopen(file);
  for (const inv of invoices) {
    const row = await reportOf(db, inv.id);
    expect(row).toMatchObject({ state: 'done', invoice_number: inv.number, transaction_id: nav.transactions.find((t) => t.invoiceNumber === inv.number)!.transactionId });
    expect(nav.submissions(inv.number)).toBe(1);
  }
  expect(await senderOn(createNavReportStore(db)).processDue()).toEqual([]);
  await nav.idle();
  expect(nav.responseSchemaErrors).toEqual([]);
});

test('the answer to a submission lost: the in-doubt marker is on disk, and after a restart the transaction is found, not resubmitted', async () => {
  nav = await startFakeNav();
  const { file, invoices } = await fileWithInvoices(1);
  const [inv] = invoices as [Issued];
  let db = await reopen(file);
  nav.dropNextResponse('manageInvoice');
  const [first] = await senderOn(createNavReportStore(db)).processDue();
  expect(first).toMatchObject({ state: 'waiting', transactionId: null, errorCode: 'NETWORK_ERROR' });
  expect(nav.submissions(inv.number)).toBe(1);

  db = await reopen(file);
  const inDoubt = await reportOf(db, inv.id);
  expect(inDoubt).toMatchObject({ state: 'waiting', transaction_id: null, error_code: 'NETWORK_ERROR' });
  expect(inDoubt.submitted_at).not.toBeNull();

  await db.updateTable('nav_reports' as never).set({ next_attempt_at: null } as never).execute(); // due now, not after the backoff
  const [report] = await senderOn(createNavReportStore(db)).processDue();
  expect(report).toMatchObject({ state: 'done', transactionId: nav.transactions[0]!.transactionId });
  expect(nav.submissions(inv.number)).toBe(1);
  expect(nav.calls.filter((c) => c.operation === 'queryTransactionList')).toHaveLength(1);
});

test('stopped right after the transaction id was stored: on disk it is sent, and the restart only asks its status', async () => {
  nav = await startFakeNav();
  const { file, invoices } = await fileWithInvoices(1);
  const [inv] = invoices as [Issued];
  let db = await reopen(file);
  class Stopped extends Error {}
  const real = createNavReportStore(db);
  // the process dies the moment the store has the transaction id (the store's write returned: it is committed)
  const dying: NavReportStore = {
    load: (id) => real.load(id),
    due: (now, limit) => real.due(now, limit),
    async update(id, patch) {
      await real.update(id, patch);
      if (patch.transactionId) throw new Stopped();
    },
  };
  await expect(senderOn(dying).process((await reportOf(db, inv.id)).id)).rejects.toBeInstanceOf(Stopped);

  db = await reopen(file);
  expect(await reportOf(db, inv.id)).toMatchObject({ state: 'sent', transaction_id: nav.transactions[0]!.transactionId });
  const before = nav.calls.length;
  const [report] = await senderOn(createNavReportStore(db)).processDue();
  expect(report).toMatchObject({ state: 'done', transactionId: nav.transactions[0]!.transactionId });
  expect(new Set(nav.calls.slice(before).map((c) => c.operation))).toEqual(new Set(['queryTransactionStatus']));
  expect(nav.submissions(inv.number)).toBe(1);
});
