// The errors of one form: the failed call (shown as a notice) and its per-field messages (shown at the fields,
// keyed by the core's field path, e.g. "items.0.qty" or "seller.taxcode").
import { ApiError, asApiError } from '../api/errors';
import type { FieldError } from '../../../shared/errors';
import { localizeFieldError } from '../i18n/legal-messages';
import { t } from '../i18n/i18n.svelte';
import { stillTrue } from './field-recheck';

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
    return localizeFieldError(reasoned?.message === m ? reasoned : { field, message: m }, t);
  };

  /** The message as it came (the core's English words), for a check on what it says. */
  raw(field: string): string | undefined {
    return this.fields[field];
  }

  /**
   * A form's input and change events (`oninput={errors.edited}` on the form): the edited field's message goes as
   * soon as it no longer holds for what the field says now (field-recheck.ts), not only at the next save.
   */
  edited = (e: Event): void => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) || !el.name) return;
    this.recheck(el.name, el instanceof HTMLInputElement && el.type === 'checkbox' ? String(el.checked) : el.value);
  };

  /** Drops a field's message when it is no longer true of `value`. */
  recheck(field: string, value: string): void {
    const m = this.fields[field];
    if (m !== undefined && !stillTrue(m, value)) this.clearField(field);
  }

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
    // The summary at the top lists the same messages: a field put right leaves it, and a refusal with nothing
    // left to put right goes with its last field.
    if (this.error?.errors.some((f) => f.field === field)) {
      const left = this.error.errors.filter((f) => f.field !== field);
      this.error = left.length === 0 && this.error.code === 'validation_failed' ? null : new ApiError(this.error.code, this.error.message, left, this.error.status);
    }
  }

  get any(): boolean {
    return this.error !== null || Object.keys(this.fields).length > 0;
  }
}
