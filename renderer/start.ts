// Mounts the app (loaded by main.ts after the boot requests went out).
import { mount } from 'svelte';
import App from './App.svelte';
import { app } from './lib/state/app.svelte';
import { i18n } from './lib/i18n/i18n.svelte';

document.documentElement.lang = i18n.lang;
mount(App, { target: document.getElementById('app')! });
void app.start();
