// The types of the UI's words, apart from words.ts: each language's chunk (words/hu.ts, …) names its type here, so the
// loader that imports those chunks is not imported back by them.
import type { MessageKey as CoreMessageKey } from './hu';
import type { AreaMessageKey } from './areas';

export type MessageKey = CoreMessageKey | AreaMessageKey;
export type Words = Record<MessageKey, string>;
