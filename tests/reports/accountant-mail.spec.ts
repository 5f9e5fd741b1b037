// The accountant package by e-mail over the real HTTP door, to a real SMTP server on 127.0.0.1: the accountant's
// address is kept in the settings, POST /exports/accountant { email: true } builds the package and queues it in the
// mail outbox, the outbox worker delivers it, and the message is parsed back (mailparser) and its ZIP listed. A
// small part limit shows the split: every part a complete ZIP, part 1 the summary, VAT analysis and CSVs, the parts
// together exactly the files of the whole. Without an address, or without e-mail set up, nothing is built or queued.
import { expect, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { startDataRig, until, KEY, type DataRig } from '../backup/data-rig';
import { unzip } from '../backup/unzip';
import { startSmtp, type TestSmtp } from '../mail/helpers';
import { TEST_SELLER } from '../support/fixtures';
import { seedYear } from './vat-year';

const ACCOUNTANT = { name: 'Kovács Anna', email: 'konyvelo@pelda.hu' };
const YEAR = { date_from: '2026-01-01', date_to: '2026-12-31' };

let rig: DataRig | undefined;
let smtp: TestSmtp | undefined;
test.afterEach(async () => {
  await rig?.close();
  await smtp?.close();
  rig = undefined;
  smtp = undefined;
});

async function rigWithMail(options: { accountantMailPartBytes?: number } = {}): Promise<{ rig: DataRig; smtp: TestSmtp; expenseId: number }> {
  smtp = await startSmtp();
  rig = await startDataRig({
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Eladó Kft. <szamla@minta-elado.hu>' },
    ...options,
  });
  await rig.ok('settings.update', { seller: TEST_SELLER });
  const d = await seedYear(rig.server.core, rig.business);
  await rig.ok('expenses.attach', { id: d.e1, file_name: 'szallito-szamla.pdf', content_base64: Buffer.from('%PDF-1.4\n% a supplier invoice\n').toString('base64') });
  return { rig, smtp, expenseId: d.e1 };
}

async function startPackage(r: DataRig, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${r.server.url}/exports/accountant`, {
    method: 'POST',
    headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function finished(r: DataRig, job: string) {
  return until('the package', async () => {
    const s = await r.ok('data.exportStatus', { job });
    return s.state === 'running' ? undefined : s;
  }, 90_000);
}

async function outbox(r: DataRig) {
  return (await r.ok('mail.outbox', { max_per_page: 100 })).items as Array<{ state: string; subject: string; attachment_name: string; recipients: string[] }>;
}

function zipOf(mail: ParsedMail): Map<string, Buffer> {
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.contentType).toBe('application/zip');
  return unzip(mail.attachments[0]!.content);
}

test('the package goes to the accountant in one message when it fits', async () => {
  test.setTimeout(120_000);
  const { rig: r, smtp: s, expenseId } = await rigWithMail();
  // the setting over the HTTP door, beside the spec's settings fields
  const put = await fetch(`${r.server.url}/settings`, {
    method: 'PUT',
    headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ accountant: ACCOUNTANT }),
  });
  expect(put.status).toBe(200);
  const got = (await (await r.get('/settings')).json()) as { data: { accountant: unknown; seller: { name: string } } };
  expect(got.data.accountant).toEqual(ACCOUNTANT);
  expect(got.data.seller.name).toBe(TEST_SELLER.name);

  const started = await startPackage(r, { ...YEAR, email: true });
  expect(started.status).toBe(200);
  expect(started.body.data.email).toEqual({ to: ACCOUNTANT.email, messages: null, error: null });
  const job = await finished(r, started.body.data.job);
  expect(job.error).toBeNull();
  expect(job.email).toEqual({ to: ACCOUNTANT.email, messages: 1, error: null });

  const [mail] = await s.waitFor(1, 30_000);
  expect(mail!.to).toMatchObject({ value: [{ address: ACCOUNTANT.email }] });
  expect(mail!.subject).toBe(`Könyvelői csomag – ${TEST_SELLER.name} – 2026-01-01–2026-12-31`);
  // the seller has no e-mail address of its own: no Reply-To
  expect(mail!.replyTo).toBeUndefined();
  const text = mail!.text ?? '';
  expect(text).toContain('Kedves Kovács Anna!');
  expect(text).toContain('kiállított számlák PDF-ben (szamlak/): 7 db');
  expect(text).toContain('(nav/): 7 db');
  expect(text).toContain('(koltsegek/): 1 db');
  expect(text.trimEnd().endsWith(`Üdvözlettel:\n${TEST_SELLER.name}`)).toBe(true);
  expect(mail!.attachments[0]!.filename).toBe('konyvelo-csomag_2026-01-01_2026-12-31.zip');

  // the attachment is the package byte for byte, and it lists the expected files
  const files = zipOf(mail!);
  const download = Buffer.from(await (await r.get(`/data/exports/${job.job}/file`)).arrayBuffer());
  expect(mail!.attachments[0]!.content.equals(download)).toBe(true);
  const names = [...files.keys()];
  expect(names.filter((n) => n.startsWith('szamlak/'))).toHaveLength(7);
  expect(names.filter((n) => n.startsWith('nav/'))).toHaveLength(7);
  expect(names).toEqual(expect.arrayContaining(['osszesito.pdf', 'afa-analitika.pdf', 'afa-analitika.xlsx', 'afa-analitika.csv', 'csv/invoices.csv', `koltsegek/${expenseId}-szallito-szamla.pdf`]));

  // the outbox shows it sent (no invoice, no quote)
  const sent = await until('sent', async () => {
    const items = await outbox(r);
    return items.length === 1 && items[0]!.state === 'sent' ? items : undefined;
  });
  expect(sent[0]).toMatchObject({ attachment_name: 'konyvelo-csomag_2026-01-01_2026-12-31.zip', recipients: [ACCOUNTANT.email], invoice_id: null, quote_id: null });
});

test('a package over the limit goes as several messages, each a complete ZIP', async () => {
  test.setTimeout(120_000);
  const LIMIT = 60_000;
  const { rig: r, smtp: s } = await rigWithMail({ accountantMailPartBytes: LIMIT });
  await r.ok('settings.update', { accountant: { email: ACCOUNTANT.email } });
  const started = await r.ok('data.accountantStart', { ...YEAR, email: true });
  const job = await finished(r, started.job);
  const whole = unzip(Buffer.from(await (await r.get(`/data/exports/${job.job}/file`)).arrayBuffer()));
  const parts = job.email.messages as number;
  expect(job.email.error).toBeNull();
  expect(parts).toBeGreaterThan(2);
  expect(parts).toBeLessThan(whole.size);

  const partOf = (m: ParsedMail) => Number(/\((\d+)\/\d+\)$/.exec(m.subject ?? '')?.[1]);
  const mails = (await s.waitFor(parts, 30_000)).slice().sort((a, b) => partOf(a) - partOf(b));
  expect(mails).toHaveLength(parts);
  const seen: string[] = [];
  for (const [i, mail] of mails.entries()) {
    expect(mail.subject).toBe(`Könyvelői csomag – ${TEST_SELLER.name} – 2026-01-01–2026-12-31 (${i + 1}/${parts})`);
    expect(mail.attachments[0]!.filename).toBe(`konyvelo-csomag_2026-01-01_2026-12-31_${i + 1}-${parts}.zip`);
    expect(mail.text).toContain(`${parts} levélben érkezik, ez a(z) ${i + 1}. rész`);
    // unzip checks every entry's CRC: each part stands on its own
    const files = zipOf(mail);
    const names = [...files.keys()];
    // a part holding more than one file is under the limit (a single file larger than it would go alone)
    if (i > 0 && names.length > 1) expect(mail.attachments[0]!.content.length).toBeLessThanOrEqual(LIMIT);
    if (i === 0) {
      expect(names).toEqual(expect.arrayContaining(['osszesito.pdf', 'afa-analitika.pdf', 'afa-analitika.xlsx', 'afa-analitika.csv', 'csv/invoices.csv', 'csv/expenses.csv']));
    } else {
      expect(names.some((n) => !n.includes('/') || n.startsWith('csv/'))).toBe(false);
    }
    for (const name of names) expect(files.get(name)!.equals(whole.get(name)!), name).toBe(true);
    seen.push(...names);
  }
  // together exactly the files of the whole package, each once
  expect(seen.slice().sort()).toEqual([...whole.keys()].sort());
});

test('no accountant address, or no e-mail set up: a 422 at the field, nothing built or queued', async () => {
  test.setTimeout(60_000);
  const { rig: r } = await rigWithMail();
  const none = await startPackage(r, { ...YEAR, email: true });
  expect(none.status).toBe(422);
  expect(none.body.code).toBe('rule_violation');
  expect(none.body.errors).toEqual([{ field: 'accountant.email', message: expect.stringContaining('No accountant e-mail address is set') }]);

  // an address that is not one is refused where it is set, with the field named
  const bad = await r.rpc('settings.update', { accountant: { name: 'Kovács Anna', email: 'konyvelo@' } });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual([{ field: 'accountant.email', message: 'must be an e-mail address' }]);
  expect((await r.ok('settings.get')).accountant).toEqual({ name: '', email: '' });
  expect(await outbox(r)).toEqual([]);

  // without `email` the package is built as before, and nothing is queued
  const plain = await r.ok('data.accountantStart', YEAR);
  expect(plain.email).toBeNull();
  expect((await finished(r, plain.job)).state).toBe('done');
  expect(await outbox(r)).toEqual([]);
});

test('e-mail not set up: a 422 at smtp', async () => {
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: TEST_SELLER, accountant: ACCOUNTANT });
  const res = await rig.rpc('data.accountantStart', { ...YEAR, email: true });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual([{ field: 'smtp', message: expect.stringContaining('E-mail is not set up') }]);
  expect((await rig.ok('mail.outbox', {})).items).toEqual([]);
});
