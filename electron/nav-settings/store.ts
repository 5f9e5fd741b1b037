// The technical user saved on the settings screen: one row, the password and both keys sealed by the runtime's
// secret box. Reads for the screen never carry a secret, only whether it is stored; the reporter gets them opened.
// Opening a sealed value costs a keychain call on the desktop, so the opened credentials are kept until the row
// changes (its updated_at), which may also happen in another process on the same file.
import { FolioError } from '../../shared/errors';
import type { NavSavedSettings, NavSettingsParsed } from '../../shared/contract/areas/nav';
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';
import type { SecretBox } from '../secrets/secret-box';
import type { NavCredentials } from '../nav/sender';
import { FOLIO_NAV_SOFTWARE } from '../nav-queue/reporter';
import { NAV_BASE_URLS } from './systems';
import { navSettingsDb, type NavSettingsTable } from './tables';

export interface NavSettingsStore {
  view(): Promise<NavSavedSettings | null>;
  /** Saves the typed values; a secret left out keeps the stored one, and one never stored is required. */
  save(input: NavSettingsParsed): Promise<NavSavedSettings>;
  /** The saved technical user with its secrets opened; null when none is saved or the secrets cannot be opened. */
  credentials(): Promise<NavCredentials | null>;
  /** The typed values completed with the stored secrets, for a check before saving. */
  complete(input: NavSettingsParsed): Promise<NavCredentials>;
  /** Whether the stored secrets open with this runtime's box (false: typed again after a move or a lost key). */
  readable(): Promise<boolean>;
  /** One saved secret in clear, for the owner who asked to see it (issue 36). */
  reveal(which: Secret): Promise<string>;
}

type Secret = 'password' | 'signature_key' | 'exchange_key';
const SEALED: Record<Secret, keyof NavSettingsTable> = {
  password: 'password_sealed',
  signature_key: 'signature_key_sealed',
  exchange_key: 'exchange_key_sealed',
};
const SECRETS = Object.keys(SEALED) as Secret[];

export function createNavSettingsStore(deps: { db: Db; secretBox: SecretBox | undefined; log?: (m: string) => void }): NavSettingsStore {
  const q = navSettingsDb(deps.db);
  const log = deps.log ?? ((m: string) => console.error(`folio: NAV settings: ${m}`));
  let cached: { stamp: string; credentials: NavCredentials | null } | null = null;

  const row = () => q.selectFrom('nav_settings').selectAll().where('id', '=', 1).executeTakeFirst();

  function box(): SecretBox {
    if (!deps.secretBox) {
      throw new FolioError('not_available', 'This Folio has no secret store to seal the NAV keys with; set FOLIO_NAV_* in the environment instead');
    }
    return deps.secretBox;
  }

  function toView(r: NavSettingsTable): NavSavedSettings {
    return {
      login: r.login,
      tax_number: r.tax_number,
      system: r.system,
      has_password: r.password_sealed !== '',
      has_signature_key: r.signature_key_sealed !== '',
      has_exchange_key: r.exchange_key_sealed !== '',
      updated_at: r.updated_at,
    };
  }

  function open(r: NavSettingsTable): Record<Secret, string> {
    const b = box();
    return {
      password: b.decrypt(r.password_sealed),
      signature_key: b.decrypt(r.signature_key_sealed),
      exchange_key: b.decrypt(r.exchange_key_sealed),
    };
  }

  function credentialsOf(r: Pick<NavSettingsTable, 'login' | 'tax_number' | 'system'>, s: Record<Secret, string>): NavCredentials {
    return {
      login: r.login,
      password: s.password,
      taxNumber: r.tax_number,
      signatureKey: s.signature_key,
      exchangeKey: s.exchange_key,
      baseUrl: NAV_BASE_URLS[r.system],
      software: FOLIO_NAV_SOFTWARE,
    };
  }

  /** The secrets of the input, a stored one for each left empty; field errors for those never stored. */
  async function secretsFor(input: NavSettingsParsed, r: NavSettingsTable | undefined): Promise<Record<Secret, string>> {
    const missing = SECRETS.filter((s) => !input[s] && !r);
    if (missing.length) {
      throw new FolioError(
        'validation_failed',
        `Invalid input — ${missing.map((s) => `${s}: is required`).join('; ')}`,
        missing.map((field) => ({ field, message: 'is required' })),
      );
    }
    const stored = SECRETS.some((s) => !input[s]) && r ? openOrAsk(r, input) : undefined;
    return {
      password: input.password || stored!.password,
      signature_key: input.signature_key || stored!.signature_key,
      exchange_key: input.exchange_key || stored!.exchange_key,
    };
  }

  /** The stored secrets, or field errors asking for those left empty when they cannot be opened here. */
  function openOrAsk(r: NavSettingsTable, input: NavSettingsParsed): Record<Secret, string> {
    try {
      return open(r);
    } catch (e) {
      if (e instanceof FolioError) throw e;
      const empty = SECRETS.filter((s) => !input[s]);
      const message = 'the stored value cannot be opened on this computer: type it again';
      throw new FolioError('validation_failed', `Invalid input — ${empty.map((s) => `${s}: ${message}`).join('; ')}`, empty.map((field) => ({ field, message })));
    }
  }

  return {
    async reveal(which) {
      const r = await row();
      if (!r || r[SEALED[which]] === '') throw new FolioError('not_found', 'No NAV technical user is saved on this computer', [{ field: which, message: 'is not saved' }]);
      try {
        return box().decrypt(r[SEALED[which]] as string);
      } catch (e) {
        if (e instanceof FolioError) throw e;
        const message = 'the stored value cannot be opened on this computer: type it again';
        throw new FolioError('rule_violation', `${which}: ${message}`, [{ field: which, message }]);
      }
    },

    async view() {
      const r = await row();
      return r ? toView(r) : null;
    },

    async save(input) {
      const r = await row();
      const secrets = await secretsFor(input, r);
      // Seal before the transaction: a keychain failure leaves the stored settings as they were.
      const b = box();
      const values = {
        login: input.login,
        tax_number: input.tax_number,
        system: input.system,
        password_sealed: b.encrypt(secrets.password),
        signature_key_sealed: b.encrypt(secrets.signature_key),
        exchange_key_sealed: b.encrypt(secrets.exchange_key),
        updated_at: new Date().toISOString(),
      };
      await writeTransaction(deps.db, (trx) =>
        navSettingsDb(trx)
          .insertInto('nav_settings')
          .values({ id: 1, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .execute(),
      );
      cached = null;
      return toView({ id: 1, ...values });
    },

    async credentials() {
      const r = await row();
      // A process without a box (the CLI) cannot open them: reporting from the screen's user is simply not its job.
      if (!r || !deps.secretBox) return (cached = null);
      if (cached?.stamp === r.updated_at) return cached.credentials;
      let credentials: NavCredentials | null = null;
      try {
        credentials = credentialsOf(r, open(r));
      } catch (e) {
        // Logged once per stored version: the screen says so too (secrets_readable), reporting waits meanwhile.
        log(`the saved technical user cannot be used: ${e instanceof Error ? e.message : String(e)}`);
      }
      cached = { stamp: r.updated_at, credentials };
      return credentials;
    },

    async complete(input) {
      const r = await row();
      return credentialsOf(input, await secretsFor(input, r));
    },

    async readable() {
      const r = await row();
      if (!r) return true;
      try {
        open(r);
        return true;
      } catch {
        return false;
      }
    },
  };
}
