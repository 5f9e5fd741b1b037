// A user's key: a public id (the JWT's `sub`) and a 256-bit random secret. The secret is stored as its SHA-256: a
// secret of 256 random bits cannot be guessed from its hash, so a slow password hash would add nothing, and a plain
// hash lets X-API-KEY be found by an index lookup. The interface's JWTs are signed HS256 with the secret itself,
// which the server must therefore be able to read: it keeps it sealed by the server's secret box (the key file
// beside the database), never in the clear; without a box a key works as X-API-KEY only.
import { createHash, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../secrets/secret-box';
import type { Caller } from '../../db/call-context';
import type { Db } from '../../db/types';
import { writeTransaction } from '../../db/transaction';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function newKeyMaterial(box: SecretBox | undefined): { public_id: string; secret: string; secret_hash: string; jwt_secret_sealed: string | null } {
  const secret = randomBytes(32).toString('base64url');
  return {
    public_id: `fk_${randomBytes(12).toString('base64url')}`,
    secret,
    secret_hash: hashSecret(secret),
    jwt_secret_sealed: box ? box.encrypt(secret) : null,
  };
}

/** The key's use is noted at most once a minute: a write per request would cost every read a transaction. */
const TOUCH_EVERY_MS = 60_000;

export interface KeyLookup {
  /** the caller whose live key this X-API-KEY is, or null */
  byApiKey(secret: string): Promise<Caller | null>;
  /** the caller and the HS256 secret of the live key with this public id, or null; `used` once the token is verified */
  byPublicId(publicId: string): Promise<{ caller: Caller; secret: string; used: () => void } | null>;
}

export function createKeyLookup(db: Db, box: SecretBox | undefined, now: () => string, nowMs: () => number = Date.now): KeyLookup {
  const touched = new Map<number, number>();
  const live = () =>
    db
      .selectFrom('user_keys')
      .innerJoin('users', 'users.id', 'user_keys.user_id')
      .select(['user_keys.id as key_id', 'user_keys.jwt_secret_sealed', 'users.id as user_id', 'users.name', 'users.role'])
      .where('user_keys.revoked_at', 'is', null)
      .where('users.disabled_at', 'is', null);

  function touch(keyId: number): void {
    const last = touched.get(keyId) ?? 0;
    if (nowMs() - last < TOUCH_EVERY_MS) return;
    touched.set(keyId, nowMs());
    void writeTransaction(db, (trx) => trx.updateTable('user_keys').set({ last_used_at: now() }).where('id', '=', keyId).execute()).catch(() => {
      // a note of use is not worth failing or delaying the request for (the database may be closing)
    });
  }
  const callerOf = (row: { user_id: number; name: string; role: Caller['role'] }): Caller => ({ user_id: row.user_id, name: row.name, role: row.role, door: 'http' });

  return {
    async byApiKey(secret) {
      const row = await live().where('user_keys.secret_hash', '=', hashSecret(secret)).executeTakeFirst();
      if (!row) return null;
      touch(row.key_id);
      return callerOf(row);
    },
    async byPublicId(publicId) {
      if (!box) return null;
      const row = await live().where('user_keys.public_id', '=', publicId).executeTakeFirst();
      if (!row?.jwt_secret_sealed) return null;
      let secret: string;
      try {
        secret = box.decrypt(row.jwt_secret_sealed);
      } catch {
        return null; // sealed by another key file: the key works as X-API-KEY only
      }
      return { caller: callerOf(row), secret, used: () => touch(row.key_id) };
    },
  };
}
