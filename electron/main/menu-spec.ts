// The native menu as plain data (labels in hu/en/de, shortcuts, the shell event each command sends), turned into an
// Electron menu by menu.ts. Kept apart so the shortcuts are unit-tested without Electron.
import type { ShellEvent } from '../../shared/contract/bridge';

export type MenuLang = 'hu' | 'en' | 'de';

export type MenuRole =
  | 'undo' | 'redo' | 'cut' | 'copy' | 'paste' | 'selectAll' | 'quit' | 'close' | 'minimize' | 'zoom'
  | 'resetZoom' | 'zoomIn' | 'zoomOut' | 'togglefullscreen' | 'reload' | 'toggleDevTools' | 'about'
  | 'hide' | 'hideOthers' | 'unhide' | 'front';

export type MenuItemSpec =
  | { type: 'separator' }
  | { role: MenuRole; label?: string }
  | { label: string; accelerator?: string; event: ShellEvent; payload?: unknown }
  | { label: string; action: 'openDataFolder' };

export interface MenuSpec {
  label: string;
  role?: 'windowMenu' | 'help';
  items: MenuItemSpec[];
}

const L = {
  hu: {
    file: 'Fájl', newInvoice: 'Új számla', newClient: 'Új ügyfél', save: 'Mentés', dataFolder: 'Adatmappa megnyitása',
    quit: 'Kilépés', edit: 'Szerkesztés', undo: 'Visszavonás', redo: 'Újra', cut: 'Kivágás', copy: 'Másolás',
    paste: 'Beillesztés', selectAll: 'Összes kijelölése', find: 'Keresés', view: 'Nézet', dashboard: 'Áttekintés',
    invoices: 'Számlák', clients: 'Ügyfelek', products: 'Termékek', expenses: 'Költségek', sync: 'Szinkronizálás', settings: 'Beállítások',
    zoomIn: 'Nagyítás', zoomOut: 'Kicsinyítés', resetZoom: 'Eredeti méret', fullscreen: 'Teljes képernyő',
    window: 'Ablak', minimize: 'Kis méret', close: 'Bezárás', help: 'Súgó', reload: 'Újratöltés', devTools: 'Fejlesztői eszközök',
  },
  en: {
    file: 'File', newInvoice: 'New invoice', newClient: 'New client', save: 'Save', dataFolder: 'Open data folder',
    quit: 'Quit', edit: 'Edit', undo: 'Undo', redo: 'Redo', cut: 'Cut', copy: 'Copy', paste: 'Paste',
    selectAll: 'Select all', find: 'Search', view: 'View', dashboard: 'Dashboard', invoices: 'Invoices',
    clients: 'Clients', products: 'Products', expenses: 'Expenses', sync: 'Sync', settings: 'Settings', zoomIn: 'Zoom in',
    zoomOut: 'Zoom out', resetZoom: 'Actual size', fullscreen: 'Full screen', window: 'Window', minimize: 'Minimize',
    close: 'Close', help: 'Help', reload: 'Reload', devTools: 'Developer tools',
  },
  de: {
    file: 'Datei', newInvoice: 'Neue Rechnung', newClient: 'Neuer Kunde', save: 'Speichern',
    dataFolder: 'Datenordner öffnen', quit: 'Beenden', edit: 'Bearbeiten', undo: 'Rückgängig', redo: 'Wiederholen',
    cut: 'Ausschneiden', copy: 'Kopieren', paste: 'Einfügen', selectAll: 'Alles auswählen', find: 'Suchen',
    view: 'Ansicht', dashboard: 'Übersicht', invoices: 'Rechnungen', clients: 'Kunden', products: 'Produkte',
    expenses: 'Ausgaben', sync: 'Synchronisierung', settings: 'Einstellungen', zoomIn: 'Vergrößern', zoomOut: 'Verkleinern',
    resetZoom: 'Originalgröße', fullscreen: 'Vollbild', window: 'Fenster', minimize: 'Minimieren', close: 'Schließen',
    help: 'Hilfe', reload: 'Neu laden', devTools: 'Entwicklerwerkzeuge',
  },
} as const;

export function menuSpec(lang: MenuLang, platform: string, dev: boolean): MenuSpec[] {
  const t = L[lang];
  const mac = platform === 'darwin';
  const nav = (label: string, route: string, key: string) =>
    ({ label, accelerator: `CmdOrCtrl+${key}`, event: 'menu:navigate', payload: route }) as const;
  const menus: MenuSpec[] = [];
  if (mac) {
    menus.push({
      label: 'Folio',
      items: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit', label: t.quit }],
    });
  }
  menus.push({
    label: t.file,
    items: [
      { label: t.newInvoice, accelerator: 'CmdOrCtrl+N', event: 'menu:new-invoice' },
      { label: t.newClient, accelerator: 'CmdOrCtrl+Shift+N', event: 'menu:new-client' },
      { label: t.save, accelerator: 'CmdOrCtrl+S', event: 'menu:save' },
      { type: 'separator' },
      { label: t.dataFolder, action: 'openDataFolder' },
      ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit', label: t.quit } as const]),
    ],
  });
  menus.push({
    label: t.edit,
    items: [
      { role: 'undo', label: t.undo },
      { role: 'redo', label: t.redo },
      { type: 'separator' },
      { role: 'cut', label: t.cut },
      { role: 'copy', label: t.copy },
      { role: 'paste', label: t.paste },
      { role: 'selectAll', label: t.selectAll },
      { type: 'separator' },
      { label: t.find, accelerator: 'CmdOrCtrl+F', event: 'menu:search' },
    ],
  });
  menus.push({
    label: t.view,
    items: [
      nav(t.dashboard, '/', '1'),
      nav(t.invoices, '/invoices', '2'),
      nav(t.clients, '/clients', '3'),
      nav(t.products, '/products', '4'),
      nav(t.expenses, '/expenses', '5'),
      nav(t.sync, '/sync', '6'),
      { label: t.settings, accelerator: 'CmdOrCtrl+,', event: 'menu:navigate', payload: '/settings' },
      { type: 'separator' },
      { role: 'resetZoom', label: t.resetZoom },
      { role: 'zoomIn', label: t.zoomIn },
      { role: 'zoomOut', label: t.zoomOut },
      { type: 'separator' },
      { role: 'togglefullscreen', label: t.fullscreen },
      ...(dev ? [{ type: 'separator' } as const, { role: 'reload', label: t.reload } as const, { role: 'toggleDevTools', label: t.devTools } as const] : []),
    ],
  });
  menus.push({
    label: t.window,
    role: 'windowMenu',
    items: [{ role: 'minimize', label: t.minimize }, { role: 'close', label: t.close }, ...(mac ? [{ role: 'front' } as const] : [])],
  });
  return menus;
}

export function menuLang(value: unknown): MenuLang {
  return value === 'en' || value === 'de' ? value : 'hu';
}
