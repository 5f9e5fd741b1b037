// Small wordings of the data screen: file sizes, and what a restore would give up, in the UI's language.
import { i18n, t } from '../../../lib/i18n/i18n.svelte';

/** 1536 → "1,5 kB" (Hungarian), "1.5 kB" (English). */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

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
