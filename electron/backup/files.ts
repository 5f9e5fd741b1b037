// File handling for backups and restores: timestamped names that sort by time, and the fsync + rename steps that
// make a half-written file impossible to mistake for a whole one.
import { closeSync, fsyncSync, openSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** "2026-03-15T09:00:00.123Z" → "2026-03-15T090000Z": UTC (no DST ambiguity), sorts as text, no ':' for Windows. */
export function fileStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '');
}

const STAMP = /(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-\d+)?\.sqlite$/;

/** The instant in a backup's name, or null for a name this module did not make. */
export function stampOf(name: string): Date | null {
  const m = STAMP.exec(name);
  if (!m) return null;
  const s = m[1]!;
  const iso = `${s.slice(0, 13)}:${s.slice(13, 15)}:${s.slice(15, 17)}Z`;
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
