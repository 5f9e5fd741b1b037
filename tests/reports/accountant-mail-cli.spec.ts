// `npm run folio -- accountant … --email` (the CLI's bundle, a child process): without an accountant address it says
// so and builds nothing; with one, it writes the ZIP and queues the package in the database's outbox, which a mailer
// on that file then delivers to a real SMTP server on 127.0.0.1 (the CLI has no outbox worker of its own).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/index';
import { createMailer } from '../../electron/mail/index';
import { openDatabase } from '../../electron/db/open';
import { unzip } from '../backup/unzip';
import { FOLIO_ENTRY } from '../support/built';
import { createBuyer, openTestCore, TEST_SELLER } from '../support/fixtures';
import { smtpSettings, startSmtp } from '../mail/helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const ZIP = 'konyvelo-csomag_2026-03-01_2026-03-31.zip';

function folio(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res) => {
    execFile(process.execPath, [FOLIO_ENTRY, ...args], { cwd: ROOT, timeout: 120_000, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      res({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('accountant --email: refused without an address; else the ZIP written and queued, then delivered', async () => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  const t = await openTestCore();
  const out = mkdtempSync(join(tmpdir(), 'folio-accountant-cli-'));
  const env = { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta <szamla@minta.example>' };
  const args = ['accountant', '--db', t.dbFile, '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, '--email'];
  try {
    const buyer = await createBuyer(t.core);
    await t.core.call('invoices.create', {
      client_uid: buyer, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-15', due_date: '2026-03-23',
      items: [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 12_000, unit: 'óra' }],
    } as never);
    await t.opened.close();

    const none = await folio(env, ...args);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('accountant.email: No accountant e-mail address is set');
    expect(existsSync(join(out, ZIP))).toBe(false);

    const again = await openDatabase(t.dbFile);
    await (await createCore({ db: again.db })).call('settings.update', { accountant: { name: 'Kovács Anna', email: 'konyvelo@pelda.hu' } });
    await again.close();

    const noSmtp = await folio({}, ...args);
    expect(noSmtp.code).toBe(1);
    expect(noSmtp.stderr).toContain('smtp: E-mail is not set up');

    const sent = await folio(env, ...args);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout.trim()).toBe(join(out, ZIP));
    expect(sent.stderr).toContain('Queued 1 message to konyvelo@pelda.hu');

    // a mailer on the same file (what the app or `npm run serve` runs) delivers it
    const db = await openDatabase(t.dbFile);
    try {
      const mailer = createMailer({ db: db.db, pdf: async () => new Uint8Array(), transportOptions: smtpSettings(smtp.port) });
      expect(await mailer.runDue()).toBe(1);
    } finally {
      await db.close();
    }
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Könyvelői csomag – ${TEST_SELLER.name} – 2026-03-01–2026-03-31`);
    expect(mail!.attachments[0]!.content.equals(readFileSync(join(out, ZIP)))).toBe(true);
    expect([...unzip(mail!.attachments[0]!.content).keys()].filter((n) => n.startsWith('szamlak/'))).toHaveLength(1);
  } finally {
    rmSync(out, { recursive: true, force: true });
    await t.close().catch(() => undefined);
    await smtp.close();
  }
});
