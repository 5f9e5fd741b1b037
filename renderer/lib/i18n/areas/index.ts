// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';

export const AREA_MESSAGES = [navMessages, mailMessages, dataMessages, importMessages, setupMessages] as const;
// Distributed over the areas: `keyof` of their union would keep only the keys every area has.
type KeysOf<M> = M extends { hu: infer H } ? keyof H : never;
export type AreaMessageKey = KeysOf<(typeof AREA_MESSAGES)[number]>;
