// The backups in a folder, of the three kinds Folio makes: by hand ("Mentés most"), daily, and the copy of the data
// kept just before a restore. Their time comes from their names (electron/backup/files.ts).
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { BackupFile, BackupKind } from '../../shared/contract/areas/data';
import { listBackups } from '../backup/files';
import { AUTO_PREFIX } from '../backup/schedule';

export const MANUAL_PREFIX = 'folio-backup';
export const BEFORE_RESTORE_PREFIX = 'folio-before-restore';

export const PREFIX_OF: Record<BackupKind, string> = {
  manual: MANUAL_PREFIX,
  auto: AUTO_PREFIX,
  'before-restore': BEFORE_RESTORE_PREFIX,
};

/** Every backup Folio made in `dir`, newest first; a folder that does not exist holds none. */
export function backupFiles(dir: string): BackupFile[] {
  const all: BackupFile[] = [];
  for (const [kind, prefix] of Object.entries(PREFIX_OF) as Array<[BackupKind, string]>) {
    for (const b of listBackups(dir, prefix)) {
      const bytes = sizeOf(b.file);
      if (bytes === null) continue;
      all.push({ file: b.file, name: basename(b.file), kind, at: b.at.toISOString(), bytes });
    }
  }
  return all.sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
}

function sizeOf(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}
