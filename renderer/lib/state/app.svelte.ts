// The app's session: the API client, the browser-mode key, the seller's settings (first start when the seller has
// no name), the business's "today", and small lookups every screen shares (invoice blocks, bank accounts).
import type { BankAccountAttributes, InvoiceBlockAttributes, Resource, SettingsData } from '../../../shared/resources';
import type { ShellInfo } from '../../../shared/contract/bridge';
import type { Api } from '../api';
import { ApiError, asApiError } from '../api/errors';
import type { HttpTransport } from '../api/http-transport';
import { localToday } from '../api/transport';
import { api, session, storeCompany, storeKey, takeDirectory, takeToday } from '../boot';
import { dropPrefetched, takePrefetched } from './prefetch';
import type { DirectoryView } from '../../../shared/directory';
import { DirectoryApi } from '../api/directory';
import type { Me } from '../../../shared/contract/areas/users';
import { mayCall } from '../../../shared/contract/permissions';
import type { OperationName } from '../../../shared/contract/operations';

/** 'no-company': a server of several companies where this key reaches none yet (the administrator adds the first). */
export type Phase = 'key' | 'loading' | 'ready' | 'failed' | 'no-company';

class AppState {
  readonly api: Api;
  phase = $state<Phase>('loading');
  keyMessage = $state<'wrong' | 'expired' | null>(null);
  startError = $state<ApiError | null>(null);
  settings = $state<SettingsData | null>(null);
  today = $state(localToday());
  shellInfo = $state<ShellInfo | null>(null);
  blocks = $state<Array<Resource<InvoiceBlockAttributes>>>([]);
  bankAccounts = $state<Array<Resource<BankAccountAttributes>>>([]);
  /** the companies this key reaches on a server of several (the switcher); null on a single-company server */
  directory = $state<DirectoryView | null>(null);
  readonly directoryApi: DirectoryApi;
  /** who is signed in and their role (a server's user, or the owner); null until known or from an older server */
  me = $state<Me | null>(null);
  needsSetup = $derived(this.settings !== null && this.settings.seller.name.trim() === '');

  /** Whether the signed-in role may call the operation: the screens offer only what it may do (the server decides). */
  may(operation: OperationName): boolean {
    return this.me === null || mayCall(this.me.role, operation);
  }

  constructor() {
    this.api = api;
    this.directoryApi = new DirectoryApi(api);
    session.onUnauthorized = () => {
      this.forgetKey();
      this.keyMessage = 'expired';
      this.phase = 'key';
    };
  }

  get desktop(): boolean {
    return this.api.desktop;
  }

  async start(): Promise<void> {
    if (!this.desktop && !session.key) {
      this.phase = 'key';
      return;
    }
    this.phase = 'loading';
    try {
      // The directory is asked beside the first load, so a single-company server's start waits no longer: only a
      // company chosen anew (the first start in a session) loads again, for that company.
      const loading = this.load();
      loading.catch(() => undefined); // answered below, once the choice is known; not an unhandled rejection meanwhile
      const choice = this.desktop ? 'same' : await this.chooseCompany().catch(async (e: unknown) => {
        await loading.catch(() => undefined);
        throw e;
      });
      if (choice === 'same') {
        await loading;
      } else {
        await loading.catch(() => undefined); // it named no company, or one no longer reachable
        if (choice === 'none') {
          this.phase = 'no-company';
          return;
        }
        await this.load();
      }
      this.phase = 'ready';
    } catch (e) {
      const error = asApiError(e);
      if (error.code === 'unauthorized' && !this.desktop) {
        this.phase = 'key';
        return;
      }
      this.startError = error;
      this.phase = 'failed';
    }
  }

  /**
   * On a server of several companies: the companies the key reaches, and the one its requests name (the last chosen
   * in this browser session while it is still reachable, else the first). 'changed': the requests so far named
   * another company or none; 'none': the key reaches no company.
   */
  private async chooseCompany(): Promise<'same' | 'changed' | 'none'> {
    const view = session.key ? await (takeDirectory() ?? this.directoryApi.view(session.key)) : null;
    this.directory = view;
    if (!view) {
      // a single-company server ignores the header; a choice left from another server is dropped all the same
      if (session.company) storeCompany(null);
      return 'same';
    }
    if (!view.companies.length) return 'none';
    if (view.companies.some((c) => c.slug === session.company)) return 'same';
    storeCompany(view.companies[0]!.slug);
    dropPrefetched();
    void takeToday()?.catch(() => undefined);
    return 'changed';
  }

  /** Works in another company from now on: a fresh start, so no screen keeps the previous company's records. */
  switchCompany(slug: string): void {
    if (slug === session.company) return;
    storeCompany(slug);
    location.hash = '#/';
    location.reload();
  }

  /** The switcher's list again, after the administrator added a company. */
  async refreshDirectory(): Promise<void> {
    if (session.key && !this.desktop) this.directory = await this.directoryApi.view(session.key);
  }

  get company(): string | null {
    return session.company;
  }

  private async load(): Promise<void> {
    // The boot chunk already asked (see boot.ts); later starts (after the key screen) ask now.
    const [settings, today, me] = await Promise.all([
      takePrefetched('settings.get', {}) ?? this.api.call('settings.get', {}),
      takeToday() ?? this.api.today(),
      // a server from before users answers no such operation: everything is offered, as it was
      (takePrefetched('users.me', {}) ?? this.api.call('users.me', {})).catch(() => null),
    ]);
    this.settings = settings;
    this.today = today;
    this.me = me;
    // Lookups are not needed for the first paint; they load beside it.
    void this.refreshLookups();
    if (this.desktop) void this.api.shell('shell.info', {}).then((info) => (this.shellInfo = info), () => undefined);
  }

  async refreshLookups(): Promise<void> {
    try {
      const [blocks, accounts] = await Promise.all([this.api.call('invoices.blocks', {}), this.api.call('bankAccounts.list', {})]);
      this.blocks = blocks;
      this.bankAccounts = accounts;
    } catch {
      // the screens that need them show their own errors when they load them
    }
  }

  /** Browser mode: tries a key; keeps it for this browser session when the server accepts it. */
  async login(key: string): Promise<boolean> {
    const transport = this.api.transport as HttpTransport;
    try {
      // A key of a server's directory (several companies) is checked there; any other key by reading the settings.
      if (!(await this.directoryApi.view(key))) await transport.call('settings.get', {}, key);
    } catch (e) {
      const error = asApiError(e);
      if (error.code === 'unauthorized') {
        this.keyMessage = 'wrong';
        return false;
      }
      throw error;
    }
    storeKey(key);
    this.keyMessage = null;
    await this.start();
    return true;
  }

  forgetKey(): void {
    storeKey(null);
  }
}

export const app = new AppState();
