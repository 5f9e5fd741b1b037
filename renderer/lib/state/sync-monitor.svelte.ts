// The sync screen's view of the device's sync service: its status, asked again while the screen is open (every
// second while a round runs, so progress moves; every few seconds otherwise, so rounds the background worker starts
// show up too), and "sync now". A runtime without sync answers `not_available`: that is a state of the screen, not
// an error to retry.
import type { SyncStatus } from '../../../shared/contract/sync';
import { app } from './app.svelte';
import { asApiError, type ApiError } from '../api/errors';

const FAST_MS = 1_000;
const SLOW_MS = 5_000;

export class SyncMonitor {
  status = $state<SyncStatus | null>(null);
  /** the status could not be read (shown with a retry) */
  error = $state<ApiError | null>(null);
  /** this Folio runs without sync, or sync is still starting */
  unavailable = $state(false);
  /** a "sync now" of this screen is under way */
  syncing = $state(false);
  nowError = $state<ApiError | null>(null);
  running = $derived(this.syncing || (this.status?.running ?? false));

  private timer: ReturnType<typeof setTimeout> | null = null;
  /** counts applied answers, so an older one that arrives late is dropped */
  private seq = 0;
  private stopped = true;

  /** Called after every round that ended (whoever started it), so lists and lookups can follow. */
  constructor(private readonly onround: () => void) {}

  async refresh(): Promise<void> {
    const asked = this.seq;
    try {
      const next = await app.api.call('sync.status', {});
      // A newer answer (sync now, a save, a later poll) arrived meanwhile: this one would turn the clock back.
      if (asked === this.seq) this.apply(next);
      this.error = null;
      this.unavailable = false;
    } catch (e) {
      const error = asApiError(e);
      if (error.code === 'not_available') this.unavailable = true;
      else this.error = error;
    }
  }

  /** Takes a status from any answer (status, configure, now); a new last attempt means a round has ended. */
  apply(next: SyncStatus): void {
    this.seq++;
    const before = this.status;
    this.status = next;
    if (before && (before.last_attempt_at !== next.last_attempt_at || (before.running && !next.running))) this.onround();
  }

  async syncNow(): Promise<SyncStatus | null> {
    if (this.syncing) return null;
    this.syncing = true;
    this.nowError = null;
    this.schedule(FAST_MS);
    try {
      const s = await app.api.call('sync.now', {});
      this.apply(s);
      return s;
    } catch (e) {
      this.nowError = asApiError(e);
      return null;
    } finally {
      this.syncing = false;
    }
  }

  /** Starts asking; returns the stop function (for onMount). */
  start(): () => void {
    this.stopped = false;
    this.retry();
    return () => {
      this.stopped = true;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /** Asks now and keeps asking (also after the screen found sync unavailable). */
  retry(): void {
    void this.refresh().finally(() => this.schedule());
  }

  private schedule(ms = this.running ? FAST_MS : SLOW_MS): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Without sync there is nothing to follow; the retry button asks again.
      if (this.unavailable) return;
      void this.refresh().finally(() => this.schedule());
    }, ms);
  }
}
