// Where the desktop app keeps and finds things: the database in the user's data folder (FOLIO_DATA_DIR overrides it
// for portable installs and tests), the built renderer, and better-sqlite3 built for Electron's ABI.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface AppPathsInput {
  isPackaged: boolean;
  /** app.getAppPath(): the project folder in development, resources/app.asar when packaged */
  appPath: string;
  /** process.resourcesPath */
  resourcesPath: string;
  /** app.getPath('userData') */
  userData: string;
  env: NodeJS.ProcessEnv;
}

export interface AppPaths {
  dataDir: string;
  dbFile: string;
  rendererDir: string;
  /** better_sqlite3.node built for Electron, when present */
  nativeBinding: string | undefined;
}

export function appPaths(input: AppPathsInput): AppPaths {
  const dataDir = input.env.FOLIO_DATA_DIR || input.userData;
  mkdirSync(dataDir, { recursive: true });
  // scripts/electron-native.mjs builds it in development; electron-builder copies it to resources/native.
  const native = input.isPackaged
    ? join(input.resourcesPath, 'native', 'better_sqlite3.node')
    : join(input.appPath, '.native', 'electron', 'better_sqlite3.node');
  return {
    dataDir,
    dbFile: join(dataDir, 'folio.sqlite'),
    rendererDir: join(input.appPath, 'dist', 'renderer'),
    nativeBinding: existsSync(native) ? native : undefined,
  };
}
