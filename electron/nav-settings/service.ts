// The nav area's operations, carried out beside the core: the technical user on the settings screen (saved
// sealed, the environment first), the connection check and the reporting queue. The runtime builds this before
// the reporter, which asks `credentials` before every pass, and provides `handlers(reporter)` to the core.
import type { NavCheckResult, NavSettingsSource, NavSettingsView } from '../../shared/contract/areas/nav';
import type { RuntimeHandlers } from '../core/index';
import { readSettings } from '../core/settings/service';
import type { Db } from '../db/types';
import type { NavCredentials } from '../nav/sender';
import type { FetchLike } from '../nav/transport';
import { navCredentialsFromEnv } from '../nav-queue/reporter';
import type { SecretBox } from '../secrets/secret-box';
import { checkNavUser } from './check';
import { navEnvironmentView } from './environment';
import { makeWaitingDue, navQueueView, refusedInvoiceIds } from './queue-view';
import { createNavSettingsStore } from './store';
import { navSystemOf } from './systems';
import { navTaxpayerId } from '../../shared/nav-user';

export interface NavSettingsDeps {
  db: Db;
  env: Record<string, string | undefined>;
  secretBox: SecretBox | undefined;
  fetch: FetchLike;
  /** how long the connection check waits for NAV (default 15 s) */
  checkTimeoutMs?: number;
}

/** What the operations need of the reporter: a pass soon, and an invoice's report queued again. */
export interface NavReporterControl {
  kick(delayMs?: number): void;
  retry(invoiceId: number): Promise<unknown>;
}

type NavHandlers = Pick<RuntimeHandlers, 'nav.settings' | 'nav.saveSettings' | 'nav.check' | 'nav.queue' | 'nav.retryRefused' | 'nav.revealSecret'>;

export function createNavSettings(deps: NavSettingsDeps) {
  const store = createNavSettingsStore({ db: deps.db, secretBox: deps.secretBox });
  // The environment is read once at start, as every other FOLIO_* setting.
  const fromEnv = navCredentialsFromEnv(deps.env);
  const envView = navEnvironmentView(deps.env);

  /** The technical user the reporter uses now: the environment's when complete, else the saved one. */
  async function credentials(): Promise<NavCredentials | null> {
    return fromEnv ?? (await store.credentials());
  }

  async function source(): Promise<NavSettingsSource> {
    if (fromEnv) return 'environment';
    return (await store.credentials()) ? 'settings' : 'none';
  }

  async function view(): Promise<NavSettingsView> {
    const seller = (await readSettings(deps.db)).seller.taxcode;
    return {
      source: await source(),
      saved: await store.view(),
      environment: envView.environment,
      environment_missing: envView.missing,
      seller_tax_number: seller ? (navTaxpayerId(seller) ?? null) : null,
      secrets_readable: await store.readable(),
    };
  }

  function handlers(reporter: NavReporterControl): NavHandlers {
    return {
      'nav.settings': view,

      'nav.saveSettings': async (input) => {
        await store.save(input);
        if (!fromEnv) {
          // The new user may be what the waiting reports were waiting for: they go out now, not after their backoff.
          await makeWaitingDue(deps.db);
          reporter.kick(0);
        }
        return view();
      },

      'nav.check': async (input): Promise<NavCheckResult> => {
        const checkedAt = () => new Date().toISOString();
        let creds: NavCredentials | null;
        let checked: NavCheckResult['checked'];
        if (input.settings) {
          creds = await store.complete(input.settings);
          checked = 'typed';
        } else {
          checked = await source();
          creds = await credentials();
        }
        if (!creds) {
          return { ok: false, reason: 'not_set_up', checked, system: null, code: null, message: null, checked_at: checkedAt() };
        }
        const outcome = await checkNavUser(deps.fetch, creds, deps.checkTimeoutMs ? { timeoutMs: deps.checkTimeoutMs } : {});
        return { ok: outcome.reason === 'ok', ...outcome, checked, system: navSystemOf(creds.baseUrl), checked_at: checkedAt() };
      },

      'nav.queue': (input) => navQueueView(deps.db, input),

      'nav.retryRefused': async (input) => {
        const ids = await refusedInvoiceIds(deps.db, input.invoice_ids);
        for (const id of ids) await reporter.retry(id);
        return { retried: ids.length };
      },

      // issue 36: the core checked the role and writes the audit row; this only opens the one secret asked for
      'nav.revealSecret': async (input) => ({ which: input.which, value: await store.reveal(input.which) }),
    };
  }

  return { credentials, view, handlers, store };
}
