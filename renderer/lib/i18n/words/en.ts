// Every word of the UI in English: the shared dictionary and each area's. The build keeps only the 'en' part
// of the area files in this chunk (vite.config.ts, wordsPerLanguage).
import { en } from '../en';
import { AREA_MESSAGES } from '../areas';
import type { Words } from '../word-types';

export const words: Words = Object.assign({}, en, ...AREA_MESSAGES.map((m) => m.en));
