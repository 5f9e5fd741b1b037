// Sending an invoice to a client who wants e-invoices, over the real HTTP door of a real server, to a real SMTP
// server on 127.0.0.1 whose deliveries are parsed back (mailparser): Factur-X goes instead of the plain PDF, UBL and
// CII XML beside it, nothing extra for a client who wants none or for a proforma. Every XML that arrives is run
// through the EN 16931 rules again here, and the Factur-X PDF is opened to find its factur-x.xml.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { validateEn16931 } from '../../electron/core/einvoice/rules';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { clientBody, seedSeller, TEST_SELLER } from '../support/fixtures';
import { rpcOn, startFolio, API_KEY, type Folio } from '../e2e/support/folio';
import { mailDb } from '../../electron/mail/tables';
import { pdfText, startSmtp, until, type TestSmtp } from './helpers';

let folio: Folio;
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp();
  folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' },
  });
  // a transfer invoice names the account to pay to (BR-61): the seller has one
  const bank = await folio.server.core.call('bankAccounts.create', {
    bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF',
  } as never);
  await seedSeller(folio.server.core, { ...TEST_SELLER, eu_taxcode: 'HU23456787' });
  await folio.server.core.call('settings.update', { default_bank_account_uid: (bank as { id: number }).id } as never);
  // the first rules check compiles the CII and UBL rules (or loads them from the cache file)
  test.setTimeout(120_000);
});
test.afterAll(async () => {
  await folio?.stop();
  await smtp?.close();
});

const rpc = <T = any>(name: string, input: unknown) => rpcOn<T>(folio.url, API_KEY, name, input);

async function clientWanting(format: 'none' | 'ubl' | 'cii' | 'facturx', email: string): Promise<number> {
  const client = await rpc<{ id: number }>('clients.create', {
    ...clientBody({ email }),
    einvoice_format: format,
    ...(format === 'cii' ? { buyer_reference: '04011000-1234512345-06' } : {}),
  });
  return client.id;
}

async function issue(clientId: number, type: number = INVOICE_TYPE.invoice): Promise<{ id: number; no: string }> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Tanácsadás', qty: 2, net_unit_price: '15000', vat_id: 1 }],
  } as never);
  const read = await folio.server.core.invoices.read(created.id);
  return { id: created.id, no: read.attributes.prefixed_invoice_no ?? read.attributes.invoice_no ?? '' };
}

/** Sends the invoice and waits for the message addressed to `email`. */
async function sendAndReceive(id: number, email: string) {
  await rpc('invoices.send', { id });
  const until = Date.now() + 30_000;
  for (;;) {
    const mail = smtp.messages.find((m) => m.to && JSON.stringify(m.to).includes(email));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no message to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function embeddedFiles(pdf: Uint8Array): Promise<Record<string, string>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
    return Object.fromEntries(Object.entries(attachments).map(([name, file]) => [name, Buffer.from(file.content).toString('utf8')]));
  } finally {
    await doc.destroy();
  }
}

test('Factur-X goes instead of the plain PDF: one PDF attachment, with a valid factur-x.xml inside', async () => {
  const inv = await issue(await clientWanting('facturx', 'fx@vevo.example'));
  const mail = await sendAndReceive(inv.id, 'fx@vevo.example');
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Számla-${inv.no}.pdf`, 'application/pdf']]);
  const pdf = mail.attachments[0]!.content;
  expect(await pdfText(pdf)).toContain(inv.no);
  const files = await embeddedFiles(pdf);
  expect(Object.keys(files)).toEqual(['factur-x.xml']);
  expect(files['factur-x.xml']).toContain(`<ram:ID>${inv.no}</ram:ID>`);
  const failures = await validateEn16931('cii', files['factur-x.xml']!);
  expect(failures.filter((f) => f.flag === 'fatal')).toEqual([]);

  // the outbox keeps what the message carried
  const outbox = await rpc<{ items: Array<{ invoice_id: number; einvoice_format: string; state: string }> }>('mail.outbox', {});
  expect(outbox.items.find((m) => m.invoice_id === inv.id)).toMatchObject({ einvoice_format: 'facturx', state: 'sent' });
});

for (const format of ['ubl', 'cii'] as const) {
  test(`${format.toUpperCase()} goes beside the PDF as an XML attachment that passes the EN 16931 rules`, async () => {
    const email = `${format}@vevo.example`;
    const inv = await issue(await clientWanting(format, email));
    const mail = await sendAndReceive(inv.id, email);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`Számla-${inv.no}.pdf`, 'application/pdf'],
      [`Számla-${inv.no}.xml`, 'application/xml'],
    ]);
    // the PDF is the plain one: nothing embedded
    expect(await embeddedFiles(mail.attachments[0]!.content)).toEqual({});
    const xml = mail.attachments[1]!.content.toString('utf8');
    expect(xml).toContain(format === 'ubl' ? 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' : 'CrossIndustryInvoice');
    if (format === 'cii') expect(xml).toContain('04011000-1234512345-06'); // the buyer reference, BT-10
    expect((await validateEn16931(format, xml)).filter((f) => f.flag === 'fatal')).toEqual([]);

    // once sent, the outbox keeps the XML's name and hash, not its bytes (as for the PDF)
    const row = await until(() =>
      mailDb(folio.server.core.ctx.db)
        .selectFrom('mail_outbox')
        .select(['state', 'einvoice_format', 'xml_name', 'xml_attachment', 'xml_sha256', 'xml_size', 'attachment'])
        .where('invoice_id', '=', inv.id)
        .where('state', '=', 'sent')
        .executeTakeFirst(),
    );
    expect(row).toEqual({
      state: 'sent',
      einvoice_format: format,
      xml_name: `Számla-${inv.no}.xml`,
      xml_attachment: null,
      xml_sha256: createHash('sha256').update(mail.attachments[1]!.content).digest('hex'),
      xml_size: mail.attachments[1]!.content.length,
      attachment: null,
    });
  });
}

test('a client who wants none, and a proforma to a Factur-X client, get the plain PDF alone', async () => {
  const plain = await issue(await clientWanting('none', 'none@vevo.example'));
  const mail = await sendAndReceive(plain.id, 'none@vevo.example');
  expect(mail.attachments.map((a) => a.filename)).toEqual([`Számla-${plain.no}.pdf`]);
  expect(await embeddedFiles(mail.attachments[0]!.content)).toEqual({});

  const proforma = await issue(await clientWanting('facturx', 'proforma@vevo.example'), INVOICE_TYPE.proforma);
  const second = await sendAndReceive(proforma.id, 'proforma@vevo.example');
  expect(second.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  expect(await embeddedFiles(second.attachments[0]!.content)).toEqual({});
});

test('the send dialog is told what goes with the message', async () => {
  const ubl = await issue(await clientWanting('ubl', 'dialog-ubl@vevo.example'));
  expect(await rpc('mail.compose', { id: ubl.id })).toMatchObject({
    attachment_name: `Számla-${ubl.no}.pdf`,
    einvoice_format: 'ubl',
    xml_name: `Számla-${ubl.no}.xml`,
  });
  const fx = await issue(await clientWanting('facturx', 'dialog-fx@vevo.example'));
  expect(await rpc('mail.compose', { id: fx.id })).toMatchObject({ einvoice_format: 'facturx', xml_name: null });
});

test('an e-invoice that fails the EN 16931 rules is never mailed: the send is refused naming the rule, nothing is queued', async () => {
  const clientId = await clientWanting('facturx', 'invalid@vevo.example');
  // ten 1-forint lines at 27 %: each line's VAT rounds to 0, the category's would be 2.70 (BR-CO-17 allows 1)
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: INVOICE_TYPE.invoice, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: Array.from({ length: 10 }, (_, i) => ({ description: `Apró tétel ${i + 1}`, qty: 1, net_unit_price: '1', vat_id: 1 })),
  } as never);
  const res = await fetch(`${folio.url}/rpc/invoices.send`, {
    method: 'POST',
    headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ id: created.id }),
  });
  const body = (await res.json()) as { code: string; error: string; errors: Array<{ reason: string }> };
  expect(res.status).toBe(500);
  expect(body.code).toBe('internal');
  expect(body.error).toMatch(/fails the EN 16931 rules .*BR-CO-17/);
  expect(body.errors.map((e) => e.reason)).toContain('BR-CO-17');
  const rows = await mailDb(folio.server.core.ctx.db).selectFrom('mail_outbox').select('id').where('invoice_id', '=', created.id).execute();
  expect(rows).toEqual([]);
  await new Promise((r) => setTimeout(r, 300));
  expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('invalid@vevo.example'))).toEqual([]);
});
