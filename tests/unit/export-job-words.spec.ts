// A team server's export whose building process stopped (electron/data-ops/shared-export-jobs.ts) fails with an
// English sentence; the export screens show it in the UI's language, saying what to do.
import { expect, test } from '@playwright/test';
import { PROCESS_GONE } from '../../electron/data-ops/shared-export-jobs';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { i18n, t } = await import('../../renderer/lib/i18n/i18n.svelte');
const { localizeFieldMessage } = await import('../../renderer/lib/i18n/field-messages');

test('an export whose server process stopped says so, and to start it again, in hu, en and de', () => {
  const words: Record<string, string> = {};
  for (const lang of ['hu', 'en', 'de'] as const) {
    i18n.lang = lang;
    words[lang] = localizeFieldMessage(PROCESS_GONE, t);
  }
  i18n.lang = 'hu';
  expect(words).toEqual({
    hu: 'A szerverfolyamat, amely ezt az exportot készítette, leállt. Indítsd el újra az exportot.',
    en: 'The server process building this export stopped. Start the export again.',
    de: 'Der Serverprozess, der diesen Export erstellt hat, wurde beendet. Starten Sie den Export erneut.',
  });
  // any other failure is shown as it came
  expect(localizeFieldMessage('disk full', t)).toBe('disk full');
});
