// Entry of the renderer, kept small on purpose: styles, then the first API requests and the chosen language's words,
// then the app's chunk (Svelte and the first screens) — which downloads and compiles while those are on their way.
import './styles/app.css';
import { startBootRequests } from './lib/boot';
import { loadWords, storedLang } from './lib/i18n/words';

startBootRequests();
// i18n.svelte.ts awaits the same (cached) load: asked here, it travels beside the app's chunk instead of after it.
loadWords(storedLang()).catch(() => undefined);
void import('./start');
