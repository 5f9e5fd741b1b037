// Validates an operation's raw input against its schema; failures become the 400 envelope with per-field errors.
import type { z } from 'zod';
import { FolioError, type FieldError } from '../errors';
import { operations, type OperationName, type ParsedInputOf } from './operations';

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let v = raw;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

export function fieldErrors(error: z.ZodError, raw?: unknown): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)';
    const missing = issue.path.length > 0 && issue.code !== 'custom' && valueAt(raw, issue.path) === undefined;
    return { field, message: missing ? 'is required' : issue.message };
  });
}

export function parseInput<N extends OperationName>(name: N, raw: unknown): ParsedInputOf<N> {
  const schema = operations[name].input as z.ZodType;
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error, raw);
    const summary = errors.slice(0, 5).map((e) => `${e.field}: ${e.message}`).join('; ');
    throw new FolioError('validation_failed', `Invalid input — ${summary}`, errors);
  }
  return result.data as ParsedInputOf<N>;
}
