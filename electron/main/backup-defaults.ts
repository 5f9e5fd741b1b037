// Where the desktop app backs up until the user chooses (issue 36): daily at noon, keeping two weeks, into a folder
// of the user's Documents ("Folio biztonsági mentések") — where a person looks for their files and which their own
// backup or cloud sync usually covers, unlike the hidden application-data folder beside the database. A portable
// install (FOLIO_DATA_DIR) keeps its backups beside its data; so does a system that reports no Documents folder.
import { join } from 'node:path';
import type { BackupSettings } from '../data-ops/settings-store';

export const BACKUP_FOLDER_NAME = 'Folio biztonsági mentések';

export interface BackupDefaultsInput {
  /** the data folder in use (AppPaths.dataDir) */
  dataDir: string;
  /** app.getPath('documents'), or undefined when the system has none */
  documentsDir: string | undefined;
  env: NodeJS.ProcessEnv;
}

export function desktopBackupDefaults(input: BackupDefaultsInput): BackupSettings {
  const portable = !!input.env.FOLIO_DATA_DIR;
  const dir = !portable && input.documentsDir ? join(input.documentsDir, BACKUP_FOLDER_NAME) : join(input.dataDir, 'backups');
  return { dir, scheduleEnabled: true, scheduleTime: '12:00', keep: 14 };
}
