// Small wordings of the data screen: what a restore would give up, in the UI's language. (File sizes: fmt.fileSize.)
import { i18n, t } from '../../../lib/i18n/i18n.svelte';

/** { clients: 1, invoice_payments: 2 } → "1 ügyfél, 2 befizetés". */
export function newerRowsText(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, n]) => i18n.tDynamic(`data.rows.${table}`, `${n} ${table}`, { n }))
    .join(', ');
}

export function kindText(kind: string): string {
  return i18n.tDynamic(`data.kind.${kind}`, kind);
}

export { t };
