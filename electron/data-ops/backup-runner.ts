// One backup into the backup folder, by hand or scheduled, with its outcome recorded as "the last backup" (ok, or
// failed with a reason the UI can say in words). Daily backups then prune the daily ones beyond the count kept;
// backups made by hand are never deleted.
import type BetterSqlite3 from 'better-sqlite3';
import type { BackupKind, LastBackup } from '../../shared/contract/areas/data';
import type { Clock } from '../core/clock';
import { backupDatabase } from '../backup/backup';
import { prune } from '../backup/schedule';
import { failureDetail, failureReason } from './failure';
import { PREFIX_OF } from './backup-files';
import type { BackupSettingsStore } from './settings-store';

export interface BackupRunner {
  /** Backs up now; never throws: a failure is the outcome, recorded and returned. */
  run(kind: Exclude<BackupKind, 'before-restore'>): Promise<LastBackup>;
}

export function createBackupRunner(deps: { sqlite: BetterSqlite3.Database; store: BackupSettingsStore; clock: Clock }): BackupRunner {
  return {
    async run(kind) {
      const settings = await deps.store.read();
      let last: LastBackup;
      try {
        const result = await backupDatabase({ source: deps.sqlite, dir: settings.dir, clock: deps.clock, prefix: PREFIX_OF[kind] });
        if (kind === 'auto') prune(settings.dir, settings.keep);
        last = { at: deps.clock.now().toISOString(), ok: true, kind, file: result.file, bytes: result.bytes, reason: null, detail: null };
      } catch (e) {
        last = { at: deps.clock.now().toISOString(), ok: false, kind, file: null, bytes: null, reason: failureReason(e), detail: failureDetail(e) };
      }
      await deps.store.recordLast(last);
      return last;
    },
  };
}
