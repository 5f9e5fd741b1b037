// The document set's PDFs as the server hands them out (GET /invoices/{id}/download on a real server and SQLite file):
// the resource the core builds for a modifying, cancelling, advance and final invoice prints its references, changed
// lines and advances — the mapping and the documents agree on the fields, not only the fixtures and the documents.
import { expect, test } from '@playwright/test';
import type { ApiClient } from '../support/api-client';
import { createClient, createInvoice, netItem, readInvoice, serverPerFile } from '../support/fixtures';
import { expectNoPhrase, expectPhrase } from './helpers';
import { pdfText } from './pdf-text';

const s = serverPerFile();

async function downloadText(api: ApiClient, id: number): Promise<string> {
  const res = await fetch(api.url(`/invoices/${id}/download`), { headers: { 'X-API-KEY': api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/filename="[a-z-]+-/);
  const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
  return text.replace(/\n/g, ' ');
}

/** "2026-03-15" → "2026.03.15." */
const huDate = (date: string) => `${date.replace(/-/g, '.')}.`;

test('a modifying invoice and the storno of the modified original, downloaded', async () => {
  const original = await createInvoice(s.api, { items: [netItem(100_000, { description: 'Fejlesztés', unit: 'db' })] });
  const number = original.attributes.prefixed_invoice_no as string;
  const mod = await s.api.ok('POST', `/invoices/${original.id}/modify`, {
    body: {
      reason: 'Árengedmény',
      items: [
        { modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000, unit: 'db' },
        { description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 5_000, unit: 'alkalom' },
      ],
    },
  });
  const flat = await downloadText(s.api, mod.data.id);
  for (const phrase of [
    'Módosító számla',
    `Az eredeti számla sorszáma: ${number}, kelte: ${huDate(original.attributes.date)}`,
    'A módosítás oka: Árengedmény',
    'Fejlesztés (1. sor módosítása) -1 db 20 000 -20 000 27% -5 400 -25 400',
    'Kiszállás 1 alkalom 5 000 5 000 27% 1 350 6 350',
    'Különbözet a vevő javára -19 050 Ft',
  ]) {
    expectPhrase(flat, phrase);
  }
  expectNoPhrase(flat, 'Fizetendő');

  const cancel = await s.api.ok('GET', `/invoices/${original.id}/cancel`);
  const storno = await downloadText(s.api, cancel.data.id);
  expectPhrase(storno, 'Sztornó számla');
  expectPhrase(storno, `Az eredeti számla sorszáma: ${number}, kelte: ${huDate(original.attributes.date)}`);
  // original + modification, reversed: −(127,000 − 19,050)
  expectPhrase(storno, 'Fizetendő -107 950 Ft');
  expectNoPhrase(storno, 'sor módosítása');
});

test('an advance invoice and the final invoice that deducts it, downloaded', async () => {
  const client = await createClient(s.api);
  const advance = await createInvoice(s.api, { client_uid: client, advance: 1, items: [netItem(300_000, { description: 'Előleg a weboldalra', unit: '' })] });
  const adv = (await readInvoice(s.api, advance.id)).attributes;
  const advText = await downloadText(s.api, advance.id);
  expectPhrase(advText, 'Előlegszámla');
  expectPhrase(advText, '(Áfa tv. 59. §)');

  // received the day before it was invoiced: the PDF prints that day (issue 36), not the advance's own dates
  await s.api.ok('POST', `/invoices/${advance.id}/pay`, { body: { date: '2026-03-14', amount: 381_000 } });
  const final = await createInvoice(s.api, { client_uid: client, advance_invoice_uids: [advance.id], items: [netItem(1_000_000, { description: 'Weboldal', unit: 'db' })] });
  const fin = (await readInvoice(s.api, final.id)).attributes;
  expect(fin.advance_deductions[0].payment_date).toBe('2026-03-14');
  const flat = await downloadText(s.api, final.id);
  for (const phrase of [
    'Végszámla',
    `Előleg levonása (${adv.prefixed_invoice_no}) -1 300 000 -300 000 27% -81 000 -381 000`,
    'LEVONT ELŐLEGEK',
    `${adv.prefixed_invoice_no} ${huDate(adv.date)} ${huDate('2026-03-14')} 300 000 81 000 381 000 Ft`,
    'Fizetendő 889 000 Ft',
  ]) {
    expectPhrase(flat, phrase);
  }
});
