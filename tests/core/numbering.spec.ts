// Numbering (docs/design.md §4, §8): `<year>-<6 digits>` per (block, year), gapless and unique; proformas on their own
// counter `D-<year>-<6 digits>`; drafts unnumbered; the year is the business year of the issue date (Budapest), so
// it rolls over at local midnight. A ManualClock moves the business clock.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { FolioError } from '../../shared/errors';
import { addDays, dateIn, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { coreClient, invoiceBody, openTestCore, productLine, type TestCore } from '../support/fixtures';

let tc: TestCore;
let clock: ManualClock;
let clientUid: number;

test.beforeEach(async () => {
  clock = new ManualClock('2026-03-15T09:00:00Z');
  tc = await openTestCore({ clock });
  clientUid = await coreClient(tc.core);
});
test.afterEach(async () => {
  await tc?.close();
});

/** An invoice fulfilled on the business day the clock stands at, due a week later (never due before it is issued). */
const create = (over: Record<string, unknown> = {}) => {
  const today = dateIn(clock.now(), DEFAULT_TIME_ZONE);
  return tc.core.call('invoices.create', invoiceBody(clientUid, { fulfillment_date: today, due_date: addDays(today, 8), ...over }));
};
const no = async (over: Record<string, unknown> = {}) => (await create(over)).attributes.invoice_no;
const block = async (prefix: string) => (await tc.core.call('blocks.create', { name: prefix, prefix })).id;

test('normal invoices count up from 2026-000001 in the default block', async () => {
  expect([await no(), await no(), await no()]).toEqual(['2026-000001', '2026-000002', '2026-000003']);
});

test('each block has its own counter, and its prefix', async () => {
  const a = await block('A');
  const b = await block('B');
  expect(await no({ block_uid: a })).toBe('2026-000001');
  expect(await no({ block_uid: b })).toBe('2026-000001');
  expect(await no({ block_uid: a })).toBe('2026-000002');
  expect(await no()).toBe('2026-000001');
  const created = await create({ block_uid: b });
  expect(created.attributes.invoice_no).toBe('2026-000002');
  expect(created.attributes.prefixed_invoice_no).toBe('B / 2026-000002');
});

test('proformas have their own counter D-<year>-<n>, apart from normal invoices', async () => {
  expect(await no({ type: 1 })).toBe('D-2026-000001');
  expect(await no({ type: 3 })).toBe('2026-000001');
  expect(await no({ type: 1 })).toBe('D-2026-000002');
  expect(await no({ type: 3 })).toBe('2026-000002');
  const a = await block('PA');
  const p = await create({ type: 1, block_uid: a });
  expect(p.attributes.prefixed_invoice_no).toBe('PA / D-2026-000001');
});

test('drafts take no number; a deleted draft leaves no gap; issuing numbers it then', async () => {
  const d1 = await create({ type: 0 });
  expect(d1.attributes.invoice_no).toBeNull();
  const d2 = await create({ type: 0 });
  await tc.core.call('invoices.delete', { id: d2.id });
  expect(await no()).toBe('2026-000001');
  const issued = await tc.core.call('invoices.issue', { id: d1.id });
  expect(issued.attributes.invoice_no).toBe('2026-000002');
  expect(await no()).toBe('2026-000003');
});

test('a cancelling invoice takes the next number of the block; generate takes the next normal number', async () => {
  const a = await block('CG');
  const first = await create({ block_uid: a });
  const proforma = await create({ block_uid: a, type: 1 });
  const c = await tc.core.call('invoices.cancel', { id: first.id });
  expect(c.attributes.invoice_no).toBe('2026-000002');
  const g = await tc.core.call('invoices.generate', { id: proforma.id });
  expect((await tc.core.call('invoices.get', { id: g.id })).attributes.invoice_no).toBe('2026-000003');
  expect(proforma.attributes.invoice_no).toBe('D-2026-000001');
});

test('the year rolls over at midnight in Budapest, not in UTC', async () => {
  clock.set('2026-12-31T22:59:59Z'); // 23:59:59 in Budapest
  const last = await create();
  expect(last.attributes).toMatchObject({ invoice_no: '2026-000001', date: '2026-12-31' });
  clock.set('2026-12-31T23:00:00Z'); // 00:00:00 on 1 January in Budapest, still 2026 in UTC
  const first = await create();
  expect(first.attributes).toMatchObject({ invoice_no: '2027-000001', date: '2027-01-01' });
  expect(await no({ type: 1 })).toBe('D-2027-000001');
  expect(await no()).toBe('2027-000002');
});

test('summer time: 22:30 UTC on 30 June is already 1 July in Budapest', async () => {
  clock.set('2026-06-30T22:30:00Z');
  expect((await create()).attributes.date).toBe('2026-07-01');
});

test('each year restarts every counter of every block', async () => {
  const a = await block('Y');
  await create();
  await create({ block_uid: a });
  await create({ type: 1 });
  clock.set('2027-02-01T09:00:00Z');
  expect(await no()).toBe('2027-000001');
  expect(await no({ block_uid: a })).toBe('2027-000001');
  expect(await no({ type: 1 })).toBe('D-2027-000001');
  clock.set('2028-01-01T09:00:00Z');
  expect(await no()).toBe('2028-000001');
});

test('a draft made in one year and issued in the next takes the new year and date', async () => {
  clock.set('2026-12-30T09:00:00Z');
  await create();
  const draft = await create({ type: 0 });
  clock.set('2027-01-04T09:00:00Z');
  const issued = await tc.core.call('invoices.issue', { id: draft.id });
  expect(issued.attributes).toMatchObject({ invoice_no: '2027-000001', date: '2027-01-04' });
});

test('cancelling in the new year numbers the cancelling invoice in the new year', async () => {
  clock.set('2026-12-30T09:00:00Z');
  const old = await create();
  clock.set('2027-01-02T09:00:00Z');
  const c = await tc.core.call('invoices.cancel', { id: old.id });
  expect(c.attributes).toMatchObject({ invoice_no: '2027-000001', date: '2027-01-02' });
  expect((await tc.core.call('invoices.get', { id: c.id })).attributes.connected_invoice_no).toBe('2026-000001');
});

test('a proforma of last year generates an invoice numbered in this year', async () => {
  clock.set('2026-12-30T09:00:00Z');
  const p = await create({ type: 1 });
  clock.set('2027-01-05T09:00:00Z');
  const { id } = await tc.core.call('invoices.generate', { id: p.id });
  expect((await tc.core.call('invoices.get', { id })).attributes).toMatchObject({ invoice_no: '2027-000001', date: '2027-01-05' });
});

test('a refused create gives its number back (the counter is taken in the same transaction)', async () => {
  expect(await no()).toBe('2026-000001');
  // A product in another currency is found only after the rest was checked: the create must roll back whole.
  const eur = await tc.core.call('products.create', { name: 'EUR termék', price: 10, vat_id: 1, currency_code: 'EUR' });
  const err = await create({ items: [productLine(eur.id, 1)] }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FolioError);
  const err2 = await create({ client_uid: 999999 }).catch((e: unknown) => e);
  expect(err2).toBeInstanceOf(FolioError);
  expect(await no()).toBe('2026-000002');
  const counters = await tc.opened.db
    .selectFrom('number_counters')
    .select('last_no')
    .where('block_id', '=', 0)
    .where('kind', '=', 'invoice')
    .where('year', '=', 2026)
    .executeTakeFirstOrThrow();
  expect(counters.last_no).toBe(2);
});

test('the unique index refuses a second row with the same number', async () => {
  const first = await create();
  const { id: _id, share_code: _code, ...copy } = await tc.opened.db.selectFrom('invoices').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
  // SQLite's and PostgreSQL's words for the same refusal
  await expect(tc.opened.db.insertInto('invoices').values({ ...copy, sealed: 0 }).execute()).rejects.toThrow(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
});

test('past 999999 a number takes a seventh digit, and the counter row and the answer agree (on PostgreSQL the insert takes the number itself)', async () => {
  await tc.opened.db.insertInto('number_counters').values({ block_id: 0, year: 2026, kind: 'invoice', last_no: 999998 }).execute();
  await tc.opened.db.insertInto('number_counters').values({ block_id: 0, year: 2026, kind: 'proforma', last_no: 999999 }).execute();
  const made = [await create(), await create(), await create({ type: 1 })];
  expect(made.map((m) => m.attributes.invoice_no)).toEqual(['2026-999999', '2026-1000000', 'D-2026-1000000']);
  for (const m of made) {
    const row = await tc.opened.db.selectFrom('invoices').select(['invoice_no', 'number_seq', 'number_year', 'number_kind']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.invoice_no).toBe(m.attributes.invoice_no);
  }
  const counters = await tc.opened.db.selectFrom('number_counters').select(['kind', 'last_no']).where('block_id', '=', 0).orderBy('kind').execute();
  expect(counters).toEqual([
    { kind: 'invoice', last_no: 1000000 },
    { kind: 'proforma', last_no: 1000000 },
  ]);
});

test('creates in flight together for two clients in one block: each invoice has its own buyer, numbers gapless', async () => {
  const other = await coreClient(tc.core, { name: 'Második Vevő Kft.' });
  const made = await Promise.all(Array.from({ length: 24 }, (_, i) => create({ client_uid: i % 3 === 0 ? other : clientUid })));
  for (const [i, m] of made.entries()) expect(m.attributes.client_uid).toBe(i % 3 === 0 ? other : clientUid);
  const snapshots = await tc.opened.db.selectFrom('invoices').select(['id', 'client_id', 'client_snapshot']).execute();
  const names = new Map<number, string>();
  for (const s of snapshots) {
    const name = (JSON.parse(s.client_snapshot) as { name: string }).name;
    expect(names.get(s.client_id!) ?? name).toBe(name);
    names.set(s.client_id!, name);
  }
  expect(names.size).toBe(2);
  expect(made.map((m) => m.attributes.invoice_no).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
});
