// Why a backup failed, as one of a few reasons the UI can put into words ("the disk is full"), found from the
// system's error code anywhere along the error's causes.
import type { BackupFailureReason } from '../../shared/contract/areas/data';

const BY_CODE: Record<string, BackupFailureReason> = {
  ENOSPC: 'no_space',
  EDQUOT: 'no_space',
  SQLITE_FULL: 'no_space',
  EACCES: 'no_access',
  EPERM: 'no_access',
  SQLITE_CANTOPEN: 'no_access',
  SQLITE_PERM: 'no_access',
  ENOENT: 'folder_missing',
  ENOTDIR: 'folder_missing',
  EROFS: 'read_only',
  SQLITE_READONLY: 'read_only',
  SQLITE_BUSY: 'in_use',
  SQLITE_LOCKED: 'in_use',
};

export function failureReason(error: unknown): BackupFailureReason {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      const known = BY_CODE[code] ?? BY_CODE[code.split('_').slice(0, 2).join('_')];
      if (known) return known;
    }
  }
  return 'other';
}

export function failureDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
