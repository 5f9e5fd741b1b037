// Continuing the numbering of the program used before Folio: "the next number this year is N" per block, while the
// block has no invoice of that year; the invoice then takes N, the block shows who set it and when, and nothing
// issued is ever passed over or numbered twice. Over the real HTTP door (/rpc, the UI's route; and the REST paths).
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { createBlock, createInvoice, withServer, YEAR, type TestServer } from '../support/fixtures';

const rpc = (s: TestServer, name: string, body: unknown) => s.api.request('POST', `/rpc/${name}`, { body });
const fieldsOf = (body: any) => ((body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

async function numberingOf(s: TestServer, blockId: number) {
  const res = await rpc(s, 'blocks.numbering', {});
  expect(res.status).toBe(200);
  return (res.body.data as Array<{ block_uid: number }>).find((b) => b.block_uid === blockId) as any;
}

test('the default block continues from 417: the first invoice is 2026-000417, the next 418, and the choice is shown', async () => {
  await withServer(async (s) => {
    expect(await numberingOf(s, 0)).toMatchObject({ year: YEAR, next_number: `${YEAR}-000001`, last_number: '', continuation: null, can_continue: true });

    const set = await rpc(s, 'blocks.continueNumbering', { id: 0, next_no: 417 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ next_number: `${YEAR}-000417`, continuation: { year: YEAR, next_no: 417, set_by: 'local' }, can_continue: true });
    expect(set.body.data.continuation.set_at).toMatch(/^2026-03-15/);

    const first = await createInvoice(s.api);
    const second = await createInvoice(s.api);
    expect([first.attributes.invoice_no, second.attributes.invoice_no]).toEqual([`${YEAR}-000417`, `${YEAR}-000418`]);
    expect(await numberingOf(s, 0)).toMatchObject({
      last_number: `${YEAR}-000418`,
      next_number: `${YEAR}-000419`,
      continuation: { next_no: 417 },
      can_continue: false,
    });
  });
});

test('a block with an invoice of this year cannot be continued: 422 naming the last number, and nothing changes', async () => {
  await withServer(async (s) => {
    const block = await createBlock(s.api, 'WEB');
    const inv = await createInvoice(s.api, { block_uid: block });
    expect(inv.attributes.invoice_no).toBe(`${YEAR}-000001`);
    const res = await rpc(s, 'blocks.continueNumbering', { id: block, next_no: 500 });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(['next_no']);
    expect(res.body.error).toContain(`WEB / ${YEAR}-000001`);
    expect(await numberingOf(s, block)).toMatchObject({ continuation: null, next_number: `WEB / ${YEAR}-000002`, can_continue: false });
    expect((await createInvoice(s.api, { block_uid: block })).attributes.invoice_no).toBe(`${YEAR}-000002`);
  });
});

test('a mistyped continuation is corrected before the first invoice, even downwards', async () => {
  await withServer(async (s) => {
    await rpc(s, 'blocks.continueNumbering', { id: 0, next_no: 4170 });
    const fixed = await rpc(s, 'blocks.continueNumbering', { id: 0, next_no: 417 });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.next_number).toBe(`${YEAR}-000417`);
    expect((await createInvoice(s.api)).attributes.invoice_no).toBe(`${YEAR}-000417`);
  });
});

test('bad input is refused at its field and changes nothing', async () => {
  await withServer(async (s) => {
    // A value out of range is a validation error (400) whether the contract or the core finds it.
    const cases: Array<[unknown, string, 400]> = [
      [{ id: 0, next_no: 0 }, 'next_no', 400],
      [{ id: 0, next_no: 1_000_000 }, 'next_no', 400],
      [{ id: 0, next_no: 'négyszáz' }, 'next_no', 400],
      [{ id: 0, next_no: 417, year: YEAR - 1 }, 'year', 400],
      [{ id: 0, next_no: 417, year: YEAR + 2 }, 'year', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await rpc(s, 'blocks.continueNumbering', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(fieldsOf(res.body), JSON.stringify(body)).toContain(field);
    }
    expect((await rpc(s, 'blocks.continueNumbering', { id: 99, next_no: 417 })).status).toBe(404);
    expect(await numberingOf(s, 0)).toMatchObject({ continuation: null, next_number: `${YEAR}-000001` });
  });
});

test('next year can be prepared in December: this year goes on unchanged', async () => {
  const clock = new ManualClock(`${YEAR}-12-20T10:00:00+01:00`);
  await withServer(async (s) => {
    const res = await rpc(s, 'blocks.continueNumbering', { id: 0, next_no: 12, year: YEAR + 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ year: YEAR + 1, next_number: `${YEAR + 1}-000012` });
    const december = await createInvoice(s.api, { fulfillment_date: `${YEAR}-12-20`, due_date: `${YEAR}-12-28` });
    expect(december.attributes.invoice_no).toBe(`${YEAR}-000001`);
    clock.set(`${YEAR + 1}-01-02T10:00:00+01:00`);
    const january = await createInvoice(s.api, { fulfillment_date: `${YEAR + 1}-01-02`, due_date: `${YEAR + 1}-01-10` });
    expect(january.attributes.invoice_no).toBe(`${YEAR + 1}-000012`);
  }, { clock });
});
