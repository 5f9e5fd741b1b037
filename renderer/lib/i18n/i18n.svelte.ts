// The UI's language: Hungarian by default, English and German switchable; the choice is kept on this machine.
// `t` reads the reactive `lang`, so every text in a template follows a switch at once.
import { de } from './de';
import { en } from './en';
import { hu, type MessageKey as CoreMessageKey } from './hu';
import { AREA_MESSAGES, type AreaMessageKey } from './areas';
import { formatDate, isIsoDate } from '../date-format';

export type MessageKey = CoreMessageKey | AreaMessageKey;

export type Lang = 'hu' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['hu', 'en', 'de'];
const DICTS: Record<Lang, Record<MessageKey, string>> = {
  hu: Object.assign({}, hu, ...AREA_MESSAGES.map((m) => m.hu)),
  en: Object.assign({}, en, ...AREA_MESSAGES.map((m) => m.en)),
  de: Object.assign({}, de, ...AREA_MESSAGES.map((m) => m.de)),
};
const LOCALES: Record<Lang, string> = { hu: 'hu-HU', en: 'en-GB', de: 'de-DE' };
const STORAGE_KEY = 'folio.lang';

function storedLang(): Lang {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'en' || v === 'de' || v === 'hu' ? v : 'hu';
  } catch {
    return 'hu';
  }
}

export type Params = Record<string, string | number>;

/** A parameter as the sentence shows it: a calendar date the core gave ('2026-12-02') in the UI's one date form. */
function param(value: string | number, locale: string): string {
  const s = String(value);
  return isIsoDate(s) ? formatDate(s, locale) : s;
}

class I18n {
  lang = $state<Lang>(storedLang());

  get locale(): string {
    return LOCALES[this.lang];
  }

  set(lang: Lang): void {
    this.lang = lang;
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // private mode: the choice lasts for this page only
    }
    document.documentElement.lang = lang;
  }

  t = (key: MessageKey, params?: Params): string => {
    const text = DICTS[this.lang][key] ?? DICTS.hu[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? param(params[name]!, this.locale) : m)) : text;
  };

  /** A key built at run time (status names, categories); falls back to the given text when unknown. */
  tDynamic = (key: string, fallback: string, params?: Params): string =>
    key in DICTS.hu ? this.t(key as MessageKey, params) : fallback;
}

export const i18n = new I18n();
export const t = i18n.t;
