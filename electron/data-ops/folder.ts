// The backup folder a person types: a full path on the machine Folio runs on, which must be a folder (or one that
// can be created) that Folio can write into. Checked when saved, so a wrong folder is said at once, next to the
// field, and not a night later by a failed backup. The messages are English; the UI translates them by pattern.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { invalid } from '../../shared/errors';

/**
 * A full path, resolved; a relative one would be taken from wherever the server happened to start, so it is
 * refused on `field`.
 */
export function fullPath(path: string, field: string): string {
  if (!isAbsolute(path)) throw invalid(field, 'must be a full path (for example /home/anna/Folio-backups or D:\\Backups)');
  return resolve(path);
}

/** The folder, resolved and ready to write into; throws a field error on `field` otherwise. */
export function checkBackupFolder(dir: string, field: string): string {
  const folder = fullPath(dir, field);
  const existing = statOrNull(folder);
  if (existing && !existing.isDirectory()) throw invalid(field, 'is a file, not a folder');
  if (!existing) {
    try {
      mkdirSync(folder, { recursive: true });
    } catch (e) {
      throw invalid(field, `cannot be created: ${systemWords(e)}`);
    }
  }
  // Permission bits do not tell (ACLs, read-only mounts, network shares): a real write does.
  const probe = join(folder, `.folio-write-test-${process.pid}-${Date.now()}`);
  try {
    writeFileSync(probe, 'folio');
  } catch (e) {
    throw invalid(field, `is not writable: ${systemWords(e)}`);
  } finally {
    rmSync(probe, { force: true });
  }
  return folder;
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** "EACCES: permission denied, mkdir '/x'" → "permission denied" (the path is already in the field). */
function systemWords(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const m = /^[A-Z]+: ([^,]+)/.exec(message);
  return m ? m[1]! : message;
}
