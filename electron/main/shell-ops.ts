// The desktop-only operations (`shell.*`): facts only the shell knows (data folder, version) and the few things
// only it can do (open the data folder, speak the UI's language in the native menu).
import { dateIn } from '../../shared/dates';
import type { ShellInfo, ShellOperations } from '../../shared/contract/bridge';
import { menuLang, type MenuLang } from './menu-spec';

export interface ShellOpsDeps {
  version: string;
  dataDir: string;
  dbFile: string;
  platform: string;
  now: () => Date;
  timeZone: () => string;
  openFolder: (dir: string) => Promise<string>;
  setLanguage: (lang: MenuLang) => void;
}

export function createShellOps(deps: ShellOpsDeps) {
  return {
    'shell.info': (): ShellInfo => ({
      version: deps.version,
      dataDir: deps.dataDir,
      dbFile: deps.dbFile,
      today: dateIn(deps.now(), deps.timeZone()),
      platform: deps.platform,
    }),
    'shell.openDataFolder': async (): Promise<ShellOperations['shell.openDataFolder']['output']> => {
      // shell.openPath answers an error message, or '' when the folder opened.
      const error = await deps.openFolder(deps.dataDir);
      return { opened: error === '' };
    },
    'shell.setLanguage': (input: Record<string, unknown>): ShellOperations['shell.setLanguage']['output'] => {
      const lang = menuLang(input.lang);
      deps.setLanguage(lang);
      return { lang };
    },
  };
}
