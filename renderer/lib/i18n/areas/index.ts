// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';

export const AREA_MESSAGES = [navMessages, mailMessages, dataMessages, importMessages, setupMessages] as const;
// Each area's keys, united (keyof of a union of dictionaries would give only the keys they all share).
type AreaKeys<T> = T extends { hu: infer D } ? keyof D : never;
export type AreaMessageKey = AreaKeys<(typeof AREA_MESSAGES)[number]>;
