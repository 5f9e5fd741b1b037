// What sync could not reconcile by itself: the conflict log and the operations the remote refused. Both come from
// one call (`sync.conflicts`), open ones only unless the closed ones (restored, dismissed) are asked for too.
import type { SyncConflict, SyncIssue } from '../../../shared/contract/sync';
import { app } from './app.svelte';
import { asApiError, type ApiError } from '../api/errors';

export class SyncLog {
  conflicts = $state<SyncConflict[]>([]);
  issues = $state<SyncIssue[]>([]);
  includeClosed = $state(false);
  loaded = $state(false);
  error = $state<ApiError | null>(null);
  private seq = 0;

  async load(): Promise<void> {
    // Answers can overtake each other (a round ended while the toggle changed): only the newest is shown.
    const mine = ++this.seq;
    try {
      const r = await app.api.call('sync.conflicts', { include_closed: this.includeClosed });
      if (mine !== this.seq) return;
      this.conflicts = r.conflicts;
      this.issues = r.issues;
      this.error = null;
    } catch (e) {
      if (mine !== this.seq) return;
      this.error = asApiError(e);
    } finally {
      if (mine === this.seq) this.loaded = true;
    }
  }

  async restore(id: number): Promise<void> {
    await app.api.call('sync.restoreConflict', { id });
    await this.load();
  }

  async dismiss(id: number): Promise<void> {
    await app.api.call('sync.dismissIssue', { id });
    await this.load();
  }
}
