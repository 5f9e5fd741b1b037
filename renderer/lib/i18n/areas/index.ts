// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';

export const AREA_MESSAGES = [navMessages, mailMessages, dataMessages, importMessages, setupMessages] as const;
// Every area's keys (a key of one area, not only those all areas share: `keyof` of a union would give the latter).
type AreaKeys<T> = T extends { hu: infer H } ? keyof H : never;
export type AreaMessageKey = AreaKeys<(typeof AREA_MESSAGES)[number]>;
