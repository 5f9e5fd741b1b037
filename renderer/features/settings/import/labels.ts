// The words of the import's fields and messages, by the field keys the core answers with.
import type { ImportField, ImportKind } from '../../../../shared/contract/areas/import-fields';
import { i18n } from '../../../lib/i18n/i18n.svelte';
import { localizeFieldMessage } from '../../../lib/i18n/field-messages';

export function fieldLabel(kind: ImportKind, field: ImportField | string): string {
  return i18n.tDynamic(`imp.f.${kind}.${field}`, field);
}

/** "Adószám: érvénytelen magyar adószám…" — one of a row's errors, in the UI's language. */
export function rowError(kind: ImportKind, error: { field: string; message: string }): string {
  return `${fieldLabel(kind, error.field)}: ${localizeFieldMessage(error.message, i18n.t)}`;
}
