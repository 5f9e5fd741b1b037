// The directory's tables (docs/companies.md): which companies a server keeps, the accounts that may reach them, their
// keys and their grants. Each company's own data lives in a database of its own; nothing here is a company's data.
import type { Generated, Kysely } from 'kysely';

export type GrantRole = 'owner' | 'staff' | 'accountant';

export interface DirectorySchema {
  companies: {
    id: Generated<number>;
    slug: string;
    name: string;
    created_at: string;
    archived: Generated<number>;
  };
  accounts: {
    id: Generated<number>;
    name: string;
    created_at: string;
    disabled: Generated<number>;
  };
  account_keys: {
    id: Generated<number>;
    account_id: number;
    public_id: string;
    /** SHA-256 of the secret (electron/core/users/keys.ts hashSecret): the secret itself is shown once */
    secret_hash: string;
    created_at: string;
    revoked_at: string | null;
  };
  grants: {
    account_id: number;
    company_id: number;
    role: GrantRole;
    /** the account's mirror row in the company database's users table: the company's audit log names the account */
    user_id: number;
  };
}

export type DirectoryDb = Kysely<DirectorySchema>;
