// NAV failing the fetch — unreachable, down (503), the technical user without the right to query, a page refused —
// ends the run with the reason in words for the NAV screen and the cursor where it was; once NAV answers again the
// next run goes on from there and books each invoice once.
import { expect, test } from '@playwright/test';
import { yearOfInvoices } from '../nav/inbound-fixtures';
import { holdAll, startInboundFolio, type InboundFolio } from './support';

let f: InboundFolio | undefined;
test.afterEach(async () => f?.stop());

test('unreachable, down, no right to query, a page refused: the reason shown, the cursor unchanged, then every invoice once', async () => {
  test.setTimeout(300_000);
  f = await startInboundFolio({ nav: { inboundPageSize: 3, schemaChecksPerOperation: 2 } });
  const docs = yearOfInvoices(24, 2025);
  holdAll(f.nav, docs);

  await f.nav.down('refused');
  const unreachable = await f.call('navInbound.start', { start_date: '2025-01-01' });
  expect(unreachable).toMatchObject({ ran: true, fetched: 0, booked: 0 });
  expect(unreachable.status.error).toMatchObject({ code: 'NETWORK_ERROR', reason: 'unreachable' });
  const initial = unreachable.status.cursor;
  expect(initial).toEqual({ window_from: '2024-12-31T23:00:00.000Z', next_page: 1 });

  await f.nav.up();
  await f.nav.down('unavailable');
  const down = await f.call('navInbound.run');
  expect(down.status.error).toMatchObject({ code: 'SERVER_ERROR', reason: 'nav_unavailable' });
  expect(down.status.cursor).toEqual(initial);

  await f.nav.up();
  f.nav.refuseQueries('FORBIDDEN');
  const forbidden = await f.call('navInbound.run');
  expect(forbidden.status.error).toMatchObject({ code: 'FORBIDDEN', reason: 'not_authorised' });
  expect(forbidden.status.error.message).toContain('nem jogosult');
  expect(forbidden.status.cursor).toEqual(initial);
  expect(forbidden.status.counts).toEqual({ new: 0, booked: 0, ignored: 0 });

  // NAV refuses the first second page it is asked for: what came before is booked, the cursor waits at that page
  f.nav.refuseQueries(null);
  f.nav.refusePage(2, 'INVALID_REQUEST', 'Az oldal nem kérdezhető le');
  const refused = await f.call('navInbound.run');
  expect(refused.status.error).toMatchObject({ code: 'INVALID_REQUEST', reason: 'nav_error', message: expect.stringContaining('Az oldal nem kérdezhető le') });
  expect(refused.status.cursor.next_page).toBe(2);
  expect(refused.booked).toBeGreaterThan(0);
  const bookedBefore = refused.status.counts.booked;

  const through = await f.call('navInbound.run');
  expect(through.status.error).toBeNull();
  expect(through.booked).toBe(docs.length - bookedBefore);
  expect(through.status.counts).toEqual({ new: 0, booked: docs.length, ignored: 0 });
  const expenses = await f.server.core.call('expenses.list', { max_per_page: 100 } as never);
  expect(expenses.items).toHaveLength(docs.length);
  expect(new Set(expenses.items.map((e: any) => e.attributes.invoice_no)).size).toBe(docs.length);
});

test('ignoring a received invoice removes the expense NAV made; taking it back books it again; a paid one stays', async () => {
  test.setTimeout(120_000);
  f = await startInboundFolio({ nav: { schemaChecksPerOperation: 1 } });
  const docs = yearOfInvoices(6, 2025).filter((d) => d.operation === 'CREATE');
  holdAll(f.nav, docs);
  await f.call('navInbound.start', { start_date: '2025-01-01' });
  const list = await f.call('navInbound.list', { max_per_page: 50 });
  const one = list.items[0];
  const ignored = await f.call('navInbound.ignore', { id: one.id, ignored: true });
  expect(ignored).toMatchObject({ state: 'ignored', expense_id: null });
  expect((await f.rpc('expenses.get', { id: one.expense_id })).status).toBe(404);
  const after = await f.call('navInbound.list', { max_per_page: 50 });
  expect(after.counts).toEqual({ new: 0, booked: docs.length - 1, ignored: 1 });
  // the period's sums leave the ignored one out
  const gross = (items: any[]) => items.filter((i) => i.state !== 'ignored' && i.currency === 'HUF').reduce((s, i) => s + Number(i.gross), 0);
  expect(Number(after.sums.find((s: any) => s.currency === 'HUF').gross)).toBe(gross(after.items));
  // a later run does not book it again
  expect((await f.call('navInbound.run')).booked).toBe(0);

  const back = await f.call('navInbound.ignore', { id: one.id, ignored: false });
  expect(back.state).toBe('booked');
  expect(back.expense_id).not.toBe(one.expense_id);

  const paid = list.items[1];
  await f.call('expenses.update', { id: paid.expense_id, paid: true, payment_date: '2025-02-01' });
  const refusal = await f.rpc('navInbound.ignore', { id: paid.id, ignored: true });
  expect(refusal.status).toBe(409);
  expect(refusal.body.errors[0]).toMatchObject({ field: 'id', reason: 'nav_inbound_paid' });
});
