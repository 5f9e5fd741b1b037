// A field path of the core ("items.0.qty", "due_date") as the user reads it: "1. tétel – Mennyiség".
import { i18n, t } from './i18n.svelte';

export function fieldLabel(path: string): string {
  const parts = path.split('.');
  const last = parts.at(-1)!;
  const label = i18n.tDynamic(`field.${last}`, last);
  if (parts[0] === 'items' && /^\d+$/.test(parts[1] ?? '')) {
    const item = t('field.item', { n: Number(parts[1]) + 1 });
    // "items.0" is the line as a whole (its amount), named by the line alone
    return parts.length >= 3 ? `${item} – ${label}` : item;
  }
  // the accountant's name and address (settings): "Könyvelő e-mail-címe", not the seller's "E-mail"
  if (parts[0] === 'accountant' && (last === 'name' || last === 'email')) return t(`rep.acct.${last}`);
  // "advance_invoice_uids.0": the chosen advance invoice, not its position
  if (parts[0] === 'advance_invoice_uids') return t('field.advance_invoice_uids');
  return label;
}
