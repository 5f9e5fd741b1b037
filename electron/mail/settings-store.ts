// The desktop's SMTP account, kept in the database (one row) with the password sealed by the injected secret box.
// Reads for the UI never carry the password, only whether one is stored.
import { z } from 'zod';
import { FolioError, invalid } from '../../shared/errors';
import type { Clock } from '../core/clock';
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';
import type { SecretBox } from '../secrets/secret-box';
import { SMTP_SECURITIES, validateSmtpSettings, type SmtpSettings } from './settings';
import { mailDb } from './tables';

export interface MailSettingsView {
  host: string;
  port: number;
  security: SmtpSettings['security'];
  user: string;
  from: string;
  has_password: boolean;
  updated_at: string;
}

export const mailSettingsInput = z.object({
  host: z.string().trim().min(1),
  port: z.coerce.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITIES as [SmtpSettings['security'], ...SmtpSettings['security'][]]),
  user: z.string().trim().default(''),
  /** undefined keeps the stored password, '' or null removes it */
  password: z.string().nullable().optional(),
  from: z.string().trim().min(1),
});
export type MailSettingsInput = z.input<typeof mailSettingsInput>;

export interface MailSettingsStore {
  view(): Promise<MailSettingsView | null>;
  save(input: MailSettingsInput): Promise<MailSettingsView>;
  /** the settings with the password opened, for the transport; null when not set up */
  load(): Promise<SmtpSettings | null>;
  clear(): Promise<void>;
}

export function createMailSettingsStore(deps: { db: Db; secretBox: SecretBox; clock?: Clock }): MailSettingsStore {
  const mdb = mailDb(deps.db);
  const now = () => (deps.clock?.now() ?? new Date()).toISOString();

  async function row() {
    return mdb.selectFrom('mail_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async function view(): Promise<MailSettingsView | null> {
    const r = await row();
    if (!r) return null;
    return {
      host: r.host,
      port: r.port,
      security: r.security,
      user: r.username,
      from: r.from_address,
      has_password: r.password_sealed !== null,
      updated_at: r.updated_at,
    };
  }

  return {
    view,
    async save(raw) {
      const parsed = mailSettingsInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw invalid(issue.path.join('.') || 'mail', issue.message);
      }
      const input = parsed.data;
      validateSmtpSettings({ ...input, password: input.password ?? '' }, 'mail');
      // Seal before the transaction: a keyring failure must leave the stored settings as they were.
      const sealed = input.password ? deps.secretBox.encrypt(input.password) : input.password === undefined ? undefined : null;
      await writeTransaction(deps.db, async (trx) => {
        const t = mailDb(trx);
        const values = {
          host: input.host,
          port: input.port,
          security: input.security,
          username: input.user,
          from_address: input.from,
          updated_at: now(),
          ...(sealed !== undefined ? { password_sealed: sealed } : {}),
        };
        await t
          .insertInto('mail_settings')
          .values({ id: 1, password_sealed: null, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .execute();
      });
      return (await view())!;
    },
    async load() {
      const r = await row();
      if (!r) return null;
      let password = '';
      if (r.password_sealed) {
        try {
          password = deps.secretBox.decrypt(r.password_sealed);
        } catch (e) {
          throw new FolioError('rule_violation', `The stored SMTP password cannot be read (${e instanceof Error ? e.message : String(e)}); enter it again in the e-mail settings`);
        }
      }
      return { host: r.host, port: r.port, security: r.security, user: r.username, password, from: r.from_address };
    },
    async clear() {
      await writeTransaction(deps.db, (trx) => mailDb(trx).deleteFrom('mail_settings').execute());
    },
  };
}
