// The Electron shell: a thin layer around the core. It opens the database in the user's data folder (migrations run
// on open), builds the same runtime `npm run serve` uses (core with PDFs, NAV reporting, sync, background workers),
// serves the contract over one IPC channel and shows the renderer from app://folio/.
// Everything that decides something (dispatch, sender check, navigation, links, permissions) lives in plain modules
// beside this file and is unit-tested under Node.
import { dirname, join } from 'node:path';
import { app, BrowserWindow, dialog, safeStorage, session, shell } from 'electron';
import { safeStorageSecretBox } from '../secrets/secret-box';
import { openDatabase, type OpenedDatabase } from '../db/open';
import { createRuntime, type Runtime } from '../runtime/runtime';
import type { Db } from '../db/types';
import { createDatabaseHolder, type DatabaseHolder } from '../data-ops/holder';
import { useNativeBinding } from '../backup/native-binding';
import { systemClock } from '../core/clock';
import { prepareRulesCache } from '../core/einvoice/rules';
import { hardenContents, hardenSession } from './harden';
import { registerIpc } from './ipc';
import { applyMenu, type MenuDeps } from './menu';
import type { MenuLang } from './menu-spec';
import { APP_ENTRY, trustedOrigins } from './origins';
import { desktopBackupDefaults } from './backup-defaults';
import { appPaths } from './paths';
import { registerAppScheme, serveRenderer } from './protocol';
import { createShellOps } from './shell-ops';
import { createMainWindow, preloadPath } from './window';
import { markCleanClose, startNeedsCheck } from './integrity';

const devServerUrl = app.isPackaged ? undefined : process.env.FOLIO_DEV_SERVER_URL;
const origins = trustedOrigins(devServerUrl);
let mainWindow: BrowserWindow | null = null;
// The database and the runtime on it, in a holder that can swap both for a restore while the app runs (it stops the
// runtime, closes the file, lets the restore replace it, reopens it and builds a new runtime). IPC calls enter
// through the holder and always reach the current core; the renderer reloads after a restore.
let holder: DatabaseHolder<Runtime> | null = null;
/** the database file in use, marked closed cleanly once the holder closed it (integrity.ts) */
let dbFileInUse: string | null = null;

registerAppScheme();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // A second instance would open the same database; the first one is focused instead.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, origins));
  app.whenReady().then(start, fail);
  app.on('window-all-closed', () => {
    // One window is the whole app: closing it stops the background workers (the daily backup among them), closes
    // the database cleanly (WAL checkpoint) and quits.
    const running = holder;
    holder = null;
    void (async () => {
      if (!running) return;
      await running.close();
      if (dbFileInUse) markCleanClose(dbFileInUse);
    })()
      .catch((e: unknown) => console.error('folio:', e))
      .finally(() => app.quit());
  });
}

/** The user's Documents folder; some systems (a bare Linux session) have none. */
function documentsPath(): string | undefined {
  try {
    return app.getPath('documents');
  } catch {
    return undefined;
  }
}

async function start(): Promise<void> {
  const paths = appPaths({
    isPackaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    userData: app.getPath('userData'),
    env: process.env,
  });
  // Backups, restores and exports open their own connections on files: with Electron's build of SQLite too.
  useNativeBinding(paths.nativeBinding);
  // Secrets (the SMTP password, the sync key) are sealed with the OS keyring through safeStorage.
  const secretBox = safeStorageSecretBox(safeStorage);
  // quick_check before the window only when the last session did not close the file cleanly (integrity.ts); a file
  // a restore put in place is always checked (the holder opens it again through `open`)
  let quickCheck = startNeedsCheck(paths.dbFile);
  const current = await createDatabaseHolder({
    open: (): Promise<OpenedDatabase> => {
      const check = quickCheck;
      quickCheck = true;
      return openDatabase(paths.dbFile, { quickCheck: check, ...(paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {}) });
    },
    build: (opened, swap) =>
      createRuntime({
        db: opened.db,
        clock: systemClock,
        env: process.env,
        secretBox,
        sync: { secretBox },
        currentDb: (): Db => current.runtime.core.ctx.db,
        // A daily online backup into the user's Documents at noon, keeping the newest two weeks, until the user
        // sets their own (Settings → Data); backup-defaults.ts says where exactly.
        data: {
          dbFile: paths.dbFile,
          sqlite: opened.sqlite,
          swap,
          defaults: desktopBackupDefaults({ dataDir: paths.dataDir, documentsDir: documentsPath(), env: process.env }),
        },
      }),
  });
  holder = current;
  dbFileInUse = paths.dbFile;
  const core = () => current.runtime.core;

  hardenSession(session.defaultSession, origins);
  serveRenderer(paths.rendererDir);

  const menuDeps: MenuDeps = {
    window: () => mainWindow,
    openDataFolder: () => void shell.openPath(paths.dataDir),
    platform: process.platform,
    dev: !app.isPackaged,
  };
  const setLanguage = (lang: MenuLang) => applyMenu(lang, menuDeps);
  setLanguage('hu');

  registerIpc(
    {
      call: async (name, input) => {
        const leave = await current.enter(name);
        try {
          return await core().call(name, input);
        } finally {
          leave();
        }
      },
      shell: createShellOps({
        version: app.getVersion(),
        dataDir: paths.dataDir,
        dbFile: paths.dbFile,
        platform: process.platform,
        now: () => core().ctx.clock.now(),
        timeZone: () => core().ctx.timeZone,
        openFolder: (dir) => shell.openPath(dir),
        setLanguage,
      }),
      log: (e) => console.error('folio:', e),
    },
    origins,
  );

  mainWindow = createMainWindow({
    preload: preloadPath(dirname(__filename)),
    url: devServerUrl ?? APP_ENTRY,
    devTools: !app.isPackaged,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  await current.start();
  // The EN 16931 rules are compiled once per machine (~15 s each, in a child process): ahead of the first e-invoice,
  // a minute after start so the start itself is not slowed.
  setTimeout(() => {
    prepareRulesCache().catch((e: unknown) => console.error('folio: preparing the EN 16931 rules failed', e));
  }, 60_000).unref();
}

function fail(error: unknown): void {
  // The usual causes are a database from a newer Folio or a damaged file; both messages say what to do.
  const message = error instanceof Error ? error.message : String(error);
  dialog.showErrorBox('Folio could not start', message);
  app.exit(1);
}
