// Receipts at the counter over the real HTTP door: the receipts list's day figures (receipts.days) at its REST path
// and over /rpc — Budapest days (23:59:59 and 00:00:01), forints and euros apart, cash, card and other, a
// cancellation counted on the day it was issued — checked against the receipts read back one by one; and a receipt's
// print (receipts.print) on A4 and on 58 and 80 mm till rolls, each PDF read back for its page width and text; and
// both through the desktop's IPC dispatcher.
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '../../electron/core/clock';
import { Big } from '../../shared/money';
import { budapest } from '../nav-receipts/rig';
import { pdfText } from '../documents/pdf-text';
import { savePdfPng } from '../documents/png';
import { API_KEY, createInvoice, netItem, openTestCore, serverPerFile } from '../support/fixtures';
import { createDispatcher } from '../../electron/main/dispatch';
import { renderPosPdf } from '../../electron/documents/pos';

const clock = new ManualClock(budapest('2026-10-20 08:00:00'));
const s = serverPerFile({ clock });

type Attrs = Record<string, any>;
const receipt = async (body: Record<string, unknown>): Promise<{ id: number; attributes: Attrs }> => {
  const res = await s.api.post('/rpc/receipts.create', { currency: 'HUF', ...body });
  expect(res.status, res.text).toBe(200);
  return (res.body as { data: { id: number; attributes: Attrs } }).data;
};
const line = (gross: string, qty = '1', vat_id = 1) => ({ description: 'Áru', vat_id, gross_unit_price: gross, qty });

/** Each page's width in PDF points, as a reader sees the page. */
async function pageWidths(pdf: Uint8Array): Promise<number[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const widths: number[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const [x0, , x1] = (await doc.getPage(n)).view;
      widths.push(x1! - x0!);
    }
    return widths;
  } finally {
    await doc.destroy();
  }
}

test("each Budapest day's receipts: count, gross per currency, cash and card, cancellations on their own day", async () => {
  const made: Attrs[] = [];
  // 20 October: two cash, one card, one by transfer-less "other" (SZÉP card), one in euros by card
  clock.set(budapest('2026-10-20 09:00:00'));
  const cash1 = await receipt({ payment_method: 1, items: [line('635', '2'), line('420', '1', 2)] });
  const cash2 = await receipt({ payment_method: 1, items: [line('1000')] });
  const card1 = await receipt({ payment_method: 5, items: [line('12700')] });
  made.push(cash1.attributes, cash2.attributes, card1.attributes);
  made.push((await receipt({ payment_method: 6, items: [line('2540')] })).attributes);
  made.push((await receipt({ payment_method: 5, currency: 'EUR', exchange_rate: '390.5', items: [line('10.50', '2')] })).attributes);
  // cancelled the same day: counts on the 20th
  const c1 = await s.api.post('/rpc/invoices.cancel', { id: cash2.id });
  expect(c1.status, c1.text).toBe(200);
  // the last second of the 20th in Budapest (21:59:59 UTC in summer time)
  clock.set(budapest('2026-10-20 23:59:59'));
  made.push((await receipt({ payment_method: 1, items: [line('500')] })).attributes);
  // the first second of the 21st; the card receipt of the 20th cancelled on the 21st counts on the 21st
  clock.set(budapest('2026-10-21 00:00:01'));
  made.push((await receipt({ payment_method: 1, items: [line('300')] })).attributes);
  const c2 = await s.api.post('/rpc/invoices.cancel', { id: card1.id });
  expect(c2.status, c2.text).toBe(200);

  const rest = await fetch(`${s.server.url}/receipts/days?from=2026-10-19&to=2026-10-21`, { headers: { 'X-API-KEY': API_KEY } });
  expect(rest.status).toBe(200);
  const body = (await rest.json()) as { success: boolean; type: string; data: any };
  expect(body).toMatchObject({ success: true, type: 'receipt_days' });
  const days = body.data;
  expect(days).toMatchObject({ from: '2026-10-19', to: '2026-10-21' });
  expect(days.days.map((d: Attrs) => d.day)).toEqual(['2026-10-21', '2026-10-20']);
  const [d21, d20] = days.days;
  expect(d20).toEqual({
    day: '2026-10-20',
    count: 6,
    cancelled_count: 1,
    currencies: [
      // 1690 + 1000 + 12700 + 2540 + 500 sold; 1000 given back; net 17430 = cash 1690+500 + card 12700 + SZÉP 2540
      { currency: 'HUF', count: 5, gross: '18430.000', cancelled_count: 1, cancelled: '-1000.000', net: '17430.000', cash: '2190.000', card: '12700.000', other: '2540.000' },
      { currency: 'EUR', count: 1, gross: '21.000', cancelled_count: 0, cancelled: '0.000', net: '21.000', cash: '0.000', card: '21.000', other: '0.000' },
    ],
  });
  expect(d21).toEqual({
    day: '2026-10-21',
    count: 1,
    cancelled_count: 1,
    currencies: [{ currency: 'HUF', count: 1, gross: '300.000', cancelled_count: 1, cancelled: '-12700.000', net: '-12400.000', cash: '300.000', card: '-12700.000', other: '0.000' }],
  });

  // recomputed from the receipts read back one by one: each day's sold gross per currency adds up
  const sold = new Map<string, Big>();
  for (const r of made) {
    const read = (await s.api.post('/rpc/invoices.get', { id: r.uid })).body as { data: { attributes: Attrs } };
    const key = `${read.data.attributes.date}|${read.data.attributes.currency}`;
    sold.set(key, (sold.get(key) ?? new Big(0)).plus(read.data.attributes.gross_total));
  }
  expect(Object.fromEntries([...sold].map(([k, v]) => [k, v.toFixed(3)]))).toEqual({
    '2026-10-20|HUF': d20.currencies[0].gross,
    '2026-10-20|EUR': d20.currencies[1].gross,
    '2026-10-21|HUF': d21.currencies[0].gross,
  });

  // the same operation over /rpc (the browser UI's door); the default span ends today, the business day
  const rpc = await s.api.post('/rpc/receipts.days', {});
  expect(rpc.status).toBe(200);
  expect((rpc.body as { data: Attrs }).data).toMatchObject({ to: '2026-10-21', from: '2026-09-21', days: days.days });
});

test('bad spans are refused at their field', async () => {
  for (const [query, field, words] of [
    ['from=2026-10-22&to=2026-10-21', 'from', 'must not be after to'],
    ['from=2025-01-01&to=2026-10-21', 'from', 'must be at most 366 days before to'],
    ['from=2026-02-30', 'from', ''],
  ] as const) {
    const res = await fetch(`${s.server.url}/receipts/days?${query}`, { headers: { 'X-API-KEY': API_KEY } });
    expect(res.status, query).toBe(400);
    const body = (await res.json()) as { success: boolean; errors: Array<{ field: string; message: string }> };
    expect(body.success).toBe(false);
    expect(body.errors[0]!.field).toBe(field);
    if (words) expect(body.errors[0]!.message).toBe(words);
  }
});

test('a receipt prints on A4 and on 58 and 80 mm rolls, read back for width and words; other papers are refused', async () => {
  clock.set(budapest('2026-10-22 10:00:00'));
  const r = await receipt({ payment_method: 1, buyer_name: 'Kiss Anna', items: [{ description: 'Eszpresszó', vat_id: 1, gross_unit_price: '635', qty: '2' }] });
  const no = r.attributes.prefixed_invoice_no as string;
  for (const [paper, points] of [
    ['58', (58 * 72) / 25.4],
    ['80', (80 * 72) / 25.4],
    ['a4', 595.28],
  ] as const) {
    const res = await fetch(`${s.server.url}/receipts/${r.id}/print?paper=${paper}`, { headers: { 'X-API-KEY': API_KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(paper === 'a4' ? `nyugta-${no.replace(/[^A-Za-z0-9-]/g, '-')}` : `${paper}mm.pdf`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    const widths = await pageWidths(pdf);
    expect(widths).toHaveLength(1);
    expect(widths[0]).toBeCloseTo(points, 0);
    const { text } = await pdfText(pdf);
    for (const words of ['Nyugta', no, 'Eszpresszó', 'Kiss Anna']) expect(text, paper).toContain(words);
    // the roll prints the price with VAT the line was given, so that 2 × 635 is the 1 270 beside it
    if (paper !== 'a4') expect(text).toMatch(/2\s*×\s*635/);
    // for people to look at (FOLIO_SHOTS/pdf-receipt-print-58.png …)
    const png = savePdfPng(pdf, `receipt-print-${paper}`, paper === 'a4' ? 110 : 200);
    expect(png.width).toBeGreaterThan(0);
  }

  // over /rpc the bytes travel base64-encoded, marked so
  const rpc = await s.api.post('/rpc/receipts.print', { id: r.id, paper: '80' });
  expect(rpc.status).toBe(200);
  const file = (rpc.body as { data: { filename: string; content_type: string; content: string; content_encoding: string } }).data;
  expect(file).toMatchObject({ content_type: 'application/pdf', content_encoding: 'base64' });
  expect((await pageWidths(Buffer.from(file.content, 'base64')))[0]).toBeCloseTo((80 * 72) / 25.4, 0);

  const bad = await s.api.post('/rpc/receipts.print', { id: r.id, paper: '57' });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ success: false, errors: [{ field: 'paper', message: 'must be a4, 58 or 80' }] });
  // an invoice (here a draft) is no receipt: it prints from its own screen
  const invoice = await createInvoice(s.api, { type: 0, items: [netItem(1000)] });
  expect((await s.api.post('/rpc/receipts.print', { id: invoice.id, paper: '58' })).status).toBe(404);
  expect((await fetch(`${s.server.url}/receipts/${r.id}/print?paper=58`)).status).toBe(401);
});

test('the desktop door (IPC) serves both operations as well: the day list, and the roll print as bytes', async () => {
  const tc = await openTestCore({ clock, rollPdf: async (invoice, mm) => renderPosPdf(invoice.attributes, mm) });
  try {
    const dispatch = createDispatcher({ call: (name, input) => tc.core.call(name, input) });
    clock.set(budapest('2026-10-23 10:00:00'));
    const made = await tc.core.call('receipts.create', { payment_method: 5, currency: 'HUF', items: [line('990')] });
    expect(await dispatch('receipts.days', { from: '2026-10-23', to: '2026-10-23' })).toMatchObject({
      success: true,
      data: { days: [{ day: '2026-10-23', count: 1, currencies: [{ currency: 'HUF', gross: '990.000', card: '990.000', cash: '0.000' }] }] },
    });
    const reply = (await dispatch('receipts.print', { id: made.id, paper: '58' })) as { success: boolean; data: { content: Uint8Array; filename: string } };
    expect(reply.success).toBe(true);
    expect(reply.data.content).toBeInstanceOf(Uint8Array);
    expect(reply.data.filename).toMatch(/^nyugta-.*-58mm\.pdf$/);
    expect((await pageWidths(reply.data.content))[0]).toBeCloseTo((58 * 72) / 25.4, 0);
    expect(await dispatch('receipts.print', { id: made.id, paper: 'A5' })).toMatchObject({ success: false, code: 'validation_failed', errors: [{ field: 'paper' }] });
  } finally {
    await tc.close();
  }
});
