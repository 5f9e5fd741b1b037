// Keeps the deployment files (deploy/, the README's team server section, docs/deployment.md) true to the server:
// every option their command lines give is one the built server takes, every FOLIO_* variable they set is one the
// code reads, the backup script is valid bash, the reverse proxies let Folio's largest requests through to the name
// Folio is told it is reached by, and the server started as the systemd unit starts it, with the example settings,
// answers the health checks through that name on a real PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { IMPORT_MAX_BODY_BYTES } from '../../shared/contract/areas/import-fields';
import { BANK_STATEMENT_MAX_BODY_BYTES } from '../../shared/contract/areas/bank';
import { EINVOICE_MAX_BODY_BYTES } from '../../shared/contract/areas/expense-einvoice';
import { REPO_ROOT, SERVE_ENTRY } from '../support/built';
import {
  containerServeLines,
  envAssignments,
  folioNames,
  markdownServeLines,
  markdownTextServeLines,
  optionNames,
  repoFile,
  sizeInBytes,
  unitServeLines,
  variablesTheCodeReads,
  type ServeLine,
} from '../support/deploy-files';
import { freshPgDatabase } from '../support/postgres';
import { startChild } from '../fault/support/procs';

const UNIT = 'deploy/folio.service';
const CONTAINER = 'deploy/Containerfile';
const ENV_EXAMPLE = 'deploy/folio.env.example';

/** The README's section on the team server: from its heading to the next one of the same level. */
function readmeTeamSection(): string {
  const readme = repoFile('README.md');
  const start = readme.indexOf('\n## Team server (PostgreSQL)\n');
  expect(start, 'README.md has a "Team server (PostgreSQL)" section').toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The server's answer to a command line with --help appended: refused (exit ≠ 0) when an option is unknown. */
function helpFor(line: ServeLine): Promise<{ status: number | null; out: string }> {
  // no FOLIO_* from the test's own environment: the command line alone decides
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FOLIO_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVE_ENTRY, ...line.args, '--help'], { cwd: REPO_ROOT, env, timeout: 30_000 });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out }));
  });
}

test('every option the deployment files give the server is one it takes', async () => {
  const lines = [
    ...unitServeLines(UNIT),
    ...containerServeLines(CONTAINER),
    ...markdownServeLines('README.md'),
    ...markdownServeLines('docs/deployment.md'),
  ];
  for (const where of [UNIT, CONTAINER, 'README.md', 'docs/deployment.md']) {
    expect(lines.some((l) => l.where.startsWith(`${where}:`)), `${where} starts the server`).toBe(true);
  }
  // the README's team server section says how to start it on PostgreSQL
  const teamLines = markdownTextServeLines(readmeTeamSection(), 'README.md (team server)');
  expect(teamLines.some((l) => optionNames(l.args).includes('--pg'))).toBe(true);

  // one server process per line, all at once (each takes a second or two to load)
  const answers = await Promise.all(lines.map(helpFor));
  for (const [k, line] of lines.entries()) {
    const { status, out } = answers[k]!;
    expect(status, `${line.where}: node serve.mjs ${line.args.join(' ')} --help\n${out}`).toBe(0);
    // and each option is one the server's help lists (not one a lenient parser let through)
    for (const name of optionNames(line.args)) expect(out, `${line.where}: ${name} in the server's --help`).toContain(name);
  }
});

test('an option the server does not take is refused, so the check above can fail', async () => {
  const { status, out } = await helpFor({ where: 'here', args: ['--no-such-option', 'x'] });
  expect(status).not.toBe(0);
  expect(out).toContain('--no-such-option');
});

test('every FOLIO_* variable the deployment files name is one the code reads', () => {
  const read = variablesTheCodeReads();
  // the check's own sanity: the variables the server surely reads are found
  for (const name of ['FOLIO_API_KEY', 'FOLIO_SECRET_KEY', 'FOLIO_PUBLIC_HOSTS', 'FOLIO_SMTP_URL', 'FOLIO_NAV_LOGIN', 'FOLIO_PG_URL']) {
    expect(read.has(name), `the code reads ${name}`).toBe(true);
  }
  const files = [ENV_EXAMPLE, UNIT, CONTAINER, 'deploy/folio-backup.service', 'deploy/backup.sh', 'docs/deployment.md'];
  for (const file of files) {
    for (const name of folioNames(repoFile(file))) expect(read.has(name), `${file} names ${name}`).toBe(true);
  }
  for (const name of folioNames(readmeTeamSection())) expect(read.has(name), `README.md's team server section names ${name}`).toBe(true);
});

test('the example settings set what a team server needs, and no secret', () => {
  const set = envAssignments(repoFile(ENV_EXAMPLE));
  for (const name of ['FOLIO_PG_URL', 'FOLIO_API_KEY', 'FOLIO_SECRET_KEY', 'FOLIO_PUBLIC_HOSTS']) expect(set.has(name), name).toBe(true);
  // left empty, the server refuses to start rather than run with a key everyone who read the example knows
  expect(set.get('FOLIO_API_KEY')).toBe('');
  expect(set.get('FOLIO_SECRET_KEY')).toBe('');
  expect(new URL(set.get('FOLIO_PG_URL')!).protocol).toBe('postgres:');
  // the unit reads this file
  expect(repoFile(UNIT)).toMatch(/^EnvironmentFile=\/etc\/folio\/folio\.env$/m);
});

test('the backup script is valid bash and executable', () => {
  const check = spawnSync('bash', ['-n', join(REPO_ROOT, 'deploy/backup.sh')], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  expect(statSync(join(REPO_ROOT, 'deploy/backup.sh')).mode & 0o111).not.toBe(0);
  const backupUnit = repoFile('deploy/folio-backup.service');
  expect(backupUnit).toMatch(/^ExecStart=\/usr\/local\/bin\/folio-backup$/m);
  expect(backupUnit).toMatch(/install -m 0755 deploy\/backup\.sh \/usr\/local\/bin\/folio-backup/);
  expect(repoFile('deploy/folio-backup.timer')).toMatch(/^OnCalendar=/m);
});

test('the reverse proxies pass Folio its largest requests, under the name Folio is told, to the unit\'s port', () => {
  const largest = Math.max(IMPORT_MAX_BODY_BYTES, BANK_STATEMENT_MAX_BODY_BYTES, EINVOICE_MAX_BODY_BYTES);
  const nginx = repoFile('deploy/nginx.conf');
  const caddy = repoFile('deploy/Caddyfile');
  const nginxSize = /^\s*client_max_body_size\s+(\S+);/m.exec(nginx);
  const caddySize = /^\s*max_size\s+(\S+)$/m.exec(caddy);
  expect(sizeInBytes(nginxSize![1]!)).toBeGreaterThanOrEqual(largest);
  expect(sizeInBytes(caddySize![1]!)).toBeGreaterThanOrEqual(largest);

  const publicHosts = envAssignments(repoFile(ENV_EXAMPLE)).get('FOLIO_PUBLIC_HOSTS')!.split(',').map((h) => h.trim());
  const nginxNames = [...nginx.matchAll(/^\s*server_name\s+([^;]+);/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
  const caddyNames = [...caddy.matchAll(/^(\S[^{\s]*)\s*\{/gm)].map((m) => m[1]!);
  expect(nginxNames.length).toBeGreaterThan(0);
  expect(caddyNames.length).toBeGreaterThan(0);
  for (const name of [...nginxNames, ...caddyNames]) expect(publicHosts, `${name} is in FOLIO_PUBLIC_HOSTS`).toContain(name);
  expect(nginx).toMatch(/proxy_set_header Host \$host;/);

  const unitArgs = unitServeLines(UNIT)[0]!.args;
  const port = unitArgs[unitArgs.indexOf('--port') + 1];
  expect(nginx).toMatch(new RegExp(`server 127\\.0\\.0\\.1:${port};`));
  expect(caddy).toMatch(new RegExp(`reverse_proxy [^{]*127\\.0\\.0\\.1:${port}\\b`));
});

/** GET through the name the proxy forwards (node:http: fetch will not send a Host header of its own). */
function get(url: string, path: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), { headers: { host, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the server started as the unit starts it, with the example settings, answers the health checks', async () => {
  test.setTimeout(120_000);
  const healthCmd = /^HEALTHCHECK\b.*fetch\('(http:\/\/127\.0\.0\.1:(\d+)(\/[^']*))'\)/m.exec(repoFile(CONTAINER).replace(/\\\n\s*/g, ' '));
  expect(healthCmd, 'the Containerfile checks health over HTTP').not.toBeNull();
  const container = containerServeLines(CONTAINER)[0]!.args;
  expect(container[container.indexOf('--port') + 1], 'the health check asks the port the server listens on').toBe(healthCmd![2]);
  const caddyHealth = /^\s*health_uri\s+(\S+)$/m.exec(repoFile('deploy/Caddyfile'))![1]!;

  const example = envAssignments(repoFile(ENV_EXAMPLE));
  const apiKey = randomBytes(16).toString('hex');
  const args = unitServeLines(UNIT)[0]!.args.map((a, i, all) => (all[i - 1] === '--port' ? '0' : a));
  const server = startChild([SERVE_ENTRY, ...args], {
    ...Object.fromEntries(example),
    FOLIO_PG_URL: await freshPgDatabase(),
    FOLIO_API_KEY: apiKey,
    FOLIO_SECRET_KEY: randomBytes(32).toString('base64'),
    FOLIO_RATES_PREFETCH: 'off', // no request to the real MNB from a test
  });
  try {
    const url = (await server.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]!;
    const publicName = example.get('FOLIO_PUBLIC_HOSTS')!.split(',')[0]!.trim();
    // the container's own check (from inside, to 127.0.0.1) and the proxy's (under the public name), without a key
    expect(await get(url, healthCmd![3]!, new URL(url).host)).toBe(200);
    expect(await get(url, caddyHealth, publicName)).toBe(200);
    // what the proxy forwards for a client: refused without a key, served with one
    expect(await get(url, '/invoices', publicName)).toBe(401);
    expect(await get(url, '/invoices', publicName, { 'x-api-key': apiKey })).toBe(200);
    // a name Folio was not told of is turned away, so FOLIO_PUBLIC_HOSTS is what lets the proxy in
    expect(await get(url, caddyHealth, 'elsewhere.example.net')).toBe(421);
  } finally {
    await server.kill();
  }
});
