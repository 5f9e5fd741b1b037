// The legal checks' field errors in the UI's words: chosen by the error's reason code and the field it names (the
// core's English sentence carries the numbers a message repeats: a date, a count of days).
import type { FieldError } from '../../../shared/errors';
import { localizeFieldMessage } from './field-messages';
import type { MessageKey } from './i18n.svelte';

type T = (key: MessageKey, params?: Record<string, string>) => string;

const ADDRESS = /^(seller|client)\.address\.(postcode|city|street_name|house_nr|country)$/;

function required(field: string, t: T): string | undefined {
  const address = ADDRESS.exec(field);
  if (address) return t(address[1] === 'seller' ? 'legal.sellerAddress' : 'legal.clientAddress', { part: t(`legal.part.${address[2]}` as MessageKey) });
  if (field === 'seller.name') return t('legal.sellerName');
  if (field === 'client.name') return t('legal.clientName');
  if (/^items\.\d+\.description$/.test(field)) return t('legal.lineDescription');
  return undefined;
}

/** The reason codes of the legal checks (electron/core/invoices/legal/rules.ts); other reasons (the rate's) are not. */
const LEGAL_REASONS = new Set([
  'seller_missing',
  'required',
  'tax_number_required',
  'tax_number_invalid',
  'eu_vat_number_required',
  'own_tax_number',
  'exempt_seller_vat',
  'due_before_issue',
  'date_invalid',
  'negative_total',
  'late_issue',
]);

/** Whether an error comes from the legal checks (its sentence names its party and part, so it needs no label). */
export function isLegalError(error: FieldError): boolean {
  return error.reason !== undefined && LEGAL_REASONS.has(error.reason);
}

/** The message of a legal check's error in the UI's language; undefined when it has no reason this UI knows. */
export function legalMessage(error: FieldError, t: T): string | undefined {
  const seller = error.field.startsWith('seller');
  switch (error.reason) {
    case 'seller_missing':
      return t('legal.sellerMissing');
    case 'required':
      return required(error.field, t);
    case 'tax_number_required':
      if (seller) return t('legal.sellerTaxRequired');
      return /foreign/.test(error.message) ? t('legal.foreignTaxRequired') : t('legal.clientTaxRequired');
    case 'tax_number_invalid':
      return /private person/.test(error.message) ? t('legal.privateTaxInvalid') : t('legal.taxInvalid');
    case 'eu_vat_number_required':
      if (/intra-EU/.test(error.message)) return t(seller ? 'legal.sellerEuIntra' : 'legal.clientEuIntra');
      return t(seller ? 'legal.sellerEuRequired' : 'legal.clientEuRequired');
    case 'own_tax_number':
      return t('legal.ownTaxNumber');
    case 'exempt_seller_vat':
      return t('legal.exemptVat');
    case 'due_before_issue':
      return t('legal.dueBeforeIssue', { date: /\((\d{4}-\d{2}-\d{2})\)/.exec(error.message)?.[1] ?? '' });
    case 'date_invalid':
      return t('legal.dateInvalid');
    case 'negative_total':
      return t('legal.negativeTotal');
    case 'late_issue': {
      const m = /is (\d+) days before .* within (\d+) days/.exec(error.message);
      return t('legal.lateIssue', { days: m?.[1] ?? '?', limit: m?.[2] ?? '8' });
    }
    default:
      return undefined;
  }
}

/** Any field error in the UI's language: by its reason when it has one this UI words, else by its sentence. */
export function localizeFieldError(error: FieldError, t: T): string {
  return legalMessage(error, t) ?? localizeFieldMessage(error.message, t, error.field);
}

/**
 * The problems as a reader takes them in: a party's missing address parts said once ("A vevő címéből hiányzik:
 * irányítószám, házszám."), everything else one line each, in the order given.
 */
export function legalSummary(errors: FieldError[], t: T, locale = 'hu'): Array<{ field: string; text: string }> {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const out: Array<{ field: string; text: string }> = [];
  const parts = new Map<string, { at: number; names: string[] }>();
  for (const e of errors) {
    const address = e.reason === 'required' ? ADDRESS.exec(e.field) : null;
    if (!address) {
      out.push({ field: e.field, text: localizeFieldError(e, t) });
      continue;
    }
    const party = address[1]!;
    const name = t(`legal.part.${address[2]}` as MessageKey);
    const seen = parts.get(party);
    if (seen) {
      seen.names.push(name);
      out[seen.at]!.text = t(party === 'seller' ? 'legal.sellerAddress' : 'legal.clientAddress', { part: list.format(seen.names) });
    } else {
      parts.set(party, { at: out.length, names: [name] });
      out.push({ field: e.field, text: t(party === 'seller' ? 'legal.sellerAddress' : 'legal.clientAddress', { part: name }) });
    }
  }
  return out;
}
