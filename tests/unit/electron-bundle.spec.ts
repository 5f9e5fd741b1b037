// The shell as it ships: the esbuild bundles load only what the sandbox and the package provide, the menu carries
// the usual shortcuts in three languages, and the paths point where the packaging puts things.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinModules } from 'node:module';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { menuSpec, type MenuItemSpec } from '../../electron/main/menu-spec';
import { SHELL_EVENTS } from '../../shared/contract/bridge';
import { appPaths } from '../../electron/main/paths';

function requires(code: string): string[] {
  return [...new Set([...code.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]!))];
}

async function bundle(entry: string, external: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bundle-'));
  try {
    const outfile = join(dir, 'out.cjs');
    await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node22', external, logLevel: 'silent' });
    return readFileSync(outfile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the preload bundle requires nothing but electron (a sandboxed preload can load nothing else)', async () => {
  const code = await bundle('electron/preload/preload.ts', ['electron']);
  expect(requires(code)).toEqual(['electron']);
  expect(code).toContain('exposeInMainWorld');
  expect(code).toContain('folio:call');
});

test('the main bundle loads only electron, better-sqlite3 and Node built-ins at run time', async () => {
  test.setTimeout(60_000);
  const code = await bundle('electron/main/main.ts', ['electron', 'better-sqlite3']);
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const foreign = requires(code).filter((m) => !builtins.has(m) && m !== 'electron' && m !== 'better-sqlite3');
  expect(foreign).toEqual([]);
});

function commands(lang: 'hu' | 'en' | 'de', platform = 'linux', dev = false) {
  return menuSpec(lang, platform, dev).flatMap((m) => m.items) as MenuItemSpec[];
}

test('the menu has the usual shortcuts, and every command is an event the preload lets through', () => {
  const items = commands('hu');
  const byAccel = new Map(items.filter((i): i is Extract<MenuItemSpec, { event: string }> => 'event' in i).map((i) => [i.accelerator, i]));
  expect(byAccel.get('CmdOrCtrl+N')).toMatchObject({ label: 'Új számla', event: 'menu:new-invoice' });
  expect(byAccel.get('CmdOrCtrl+S')).toMatchObject({ event: 'menu:save' });
  expect(byAccel.get('CmdOrCtrl+F')).toMatchObject({ event: 'menu:search' });
  for (const item of items) if ('event' in item) expect(SHELL_EVENTS).toContain(item.event);
  const roles = items.filter((i) => 'role' in i).map((i) => (i as { role: string }).role);
  for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit', 'zoomIn', 'zoomOut', 'resetZoom']) expect(roles).toContain(role);
  expect(roles).not.toContain('toggleDevTools');
  expect(commands('hu', 'linux', true).some((i) => 'role' in i && i.role === 'toggleDevTools')).toBe(true);
});

test('the menu speaks hu, en and de', () => {
  const label = (lang: 'hu' | 'en' | 'de') => commands(lang).find((i) => 'event' in i && i.event === 'menu:new-invoice') as { label: string };
  expect(label('hu').label).toBe('Új számla');
  expect(label('en').label).toBe('New invoice');
  expect(label('de').label).toBe('Neue Rechnung');
  expect(menuSpec('en', 'darwin', false)[0]!.label).toBe('Folio');
});

test('paths: the database in the data folder; the Electron build of SQLite from .native or the packaged resources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-paths-'));
  try {
    const dev = appPaths({ isPackaged: false, appPath: '/src/folio', resourcesPath: '/x', userData: dir, env: {} });
    expect(dev.dbFile).toBe(join(dir, 'folio.sqlite'));
    expect(dev.rendererDir).toBe(join('/src/folio', 'dist', 'renderer'));
    expect(dev.nativeBinding).toBeUndefined(); // not built on this machine: better-sqlite3's default binding is used
    const portable = appPaths({ isPackaged: true, appPath: '/app.asar', resourcesPath: '/res', userData: '/nope', env: { FOLIO_DATA_DIR: join(dir, 'portable') } });
    expect(portable.dataDir).toBe(join(dir, 'portable'));
    expect(portable.rendererDir).toBe(join('/app.asar', 'dist', 'renderer'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the package has an icon electron-builder can make every platform\'s icons from (PNG, at least 512 × 512)', () => {
  const config = readFileSync('electron-builder.yml', 'utf8');
  const dir = /^\s+buildResources:\s*(\S+)\s*$/m.exec(config)?.[1];
  expect(dir).toBeTruthy();
  const png = readFileSync(join(dir!, 'icon.png'));
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  // IHDR: width and height, big-endian, right after the signature and the chunk header
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
  expect(png.readUInt32BE(20)).toBe(png.readUInt32BE(16));
});
