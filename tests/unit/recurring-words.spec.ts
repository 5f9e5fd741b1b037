// A recurring profile's frequency in words, by Intl.PluralRules, in hu, en and de — never the interface's code.
import { expect, test } from '@playwright/test';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { i18n } = await import('../../renderer/lib/i18n/i18n.svelte');
const { frequencyCodeWords, unitWord } = await import('../../renderer/features/recurring/frequency-words');

test.afterEach(() => {
  i18n.lang = 'hu';
});

const CASES: Record<'hu' | 'en' | 'de', Record<string, string>> = {
  hu: { '1M': 'havonta', '2W': 'kéthetente', '1W': 'hetente', '3M': 'háromhavonta', '1D': 'naponta', '14D': '14 naponta', '1Y': 'évente' },
  en: { '1M': 'every month', '2W': 'every 2 weeks', '1D': 'every day', '14D': 'every 14 days', '1Y': 'every year', '2Y': 'every 2 years' },
  de: { '1M': 'jeden Monat', '2M': 'alle 2 Monate', '1W': 'jede Woche', '2W': 'alle 2 Wochen', '1Y': 'jedes Jahr', '10D': 'alle 10 Tage' },
};

for (const [lang, cases] of Object.entries(CASES) as Array<['hu' | 'en' | 'de', Record<string, string>]>) {
  test(`frequencies in words (${lang})`, () => {
    i18n.lang = lang;
    for (const [code, words] of Object.entries(cases)) expect(frequencyCodeWords(code), code).toBe(words);
  });
}

test('the unit after a count takes the plural its language wants; a code Folio cannot read is shown as it is', () => {
  i18n.lang = 'en';
  expect([unitWord('W', 1), unitWord('W', 2)]).toEqual(['week', 'weeks']);
  i18n.lang = 'de';
  expect([unitWord('M', 1), unitWord('M', 2)]).toEqual(['Monat', 'Monate']);
  i18n.lang = 'hu';
  expect([unitWord('M', 1), unitWord('M', 3)]).toEqual(['hónap', 'hónap']);
  expect(frequencyCodeWords('monthly')).toBe('monthly');
});
