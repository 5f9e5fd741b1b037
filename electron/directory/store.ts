// Reads and writes of the directory (docs/companies.md): companies, accounts, their keys and grants. A key is made
// and checked with the users' key code (electron/core/users/keys.ts): a 256-bit secret kept as its SHA-256.
import { FolioError, notFound } from '../../shared/errors';
import type { AccountInfo, CreatedAccountKey, GrantRoleName } from '../../shared/directory';
import { hashSecret, newKeyMaterial } from '../core/users/keys';
import type { DirectoryDb } from './schema';

export interface Company {
  id: number;
  slug: string;
  name: string;
  created_at: string;
}

export interface Grant {
  company: Company;
  role: GrantRoleName;
  user_id: number;
}

export interface Account {
  id: number;
  name: string;
}

export type DirectoryStore = ReturnType<typeof createDirectoryStore>;

export function createDirectoryStore(db: DirectoryDb, now: () => string) {
  const companyColumns = ['companies.id', 'companies.slug', 'companies.name', 'companies.created_at'] as const;

  async function account(id: number): Promise<Account> {
    const row = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Account');
    return row;
  }

  return {
    async companies(): Promise<Company[]> {
      return db.selectFrom('companies').select(companyColumns).where('archived', '=', 0).orderBy('slug').execute();
    },

    async company(slug: string): Promise<Company | undefined> {
      return db.selectFrom('companies').select(companyColumns).where('slug', '=', slug).where('archived', '=', 0).executeTakeFirst();
    },

    async createCompany(input: { slug: string; name: string }): Promise<Company> {
      const taken = await db.selectFrom('companies').select('id').where('slug', '=', input.slug).executeTakeFirst();
      if (taken) throw new FolioError('conflict', `A company with the short name ${input.slug} exists already`, [{ field: 'slug', message: 'is taken' }]);
      const row = await db
        .insertInto('companies')
        .values({ slug: input.slug, name: input.name, created_at: now() })
        .returning(['id', 'slug', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
      return row;
    },

    account,

    async accounts(): Promise<AccountInfo[]> {
      const accounts = await db.selectFrom('accounts').selectAll().orderBy('name').orderBy('id').execute();
      const keys = await db.selectFrom('account_keys').select(['id', 'account_id', 'public_id', 'created_at', 'revoked_at']).orderBy('id').execute();
      const grants = await db
        .selectFrom('grants')
        .innerJoin('companies', 'companies.id', 'grants.company_id')
        .select(['grants.account_id', 'grants.role', 'companies.slug'])
        .where('companies.archived', '=', 0)
        .orderBy('companies.slug')
        .execute();
      return accounts.map((a) => ({
        id: a.id,
        name: a.name,
        created_at: a.created_at,
        disabled: a.disabled === 1,
        keys: keys.filter((k) => k.account_id === a.id).map(({ account_id: _, ...k }) => k),
        grants: grants.filter((g) => g.account_id === a.id).map((g) => ({ company: g.slug, role: g.role })),
      }));
    },

    async createAccount(input: { name: string }): Promise<Account> {
      return db.insertInto('accounts').values({ name: input.name, created_at: now() }).returning(['id', 'name']).executeTakeFirstOrThrow();
    },

    async disableAccount(id: number): Promise<void> {
      await account(id);
      await db.updateTable('accounts').set({ disabled: 1 }).where('id', '=', id).execute();
    },

    /** A new key for an account; its secret is answered here once and never stored. */
    async createKey(accountId: number): Promise<CreatedAccountKey> {
      const owner = await db.selectFrom('accounts').select(['id', 'disabled']).where('id', '=', accountId).executeTakeFirst();
      if (!owner) throw notFound('Account');
      if (owner.disabled) throw new FolioError('rule_violation', 'A disabled account gets no new key');
      // No secret box: an account's key works as X-API-KEY (the interface's JWT needs the secret readable).
      const material = newKeyMaterial(undefined);
      const row = await db
        .insertInto('account_keys')
        .values({ account_id: accountId, public_id: material.public_id, secret_hash: material.secret_hash, created_at: now() })
        .returning(['id', 'public_id'])
        .executeTakeFirstOrThrow();
      return { id: row.id, public_id: row.public_id, secret: material.secret };
    },

    async revokeKey(accountId: number, keyId: number): Promise<void> {
      const key = await db.selectFrom('account_keys').select('id').where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst();
      if (!key) throw notFound('Key');
      await db.updateTable('account_keys').set({ revoked_at: now() }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
    },

    /** The live account whose live key this secret is. */
    async accountOfKey(secret: string): Promise<Account | undefined> {
      return db
        .selectFrom('account_keys')
        .innerJoin('accounts', 'accounts.id', 'account_keys.account_id')
        .select(['accounts.id', 'accounts.name'])
        .where('account_keys.secret_hash', '=', hashSecret(secret))
        .where('account_keys.revoked_at', 'is', null)
        .where('accounts.disabled', '=', 0)
        .executeTakeFirst();
    },

    async grants(accountId: number): Promise<Grant[]> {
      const rows = await db
        .selectFrom('grants')
        .innerJoin('companies', 'companies.id', 'grants.company_id')
        .select([...companyColumns, 'grants.role', 'grants.user_id'])
        .where('grants.account_id', '=', accountId)
        .where('companies.archived', '=', 0)
        .orderBy('companies.slug')
        .execute();
      return rows.map(({ role, user_id, ...company }) => ({ company, role, user_id }));
    },

    async grant(accountId: number, companyId: number): Promise<{ role: GrantRoleName; user_id: number } | undefined> {
      return db.selectFrom('grants').select(['role', 'user_id']).where('account_id', '=', accountId).where('company_id', '=', companyId).executeTakeFirst();
    },

    async putGrant(accountId: number, companyId: number, role: GrantRoleName, userId: number): Promise<void> {
      await db
        .insertInto('grants')
        .values({ account_id: accountId, company_id: companyId, role, user_id: userId })
        .onConflict((oc) => oc.columns(['account_id', 'company_id']).doUpdateSet({ role, user_id: userId }))
        .execute();
    },

    async deleteGrant(accountId: number, companyId: number): Promise<boolean> {
      const result = await db.deleteFrom('grants').where('account_id', '=', accountId).where('company_id', '=', companyId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
