// The sender against the fake NAV server over real HTTP: the happy path, NAV down and back, rejections, and crashes
// at the worst moments — each report reaches NAV exactly once.
import { expect, test } from '@playwright/test';
import { prepareNavReport } from '../../electron/nav/invoice-data';
import { createNavSender, type NavCredentials, type NavSenderOptions } from '../../electron/nav/sender';
import type { FetchLike } from '../../electron/nav/transport';
import { startFakeNav, type FakeNav, type FakeNavOptions } from './fake-nav-server';
import { cancelling, invoice } from './fixtures';
import { MemoryStore, SimulatedCrash } from './memory-store';

const credentials = (baseUrl: string): NavCredentials => ({
  baseUrl,
  login: 'folio0test',
  password: 'Titkos-jelszo-1',
  taxNumber: '12345676-2-41',
  signatureKey: 'ac-ac3a-7f661bff7d342N43CYX4U9FG',
  exchangeKey: 'ABCDEF0123456789',
  software: {
    softwareId: 'HU12345676-FOLIO01',
    softwareName: 'Folio',
    softwareOperation: 'LOCAL_SOFTWARE',
    softwareMainVersion: '0.1.0',
    softwareDevName: 'Folio',
    softwareDevContact: 'dev@folio.example',
    softwareDevCountryCode: 'HU',
  },
});

const POLL = [1, 1, 1, 1, 1];

/** A fake clock shared by the sender and NAV; sleeping advances it instead of waiting. */
class Clock {
  t = Date.parse('2025-03-10T09:00:00.000Z');
  sleeps: number[] = [];
  now = () => new Date(this.t);
  sleep = async (ms: number) => {
    this.sleeps.push(ms);
    this.t += ms;
  };
}

interface Rig {
  nav: FakeNav;
  store: MemoryStore;
  clock: Clock;
  log: string[];
  sender: (over?: Partial<NavSenderOptions>) => ReturnType<typeof createNavSender>;
}

async function rig(navOptions: FakeNavOptions = {}): Promise<Rig> {
  const clock = new Clock();
  const log: string[] = [];
  const nav = await startFakeNav({ now: clock.now, onCall: (c) => log.push(`nav:${c.operation}${c.errorCode ? `!${c.errorCode}` : ''}`), ...navOptions });
  const store = new MemoryStore();
  store.onWrite = (patch) => log.push(`store:${Object.keys(patch).join(',')}`);
  const sender = (over: Partial<NavSenderOptions> = {}) =>
    createNavSender({
      fetch: fetch as FetchLike,
      credentials: credentials(nav.baseUrl),
      store,
      now: clock.now,
      sleep: clock.sleep,
      pollDelaysMs: POLL,
      requestTimeoutMs: 10_000,
      ...over,
    });
  return { nav, store, clock, log, sender };
}

const sale = () =>
  invoice({
    items: [
      { description: 'Tanácsadás', qty: '4', unit: 'óra', netUnitPrice: '25000', vatId: '1' },
      { description: 'Könyv', qty: '2', unit: 'db', netUnitPrice: '4990', vatId: '2' },
    ],
  });

let current: Rig | undefined;
test.afterEach(async () => {
  await current?.nav.close();
  current = undefined;
});

test('normal run: token, submission, status queries until DONE; then the STORNO of it', async () => {
  const r = (current = await rig({ validateResponses: true }));
  const original = sale();
  const id = r.store.enqueue(prepareNavReport(original));
  const report = await r.sender().process(id);

  expect(report.state).toBe('done');
  expect(report.transactionId).toMatch(/^[A-Z0-9]{16}$/);
  expect(report.messages).toEqual([]);
  expect(r.store.get(id)).toEqual(report);
  expect(r.log).toEqual([
    'nav:tokenExchange',
    'store:submittedAt', // the in-doubt marker, before the submission leaves
    'nav:manageInvoice',
    'store:state,transactionId,attempts,nextAttemptAt,errorCode,errorMessage', // stored before any status query
    'nav:queryTransactionStatus', // RECEIVED
    'nav:queryTransactionStatus', // PROCESSING
    'nav:queryTransactionStatus', // DONE
    'store:state,messages,attempts,nextAttemptAt,errorCode,errorMessage',
  ]);

  const cancelId = r.store.enqueue(prepareNavReport(cancelling(original), { original }));
  const cancel = await r.sender().process(cancelId);
  expect(cancel.state).toBe('done');
  expect(r.nav.transactions.map((t) => t.operation)).toEqual(['CREATE', 'STORNO']);

  // and every answer the fake gave is itself valid against NAV's API schema
  await r.nav.idle();
  expect(r.nav.responseSchemaErrors).toEqual([]);
});

test('warnings: DONE with NAV warnings is done_with_warnings, messages kept', async () => {
  const r = (current = await rig());
  const inv = sale();
  r.nav.warnInvoice(inv.invoice_no!, 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER', 'A vevő adószáma nem létezik');
  const id = r.store.enqueue(prepareNavReport(inv));
  const report = await r.sender().process(id);
  expect(report.state).toBe('done_with_warnings');
  expect(report.messages).toEqual([
    { severity: 'WARN', code: 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER', text: 'A vevő adószáma nem létezik', line: undefined, tag: undefined },
  ]);
});

test('NAV down (503) then back: exponential backoff within one run, then done', async () => {
  const r = (current = await rig());
  r.nav.failNext(3);
  const id = r.store.enqueue(prepareNavReport(sale()));
  const report = await r.sender({ retry: { baseDelayMs: 5_000, attemptsPerRun: 4 } }).process(id);
  expect(report.state).toBe('done');
  expect(report.attempts).toBe(0);
  expect(r.clock.sleeps).toEqual([5_000, 10_000, 20_000, ...POLL.slice(0, 3)]);
  expect(r.nav.calls.filter((c) => c.status === 503)).toHaveLength(3);
});

test('NAV refusing connections: the run gives up with a retry time; the next due run after it is back finishes', async () => {
  const r = (current = await rig());
  await r.nav.down('refused');
  const id = r.store.enqueue(prepareNavReport(sale()));
  const sender = r.sender({ retry: { baseDelayMs: 2_000, maxDelayMs: 60_000, attemptsPerRun: 3 } });
  const waiting = await sender.process(id);
  expect(waiting).toMatchObject({ state: 'waiting', attempts: 3, errorCode: 'NETWORK_ERROR', transactionId: null });
  expect(waiting.errorMessage).toMatch(/could not be reached/);
  expect(r.clock.sleeps).toEqual([2_000, 4_000]);
  // backoff: the third failure schedules 8 s later
  expect(Date.parse(waiting.nextAttemptAt!) - r.clock.t).toBe(8_000);
  expect(await sender.processDue()).toEqual([]); // not due yet

  await r.nav.up();
  r.clock.t += 8_000;
  const [done] = await sender.processDue();
  expect(done).toMatchObject({ id, state: 'done', attempts: 0, errorCode: null });
  expect(r.nav.submissions(done!.invoiceNumber)).toBe(1);
});

test('NAV down while the status is being asked: the report stays sent and is never submitted again', async () => {
  const r = (current = await rig());
  const id = r.store.enqueue(prepareNavReport(sale()));
  r.store.crashAfter = undefined;
  const sender = r.sender({ retry: { baseDelayMs: 1_000, attemptsPerRun: 2 } });
  // Let the submission through, then take NAV down on the first status query.
  r.store.onWrite = async (patch) => {
    if (patch.state === 'sent') await r.nav.down('unavailable');
  };
  const sent = await sender.process(id);
  expect(sent).toMatchObject({ state: 'sent', attempts: 2, errorCode: 'SERVER_ERROR' });
  await r.nav.up();
  r.clock.t += 60_000;
  const [done] = await sender.processDue();
  expect(done!.state).toBe('done');
  expect(r.nav.calls.filter((c) => c.operation === 'manageInvoice')).toHaveLength(1);
});

test('aborted by NAV: error code, NAV’s message, nothing retried', async () => {
  const r = (current = await rig());
  const inv = sale();
  r.nav.abortInvoice(inv.invoice_no!, 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER');
  const id = r.store.enqueue(prepareNavReport(inv));
  const report = await r.sender().process(id);
  expect(report).toMatchObject({
    state: 'aborted',
    errorCode: 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER',
    errorMessage: 'Customer’s tax number does not exist.',
  });
  expect(report.messages[0]).toMatchObject({ severity: 'ERROR', code: 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER' });
  // final states are left alone
  expect(await r.sender().process(id)).toEqual(report);
  expect(r.nav.calls.filter((c) => c.operation === 'manageInvoice')).toHaveLength(1);
});

test('real rejections: a number reported twice, invoice data off the schema, a STORNO of nothing', async () => {
  const r = (current = await rig());
  const inv = sale();
  const first = r.store.enqueue(prepareNavReport(inv));
  const again = r.store.enqueue(prepareNavReport(inv));
  expect((await r.sender().process(first)).state).toBe('done');
  expect(await r.sender({ lang: 'hu' }).process(again)).toMatchObject({
    state: 'aborted',
    errorCode: 'INVOICE_NUMBER_NOT_UNIQUE',
    errorMessage: 'A megadott számlaszámot korábban már felhasználták.',
  });

  const broken = prepareNavReport(sale());
  const xml = Buffer.from(broken.invoiceDataBase64, 'base64').toString('utf8').replace('<currencyCode>HUF', '<currencyCode>huf');
  const bad = r.store.enqueue({ ...broken, invoiceDataBase64: Buffer.from(xml).toString('base64') });
  expect(await r.sender().process(bad)).toMatchObject({ state: 'aborted', errorCode: 'SCHEMA_VIOLATION' });

  const orphan = sale(); // never reported
  const storno = r.store.enqueue(prepareNavReport(cancelling(orphan), { original: orphan }));
  expect(await r.sender().process(storno)).toMatchObject({ state: 'aborted', errorCode: 'INVALID_INVOICE_REFERENCE' });
});

test('wrong credentials: the report waits with NAV’s reason, no retry storm', async () => {
  const r = (current = await rig({ password: 'a-different-one' }));
  const id = r.store.enqueue(prepareNavReport(sale()));
  const report = await r.sender({ retry: { maxDelayMs: 900_000 } }).process(id);
  expect(report).toMatchObject({ state: 'waiting', attempts: 1, errorCode: 'INVALID_SECURITY_USER', submittedAt: null });
  expect(Date.parse(report.nextAttemptAt!) - r.clock.t).toBe(900_000);
  expect(r.clock.sleeps).toEqual([]);
  expect(r.nav.calls.map((c) => c.operation)).toEqual(['tokenExchange']);
});

test('crash after the transaction id was stored, before the status query: the restart only asks the status', async () => {
  const r = (current = await rig());
  const inv = sale();
  const id = r.store.enqueue(prepareNavReport(inv));
  r.store.crashAfter = (patch) => patch.transactionId !== undefined && patch.transactionId !== null;
  await expect(r.sender().process(id)).rejects.toBeInstanceOf(SimulatedCrash);
  expect(r.store.get(id)).toMatchObject({ state: 'sent' });

  const restarted = r.sender(); // a new process: nothing in memory
  const report = await restarted.process(id);
  expect(report.state).toBe('done');
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1);
  expect(r.nav.calls.map((c) => c.operation)).toEqual([
    'tokenExchange',
    'manageInvoice',
    'queryTransactionStatus',
    'queryTransactionStatus',
    'queryTransactionStatus',
  ]);
});

test('answer lost after NAV took the submission in: the next run finds the transaction instead of resubmitting', async () => {
  const r = (current = await rig());
  const inv = sale();
  const other = r.store.enqueue(prepareNavReport(sale())); // another report in the same minutes, to be told apart
  await r.sender().process(other);
  const id = r.store.enqueue(prepareNavReport(inv));
  r.nav.dropNextResponse('manageInvoice');
  const first = await r.sender({ retry: { attemptsPerRun: 1 } }).process(id);
  expect(first).toMatchObject({ state: 'waiting', transactionId: null, errorCode: 'NETWORK_ERROR' });
  expect(first.submittedAt).not.toBeNull();
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1); // NAV has it

  r.clock.t += 10_000;
  const report = await r.sender().process(id);
  expect(report.state).toBe('done');
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1);
  expect(report.transactionId).toBe(r.nav.transactions.find((t) => t.invoiceNumber === inv.invoice_no)!.transactionId);
});

test('answer lost, retried within the same run: recovered, not resubmitted', async () => {
  const r = (current = await rig());
  const inv = sale();
  const id = r.store.enqueue(prepareNavReport(inv));
  r.nav.dropNextResponse('manageInvoice');
  const report = await r.sender({ retry: { baseDelayMs: 1_000, attemptsPerRun: 3 } }).process(id);
  expect(report.state).toBe('done');
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1);
  expect(r.nav.calls.map((c) => `${c.operation}${c.errorCode ? `!${c.errorCode}` : ''}`).slice(0, 4)).toEqual([
    'tokenExchange',
    'manageInvoice!DROPPED',
    'queryTransactionList',
    'queryTransactionStatus', // with returnOriginalRequest: this is ours
  ]);
});

test('crash after the marker but before the submission left: the next run finds nothing and submits once', async () => {
  const r = (current = await rig());
  const inv = sale();
  const id = r.store.enqueue(prepareNavReport(inv));
  r.store.crashAfter = (patch) => typeof patch.submittedAt === 'string';
  await expect(r.sender().process(id)).rejects.toBeInstanceOf(SimulatedCrash);
  expect(r.nav.submissions(inv.invoice_no!)).toBe(0);

  const report = await r.sender().process(id);
  expect(report.state).toBe('done');
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1);
  expect(r.nav.calls.map((c) => c.operation).slice(0, 3)).toEqual(['tokenExchange', 'queryTransactionList', 'tokenExchange']);
});

test('two runs of one report at the same time submit it once', async () => {
  const r = (current = await rig());
  const inv = sale();
  const id = r.store.enqueue(prepareNavReport(inv));
  const sender = r.sender();
  const [a, b] = await Promise.all([sender.process(id), sender.process(id)]);
  expect(a).toEqual(b);
  expect(r.nav.submissions(inv.invoice_no!)).toBe(1);
});

test('processDue skips a report the store no longer yields and goes on with the rest', async () => {
  const r = (current = await rig());
  const gone = r.store.enqueue(prepareNavReport(sale()));
  const kept = r.store.enqueue(prepareNavReport(sale()));
  const load = r.store.load.bind(r.store);
  r.store.load = (id: number) => (id === gone ? undefined : load(id));
  const reports = await r.sender().processDue();
  expect(reports.map((x) => [x.id, x.state])).toEqual([[kept, 'done']]);
});

test('processDue stops at the first report NAV could not take: the others are not ground through the backoff', async () => {
  const r = (current = await rig());
  await r.nav.down('unavailable');
  const ids = [1, 2, 3].map(() => r.store.enqueue(prepareNavReport(sale())));
  const sender = r.sender({ retry: { baseDelayMs: 1_000, attemptsPerRun: 2 } });
  const reports = await sender.processDue();
  expect(reports.map((x) => [x.id, x.state, x.errorCode])).toEqual([[ids[0], 'waiting', 'SERVER_ERROR']]);
  expect(r.nav.calls).toHaveLength(2);

  await r.nav.up();
  r.clock.t += 60_000;
  expect((await sender.processDue()).map((x) => x.state)).toEqual(['done', 'done', 'done']);
});
