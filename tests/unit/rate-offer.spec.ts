// The invoice editor's model and the core's "rate unavailable" refusal: the offer of the latest saved rate shows
// while it still fits the form, and taking it fills exchange_rate and answers the refusal. Runes compiled by
// Svelte's own compiler (tests/support/svelte-modules.ts), no DOM.
import { expect, test } from '@playwright/test';
import type { SettingsData } from '../../shared/resources';
import { ApiError } from '../../renderer/lib/api/errors';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { InvoiceDraft } = await import('../../renderer/lib/state/invoice-draft.svelte');

const SETTINGS = {
  default_payment_method: 2,
  home_currency: 'HUF',
  default_lang: 'hu',
  default_due_days: 8,
  default_bank_account_uid: null,
  seller: { vat_status: 'normal' },
} as unknown as SettingsData;

const refusal = (meta: Record<string, string>, more: Array<{ field: string; message: string }> = []) =>
  new ApiError('rule_violation', 'The MNB exchange rate of EUR for 2026-11-22 is not saved on this computer …', [
    { field: 'exchange_rate', message: 'The MNB exchange rate of EUR for 2026-11-22 is not saved on this computer …', reason: 'rate_unavailable', meta },
    ...more,
  ]);

const META = { source: 'MNB', currency: 'EUR', date: '2026-11-22', latest_rate: '390.840000', latest_date: '2026-11-18' };

test('the offer follows the refusal while currency, date and an empty rate still match it', () => {
  const draft = new InvoiceDraft(SETTINGS, '2026-11-22');
  draft.currency = 'EUR';
  expect(draft.rateOffer).toBeNull();
  draft.errors.set(refusal(META));
  expect(draft.rateOffer).toEqual({ source: 'MNB', currency: 'EUR', date: '2026-11-22', latestRate: '390.840000', latestDate: '2026-11-18' });

  draft.fulfillment_date = '2026-11-21';
  expect(draft.rateOffer).toBeNull(); // another day: the refusal no longer speaks of it
  draft.fulfillment_date = '2026-11-22';
  draft.currency = 'USD';
  expect(draft.rateOffer).toBeNull();
  draft.currency = 'EUR';
  draft.exchange_rate = '391';
  expect(draft.rateOffer).toBeNull(); // a typed rate answers it
  draft.exchange_rate = '';
  expect(draft.rateOffer).not.toBeNull();

  // Nothing saved at all: the offer is still shown, without a rate to take.
  draft.errors.set(refusal({ source: 'MNB', currency: 'EUR', date: '2026-11-22' }));
  expect(draft.rateOffer).toMatchObject({ latestRate: null, latestDate: null });
});

test('taking the saved rate fills exchange_rate as typed and answers the refusal; other field errors stay', () => {
  const draft = new InvoiceDraft(SETTINGS, '2026-11-22');
  draft.currency = 'EUR';
  draft.errors.set(refusal(META));
  draft.useRate('390.840000');
  // shown in the UI's number form (Hungarian by default), sent as a plain decimal
  expect(draft.exchange_rate).toBe('390,84');
  expect(draft.errors.error).toBeNull();
  expect(draft.body()).toMatchObject({ currency: 'EUR', exchange_rate: '390.84' });

  draft.exchange_rate = '';
  draft.errors.set(refusal(META, [{ field: 'due_date', message: 'is required' }]));
  draft.useRate('390.84');
  expect(draft.errors.get('exchange_rate')).toBeUndefined();
  expect(draft.errors.get('due_date')).toBe('kötelező');
  expect(draft.errors.error).not.toBeNull();
});
