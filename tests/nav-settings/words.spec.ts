// The core's English messages about the technical user reach the screen in the UI's language: every message the
// rules in shared/nav-user.ts produce matches a pattern in field-messages.ts, in hu, en and de; and every reason
// the connection check can give has its words.
import { expect, test } from '@playwright/test';
import { NAV_CHECK_REASONS } from '../../shared/contract/areas/nav';
import { navKeyProblem, navLoginProblem, navTaxNumberProblem, NAV_EXCHANGE_KEY_LENGTH, NAV_SIGNATURE_KEY_LENGTH } from '../../shared/nav-user';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { i18n, t } = await import('../../renderer/lib/i18n/i18n.svelte');
const { localizeFieldMessage } = await import('../../renderer/lib/i18n/field-messages');

test('every message of the technical user rules is translated, with its numbers', () => {
  const messages = [
    navLoginProblem('ab'),
    navLoginProblem('ékezetes'),
    navTaxNumberProblem('1234'),
    navTaxNumberProblem('12345678'), // wrong check digit
    navKeyProblem('short', NAV_SIGNATURE_KEY_LENGTH),
    navKeyProblem('ABCDEF01234567', NAV_EXCHANGE_KEY_LENGTH),
    navKeyProblem('ABCD EF0123456789', NAV_EXCHANGE_KEY_LENGTH),
    'the stored value cannot be opened on this computer: type it again',
    'must be test or production',
  ] as string[];
  expect(messages.every((m) => typeof m === 'string')).toBe(true);
  // (English words may equal the core's own, so a pattern that matched shows in Hungarian and German.)
  for (const lang of ['hu', 'de'] as const) {
    i18n.lang = lang;
    for (const m of messages) expect(localizeFieldMessage(m, t), `${lang}: ${m}`).not.toBe(m);
  }
  i18n.lang = 'hu';
  expect(localizeFieldMessage(navKeyProblem('short', NAV_SIGNATURE_KEY_LENGTH)!, t)).toBe('pontosan 32 karakter, ahogy a NAV kiadta');
  expect(localizeFieldMessage(navKeyProblem('short', NAV_EXCHANGE_KEY_LENGTH)!, t)).toBe('pontosan 16 karakter, ahogy a NAV kiadta');
  // Right values have no message; an empty key keeps the stored one.
  expect([navLoginProblem('folio0test'), navTaxNumberProblem('12345676-2-41'), navKeyProblem('', 16), navKeyProblem(' ABCDEF0123456789 ', 16)]).toEqual([null, null, null, null]);
});

test('every reason of the connection check has a title and what to do, in each language', () => {
  for (const lang of ['hu', 'en', 'de'] as const) {
    i18n.lang = lang;
    const seen = new Set<string>();
    for (const reason of NAV_CHECK_REASONS) {
      const title = t(`navs.reason.${reason}.title`);
      expect(title, `${lang} ${reason}`).not.toContain('navs.');
      expect(t(`navs.reason.${reason}.fix`)).not.toContain('navs.');
      seen.add(title);
    }
    expect(seen.size, lang).toBe(NAV_CHECK_REASONS.length);
  }
  i18n.lang = 'hu';
});
