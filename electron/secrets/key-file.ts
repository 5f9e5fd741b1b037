// The server's secret box when no FOLIO_SECRET_KEY is given: a random key kept in a file beside the database
// (readable by its owner only). The passwords saved on the settings screens are then encrypted at rest: a copy of
// the database alone does not give them away. Losing the key file loses only those secrets, which are typed again.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { aesGcmSecretBox, parseSecretKey, secretBoxFromEnv, type SecretBox } from './secret-box';

/** `folio.db` → `folio.db.secret-key` */
export function keyFilePathFor(dbFile: string): string {
  return `${dbFile}.secret-key`;
}

/** Opens the key file, creating it with a fresh random key the first time. */
export function keyFileSecretBox(path: string): SecretBox {
  if (!existsSync(path)) {
    // The key is written whole to a file of this process's own, then linked into place: the link fails if another
    // process was first (its key is then read below), and nobody ever reads a key file half-written.
    const own = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(own, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(own, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(own);
    }
  }
  chmodSync(path, 0o600);
  return aesGcmSecretBox(parseSecretKey(readFileSync(path, 'utf8')));
}

/** The operator's FOLIO_SECRET_KEY when set, else the key file beside the database (':memory:' gets a key per run). */
export function serverSecretBox(dbFile: string, env: Record<string, string | undefined>): SecretBox {
  const fromEnv = secretBoxFromEnv(env);
  if (fromEnv) return fromEnv;
  if (dbFile === ':memory:') return aesGcmSecretBox(randomBytes(32));
  return keyFileSecretBox(keyFilePathFor(dbFile));
}
