// Builds better-sqlite3's native module for Electron's ABI into .native/electron/better_sqlite3.node, from a copy of
// node_modules/better-sqlite3 — the Node build in node_modules (which the tests and the server use) is never touched.
// The main process loads the result through better-sqlite3's `nativeBinding` option. Skips the build when the stamp
// says it was made for this Electron, better-sqlite3, platform and architecture.
//   node scripts/electron-native.mjs [--force] [--dry-run]
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const args = new Set(process.argv.slice(2));

const electronVersion = require('electron/package.json').version;
const sqliteVersion = require('better-sqlite3/package.json').version;
const source = dirname(require.resolve('better-sqlite3/package.json'));
const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js');

const work = join(root, '.native', 'build', 'better-sqlite3');
const outDir = join(root, '.native', 'electron');
const out = join(outDir, 'better_sqlite3.node');
const stampFile = join(outDir, 'stamp.json');
const stamp = { electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch };

function upToDate() {
  if (!existsSync(out) || !existsSync(stampFile)) return false;
  try {
    return JSON.stringify(JSON.parse(readFileSync(stampFile, 'utf8'))) === JSON.stringify(stamp);
  } catch {
    return false;
  }
}

if (upToDate() && !args.has('--force')) {
  console.log(`electron-native: better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} is up to date`);
  process.exit(0);
}

const gypArgs = [
  nodeGyp,
  'rebuild',
  '--release',
  `--target=${electronVersion}`,
  `--arch=${process.arch}`,
  '--dist-url=https://electronjs.org/headers',
  // Electron's headers go in their own folder, apart from the Node headers node-gyp caches for Node.
  `--devdir=${join(root, '.native', 'gyp')}`,
];

if (args.has('--dry-run')) {
  console.log(`electron-native: would copy ${source} to ${work}`);
  console.log(`electron-native: would run (in ${work}): ${process.execPath} ${gypArgs.join(' ')}`);
  console.log(`electron-native: would write ${out}`);
  process.exit(0);
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// The sources only: the copy's own build/ folder is made fresh for Electron.
cpSync(source, work, {
  recursive: true,
  filter: (src) => {
    const parts = relative(source, src).split(sep);
    return parts[0] !== 'build' && !parts.includes('node_modules');
  },
});

// npm's `nodedir` (set on some machines) would make node-gyp compile against Node's headers instead of Electron's.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(nodedir|target|runtime|disturl|arch)$/i.test(k)));
console.log(`electron-native: building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (${process.platform}-${process.arch})`);
const result = spawnSync(process.execPath, gypArgs, { cwd: work, env, stdio: 'inherit' });
if (result.status !== 0) {
  console.error(
    'electron-native: the build failed. It needs a C++ toolchain (build-essential / Xcode / Visual Studio Build Tools),\n' +
      'Python 3 and network access to https://electronjs.org/headers for the Electron headers.',
  );
  process.exit(result.status ?? 1);
}
mkdirSync(outDir, { recursive: true });
copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), out);
writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
console.log(`electron-native: wrote ${out}`);
