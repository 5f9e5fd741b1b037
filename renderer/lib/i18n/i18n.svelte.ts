// The UI's language: Hungarian by default, English and German switchable; the choice is kept on this machine.
// `t` reads the reactive `lang`, so every text in a template follows a switch at once.
// Only the chosen language's words are loaded before the app renders (words.ts; issue 41); a switch fetches the
// new language's words first and changes `lang` once they are here, so no text is ever shown as its key.
import { LANGS, loadWords, storedLang, storeLang, type Lang, type MessageKey, type Words } from './words';
import { formatDate, isIsoDate } from '../date-format';

export type { Lang, MessageKey };
export { LANGS };

const LOCALES: Record<Lang, string> = { hu: 'hu-HU', en: 'en-GB', de: 'de-DE' };
const WORDS = new Map<Lang, Words>();
const FIRST = storedLang();
// In a page only the chosen language is fetched. Outside one (Node: the unit tests set `i18n.lang` directly, and
// there is no download to save) every language is loaded.
const upFront: readonly Lang[] = typeof document === 'undefined' ? LANGS : [FIRST];
await Promise.all(upFront.map(async (lang) => WORDS.set(lang, await loadWords(lang))));

export type Params = Record<string, string | number>;

/** A parameter as the sentence shows it: a calendar date the core gave ('2026-12-02') in the UI's one date form. */
function param(value: string | number, locale: string): string {
  const s = String(value);
  return isIsoDate(s) ? formatDate(s, locale) : s;
}

class I18n {
  lang = $state<Lang>(FIRST);
  /** The language last asked for: a slower earlier switch must not win over it. */
  #asked: Lang = FIRST;

  get locale(): string {
    return LOCALES[this.lang];
  }

  /** Switches once the language's words are loaded; rejects (nothing changed) when they cannot be fetched. */
  async set(lang: Lang): Promise<void> {
    this.#asked = lang;
    const words = WORDS.get(lang) ?? (await loadWords(lang));
    WORDS.set(lang, words);
    if (this.#asked !== lang) return;
    this.lang = lang;
    storeLang(lang);
    document.documentElement.lang = lang;
  }

  #words(): Words | undefined {
    return WORDS.get(this.lang) ?? WORDS.get(FIRST);
  }

  t = (key: MessageKey, params?: Params): string => {
    const text = this.#words()?.[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? param(params[name]!, this.locale) : m)) : text;
  };

  /** A key built at run time (status names, categories); falls back to the given text when unknown. */
  tDynamic = (key: string, fallback: string, params?: Params): string =>
    key in (this.#words() ?? {}) ? this.t(key as MessageKey, params) : fallback;
}

export const i18n = new I18n();
export const t = i18n.t;
