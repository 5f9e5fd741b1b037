// What comes out of a document under /v3, over a real server: the invoice PDF and the receipt-printer PDF read back
// (page width in points and text), the public link opened without a key, the e-mail delivered to a real SMTP server
// and parsed back, the NAV report state in 3.0.14's words, and the document export polled and downloaded as a zip.
// Every JSON answer is validated against 3.0.14.
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { onlineSzamlaStatus } from '../../electron/server/v3/document-outputs';
import type { InvoiceDuties, NavReportStatus } from '../../shared/contract/operations';
import { API_KEY, TODAY, createInvoice, netItem, serverPerFile, VALID_TAXCODE } from '../support/fixtures';
import { v3 } from '../support/v3-client';
import { v3SchemaErrors } from '../support/v3-schema';
import { pdfText } from '../documents/pdf-text';
import { savePdfPng } from '../documents/png';
import { unzip } from '../backup/unzip';
import readExcelFile from 'read-excel-file/node';
import { startSmtp, until } from '../mail/helpers';

const s = serverPerFile();
const CLIENT_ERROR = { schema: 'ClientErrorResponse' };
const INVALID = { status: 422, schema: 'ValidationErrorResponse' };

/** A raw /v3 GET (binary answers are not JSON, so the v3 client's text reading does not fit). */
async function raw(path: string, key: string | null = API_KEY): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(`${s.server.url}/v3${path}`, { headers: key ? { 'X-API-KEY': key } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

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

async function issued(over: Record<string, unknown> = {}): Promise<{ id: number; no: string; total: string }> {
  const inv = await createInvoice(s.api, {
    items: [netItem(3500, { description: 'Tanácsadás óradíj', qty: 2 }), netItem(1000, { description: 'Kiszállás', vat_id: 2, unit: 'alkalom' })],
    ...over,
  });
  return { id: inv.id as number, no: inv.attributes.prefixed_invoice_no as string, total: String(inv.attributes.total) };
}

test('download: the invoice PDF with its number and lines; no such document is 404', async () => {
  const inv = await issued();
  const pdf = await raw(`/documents/${inv.id}/download`);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  const text = (await pdfText(pdf.body)).text;
  expect(text).toContain(inv.no);
  expect(text).toContain('Tanácsadás óradíj');
  await v3(s.api, 'GET', '/documents/999999/download', { status: 404, ...CLIENT_ERROR });
});

test('print/pos: 58 mm and 80 mm wide receipts in the invoice language, one page each; other sizes are 422', async () => {
  const inv = await issued();
  for (const [size, points] of [[58, 164.4], [80, 226.8]] as const) {
    const pos = await raw(`/documents/${inv.id}/print/pos?size=${size}`);
    expect(pos.status, pos.body.toString().slice(0, 300)).toBe(200);
    expect(pos.type).toBe('application/pdf');
    // for people to look at: the receipt as a viewer shows it (FOLIO_SHOTS/pdf-v3-pos-58mm.png)
    savePdfPng(pos.body, `v3-pos-${size}mm`, 200);
    const widths = await pageWidths(pos.body);
    expect(widths).toHaveLength(1);
    expect(widths[0]).toBeCloseTo(points, 0);
    const { text } = await pdfText(pos.body);
    expect(text).toContain(inv.no);
    expect(text).toContain('Tanácsadás óradíj');
    expect(text).toContain('Kiszállás');
    // an invoice names its buyer on a receipt roll too
    expect(text).toContain('Vevő');
    expect(text).toContain(VALID_TAXCODE);
    expect(text).toContain('ÁFA-összesítő');
    expect(text).toContain('Fizetési mód');
    expect(text).toContain('Átutalás');
    // 2 × 3 500 net at 27 % is 8 890 gross; the lines and the total gross 8 890 + 1 050
    expect(text.replace(/\s/g, '')).toContain('8890');
    expect(text.replace(/\s/g, '')).toContain('9940');
  }
  // the invoice's language decides the words
  const en = await issued({ template_lang_code: 'en' });
  const enText = (await pdfText((await raw(`/documents/${en.id}/print/pos?size=80`)).body)).text;
  expect(enText).toContain('Payment method');
  expect(enText).toContain('Wire transfer');
  const de = await issued({ template_lang_code: 'de' });
  expect((await pdfText((await raw(`/documents/${de.id}/print/pos?size=58`)).body)).text).toContain('Zahlungsart');

  for (const bad of ['?size=57', '?size=a4', '']) {
    const r = await v3(s.api, 'GET', `/documents/${inv.id}/print/pos${bad}`, INVALID);
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].field).toBe('size');
    expect(r.body.errors[0].message).toMatch(/58.*80/);
  }
  await v3(s.api, 'GET', '/documents/999999/print/pos?size=58', { status: 404, ...CLIENT_ERROR });
  expect((await raw(`/documents/${inv.id}/print/pos?size=58`, null)).status).toBe(401);
});

test('public-url: the share link on the server’s own address, then on public_base_url; it opens without a key', async () => {
  const inv = await issued();
  const own = await v3(s.api, 'GET', `/documents/${inv.id}/public-url`, { status: 200, schema: 'DocumentPublicUrl' });
  const { code } = await s.server.core.call('invoices.code', { id: inv.id });
  expect(own.body).toEqual({ public_url: `${s.server.url}/access/c:${code}` });
  const opened = await fetch(own.body.public_url);
  expect(opened.status).toBe(200);
  expect(opened.headers.get('content-type')).toContain('application/pdf');
  expect((await pdfText(Buffer.from(await opened.arrayBuffer()))).text).toContain(inv.no);

  await s.server.core.call('settings.update', { public_base_url: 'https://folio.example.hu/' } as never);
  try {
    const pub = await v3(s.api, 'GET', `/documents/${inv.id}/public-url`, { status: 200, schema: 'DocumentPublicUrl' });
    expect(pub.body).toEqual({ public_url: `https://folio.example.hu/access/c:${code}` });
  } finally {
    await s.server.core.call('settings.update', { public_base_url: '' } as never);
  }
  await v3(s.api, 'GET', '/documents/999999/public-url', { status: 404, ...CLIENT_ERROR });
});

test('send: to the given addresses through the outbox, delivered and parsed back with the PDF; bad addresses are 422', async () => {
  const smtp = await startSmtp();
  try {
    await s.server.core.call('mail.saveSettings', {
      host: '127.0.0.1', port: smtp.port, security: 'none', user: '', sender_name: 'Teszt Eladó', sender_address: 'szamla@elado.example',
    } as never);
    const inv = await issued();
    const body = { emails: ['konyvelo@example.com', 'vevo@example.com'] };
    const sent = await v3(s.api, 'POST', `/documents/${inv.id}/send`, { status: 200, schema: 'SendDocument' }, { body });
    expect(sent.body).toEqual(body);
    const [mail] = await smtp.waitFor(1);
    const to = mail!.to && !Array.isArray(mail!.to) ? mail!.to.value.map((a) => a.address) : [];
    expect(to).toEqual(body.emails);
    expect(mail!.subject).toContain(inv.no);
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    expect((await pdfText(pdf!.content)).text).toContain(inv.no);

    // no list: the client's own address
    const second = await issued();
    const own = await v3(s.api, 'POST', `/documents/${second.id}/send`, { status: 200, schema: 'SendDocument' }, { body: {} });
    expect(own.body).toEqual({ emails: ['konyveles@example.com'] });
    await smtp.waitFor(2);

    const bad = await v3(s.api, 'POST', `/documents/${inv.id}/send`, INVALID, { body: { emails: ['nem-cim'] } });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['emails']);
    const notList = await v3(s.api, 'POST', `/documents/${inv.id}/send`, INVALID, { body: { emails: 'a@example.com' } });
    expect(notList.body.errors.map((e: { field: string }) => e.field)).toEqual(['emails']);
    await v3(s.api, 'POST', '/documents/999999/send', { status: 404, ...CLIENT_ERROR }, { body });
  } finally {
    await smtp.close();
  }
});

test('online-szamla: an issued invoice waits for a NAV user; a proforma owes no report; no such document is 404', async () => {
  const inv = await issued();
  const waiting = await v3(s.api, 'GET', `/documents/${inv.id}/online-szamla`, { status: 200, schema: 'OnlineSzamlaStatus' });
  expect(waiting.body).toEqual({ transaction_id: '', status: 'no_online_szamla_settings', messages: [] });
  const proforma = await issued({ type: INVOICE_TYPE.proforma });
  const none = await v3(s.api, 'GET', `/documents/${proforma.id}/online-szamla`, { status: 200, schema: 'OnlineSzamlaStatus' });
  expect(none.body.status).toBe('not_checked');
  await v3(s.api, 'GET', '/documents/999999/online-szamla', { status: 404, ...CLIENT_ERROR });
});

test('online-szamla mapping: every Folio report state answers a 3.0.14 OnlineSzamlaStatusEnum value', () => {
  const report = (state: NavReportStatus['state']): NavReportStatus => ({
    state, transaction_id: 'T1', error_code: null, error_message: null, updated_at: '2026-03-15 10:00:00',
  });
  const duties = (nav: NavReportStatus | null, navEnabled = true): InvoiceDuties => ({ nav_enabled: navEnabled, nav, email: [] });
  const cases: Array<[InvoiceDuties, string]> = [
    [duties(report('waiting')), 'started'],
    [duties(report('waiting'), false), 'no_online_szamla_settings'],
    [duties(report('sent')), 'sent'],
    [duties(report('done')), 'done'],
    [duties(report('done_with_warnings')), 'nav_warn'],
    [duties(report('aborted')), 'aborted'],
    [duties(report('not_required')), 'not_checked'],
    [duties(null), 'not_checked'],
  ];
  for (const [d, expected] of cases) {
    const status = onlineSzamlaStatus(d);
    expect(status, d.nav?.state ?? 'no report').toBe(expected);
    expect(v3SchemaErrors('OnlineSzamlaStatusEnum', status)).toEqual([]);
  }
});

test('document-export: simple_csv, simple_excel and nav_xml polled to success and downloaded; other types and ids refused', async () => {
  const inv = await issued();
  for (const [type, entry] of [['simple_csv', 'invoices.csv'], ['simple_excel', 'xlsx'], ['nav_xml', '.xml']] as const) {
    const created = await v3(s.api, 'POST', '/document-export', { status: 201, schema: 'DocumentExportId' }, {
      body: { query_type: 'invoice_date', start_date: TODAY, end_date: TODAY, export_type: type },
    });
    const id = created.body.id as string;
    const done = await until(async () => {
      const poll = await v3(s.api, 'GET', `/document-export/${id}/poll`, { status: 200, schema: 'DocumentExportStatus' });
      expect(poll.body.id).toBe(id);
      return poll.body.state === 'processing' ? undefined : poll.body;
    });
    expect(done).toEqual({ id, state: 'success', message: '' });
    const file = await raw(`/document-export/${id}/download`);
    expect(file.status).toBe(200);
    if (type === 'simple_excel') {
      expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheets = await readExcelFile(file.body);
      expect(sheets.map((s) => s.sheet)).toEqual(['clients', 'products', 'expenses', 'invoices', 'invoice_items', 'invoice_payments']);
      const [header, ...rows] = sheets.find((s) => s.sheet === 'invoices')!.data;
      const row = rows.find((r) => r[header!.indexOf('invoice_no')] === inv.no);
      expect(row, JSON.stringify(rows)).toBeDefined();
      // amounts are numbers a spreadsheet sums, equal to the invoice's exact total
      expect(row![header!.indexOf('gross_total')]).toBe(Number(inv.total));
      continue;
    }
    expect(file.type).toBe('application/zip');
    const entries = unzip(file.body);
    const names = [...entries.keys()];
    const hit = names.find((n) => n.endsWith(entry));
    expect(hit, names.join(', ')).toBeDefined();
    if (type === 'simple_csv') {
      const rows = parse(entries.get(hit!)!.toString('utf8').replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
      expect(rows.map((r) => r.invoice_no)).toContain(inv.no);
    } else {
      expect(names.some((n) => entries.get(n)!.toString('utf8').includes(inv.no))).toBe(true);
    }
  }

  for (const type of ['armada', 'rlb', undefined]) {
    const r = await v3(s.api, 'POST', '/document-export', INVALID, {
      body: { query_type: 'invoice_date', start_date: TODAY, end_date: TODAY, export_type: type },
    });
    expect(r.body.errors).toEqual([{ field: 'export_type', message: expect.stringContaining('supported: simple_csv, simple_excel, nav_xml') }]);
  }
  const fulfil = await v3(s.api, 'POST', '/document-export', INVALID, {
    body: { query_type: 'fulfillment_date', start_date: TODAY, end_date: TODAY, export_type: 'simple_csv' },
  });
  expect(fulfil.body.errors.map((e: { field: string }) => e.field)).toEqual(['query_type']);
  const backwards = await v3(s.api, 'POST', '/document-export', INVALID, {
    body: { query_type: 'invoice_date', start_date: TODAY, end_date: '2026-01-01', export_type: 'simple_csv' },
  });
  expect(backwards.body.errors.map((e: { field: string }) => e.field)).toEqual(['end_date']);

  await v3(s.api, 'GET', '/document-export/nope/poll', { status: 404, ...CLIENT_ERROR });
  await v3(s.api, 'GET', `/document-export/${'0'.repeat(32)}/poll`, { status: 404, ...CLIENT_ERROR });
  await v3(s.api, 'GET', `/document-export/${'0'.repeat(32)}/download`, { status: 404, ...CLIENT_ERROR });
  // an export id is text in v3's paths: a wrong method on it is a 405 like any other path's
  const wrong = await v3(s.api, 'POST', '/document-export/abc/poll', { status: 405, ...CLIENT_ERROR });
  expect(wrong.headers.get('allow')).toBe('GET');
});
