// Every area's dictionary, merged into the UI's one table of words by i18n.svelte.ts.
import { navMessages } from './nav';
import { mailMessages } from './mail';
import { dataMessages } from './data';
import { importMessages } from './import';
import { setupMessages } from './setup';

export const AREA_MESSAGES = [navMessages, mailMessages, dataMessages, importMessages, setupMessages] as const;
export type AreaMessageKey = keyof (typeof AREA_MESSAGES)[number]['hu'];
