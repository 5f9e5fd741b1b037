// The mail area's operations (shared/contract/areas/mail.ts), carried out beside the core: the runtime hands them
// to it with `core.provide(mailOperationsFor(...))`.
import type { MailSettingsState } from '../../shared/contract/areas/mail';
import { FolioError, rule } from '../../shared/errors';
import { isDraft } from '../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { RuntimeHandlers } from '../core/index';
import type { Db } from '../db/types';
import { envAccountView, savedAccountView, storeInput } from './account';
import type { Mailer } from './mailer';
import { outboxItem, outboxPage } from './outbox-page';
import { sendTestMessage } from './test-message';

type MailHandlers = Pick<RuntimeHandlers, 'mail.settings' | 'mail.saveSettings' | 'mail.test' | 'mail.outbox' | 'mail.retry' | 'mail.compose'>;

export interface MailServiceDeps {
  db: Db;
  mailer: Mailer;
  /** an issued invoice by id (the core's reader: not found is the core's 404) */
  readInvoice(id: number): Promise<Resource<InvoiceAttributes>>;
  /** the test message's time limit (tests shorten it) */
  testTimeoutMs?: number;
}

export function mailOperationsFor(deps: MailServiceDeps): MailHandlers {
  const { mailer } = deps;
  const store = mailer.settings;

  async function state(): Promise<MailSettingsState> {
    const env = mailer.fixedSettings ? envAccountView(mailer.fixedSettings) : null;
    const saved = store ? await store.view() : null;
    return {
      source: env ? 'env' : saved ? 'saved' : 'none',
      env,
      saved: saved ? savedAccountView(saved) : null,
      can_save: store !== null,
    };
  }

  return {
    'mail.settings': state,
    'mail.saveSettings': async (input) => {
      if (!store) {
        throw new FolioError('not_available', 'This Folio has no secret key to seal an SMTP password with: set FOLIO_SMTP_URL instead');
      }
      await store.save(storeInput(input, await store.view()));
      return state();
    },
    'mail.test': async ({ to, lang }) => {
      let settings;
      try {
        settings = await mailer.currentSettings();
      } catch (e) {
        return { sent: false, to, reason: 'password_unreadable', detail: e instanceof Error ? e.message : String(e) };
      }
      if (!settings) return { sent: false, to, reason: 'not_configured', detail: 'E-mail is not set up' };
      return sendTestMessage(settings, to, lang, deps.testTimeoutMs);
    },
    'mail.outbox': (input) => outboxPage(deps.db, input),
    'mail.retry': async ({ id }) => {
      const entry = await mailer.retry(id);
      return outboxItem(deps.db, entry);
    },
    'mail.compose': async ({ id }) => {
      const invoice = await deps.readInvoice(id);
      if (isDraft(invoice.attributes.type)) throw rule('A draft is not sent: issue the invoice first', 'id');
      return mailer.compose(invoice);
    },
  };
}
