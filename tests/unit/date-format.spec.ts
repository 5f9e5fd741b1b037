// renderer/lib/date-format.ts (issue 36, item 15): one form of a calendar date on every screen, in each UI language,
// and the ISO dates of the core's sentences and of message parameters shown in it.
import { expect, test } from '@playwright/test';
import { registerSvelteModules } from '../support/svelte-modules';
import { dateForInput, datesInText, formatDate, isIsoDate, readDate } from '../../renderer/lib/date-format';

registerSvelteModules();
const { i18n } = await import('../../renderer/lib/i18n/i18n.svelte');
const { localizeFieldError } = await import('../../renderer/lib/i18n/legal-messages');
const { localizeFieldMessage } = await import('../../renderer/lib/i18n/field-messages');

test.afterEach(() => {
  i18n.lang = 'hu';
});

test('each language its own form; the shown form is read back, in every language', () => {
  const forms: Array<[string, string]> = [['hu-HU', '2026. 12. 02.'], ['en-GB', '02/12/2026'], ['de-DE', '02.12.2026']];
  for (const [locale, shown] of forms) {
    expect(formatDate('2026-12-02', locale)).toBe(shown);
    expect(dateForInput('2026-12-02', locale)).toBe(shown);
    expect(readDate(shown)).toBe('2026-12-02');
  }
  // the last day of a year, a leap day: no time zone moves a calendar day
  expect(formatDate('2026-12-31', 'hu-HU')).toBe('2026. 12. 31.');
  expect(readDate(formatDate('2024-02-29', 'de-DE'))).toBe('2024-02-29');
  // what people type without the padding
  expect(readDate('2026.12.2')).toBe('2026-12-02');
  expect(readDate('2/12/2026')).toBe('2026-12-02');
  // not a date: passed on for the core to name the field
  expect(readDate(' holnap ')).toBe('holnap');
  expect(dateForInput('holnap', 'hu-HU')).toBe('holnap');
  expect(isIsoDate('2026-12-02')).toBe(true);
  expect(isIsoDate('2026-000012')).toBe(false);
});

test('the ISO dates inside a sentence, and only they, take the form', () => {
  expect(datesInText('must not be before the issue date (2026-12-02)', 'hu-HU')).toBe('must not be before the issue date (2026. 12. 02.)');
  expect(datesInText('from 2026-11-01 to 2026-11-30.', 'de-DE')).toBe('from 01.11.2026 to 30.11.2026.');
  // an invoice number and a file name are no dates
  expect(datesInText('Invoice 2026-000012', 'hu-HU')).toBe('Invoice 2026-000012');
  expect(datesInText('folio-export-2026-11-01_2026-11-30.zip', 'hu-HU')).toBe('folio-export-2026-11-01_2026-11-30.zip');
});

test('the core\'s refusals show their dates in the UI\'s form: by parameter and as sent', () => {
  const due = { field: 'due_date', message: 'must not be before the issue date (2026-12-02)', reason: 'due_before_issue' };
  expect(localizeFieldError(due, i18n.t)).toBe('A fizetési határidő nem lehet korábbi a számla kelténél (2026. 12. 02.).');
  i18n.lang = 'en';
  expect(localizeFieldError(due, i18n.t)).toContain('(02/12/2026)');
  expect(localizeFieldError(due, i18n.t)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  i18n.lang = 'hu';
  // a sentence no rule words is shown as it came, its date in the form
  expect(localizeFieldMessage('was closed on 2026-11-30 by the accountant', i18n.t)).toBe('was closed on 2026. 11. 30. by the accountant');
});
