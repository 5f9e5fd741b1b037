// The accountant package by e-mail: `data.accountantStart { email: true }` checks first, before anything is built,
// that the accountant's address is set (Settings → Accountant) and that e-mail is set up; once the package is built
// its message(s) go into the mail outbox, all of them in one write transaction, and the outbox worker delivers them
// with its retries (docs/mail.md). The ZIP bytes are kept in the outbox row until sent, then dropped.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rule } from '../../../shared/errors';
import type { Clock } from '../../core/clock';
import { readSettings } from '../../core/settings/service';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { insertMessage } from '../../mail/outbox';
import { addressOf, isEmailAddress } from '../../mail/settings';
import { mailParts, ZIP_PART_BYTES } from './mail-parts';
import { packageSubject, packageText } from './mail-text';
import type { AccountantPackage } from './package';

export interface AccountantMailDeps {
  db: Db;
  /** the From of the mail account in use, or null when e-mail is not set up (no password is opened for this) */
  sender(): Promise<string | null>;
  /** wakes the outbox worker (the CLI has none: the app or the server sends what it queued) */
  kick(): void;
  /** real time: the outbox schedules on it */
  clock: Clock;
  /** the largest ZIP one message carries (tests make it small to see a split); default ZIP_PART_BYTES */
  zipPartBytes?: number;
}

/** A delivery agreed to before the package is built: where it goes, and how the finished package is queued. */
export interface AccountantDelivery {
  to: string;
  /** queues the package's message(s); answers how many */
  queue(built: AccountantPackage, range: { from: string; to: string }, workDir: string): Promise<number>;
}

export function createAccountantMail(deps: AccountantMailDeps): { prepare(): Promise<AccountantDelivery> } {
  return {
    async prepare() {
      const settings = await readSettings(deps.db);
      const to = settings.accountant.email.trim();
      if (!to) throw rule("No accountant e-mail address is set: add it in Settings → Accountant (settings.update accountant.email)", 'accountant.email');
      if (!isEmailAddress(to)) throw rule('must be an e-mail address', 'accountant.email');
      const from = await deps.sender();
      if (!from) throw rule('E-mail is not set up: configure an SMTP server (Settings → E-mail, or FOLIO_SMTP_URL for the server)', 'smtp');
      const domain = addressOf(from).split('@')[1] || 'folio.invalid';
      const seller = settings.seller;
      return {
        to,
        async queue(built, range, workDir) {
          const parts = await mailParts(built.zip, join(workDir, 'mail'), deps.zipPartBytes ?? ZIP_PART_BYTES);
          const now = deps.clock.now();
          await writeTransaction(deps.db, async (trx) => {
            for (const [i, part] of parts.entries()) {
              // one part's bytes in memory at a time: a quarter's package is several parts of ~15 MB
              const bytes = readFileSync(part.path);
              const text = { seller: seller.name, range, part: i + 1, parts: parts.length };
              await insertMessage(
                trx,
                {
                  invoice_id: null,
                  quote_id: null,
                  purpose: 'accountant',
                  message_id: `<folio.accountant.${randomUUID()}@${domain}>`,
                  recipients: [to],
                  reply_to: isEmailAddress(seller.email) ? seller.email.trim() : '',
                  lang: 'hu',
                  subject: packageSubject(text),
                  body_text: packageText({ ...text, accountantName: settings.accountant.name, counts: built.counts, skipped: built.skipped.length, files: part.files }),
                  attachment_name: part.name,
                  attachment: bytes,
                  attachment_sha256: createHash('sha256').update(bytes).digest('hex'),
                },
                // a millisecond apart: the parts' Date headers keep their order in the accountant's mail program
                new Date(now.getTime() + i),
              );
            }
          });
          deps.kick();
          return parts.length;
        },
      };
    },
  };
}
