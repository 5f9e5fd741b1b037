// Sending an invoice through a real SMTP server on 127.0.0.1: the message, its language, its PDF attachment, and
// the refusals (no address, a draft, e-mail not set up) that must leave the outbox untouched.
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/index';
import { createMailer } from '../../electron/mail/index';
import { mailDb } from '../../electron/mail/tables';
import { FolioError } from '../../shared/errors';
import { TEST_SELLER } from '../support/fixtures';
import {
  businessClock, createClient, issueInvoice, openFixture, pdfText, renderPdf, smtpSettings, startSmtp, until, withoutPdfId, type Fixture,
  type TestSmtp,
} from './helpers';

let fx: Fixture;
let smtp: TestSmtp;

test.beforeEach(async () => {
  fx = await openFixture();
  smtp = await startSmtp();
});
test.afterEach(async () => {
  await smtp.close();
  await fx.close();
});

/** Amounts keep their no-break spaces in the mail ("1 270 Ft" never wraps); compare with plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
/** A subject names the seller after the number once the seller is set up (as the fixture's is). */
const bySeller = ` – ${TEST_SELLER.name}`;

async function outboxCount(): Promise<number> {
  const r = await mailDb(fx.opened.db).selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

test('invoices.send queues the invoice and the worker delivers it with its PDF attached', async () => {
  const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, pdf: renderPdf, send: mailer.send });
  const clientId = await createClient(core);
  const invoice = await issueInvoice(core, clientId);
  const number = invoice.attributes.prefixed_invoice_no!;
  mailer.start();
  try {
    const result = await core.call('invoices.send', { id: invoice.id });
    expect(result).toEqual({ queued: true, state: 'queued' });
    const [mail] = await smtp.waitFor(1);
    const sent = await until(async () => (await mailer.outboxForInvoice(invoice.id)).find((e) => e.state === 'sent'));

    expect(mail!.to && 'value' in mail!.to ? mail!.to.value.map((v) => v.address) : []).toEqual(['vevo@example.test']);
    expect(mail!.from?.value[0]?.address).toBe('szamla@folio.test');
    expect(mail!.subject).toBe(`Számla ${number}${bySeller}`);
    expect(mail!.text).toContain(`Mellékelten küldjük a(z) ${number} számú számlát.`);
    expect(plain(mail!.text)).toContain('Összeg: 1 270 Ft');
    expect(mail!.text).toContain('Fizetési határidő: 2026.03.23.');
    expect(mail!.messageId).toBe(sent.message_id);

    expect(mail!.attachments).toHaveLength(1);
    const attachment = mail!.attachments[0]!;
    // named in the invoice's language, like its subject
    expect(attachment.filename).toBe(`Számla-${number}.pdf`);
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The very document a fresh render gives (pdfkit's random /ID aside), and a reader finds the number in it.
    expect(withoutPdfId(attachment.content)).toBe(withoutPdfId(await renderPdf(invoice)));
    expect(await pdfText(attachment.content)).toContain(number);

    expect(sent).toMatchObject({ attempts: 1, interrupted: 0, last_error: null, recipients: ['vevo@example.test'] });
    expect(await mailer.emailDuties(invoice.id)).toEqual([{ state: 'sent', to: 'vevo@example.test', error: null, reason: null, updated_at: sent.updated_at }]);
    expect(sent.sent_at).not.toBeNull();
    // Delivered: the bytes are dropped, the hash stays as the record of what was sent.
    const row = await mailDb(fx.opened.db).selectFrom('mail_outbox').select(['attachment', 'attachment_sha256']).executeTakeFirstOrThrow();
    expect(row.attachment).toBeNull();
    expect(row.attachment_sha256).toBe(sent.attachment_sha256);
  } finally {
    await mailer.stop();
  }
});

test('the subject and the text follow the invoice language (en, de, hu-en) and its kind', async () => {
  const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
  const clientId = await createClient(core);
  const en = await issueInvoice(core, clientId, { template_lang_code: 'en' });
  const de = await issueInvoice(core, clientId, { template_lang_code: 'de' });
  const both = await issueInvoice(core, clientId, { template_lang_code: 'hu-en' });
  const proforma = await issueInvoice(core, clientId, { type: 1 });
  for (const inv of [en, de, both, proforma]) await core.call('invoices.send', { id: inv.id });
  expect(await mailer.runDue()).toBe(4);
  const bySubject = new Map(smtp.messages.map((m) => [m.subject ?? '', plain(m.text)]));
  const n = (inv: typeof en) => inv.attributes.prefixed_invoice_no!;
  expect(bySubject.get(`Invoice ${n(en)}${bySeller}`)).toContain(`Please find attached invoice ${n(en)}.`);
  expect(bySubject.get(`Invoice ${n(en)}${bySeller}`)).toContain('Amount: HUF 1,270');
  expect(bySubject.get(`Invoice ${n(en)}${bySeller}`)).toContain('Due date: 23 Mar 2026');
  expect(bySubject.get(`Rechnung ${n(de)}${bySeller}`)).toContain(`anbei erhalten Sie die Rechnung ${n(de)}.`);
  expect(bySubject.get(`Rechnung ${n(de)}${bySeller}`)).toContain('Fällig am: 23.03.2026');
  const bilingual = bySubject.get(`Számla / Invoice ${n(both)}${bySeller}`);
  expect(bilingual).toContain('Tisztelt Példa Ügyfél Kft.!');
  expect(bilingual).toContain('Dear Példa Ügyfél Kft.,');
  expect(bySubject.get(`Díjbekérő ${n(proforma)}${bySeller}`)).toContain(`Mellékelten küldjük a(z) ${n(proforma)} számú díjbekérőt.`);
  expect(smtp.messages.map((m) => m.attachments[0]?.filename).sort()).toEqual(
    [`Invoice-${n(en)}.pdf`, `Rechnung-${n(de)}.pdf`, `Számla-Invoice-${n(both)}.pdf`, `Díjbekérő-${n(proforma)}.pdf`].sort(),
  );
});

test('a client without an e-mail address is a 422 and nothing is queued', async () => {
  const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
  const clientId = await createClient(core, { email: '' });
  const invoice = await issueInvoice(core, clientId);
  const error = await core.call('invoices.send', { id: invoice.id }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FolioError);
  expect((error as FolioError).status).toBe(422);
  expect((error as FolioError).code).toBe('rule_violation');
  expect((error as FolioError).message).toContain('has no e-mail address');
  expect((error as FolioError).errors).toEqual([{ field: 'client.email', message: expect.any(String) }]);
  expect(await outboxCount()).toBe(0);

  // The address book is contact data: adding the address to the client makes the same invoice sendable.
  await core.call('clients.update', { id: clientId, email: 'uj@example.test' } as never);
  await core.call('invoices.send', { id: invoice.id });
  await mailer.runDue();
  expect(smtp.messages.map((m) => m.to && 'value' in m.to && m.to.value[0]?.address)).toEqual(['uj@example.test']);
});

test('a draft is refused, and so is sending while e-mail is not set up; neither queues anything', async () => {
  const unconfigured = createMailer({ db: fx.opened.db, pdf: renderPdf });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: unconfigured.send });
  const clientId = await createClient(core);
  const draft = await core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
    items: [{ description: 'Vázlat', vat_id: 1, qty: 1, net_unit_price: 1000 }],
  } as never);
  const draftError = (await core.call('invoices.send', { id: (draft as { id: number }).id }).catch((e: unknown) => e)) as FolioError;
  expect(draftError.status).toBe(422);
  expect(draftError.message).toContain('draft');
  const invoice = await issueInvoice(core, clientId);
  const setupError = (await core.call('invoices.send', { id: invoice.id }).catch((e: unknown) => e)) as FolioError;
  expect(setupError.status).toBe(422);
  expect(setupError.message).toContain('E-mail is not set up');
  expect(await outboxCount()).toBe(0);
});

test('sending again while the first message waits returns that message instead of queuing a second', async () => {
  const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port) });
  const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
  const invoice = await issueInvoice(core, await createClient(core));
  const results = await Promise.all([1, 2, 3].map(() => core.call('invoices.send', { id: invoice.id })));
  expect(results).toEqual([1, 2, 3].map(() => ({ queued: true, state: 'queued' })));
  expect(await outboxCount()).toBe(1);
  await mailer.runDue();
  expect(smtp.messages).toHaveLength(1);
  // Once sent, pressing Send again is a deliberate second message.
  await core.call('invoices.send', { id: invoice.id });
  await mailer.runDue();
  expect(smtp.messages).toHaveLength(2);
  expect(smtp.messages[0]!.messageId).not.toBe(smtp.messages[1]!.messageId);
  expect((await mailer.outboxForInvoice(invoice.id)).map((e) => e.state)).toEqual(['sent', 'sent']);
});
