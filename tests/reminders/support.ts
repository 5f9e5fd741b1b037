// The reminder suite's rig: a core on a temporary database with a business clock the test moves, the mail outbox
// delivering to a real SMTP server on 127.0.0.1 (tests/mail/helpers.ts), and the statement rendered by the real
// PDF engine. Nothing is faked but the business clock.
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { createCore, type Core } from '../../electron/core/index';
import { ManualClock, systemClock } from '../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { renderStatementPdf } from '../../electron/documents/statement';
import { createMailer, type Mailer } from '../../electron/mail/index';
import { recipientsFor } from '../../electron/mail/recipients';
import { reminderOutbox } from '../../electron/mail/reminder-outbox';
import { renderPdf, smtpSettings, startSmtp, tempDir, type TestSmtp } from '../mail/helpers';
import { seedSeller } from '../support/fixtures';

export interface ReminderRig {
  clock: ManualClock;
  core: Core;
  mailer: Mailer;
  smtp: TestSmtp;
  opened: OpenedDatabase;
  file: string;
  /** moves the business clock to 09:00 (Budapest) of a day */
  setDay(day: string): void;
  close(): Promise<void>;
}

export async function openReminderRig(startDay: string): Promise<ReminderRig> {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const opened = await openDatabase(file);
  const smtp = await startSmtp();
  const mailer = createMailer({ db: opened.db, pdf: renderPdf, transportOptions: smtpSettings(smtp.port), clock: systemClock });
  const clock = new ManualClock(`${startDay}T09:00:00+02:00`);
  const core = await createCore({
    db: opened.db,
    clock,
    reminders: {
      mailFrom: async () => (await mailer.currentSettings())?.from ?? null,
      kick: () => undefined,
      statementPdf: renderStatementPdf,
      outbox: reminderOutbox(),
      recipients: (invoice) => recipientsFor(opened.db, invoice),
      outboxClock: systemClock,
    },
  });
  await seedSeller(core);
  return {
    clock,
    core,
    mailer,
    smtp,
    opened,
    file,
    setDay: (day) => clock.set(`${day}T09:00:00+02:00`),
    async close() {
      await mailer.stop();
      await smtp.close();
      await opened.close();
      tmp.remove();
    },
  };
}

/** The statement PDF a reminder carries. */
export function statementOf(mail: ParsedMail): Buffer {
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  if (!pdf) throw new Error(`no PDF attached to "${mail.subject}"`);
  return pdf.content;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
