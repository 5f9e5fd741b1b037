// The users of the HTTP door and their keys (docs/users.md). A user is never deleted: the audit log names them, and
// a disabled user's keys are simply refused. A key's secret is answered once, by createKey, and never again.
import { FolioError, notFound } from '../../../shared/errors';
import type { CreatedUserKey, UserInfo, UserKeyInfo } from '../../../shared/contract/areas/users';
import type { ParsedInputOf } from '../../../shared/contract/operations';
import type { SecretBox } from '../../secrets/secret-box';
import type { UserKeysTable, UsersTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { writeTransaction } from '../../db/transaction';
import { nowStamp, type CoreContext } from '../context';
import { newKeyMaterial } from './keys';

type UserRow = Selectable<UsersTable>;
type KeyRow = Selectable<UserKeysTable>;

function keyInfo(k: KeyRow): UserKeyInfo {
  return { id: k.id, public_id: k.public_id, created_at: k.created_at, revoked_at: k.revoked_at, last_used_at: k.last_used_at };
}

function userInfo(u: UserRow, keys: KeyRow[]): UserInfo {
  return { id: u.id, name: u.name, email: u.email, role: u.role, created_at: u.created_at, disabled_at: u.disabled_at, keys: keys.map(keyInfo) };
}

export function createUserService(ctx: CoreContext, box: SecretBox | undefined) {
  const db = ctx.db;

  async function read(id: number): Promise<UserInfo> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound(`User ${id}`);
    const keys = await db.selectFrom('user_keys').selectAll().where('user_id', '=', id).orderBy('id').execute();
    return userInfo(user, keys);
  }

  async function list(): Promise<UserInfo[]> {
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    const keys = await db.selectFrom('user_keys').selectAll().orderBy('id').execute();
    return users.map((u) => userInfo(u, keys.filter((k) => k.user_id === u.id)));
  }

  async function create(input: ParsedInputOf<'users.create'>): Promise<UserInfo> {
    const { id } = await writeTransaction(db, (trx) =>
      trx
        .insertInto('users')
        .values({ name: input.name, email: input.email, role: input.role, created_at: nowStamp(ctx) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return read(id);
  }

  async function update(input: ParsedInputOf<'users.update'>): Promise<UserInfo> {
    await read(input.id);
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.role !== undefined ? { role: input.role } : {}),
    };
    if (Object.keys(changes).length) await writeTransaction(db, (trx) => trx.updateTable('users').set(changes).where('id', '=', input.id).execute());
    return read(input.id);
  }

  async function disable({ id }: { id: number }): Promise<UserInfo> {
    await read(id);
    await writeTransaction(db, (trx) => trx.updateTable('users').set({ disabled_at: nowStamp(ctx) }).where('id', '=', id).where('disabled_at', 'is', null).execute());
    return read(id);
  }

  async function createKey({ id }: { id: number }): Promise<CreatedUserKey> {
    const user = await read(id);
    if (user.disabled_at) throw new FolioError('rule_violation', 'A disabled user gets no new key', [{ field: 'id', message: 'is a disabled user' }]);
    const material = newKeyMaterial(box);
    const row = await writeTransaction(db, (trx) =>
      trx
        .insertInto('user_keys')
        .values({ user_id: id, public_id: material.public_id, secret_hash: material.secret_hash, jwt_secret_sealed: material.jwt_secret_sealed, created_at: nowStamp(ctx) })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return { ...keyInfo(row), user_id: id, secret: material.secret };
  }

  async function revokeKey({ id, key_id }: { id: number; key_id: number }): Promise<UserKeyInfo> {
    const key = await db.selectFrom('user_keys').selectAll().where('id', '=', key_id).where('user_id', '=', id).executeTakeFirst();
    if (!key) throw notFound(`Key ${key_id} of user ${id}`);
    if (key.revoked_at) return keyInfo(key);
    const row = await writeTransaction(db, (trx) =>
      trx.updateTable('user_keys').set({ revoked_at: nowStamp(ctx) }).where('id', '=', key_id).returningAll().executeTakeFirstOrThrow(),
    );
    return keyInfo(row);
  }

  return { list, create, update, disable, createKey, revokeKey };
}
