// An operation of the audit log in words: its area ("Ügyfél") and what was done ("létrehozás"), from the operation's
// name ("clients.create"). An area or action without words of its own shows the name as it is.
import { i18n } from '../../../lib/i18n/i18n.svelte';

export function operationWords(operation: string): string {
  const [area = '', action = ''] = operation.split('.');
  const areaWords = i18n.tDynamic(`aud.area.${area}`, area);
  const actionWords = i18n.tDynamic(`aud.act.${action}`, action);
  return `${areaWords}: ${actionWords}`;
}
