// The app's session: the API client, the browser-mode key, the seller's settings (first start when the seller has
// no name), the business's "today", and small lookups every screen shares (invoice blocks, bank accounts).
import type { BankAccountAttributes, InvoiceBlockAttributes, Resource, SettingsData } from '../../../shared/resources';
import type { ShellInfo } from '../../../shared/contract/bridge';
import type { Api } from '../api';
import { ApiError, asApiError } from '../api/errors';
import type { HttpTransport } from '../api/http-transport';
import { localToday } from '../api/transport';
import { api, session, storeKey, takeToday } from '../boot';
import { takePrefetched } from './prefetch';

export type Phase = 'key' | 'loading' | 'ready' | 'failed';

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
  needsSetup = $derived(this.settings !== null && this.settings.seller.name.trim() === '');

  constructor() {
    this.api = api;
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
      await this.load();
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

  private async load(): Promise<void> {
    // The boot chunk already asked (see boot.ts); later starts (after the key screen) ask now.
    const [settings, today] = await Promise.all([
      takePrefetched('settings.get', {}) ?? this.api.call('settings.get', {}),
      takeToday() ?? this.api.today(),
    ]);
    this.settings = settings;
    this.today = today;
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
      await transport.call('settings.get', {}, key);
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
