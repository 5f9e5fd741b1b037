// The main window: sandboxed renderer, context isolation, no Node in the page, the preload as the only bridge.
import { join } from 'node:path';
import { BrowserWindow } from 'electron';

export interface WindowOptions {
  preload: string;
  url: string;
  devTools: boolean;
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Folio',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: options.devTools,
      // The built-in PDF viewer shows the invoice preview (a blob: frame).
      plugins: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.url);
  return win;
}

export function preloadPath(mainDir: string): string {
  return join(mainDir, 'preload.cjs');
}
