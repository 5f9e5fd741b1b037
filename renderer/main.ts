// Entry of the renderer, kept small on purpose: styles, then the first API requests, then the app's chunk (Svelte
// and every screen) — which downloads and compiles while those requests are on their way.
import './styles/app.css';
import { startBootRequests } from './lib/boot';

startBootRequests();
void import('./start');
