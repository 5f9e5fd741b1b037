// Payment QR codes over the real HTTP server: the company's setting and the invoice's own flag (v2's `payment_qr`,
// v3's `instant_payment`), the code read back from the downloaded PDF's page image and compared field by field with
// GET /invoices/{id}/payment-qr and with the invoice; refusals with their reason; the bank statement matches the
// transfer the code asks for by its remittance, with certainty.
import { expect, test } from '@playwright/test';
import { createClient, invoiceBody, readInvoice, serverPerFile, testDb, queryRows, TODAY } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';
import { qrInPdf } from '../support/pdf-raster-qr';
import { camt053 } from '../bank/statements';

const s = serverPerFile();
const OWN_IBAN = 'HU42117730161111101800000000';
let hufAccount = 0;
let eurAccount = 0;

test.beforeAll(async () => {
  hufAccount = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'OTP Bank', account_no: '11773016-11111018', account_swift: 'OTPVHUHB', currency: 'HUF' } })).data.id;
  eurAccount = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'OTP Bank', account_no_iban: 'HU42 1177 3016 1111 1018 0000 0000', account_swift: 'OTPVHUHB', currency: 'EUR' } })).data.id;
  await s.api.ok('PUT', '/settings', { body: { default_bank_account_uid: hufAccount } });
});

async function download(id: number): Promise<Buffer> {
  const res = await fetch(s.api.url(`/invoices/${id}/download`), { headers: { 'X-API-KEY': s.api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('the setting is off by default; a request may ask for the code; the PDF\'s code is GET …/payment-qr, field by field', async () => {
  test.setTimeout(120_000);
  const settings = (await s.api.ok('GET', '/settings')).data;
  expect(settings.payment_qr).toBe(false);
  const client = await createClient(s.api);

  const made = async (over: Record<string, unknown> = {}) => readInvoice(s.api, (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, over) })).data.id);
  const plain = await made();
  expect(plain.attributes.payment_qr).toBe(0);
  const none = await s.api.get(`/invoices/${plain.id}/payment-qr`);
  expect(none.status).toBe(422);
  expect(none.body.errors[0]).toMatchObject({ field: 'payment_qr' });

  const inv = await made({ payment_qr: true, due_date: '2026-03-23' });
  const a = inv.attributes;
  expect(a.payment_qr).toBe(1);
  const answer = (await s.api.ok('GET', `/invoices/${inv.id}/payment-qr`)).data;
  const { found } = await qrInPdf(await download(inv.id));
  expect(found).not.toBeNull();
  expect(found!.text).toBe(answer.text);
  const lines = found!.text.split('\n');
  expect(lines.slice(0, 8)).toEqual([
    'HCT', '001', '1', 'OTPVHUHBXXX', 'Minta Eladó Kft.',
    // the account had only its Hungarian number: its IBAN is derived
    OWN_IBAN,
    `HUF${Number(a.total)}`, '20260323235959+1',
  ]);
  expect(lines[9]).toBe(a.prefixed_invoice_no ?? a.invoice_no);
  expect(lines[12]).toBe(lines[9]);
  expect(answer.fields.remittance).toBe(lines[9]);
});

test('the company setting turns it on for new invoices; an invoice may still say no; EUR gets the EPC code', async () => {
  test.setTimeout(120_000);
  await s.api.ok('PUT', '/settings', { body: { payment_qr: true } });
  try {
    const client = await createClient(s.api);
    const made = async (over: Record<string, unknown> = {}) => readInvoice(s.api, (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, over) })).data.id);
    const on = await made();
    expect(on.attributes.payment_qr).toBe(1);
    const off = await made({ payment_qr: false });
    expect(off.attributes.payment_qr).toBe(0);
    expect((await qrInPdf(await download(off.id))).found).toBeNull();

    const eur = await made({ currency: 'EUR', exchange_rate: '400', bank_account_uid: eurAccount, template_lang_code: 'en', items: [{ description: 'Consulting', qty: '3', unit: 'h', vat_id: 1, net_unit_price: '95.5' }] });
    const { found } = await qrInPdf(await download(eur.id));
    expect(found!.text.split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'OTPVHUHB', 'Minta Eladó Kft.', OWN_IBAN, `EUR${Number(eur.attributes.total).toFixed(2)}`, '', '', eur.attributes.prefixed_invoice_no]);
    // a draft keeps its choice through an edit and issuing
    const draft = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { type: 0, payment_qr: false }) })).data;
    await s.api.ok('PUT', `/invoices/${draft.id}`, { body: { comment: 'Második változat' } });
    expect((await s.api.ok('GET', `/invoices/${draft.id}`)).data.attributes.payment_qr).toBe(0);
  } finally {
    await s.api.ok('PUT', '/settings', { body: { payment_qr: false } });
  }
});

test('refused with the reason: an amount beyond the HCT field, a cash invoice; a long seller name is shortened and said', async () => {
  const client = await createClient(s.api);
  // two lines of 500 000 000 000 Ft, VAT-exempt (AAM): 1 000 000 000 000 Ft, one digit more than the HCT field holds
  const huge = (await s.api.ok('POST', '/invoices', {
    body: invoiceBody(client, { payment_qr: true, items: [1, 2].map(() => ({ description: 'Erőmű', qty: '1', unit: 'db', vat_id: 7, net_unit_price: '500000000000' })) }),
  })).data;
  const refused = await s.api.get(`/invoices/${huge.id}/payment-qr`);
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0].field).toBe('amount');
  expect(refused.body.errors[0].message).toContain('12 digits');

  const cash = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { payment_qr: true, payment_method: 1 }) })).data;
  const notTransfer = await s.api.get(`/invoices/${cash.id}/payment-qr`);
  expect(notTransfer.status).toBe(422);
  expect(notTransfer.body.errors[0].message).toContain('wire transfer');

  const longName = 'Minta Eladó Építőipari, Kereskedelmi, Szállítmányozási és Szolgáltató Korlátolt Felelősségű Társaság';
  await s.api.ok('PUT', '/settings', { body: { seller: { name: longName } } });
  try {
    const inv = await readInvoice(s.api, (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { payment_qr: true }) })).data.id);
    const answer = (await s.api.ok('GET', `/invoices/${inv.id}/payment-qr`)).data;
    expect(answer.notes).toEqual(['name_shortened']);
    expect([...answer.fields.name].length).toBeLessThanOrEqual(70);
    expect(longName.startsWith(answer.fields.name)).toBe(true);
    // the invoice itself keeps the full name
    expect(inv.attributes.seller.name).toBe(longName);
  } finally {
    await s.api.ok('PUT', '/settings', { body: { seller: { name: 'Minta Eladó Kft.' } } });
  }
});

test('an issued invoice\'s flag cannot be changed under it', async () => {
  const client = await createClient(s.api);
  const inv = (await s.api.ok('POST', '/invoices', { body: invoiceBody(client, { payment_qr: true }) })).data;
  const db = testDb(s.server);
  await expect(db.updateTable('invoices').set({ payment_qr: 0 }).where('id', '=', inv.id).execute()).rejects.toThrow(/issued invoices cannot be changed/);
  const [row] = await queryRows<{ payment_qr: number }>(db, 'select payment_qr from invoices where id = ?', inv.id);
  expect(Number(row!.payment_qr)).toBe(1);
});

test('v3: instant_payment sets the code and is answered in settings; the bank statement pays the invoice by its remittance', async () => {
  test.setTimeout(120_000);
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body.id as number;
  const insert = (over: Record<string, unknown>) => ({
    partner_id: partner, block_id: 0, type: 'invoice', fulfillment_date: TODAY, due_date: '2026-03-30', payment_method: 'wire_transfer',
    language: 'hu', currency: 'HUF', items: [{ name: 'Tanácsadás', unit_price: 10000, unit_price_type: 'net', quantity: 2, unit: 'óra', vat: '27%' }], ...over,
  });
  const withCode = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body: insert({ instant_payment: true }) })).body;
  expect(withCode.settings.instant_payment).toBe(true);
  const inSettings = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body: insert({ settings: { instant_payment: true } }) })).body;
  expect(inSettings.settings.instant_payment).toBe(true);
  const without = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body: insert({ instant_payment: false }) })).body;
  expect(without.settings.instant_payment).toBe(false);
  const bad = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert({ instant_payment: 'igen' }) });
  expect(JSON.stringify(bad.body)).toContain('instant_payment');

  const res = await fetch(s.api.url(`/v3/documents/${withCode.id}/download`), { headers: { 'X-API-KEY': s.api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  const { found } = await qrInPdf(Buffer.from(await res.arrayBuffer()));
  const fields = found!.text.split('\n');
  expect(fields[9]).toBe(withCode.invoice_number);
  expect(fields[6]).toBe(`HUF${withCode.gross_total}`);

  // the payer's bank carries the code's remittance; the statement's credit is matched to that invoice, with certainty
  const statement = camt053([{ ref: 'QR-1', date: '2026-03-16', amount: String(withCode.gross_total), direction: 'credit', name: 'Valaki Más', remittance: fields[9]! }], { iban: OWN_IBAN });
  await s.api.ok('POST', '/bank-statements', { body: { account_id: hufAccount, file: Buffer.from(statement).toString('base64') } });
  const entries = (await s.api.ok('GET', '/bank-entries', { query: { state: 'open' } })).data as Array<{ remittance: string; suggestion: { reason: string; confident: boolean; invoices: Array<{ invoice_id: number }> } | null }>;
  const entry = entries.find((e) => e.remittance.includes(fields[9]!));
  expect(entry?.suggestion).toMatchObject({ reason: 'invoice_number', confident: true });
  expect(entry!.suggestion!.invoices.map((i) => i.invoice_id)).toEqual([withCode.id]);
});
