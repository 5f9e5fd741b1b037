// Granting an account a company (docs/companies.md): the grant is a row of the directory, and the account gets a
// mirror row in the company database's users table, so that company's audit log names who did what. The mirror
// row's role follows the grant; a grant taken away disables it (users are never deleted: the log names them).
import { notFound } from '../../shared/errors';
import type { GrantRoleName } from '../../shared/directory';
import { SERVER_KEY_OWNER } from '../server/auth';
import type { DirectoryStore } from '../directory/store';
import type { CompanyRegistry } from './registry';

export async function putGrant(store: DirectoryStore, registry: CompanyRegistry, input: { account_id: number; company: string; role: GrantRoleName }): Promise<void> {
  const company = await store.company(input.company);
  if (!company) throw notFound('Company');
  const account = await store.account(input.account_id);
  const { core } = await registry.get(company.slug);
  const existing = await store.grant(account.id, company.id);
  const as = { caller: SERVER_KEY_OWNER };
  const userId = existing
    ? (await core.call('users.update', { id: existing.user_id, name: account.name, role: input.role }, as)).id
    : (await core.call('users.create', { name: account.name, email: '', role: input.role }, as)).id;
  await store.putGrant(account.id, company.id, input.role, userId);
}

export async function deleteGrant(store: DirectoryStore, registry: CompanyRegistry, input: { account_id: number; company: string }): Promise<void> {
  const company = await store.company(input.company);
  if (!company) throw notFound('Company');
  const existing = await store.grant(input.account_id, company.id);
  if (!existing) throw notFound('Grant');
  await store.deleteGrant(input.account_id, company.id);
  const { core } = await registry.get(company.slug);
  await core.call('users.disable', { id: existing.user_id }, { caller: SERVER_KEY_OWNER });
}
