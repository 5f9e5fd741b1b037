// Every word of the UI in Hungarian: the shared dictionary and each area's. The build keeps only the 'hu' part
// of the area files in this chunk (vite.config.ts, wordsPerLanguage).
import { hu } from '../hu';
import { AREA_MESSAGES } from '../areas';
import type { Words } from '../word-types';

export const words: Words = Object.assign({}, hu, ...AREA_MESSAGES.map((m) => m.hu));
