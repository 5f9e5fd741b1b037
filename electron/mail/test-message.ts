// "Send a test message": straight to the SMTP server, not through the outbox, so the user learns at once whether
// the account works — and if not, why, as a reason code the screen puts into words.
import type { MailTestResult } from '../../shared/contract/areas/mail';
import { failureReasonOf } from './failure-reason';
import { describeSmtp, transportOptionsFor, type SmtpSettings } from './settings';

type Lang = 'hu' | 'en' | 'de';

const TEXTS: Record<Lang, { subject: string; body: (account: string) => string }> = {
  hu: {
    subject: 'Folio próbalevél',
    body: (account) => `Ez egy próbalevél a Folióból.\n\nHa megérkezett, a számlák e-mailes küldése működik ezzel a fiókkal:\n${account}\n`,
  },
  en: {
    subject: 'Folio test message',
    body: (account) => `This is a test message from Folio.\n\nIf it arrived, invoices can be sent by e-mail with this account:\n${account}\n`,
  },
  de: {
    subject: 'Folio-Testnachricht',
    body: (account) => `Dies ist eine Testnachricht von Folio.\n\nWenn sie angekommen ist, funktioniert der Rechnungsversand per E-Mail mit diesem Konto:\n${account}\n`,
  },
};

/** A person waits for the answer: shorter limits than the outbox's (which retries later anyway). */
export const TEST_TIMEOUT_MS = 15_000;

export async function sendTestMessage(settings: SmtpSettings, to: string, lang: Lang, timeoutMs = TEST_TIMEOUT_MS): Promise<MailTestResult> {
  const { createTransport } = (await import('nodemailer')).default;
  const transport = createTransport({
    ...transportOptionsFor(settings),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  const text = TEXTS[lang];
  try {
    const info = await transport.sendMail({ from: settings.from, to, subject: text.subject, text: text.body(describeSmtp(settings)) });
    return { sent: true, to, reason: null, detail: info.response ?? '' };
  } catch (e) {
    return { sent: false, to, reason: failureReasonOf(e), detail: (e instanceof Error ? e.message : String(e)).trim().slice(0, 500) };
  } finally {
    transport.close();
  }
}
