// A profile's frequency in words in the UI's language — "havonta", "kéthetente", "every month", "alle 2 Monate" —
// never the interface's code ("1M", "2W"). Singular or plural by Intl.PluralRules, so each language's own rule decides.
import { parseFrequency, type Frequency } from '../../../shared/recurrence';
import { i18n, t } from '../../lib/i18n/i18n.svelte';

/** Hungarian writes small counts as a word joined to the adverb: "kéthetente", "háromhavonta". */
const HU_COUNT_WORDS = ['', '', 'két', 'három', 'négy', 'öt', 'hat', 'hét', 'nyolc', 'kilenc', 'tíz'];

function plural(count: number): 'one' | 'other' {
  return new Intl.PluralRules(i18n.lang).select(count) === 'one' ? 'one' : 'other';
}

function countText(count: number): string {
  if (i18n.lang !== 'hu') return String(count);
  return HU_COUNT_WORDS[count] ?? `${count} `;
}

export function frequencyWords(frequency: Frequency): string {
  return t(`recur.freq.${frequency.unit}.${plural(frequency.count)}`, { n: countText(frequency.count) });
}

/** The stored code in words; a code Folio cannot read is shown as it is rather than hidden. */
export function frequencyCodeWords(code: string): string {
  const f = parseFrequency(code);
  return f ? frequencyWords(f) : code;
}

/** The unit's name after a count ("2 hét", "2 weeks", "2 Wochen"), for the unit selector. */
export function unitWord(unit: Frequency['unit'], count: number): string {
  return t(`recur.unit.${unit}.${plural(Number.isInteger(count) && count > 0 ? count : 2)}`);
}
