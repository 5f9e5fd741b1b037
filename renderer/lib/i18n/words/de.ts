// Every word of the UI in German: the shared dictionary and each area's. The build keeps only the 'de' part
// of the area files in this chunk (vite.config.ts, wordsPerLanguage).
import { de } from '../de';
import { AREA_MESSAGES } from '../areas';
import type { Words } from '../word-types';

export const words: Words = Object.assign({}, de, ...AREA_MESSAGES.map((m) => m.de));
