// The directory of a server that keeps several companies (docs/companies.md), as the browser UI reads and changes
// it: the companies a key reaches (the switcher), and the administrator's companies, accounts, keys and grants
// (Settings → Cégek). Desktop mode and single-company servers have none.
import type { AccountInfo, CompanyInfo, CreatedAccountKey, DirectoryView, GrantRoleName } from '../../../shared/directory';
import type { Api } from './client';
import { asApiError } from './errors';
import type { HttpTransport } from './http-transport';

export class DirectoryApi {
  constructor(private readonly api: Api) {}

  private get http(): HttpTransport {
    return this.api.transport as HttpTransport;
  }

  /**
   * What the key reaches, or null when the server keeps one company (it answers data null, or 404 before 2026-12) or the key is a company's
   * own user's (the directory does not know it). The key is passed explicitly so that such a 401 does not sign out.
   */
  async view(key: string): Promise<DirectoryView | null> {
    if (this.api.desktop) return null;
    try {
      return (await this.http.rest('GET', 'directory/companies', undefined, key)) as DirectoryView;
    } catch (e) {
      const error = asApiError(e);
      if (error.code === 'not_found' || error.code === 'unauthorized') return null;
      throw error;
    }
  }

  async companies(): Promise<CompanyInfo[]> {
    return ((await this.http.rest('GET', 'directory/companies')) as DirectoryView).companies;
  }

  async createCompany(input: { slug: string; name: string }): Promise<CompanyInfo> {
    return (await this.http.rest('POST', 'directory/companies', input)) as CompanyInfo;
  }

  async accounts(): Promise<AccountInfo[]> {
    return (await this.http.rest('GET', 'directory/accounts')) as AccountInfo[];
  }

  async createAccount(input: { name: string }): Promise<{ id: number; name: string }> {
    return (await this.http.rest('POST', 'directory/accounts', input)) as { id: number; name: string };
  }

  async createKey(accountId: number): Promise<CreatedAccountKey> {
    return (await this.http.rest('POST', `directory/accounts/${accountId}/keys`)) as CreatedAccountKey;
  }

  async revokeKey(accountId: number, keyId: number): Promise<void> {
    await this.http.rest('DELETE', `directory/accounts/${accountId}/keys/${keyId}`);
  }

  /** role null: the grant is taken away */
  async setGrant(accountId: number, company: string, role: GrantRoleName | null): Promise<void> {
    if (role) await this.http.rest('PUT', 'directory/grants', { account_id: accountId, company, role });
    else await this.http.rest('DELETE', 'directory/grants', { account_id: accountId, company });
  }
}
