// What the directory's routes take (docs/companies.md), checked as the operations' inputs are: failures are the usual
// 400 with field errors.
import { z } from 'zod';
import { FolioError } from '../../shared/errors';
import { fieldErrors } from '../../shared/contract/validate';
import { id, requiredText } from '../../shared/contract/fields';
import { GRANT_ROLES, SLUG_PATTERN } from '../../shared/directory';

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

/** A route's body checked against its schema; failures are the usual 400 with field errors. */
export function parseDirectoryInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, raw);
  throw new FolioError('validation_failed', `Invalid input — ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
}
