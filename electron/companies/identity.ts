// Who a request is, as far as the directory knows (docs/companies.md): the server's administrator (its --api-key, or
// a JWT made with it), an account by one of its keys, or neither (a company's own user, or nobody: the company's own
// door decides). And the keys a company's door accepts: its own users' plus the accounts granted that company.
import type { Caller } from '../db/call-context';
import type { KeyLookup } from '../core/users/keys';
import { authenticate, callerOfApiKey, type AuthConfig } from '../server/auth';
import type { Account, Company, DirectoryStore } from '../directory/store';

export type Identity = { kind: 'administrator' } | { kind: 'account'; account: Account } | null;

/** No company's users: what the server's own key is checked against when no company is in question. */
const NO_USERS: KeyLookup = { byApiKey: async () => null, byPublicId: async () => null };

export async function identify(headers: Record<string, string | string[] | undefined>, auth: AuthConfig, store: DirectoryStore): Promise<Identity> {
  const key = headers['x-api-key'];
  if (typeof key === 'string' && key.length > 0) {
    if (await callerOfApiKey(key, auth, NO_USERS)) return { kind: 'administrator' };
    const account = await store.accountOfKey(key);
    return account ? { kind: 'account', account } : null;
  }
  return (await authenticate(headers, auth, NO_USERS)) ? { kind: 'administrator' } : null;
}

/**
 * A company's door: an account's key acts as the account with its grant's role, under the user id of its mirror row
 * in the company's users (made at grant time), so the company's audit log names the account. A key of an account
 * without a grant here is no key of this company (the companies server has answered 404 before it gets here).
 */
export function companyKeys(company: Company, store: DirectoryStore, own: KeyLookup): KeyLookup {
  return {
    async byApiKey(secret) {
      const account = await store.accountOfKey(secret);
      if (!account) return own.byApiKey(secret);
      const grant = await store.grant(account.id, company.id);
      if (!grant) return null;
      const caller: Caller = { user_id: grant.user_id, name: account.name, role: grant.role, door: 'http' };
      return caller;
    },
    byPublicId: (publicId) => own.byPublicId(publicId),
  };
}
