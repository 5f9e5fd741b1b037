// The mail area over the real HTTP door (/rpc) of a real server on 127.0.0.1, against a real SMTP server whose
// deliveries are parsed back: the SMTP account saved and viewed (the password never comes back), FOLIO_SMTP_URL
// winning over it, the test message with each failure put as a reason code, an invoice sent with the dialog's
// recipients, copies and texts, and the outbox with a failed message put back in the queue.
import { expect, test } from '@playwright/test';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { API_KEY, addClient, setSeller, startFolio, type Folio } from '../e2e/support/folio';
import { closedPort, pdfText, startSmtp, until, type TestSmtp } from './helpers';

interface Reply<T = any> {
  status: number;
  body: { success: boolean; data: T; code?: string; error?: string; errors?: Array<{ field: string; message: string }> };
}

async function rpc<T = any>(folio: Folio, name: string, input: unknown = {}): Promise<Reply<T>> {
  const res = await fetch(`${folio.url}/rpc/${name}`, {
    method: 'POST',
    headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

async function ok<T = any>(folio: Folio, name: string, input: unknown = {}): Promise<T> {
  const r = await rpc<T>(folio, name, input);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const account = (port: number, over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1', port, security: 'none', user: '', sender_name: 'Minta Bt.', sender_address: 'szamla@minta.example', ...over,
});

async function issue(folio: Folio, clientId: number, over: Record<string, unknown> = {}): Promise<{ id: number; no: string }> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: INVOICE_TYPE.invoice, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Tanácsadás', qty: 1, net_unit_price: '10000', vat_id: 1 }],
    ...over,
  } as never);
  const inv = await folio.server.core.invoices.read(created.id);
  return { id: created.id, no: inv.attributes.prefixed_invoice_no! };
}

const addresses = (field: unknown) =>
  field && typeof field === 'object' && 'value' in field ? (field as { value: Array<{ address?: string }> }).value.map((v) => v.address) : [];

test.describe('saved account', () => {
  let folio: Folio;
  let smtp: TestSmtp;
  test.beforeEach(async () => {
    folio = await startFolio();
    // a server that wants a login: proves the kept password is the one used
    smtp = await startSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'folio' && auth.password === 'alkalmazás-jelszó') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
  });
  test.afterEach(async () => {
    await folio.stop();
    await smtp.close();
  });

  test('saved and viewed: the password never comes back, an empty one keeps it; bad fields are named', async () => {
    expect(await ok(folio, 'mail.settings')).toEqual({ source: 'none', env: null, saved: null, can_save: true });

    const bad = await rpc(folio, 'mail.saveSettings', { host: 'smtp gmail', port: 70000, security: 'ssl', sender_address: 'szamla@' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(Object.fromEntries(bad.body.errors!.map((e) => [e.field, e.message]))).toEqual({
      host: 'must be a server name such as smtp.example.com',
      port: 'must be between 1 and 65535',
      security: 'must be tls, starttls or none',
      sender_address: 'must be an e-mail address',
    });
    // a login name with no password at all is refused at the password
    const noPassword = await rpc(folio, 'mail.saveSettings', account(smtp.port, { user: 'folio' }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ field: 'password', message: 'is required' }]);

    const saved = await ok(folio, 'mail.saveSettings', account(smtp.port, { user: 'folio', password: 'alkalmazás-jelszó' }));
    expect(saved).toMatchObject({
      source: 'saved',
      env: null,
      saved: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'folio', sender_name: 'Minta Bt.', sender_address: 'szamla@minta.example', has_password: true },
    });
    const viewed = await rpc(folio, 'mail.settings');
    expect(viewed.body.data).toEqual(saved);
    expect(JSON.stringify(viewed.body)).not.toContain('alkalmazás');

    // Saved again without a password (the screen never has it): the stored one is kept and still logs in.
    const again = await ok(folio, 'mail.saveSettings', account(smtp.port, { user: 'folio', password: '', sender_name: 'Minta, Kovács és Társa Bt.' }));
    expect(again.saved).toMatchObject({ has_password: true, sender_name: 'Minta, Kovács és Társa Bt.' });
    const result = await ok(folio, 'mail.test', { to: 'tulaj@minta.example', lang: 'hu' });
    expect(result).toMatchObject({ sent: true, to: 'tulaj@minta.example', reason: null });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Folio próbalevél');
    expect(mail!.from?.value[0]).toEqual({ name: 'Minta, Kovács és Társa Bt.', address: 'szamla@minta.example' });
    expect(addresses(mail!.to)).toEqual(['tulaj@minta.example']);

    // A wrong password is the server's refusal, put as "auth".
    await ok(folio, 'mail.saveSettings', account(smtp.port, { user: 'folio', password: 'rossz' }));
    expect(await ok(folio, 'mail.test', { to: 'tulaj@minta.example' })).toMatchObject({ sent: false, reason: 'auth', detail: expect.stringContaining('535') });
    // No user name: no login, and the stored password is dropped.
    expect((await ok(folio, 'mail.saveSettings', account(smtp.port))).saved).toMatchObject({ user: '', has_password: false });
  });

  test('the test message says why it failed: refused, host not found, TLS mismatch; a bad address is the field\'s', async () => {
    const closed = await closedPort();
    const test1 = async (over: Record<string, unknown>) => {
      await ok(folio, 'mail.saveSettings', account(smtp.port, over));
      return ok(folio, 'mail.test', { to: 'tulaj@minta.example' });
    };
    expect(await ok(folio, 'mail.test', { to: 'tulaj@minta.example' })).toMatchObject({ sent: false, reason: 'not_configured' });
    expect(await test1({ port: closed })).toMatchObject({ sent: false, reason: 'refused', detail: expect.stringContaining('ECONNREFUSED') });
    expect(await test1({ host: 'nincs-ilyen-szerver.invalid' })).toMatchObject({ sent: false, reason: 'not_found' });
    // TLS from the first byte against a plain SMTP port
    expect(await test1({ security: 'tls' })).toMatchObject({ sent: false, reason: 'tls' });
    // STARTTLS required, and this server does not offer it: no password goes out in the clear
    expect(await test1({ security: 'starttls', user: 'folio', password: 'alkalmazás-jelszó' })).toMatchObject({ sent: false, reason: 'tls' });

    const badTo = await rpc(folio, 'mail.test', { to: 'tulaj@' });
    expect(badTo.status).toBe(400);
    expect(badTo.body.errors).toEqual([{ field: 'to', message: 'must be an e-mail address' }]);
    expect(smtp.messages).toHaveLength(0);
  });
});

test('FOLIO_SMTP_URL wins over the saved account, and the settings say so', async () => {
  const envSmtp = await startSmtp({
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) =>
      auth.username === 'relay' && auth.password === 'titok' ? callback(null, { user: 'relay' }) : callback(new Error('Invalid login')),
  });
  const savedSmtp = await startSmtp();
  const folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: `smtp://relay:titok@127.0.0.1:${envSmtp.port}?security=none`, FOLIO_MAIL_FROM: 'Szerver <szerver@minta.example>' },
  });
  try {
    const state = await ok(folio, 'mail.settings');
    expect(state).toEqual({
      source: 'env',
      env: { host: '127.0.0.1', port: envSmtp.port, security: 'none', user: 'relay', sender_name: 'Szerver', sender_address: 'szerver@minta.example', has_password: true, updated_at: null },
      saved: null,
      can_save: true,
    });
    expect(JSON.stringify(state)).not.toContain('titok');
    // A saved account is kept for later, but the server's own stays in use.
    const saved = await ok(folio, 'mail.saveSettings', account(savedSmtp.port));
    expect(saved).toMatchObject({ source: 'env', saved: { port: savedSmtp.port } });
    expect(await ok(folio, 'mail.test', { to: 'tulaj@minta.example' })).toMatchObject({ sent: true, reason: null });
    await envSmtp.waitFor(1);
    expect(savedSmtp.messages).toHaveLength(0);
    expect(envSmtp.messages[0]!.from?.value[0]?.address).toBe('szerver@minta.example');
  } finally {
    await folio.stop();
    await envSmtp.close();
    await savedSmtp.close();
  }
});

test.describe('sending invoices', () => {
  let folio: Folio;
  let smtp: TestSmtp;
  let clientId: number;
  let refuse = false;
  test.beforeEach(async () => {
    refuse = false;
    smtp = await startSmtp({
      onRcptTo(address, _session, callback) {
        if (refuse && address.address.startsWith('nincs')) callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        else callback();
      },
    });
    folio = await startFolio();
    await setSeller(folio);
    clientId = await addClient(folio);
  });
  test.afterEach(async () => {
    await folio.stop();
    await smtp.close();
  });

  test('the dialog\'s recipients, copy, subject and message are sent, with the PDF named in the invoice\'s language', async () => {
    const inv = await issue(folio, clientId, { template_lang_code: 'de' });
    const notSetUp = await rpc(folio, 'invoices.send', { id: inv.id, to: ['konyvelo@vevo.example'] });
    expect(notSetUp.status).toBe(422);
    expect(notSetUp.body.errors).toEqual([{ field: 'smtp', message: expect.stringContaining('E-mail is not set up') }]);
    expect(await ok(folio, 'mail.compose', { id: inv.id })).toMatchObject({ configured: false });

    await ok(folio, 'mail.saveSettings', account(smtp.port));
    const composed = await ok(folio, 'mail.compose', { id: inv.id });
    expect(composed).toEqual({
      to: ['szamla@vevo.example'],
      cc: [],
      subject: `Rechnung ${inv.no} – Minta Bt.`,
      message: expect.stringContaining(`anbei erhalten Sie die Rechnung ${inv.no}.`),
      attachment_name: `Rechnung-${inv.no}.pdf`,
      // the client wants no e-invoice: nothing beside the PDF
      einvoice_format: 'none',
      xml_name: null,
      lang: 'de',
      configured: true,
    });

    const badTo = await rpc(folio, 'invoices.send', { id: inv.id, to: 'konyvelo@vevo.example, vevo@', cc: 'x' });
    expect(badTo.status).toBe(400);
    expect(badTo.body.errors).toEqual([
      { field: 'to', message: '"vevo@" is not an e-mail address' },
      { field: 'cc', message: '"x" is not an e-mail address' },
    ]);
    const noTo = await rpc(folio, 'invoices.send', { id: inv.id, to: '  ', subject: '' });
    expect(noTo.body.errors).toEqual([{ field: 'to', message: 'is required' }, { field: 'subject', message: 'is required' }]);

    expect(
      await ok(folio, 'invoices.send', {
        id: inv.id,
        to: ['konyvelo@vevo.example', 'penzugy@vevo.example'],
        cc: 'tulaj@minta.example',
        subject: `Ihre Rechnung ${inv.no}`,
        message: 'Sehr geehrte Damen und Herren,\n\nanbei die Rechnung.\n',
      }),
    ).toEqual({ queued: true, state: 'queued' });
    const [mail] = await smtp.waitFor(1);
    expect(addresses(mail!.to)).toEqual(['konyvelo@vevo.example', 'penzugy@vevo.example']);
    expect(addresses(mail!.cc)).toEqual(['tulaj@minta.example']);
    expect(mail!.subject).toBe(`Ihre Rechnung ${inv.no}`);
    expect(mail!.text?.trimEnd()).toBe('Sehr geehrte Damen und Herren,\n\nanbei die Rechnung.');
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Rechnung-${inv.no}.pdf`, 'application/pdf']]);
    expect(await pdfText(mail!.attachments[0]!.content)).toContain(inv.no);

    // The interface's form is unchanged: GET /invoices/{id}/send with the id alone mails the client, texts as composed.
    const res = await fetch(`${folio.url}/invoices/${inv.id}/send`, { headers: { 'X-API-KEY': API_KEY } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [, second] = await smtp.waitFor(2);
    expect(addresses(second!.to)).toEqual(['szamla@vevo.example']);
    expect(second!.cc).toBeUndefined();
    expect(second!.subject).toBe(composed.subject);
    expect(second!.attachments[0]!.filename).toBe(`Rechnung-${inv.no}.pdf`);
  });

  test('the outbox lists every message with its invoice; a refused one fails with its reason and is sent on retry', async () => {
    await ok(folio, 'mail.saveSettings', account(smtp.port));
    const first = await issue(folio, clientId);
    const second = await issue(folio, clientId);
    await ok(folio, 'invoices.send', { id: first.id });
    await smtp.waitFor(1);
    refuse = true;
    await ok(folio, 'invoices.send', { id: second.id, to: 'nincs.ilyen@vevo.example' });
    const failed = await until(async () => {
      const page = await ok(folio, 'mail.outbox', { state: 'failed' });
      return page.items[0];
    });
    expect(failed).toMatchObject({
      invoice_id: second.id, invoice_no: second.no, state: 'failed', recipients: ['nincs.ilyen@vevo.example'], reason: 'rejected',
      last_error: expect.stringContaining('550'), attachment_name: `Számla-${second.no}.pdf`,
    });

    const all = await ok(folio, 'mail.outbox', {});
    expect(all.items.map((m: { invoice_no: string; state: string }) => [m.invoice_no, m.state])).toEqual([[second.no, 'failed'], [first.no, 'sent']]);
    const paged = await ok(folio, 'mail.outbox', { max_per_page: 1, page: 2 });
    expect(paged).toMatchObject({ page: 2, max_per_page: 1, has_more: false, items: [{ invoice_no: first.no, state: 'sent', reason: null }] });
    expect((await rpc(folio, 'mail.outbox', { state: 'lost' })).body.errors).toEqual([{ field: 'state', message: 'must be queued, sending, sent or failed' }]);

    refuse = false;
    expect(await ok(folio, 'mail.retry', { id: failed.id })).toMatchObject({ id: failed.id, invoice_no: second.no, state: 'queued', attempts: 0 });
    const again = await rpc(folio, 'mail.retry', { id: failed.id });
    expect(again.status).toBe(409);
    expect((await rpc(folio, 'mail.retry', { id: failed.id + 1000 })).status).toBe(404);
    const [, retried] = await smtp.waitFor(2);
    expect(addresses(retried!.to)).toEqual(['nincs.ilyen@vevo.example']);
    await until(async () => (await ok(folio, 'mail.outbox', { state: 'sent' })).items.length === 2);
  });
});
