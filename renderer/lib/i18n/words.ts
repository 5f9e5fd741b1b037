// Which language the UI speaks and where its words come from, without Svelte: main.ts (the small entry) asks for the
// chosen language's words while the app's own chunk is still downloading. Each language is a chunk of its own
// (issue 41: the three dictionaries together were most of the first screen's JavaScript); a switch loads the next
// one on first use. The build keeps only one language's words in each chunk (vite.config.ts, wordsPerLanguage).
import type { MessageKey, Words } from './word-types';

export type { MessageKey, Words };

export type Lang = 'hu' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['hu', 'en', 'de'];
const STORAGE_KEY = 'folio.lang';

/** The language chosen on this machine (Hungarian when none was chosen or storage is unavailable). */
export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'en' || v === 'de' || v === 'hu' ? v : 'hu';
  } catch {
    return 'hu';
  }
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

// Literal paths, one import() each: the bundler makes each language a chunk of its own.
const LOADERS: Record<Lang, () => Promise<{ words: Words }>> = {
  hu: () => import('./words/hu'),
  en: () => import('./words/en'),
  de: () => import('./words/de'),
};
const loading = new Map<Lang, Promise<Words>>();

/** A language's words, fetched once (a failed fetch is forgotten, so the next switch asks again). */
export function loadWords(lang: Lang): Promise<Words> {
  let p = loading.get(lang);
  if (!p) {
    p = LOADERS[lang]().then((m) => m.words);
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}
