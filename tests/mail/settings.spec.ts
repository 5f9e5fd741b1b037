// SMTP settings: FOLIO_SMTP_URL parsing, the desktop's stored account with its sealed password, and a login against
// a real SMTP server that requires one.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/index';
import {
  createMailer, createMailSettingsStore, smtpSettingsFromEnv, smtpSettingsFromUrl, transportOptionsFor,
} from '../../electron/mail/index';
import { aesGcmSecretBox } from '../../electron/secrets/secret-box';
import { mailDb } from '../../electron/mail/tables';
import { businessClock, createClient, issueInvoice, openFixture, renderPdf, startSmtp } from './helpers';

test('FOLIO_SMTP_URL: smtps, smtp with STARTTLS required, plain for a local relay, and the sender', () => {
  expect(smtpSettingsFromUrl('smtps://user%40example.com:p%3Ass@mail.example.com', undefined)).toEqual({
    host: 'mail.example.com', port: 465, security: 'tls', user: 'user@example.com', password: 'p:ss', from: 'user@example.com',
  });
  expect(smtpSettingsFromUrl('smtp://u:p@mail.example.com', 'Cég Kft. <szamla@ceg.hu>')).toMatchObject({
    port: 587, security: 'starttls', from: 'Cég Kft. <szamla@ceg.hu>',
  });
  expect(smtpSettingsFromUrl('smtp://127.0.0.1:1025?security=none', 'a@b.hu')).toMatchObject({ port: 1025, security: 'none', user: '' });
  expect(smtpSettingsFromUrl('smtp://127.0.0.1:1025?ignoreTLS=true&tls.rejectUnauthorized=false', 'a@b.hu')).toMatchObject({
    security: 'none', allowInvalidCertificate: true,
  });
  expect(smtpSettingsFromEnv({})).toBeNull();
  expect(smtpSettingsFromEnv({ FOLIO_SMTP_URL: 'smtp://[::1]:2525', FOLIO_MAIL_FROM: 'a@b.hu' })).toMatchObject({ host: '::1', port: 2525 });

  expect(() => smtpSettingsFromUrl('http://mail.example.com', 'a@b.hu')).toThrow('unsupported scheme');
  expect(() => smtpSettingsFromUrl('not a url', 'a@b.hu')).toThrow('not a URL');
  expect(() => smtpSettingsFromUrl('smtp://relay.local', undefined)).toThrow('FOLIO_MAIL_FROM');
  expect(() => smtpSettingsFromUrl('smtp://relay.local?security=ssl', 'a@b.hu')).toThrow('security must be one of');

  expect(transportOptionsFor(smtpSettingsFromUrl('smtp://u:p@h', 'a@b.hu'))).toMatchObject({
    secure: false, requireTLS: true, ignoreTLS: false, auth: { user: 'u', pass: 'p' }, disableFileAccess: true, disableUrlAccess: true,
  });
  expect(transportOptionsFor(smtpSettingsFromUrl('smtps://h', 'a@b.hu'))).toMatchObject({ secure: true, requireTLS: false });
});

test('desktop: settings stored in the database, password sealed, used to log in to a real SMTP server', async () => {
  const fx = await openFixture();
  const smtp = await startSmtp({
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'folio' && auth.password === 'nagyon titkos') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  try {
    const secretBox = aesGcmSecretBox(randomBytes(32));
    const store = createMailSettingsStore({ db: fx.opened.db, secretBox });
    expect(await store.view()).toBeNull();
    const view = await store.save({
      host: '127.0.0.1', port: smtp.port, security: 'none', user: 'folio', password: 'nagyon titkos', from: 'szamla@ceg.hu',
    });
    expect(view).toMatchObject({ host: '127.0.0.1', user: 'folio', has_password: true });
    expect(JSON.stringify(view)).not.toContain('titkos');
    const row = await mailDb(fx.opened.db).selectFrom('mail_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.password_sealed).toMatch(/^aes256gcm:v1:/);
    expect(row.password_sealed).not.toContain('titkos');

    // Saving without a password keeps the stored one.
    await store.save({ host: '127.0.0.1', port: smtp.port, security: 'none', user: 'folio', from: 'Cég Kft. <szamla@ceg.hu>' });
    expect((await store.load())!.password).toBe('nagyon titkos');
    await expect(store.save({ host: '', port: 25, security: 'none', from: 'x@y.hu' })).rejects.toThrow('host');
    await expect(store.save({ host: 'h', port: 25, security: 'none', from: 'nobody' })).rejects.toThrow('not an e-mail address');

    const mailer = createMailer({ db: fx.opened.db, pdf: renderPdf, secretBox });
    expect(mailer.settings).not.toBeNull();
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const invoice = await issueInvoice(core, await createClient(core));
    await core.call('invoices.send', { id: invoice.id });
    await mailer.runDue();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.from?.text).toContain('szamla@ceg.hu');

    // A key that cannot open the stored password: sending is refused with what to do…
    const wrongKey = createMailer({ db: fx.opened.db, pdf: renderPdf, secretBox: aesGcmSecretBox(randomBytes(32)) });
    await expect(wrongKey.send(invoice)).rejects.toThrow('enter it again in the e-mail settings');
    // …and a message already queued waits, with that reason, without using up its attempts.
    await core.call('invoices.send', { id: invoice.id });
    expect(await wrongKey.runDue()).toBe(0);
    expect((await wrongKey.outboxForInvoice(invoice.id))[0]).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await wrongKey.outboxForInvoice(invoice.id))[0]!.last_error).toContain('enter it again in the e-mail settings');
    await store.clear();
    expect(await mailer.runDue()).toBe(0);
    expect((await mailer.outboxForInvoice(invoice.id))[0]!.last_error).toContain('E-mail is not set up');
    expect(smtp.messages).toHaveLength(1);
  } finally {
    await smtp.close();
    await fx.close();
  }
});

test('a wrong SMTP password keeps the message queued (a settings problem the user can fix), with the reason', async () => {
  const fx = await openFixture();
  const smtp = await startSmtp({
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(_auth, _session, callback) {
      callback(new Error('Invalid username or password'));
    },
  });
  try {
    const mailer = createMailer({
      db: fx.opened.db, pdf: renderPdf,
      transportOptions: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'x', password: 'bad', from: 'a@b.hu' },
    });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: mailer.send });
    const invoice = await issueInvoice(core, await createClient(core));
    await core.call('invoices.send', { id: invoice.id });
    await mailer.runDue();
    const [entry] = await mailer.outboxForInvoice(invoice.id);
    expect(entry).toMatchObject({ state: 'queued', attempts: 1 });
    expect(entry!.last_error).toContain('EAUTH');
  } finally {
    await smtp.close();
    await fx.close();
  }
});

test('starttls is required, not hoped for: a server without STARTTLS never gets the password in the clear', async () => {
  const fx = await openFixture();
  let secureSessions = 0;
  let logins = 0;
  const tls = await startSmtp({
    disabledCommands: [],
    authOptional: true,
    onAuth(auth, session, callback) {
      logins += 1;
      if (session.secure) secureSessions += 1;
      callback(null, { user: auth.username });
    },
  });
  const plain = await startSmtp({
    onAuth(_auth, _session, callback) {
      logins += 1;
      callback(null, { user: 'x' });
    },
    allowInsecureAuth: true,
  });
  try {
    const settings = (port: number) => ({
      host: '127.0.0.1', port, security: 'starttls' as const, user: 'folio', password: 'titok', from: 'a@b.hu',
      // smtp-server's built-in certificate is self-signed
      allowInvalidCertificate: true,
    });
    const secure = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: settings(tls.port) });
    const core = await createCore({ db: fx.opened.db, clock: businessClock, send: secure.send });
    const clientId = await createClient(core);
    const first = await issueInvoice(core, clientId);
    await core.call('invoices.send', { id: first.id });
    await secure.runDue();
    expect(tls.messages).toHaveLength(1);
    expect({ logins, secureSessions }).toEqual({ logins: 1, secureSessions: 1 });

    const refused = createMailer({ db: fx.opened.db, pdf: renderPdf, transportOptions: settings(plain.port) });
    const second = await issueInvoice(core, clientId);
    await refused.send(second);
    await refused.runDue();
    expect(plain.messages).toHaveLength(0);
    expect(logins).toBe(1);
    const [entry] = await refused.outboxForInvoice(second.id);
    expect(entry).toMatchObject({ state: 'queued' });
    expect(entry!.last_error).toMatch(/^No secure connection \(TLS\/STARTTLS\)/);
  } finally {
    await tls.close();
    await plain.close();
    await fx.close();
  }
});
