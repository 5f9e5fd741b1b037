// The directory of a server that keeps several companies (docs/companies.md): what its HTTP routes take and answer,
// shared by the server (electron/companies/) and the browser UI (Settings → Cégek, the company switcher). Types and
// constants only: the UI's bundle carries no schema library (the inputs are checked in electron/directory/input.ts).

/** The header that names the company a request is for (the other way is the path prefix `/c/<slug>/`). */
export const COMPANY_HEADER = 'X-Folio-Company';

/**
 * A company's short name in URLs and database names: lower-case letters, digits and inner hyphens. No underscore,
 * so `folio_<slug>` with hyphens made underscores names one company's PostgreSQL database only.
 */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const GRANT_ROLES = ['owner', 'staff', 'accountant'] as const;
export type GrantRoleName = (typeof GRANT_ROLES)[number];

export interface CompanyInfo {
  id: number;
  slug: string;
  name: string;
  created_at: string;
  /** the role the asking account holds there; the server administrator is owner everywhere */
  role: GrantRoleName;
}

export interface AccountInfo {
  id: number;
  name: string;
  created_at: string;
  disabled: boolean;
  keys: Array<{ id: number; public_id: string; created_at: string; revoked_at: string | null }>;
  grants: Array<{ company: string; role: GrantRoleName }>;
}

export interface CreatedAccountKey {
  id: number;
  public_id: string;
  /** shown once: the directory keeps only its hash */
  secret: string;
}

/** The directory routes' answer to GET /directory/companies: who asks, and the companies they reach. */
export interface DirectoryView {
  administrator: boolean;
  account: { id: number; name: string } | null;
  companies: CompanyInfo[];
}
