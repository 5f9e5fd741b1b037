// The errors of one form: the failed call (shown as a notice) and its per-field messages (shown at the fields,
// keyed by the core's field path, e.g. "items.0.qty" or "seller.taxcode").
import { asApiError, type ApiError } from '../api/errors';
import type { FieldError } from '../../../shared/errors';
import { localizeFieldMessage } from '../i18n/field-messages';
import { legalMessage } from '../i18n/legal-messages';
import { t } from '../i18n/i18n.svelte';

export class FieldErrors {
  error = $state<ApiError | null>(null);
  private fields = $state<Record<string, string>>({});
  /** the errors that carry a reason code (the legal checks): worded by the code, not by their English sentence */
  private reasoned = $state<Record<string, FieldError>>({});

  /** Shows a failure; returns it for callers that branch on the code. */
  set(e: unknown): ApiError {
    const error = asApiError(e);
    this.error = error;
    this.fields = Object.fromEntries(error.errors.map((f) => [f.field, f.message]));
    this.reasoned = Object.fromEntries(error.errors.filter((f) => f.reason).map((f) => [f.field, f]));
    return error;
  }

  /** A local check's message (already in the UI's language). */
  setField(field: string, message: string): void {
    this.fields = { ...this.fields, [field]: message };
  }

  /** The message for a field in the UI's language, or undefined. */
  get = (field: string): string | undefined => {
    const m = this.fields[field];
    if (m === undefined) return undefined;
    const reasoned = this.reasoned[field];
    return (reasoned && reasoned.message === m ? legalMessage(reasoned, t) : undefined) ?? localizeFieldMessage(m, t);
  };

  has(prefix: string): boolean {
    return Object.keys(this.fields).some((f) => f === prefix || f.startsWith(`${prefix}.`));
  }

  clear(): void {
    this.error = null;
    this.fields = {};
    this.reasoned = {};
  }

  clearField(field: string): void {
    if (!(field in this.fields)) return;
    const { [field]: _gone, ...rest } = this.fields;
    this.fields = rest;
  }

  get any(): boolean {
    return this.error !== null || Object.keys(this.fields).length > 0;
  }
}
