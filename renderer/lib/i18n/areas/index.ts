// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';

export const AREA_MESSAGES = [navMessages, mailMessages, dataMessages, importMessages, setupMessages] as const;
// Every area's keys (distributed over the areas: `keyof` of the union would give only the keys all areas share).
type KeysOf<M> = M extends { hu: infer H } ? keyof H : never;
export type AreaMessageKey = KeysOf<(typeof AREA_MESSAGES)[number]>;
