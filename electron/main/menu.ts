// Builds the native menu from menu-spec.ts; commands reach the renderer as shell events on the event channel.
import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { EVENT_CHANNEL, type ShellEventMessage } from '../../shared/contract/bridge';
import { menuSpec, type MenuItemSpec, type MenuLang } from './menu-spec';

export interface MenuDeps {
  window: () => BrowserWindow | null;
  openDataFolder: () => void;
  platform: string;
  dev: boolean;
}

function item(spec: MenuItemSpec, deps: MenuDeps): MenuItemConstructorOptions {
  if ('type' in spec) return { type: 'separator' };
  if ('role' in spec) return { role: spec.role, ...(spec.label ? { label: spec.label } : {}) };
  if ('action' in spec) return { label: spec.label, click: () => deps.openDataFolder() };
  return {
    label: spec.label,
    ...(spec.accelerator ? { accelerator: spec.accelerator } : {}),
    click: () => {
      const message: ShellEventMessage = { event: spec.event, payload: spec.payload };
      deps.window()?.webContents.send(EVENT_CHANNEL, message);
    },
  };
}

export function applyMenu(lang: MenuLang, deps: MenuDeps): void {
  const template: MenuItemConstructorOptions[] = menuSpec(lang, deps.platform, deps.dev).map((m) => ({
    label: m.label,
    ...(m.role ? { role: m.role } : {}),
    submenu: m.items.map((i) => item(i, deps)),
  }));
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
