// The directory of a server that keeps several companies (docs/companies.md): what its HTTP routes take and answer,
// shared by the server (electron/companies/) and the browser UI (Settings → Cégek, the company switcher).
import { z } from 'zod';
import { FolioError } from './errors';
import { fieldErrors } from './contract/validate';
import { id, requiredText } from './contract/fields';

/** The header that names the company a request is for (the other way is the path prefix `/c/<slug>/`). */
export const COMPANY_HEADER = 'X-Folio-Company';

/**
 * A company's short name in URLs and database names: lower-case letters, digits and inner hyphens. No underscore,
 * so `folio_<slug>` with hyphens made underscores names one company's PostgreSQL database only.
 */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const GRANT_ROLES = ['owner', 'staff', 'accountant'] as const;
export type GrantRoleName = (typeof GRANT_ROLES)[number];

export const companyCreateInput = z.object({
  slug: z.string({ error: 'is required' }).trim().regex(SLUG_PATTERN, { error: 'must be lower-case letters, digits and hyphens (at most 40)' }),
  name: requiredText(200),
});
export const accountCreateInput = z.object({ name: requiredText(200) });
export const grantInput = z.object({
  account_id: id(),
  company: z.string({ error: 'is required' }).regex(SLUG_PATTERN, { error: 'is not a company' }),
  role: z.enum(GRANT_ROLES, { error: 'must be owner, staff or accountant' }),
});
export const grantDeleteInput = grantInput.omit({ role: true });

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

/** A route's body checked against its schema; failures are the usual 400 with field errors. */
export function parseDirectoryInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, raw);
  throw new FolioError('validation_failed', `Invalid input — ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
}
