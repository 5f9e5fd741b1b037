// File handling for backups and restores: timestamped names that sort by time, and the fsync + rename steps that
// make a half-written file impossible to mistake for a whole one.
import { closeSync, fsyncSync, openSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { timestampIn } from '../../shared/dates';

/** The time zone of backup and export names: the business's, so a name reads as the clock on the wall (issue 36). */
export const FILE_TIME_ZONE = 'Europe/Budapest';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-03-15T09:00:00Z" → "2026-03-15T100000+0100": the local time in `timeZone` with its offset, so the name reads
 * as the wall clock and still names one instant (the hour repeated when summer time ends differs in the offset);
 * no ':' for Windows.
 */
export function fileStamp(at: Date, timeZone: string = FILE_TIME_ZONE): string {
  const local = timestampIn(at, timeZone); // 'YYYY-MM-DD HH:MM:SS'
  const wall = Date.parse(`${local.replace(' ', 'T')}Z`);
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const abs = Math.abs(offset);
  return `${local.slice(0, 10)}T${local.slice(11).replace(/:/g, '')}${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}${pad2(abs % 60)}`;
}

// the local form, and the UTC form ("…T090000Z") of names made before issue 36
const STAMP = /(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})(Z|[+-]\d{4})(?:-\d+)?\.sqlite$/;

/** The instant in a backup's name, or null for a name this module did not make. */
export function stampOf(name: string): Date | null {
  const m = STAMP.exec(name);
  if (!m) return null;
  const [, day, hh, mm, ss, zone] = m as unknown as [string, string, string, string, string, string];
  const iso = `${day}T${hh}:${mm}:${ss}${zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3)}`}`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `<dir>/<prefix>-<stamp>.sqlite`, with -1, -2 … when two backups fall in the same second. */
export function uniqueBackupPath(dir: string, prefix: string, at: Date): string {
  const base = `${prefix}-${fileStamp(at)}`;
  for (let n = 0; ; n++) {
    const path = join(dir, `${base}${n ? `-${n}` : ''}.sqlite`);
    if (!existsSync(path) && !existsSync(`${path}.partial`)) return path;
  }
}

/** Backups with this prefix in `dir`, newest first (by the time in their names, not the file times). */
export function listBackups(dir: string, prefix: string): Array<{ file: string; at: Date }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.sqlite'))
    .map((name) => ({ file: join(dir, name), at: stampOf(name) }))
    .filter((b): b is { file: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.file.localeCompare(a.file));
}

export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename durable. Windows cannot open a directory for fsync; NTFS journals the rename itself. */
export function fsyncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
