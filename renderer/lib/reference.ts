// Options for the selects, from the shared reference tables (the same ones the core uses), in the UI's language.
import { PAYMENT_METHODS, findPaymentMethod, printedPaymentMethodName } from '../../shared/reference/payment-methods';
import { VAT_CODES, findVatCode } from '../../shared/reference/vat-codes';
import { EXEMPT_VAT_ID } from '../../shared/seller';
import { ENTITLEMENTS, findEntitlement } from '../../shared/reference/entitlements';
import { EXPENSE_CATEGORIES_HU } from '../../shared/reference/expense-categories';
import { i18n, t } from './i18n/i18n.svelte';
import type { Option } from '../components/select-option';

import { CURRENCIES } from '../../shared/reference/currencies';

export { CURRENCIES };

export function currencyOptions(current?: string): Option[] {
  const list: string[] = [...CURRENCIES];
  if (current && !list.includes(current)) list.push(current);
  return list.map((c) => ({ value: c, label: c }));
}

/** A payment method as people read it ("Wire transfer"), as the PDF prints it; the API's names stay as they are. */
export function paymentMethodName(id: number | string): string {
  const method = findPaymentMethod(Number(id));
  return method ? printedPaymentMethodName(method, i18n.lang) : String(id);
}

export function paymentMethodOptions(): Option[] {
  return PAYMENT_METHODS.map((m) => ({ value: String(m.id), label: printedPaymentMethodName(m, i18n.lang) }));
}

/** "19%" / "25,5%": a rate as a percentage in the UI's locale, without trailing zeros. */
function percent(rate: string): string {
  return new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(Number(rate));
}

/** A member state's name in the UI's language ("Németország"); Greece's VAT prefix EL is the region GR. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code === 'EL' ? 'GR' : code) ?? code;
  } catch {
    return code;
  }
}

/** "27%", "AAM – alanyi adómentes", "19% – Németország": a VAT code in words. */
export function vatLabel(id: string | number): string {
  const code = findVatCode(id);
  if (!code) return String(id);
  if (code.treatment === 'foreign_rate') return `${percent(code.value)} – ${countryName(code.country ?? '')}`;
  if (code.treatment === 'rate') return percent(code.value);
  return `${code.description} – ${i18n.tDynamic(`vat.${code.id}`, code.infoText ?? '')}`;
}

/**
 * The VAT choices in two groups: the Hungarian rates (highest first) and exemptions, then the other member states'
 * rates (OSS) by country name. Hungary's own per-country code would repeat "27%", so it is offered only to a line
 * that already has it (`current`).
 */
export function vatOptions(current?: string, exemptSeller = false): Option[] {
  // A subjectively exempt seller (alanyi adómentes) charges no VAT: AAM is its one choice (a line that already has
  // another code keeps it visible, flagged by the check, until it is changed).
  if (exemptSeller) {
    return VAT_CODES.filter((v) => v.id === EXEMPT_VAT_ID || v.id === current).map((v) => ({ value: v.id, label: vatLabel(v.id) }));
  }
  const hungarian = VAT_CODES.filter((v) => v.treatment !== 'foreign_rate');
  const rates = hungarian.filter((v) => v.treatment === 'rate').sort((x, y) => Number(y.value) - Number(x.value));
  const others = hungarian.filter((v) => v.treatment !== 'rate');
  const oss = VAT_CODES.filter((v) => v.treatment === 'foreign_rate' && (v.country !== 'HU' || v.id === current))
    .map((v) => ({ v, label: vatLabel(v.id) }))
    .sort((x, y) => x.label.split(' – ')[1]!.localeCompare(y.label.split(' – ')[1]!, i18n.locale));
  return [
    ...[...rates, ...others].map((v) => ({ value: v.id, label: vatLabel(v.id), group: t('lists.vatHungarian') })),
    ...oss.map(({ v, label }) => ({ value: v.id, label, group: t('lists.vatOss') })),
  ];
}

export function vatRate(id: string): string | undefined {
  return findVatCode(id)?.value;
}

export function entitlementText(code: string | null | undefined): string {
  const e = findEntitlement(code);
  return e ? e.text[i18n.lang] : (code ?? '');
}

export function entitlementOptions(): Option[] {
  return [
    { value: '', label: t('ed.entitlementDefault') },
    ...ENTITLEMENTS.map((e) => ({ value: e.code, label: `${e.code} – ${e.text[i18n.lang]}` })),
  ];
}

/** Whether a VAT code needs (or may carry) a legal reason: every code that is not an ordinary rate. */
export function vatNeedsReason(id: string): boolean {
  const code = findVatCode(id);
  return !!code && code.treatment !== 'rate' && code.treatment !== 'foreign_rate';
}

export function expenseCategoryName(id: string, fallback?: string): string {
  return i18n.tDynamic(`exp.cat.${id}`, fallback ?? EXPENSE_CATEGORIES_HU.find((c) => c.id === id)?.name ?? id);
}

export function templateLangOptions(): Option[] {
  return (['hu', 'en', 'de', 'hu-en'] as const).map((l) => ({ value: l, label: t(`tmpl.${l}`) }));
}

export function blockLabel(b: { name: string; prefix: string }): string {
  return b.prefix ? `${b.name} (${b.prefix})` : b.name;
}
