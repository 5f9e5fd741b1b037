// Reads the deployment files (deploy/, README.md, docs/deployment.md) the way their users do: the server's command
// lines as a shell, systemd or a container runtime would split them, and the environment variables they name.
// tests/unit/deployment-files.spec.ts checks what it finds against the server and the code.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './built';

export function repoFile(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

/**
 * A command line split into words as sh (and systemd's ExecStart) splits it: blanks separate, single and double
 * quotes group, a backslash escapes the next character, `#` at the start of a word begins a comment. Enough for
 * the lines of these files; no expansion (`$FOLIO_PG_URL` stays a word).
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i]!;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

/** Where a server command line was found, and the arguments it gives the server. */
export interface ServeLine {
  where: string;
  args: string[];
}

const SERVE_BUNDLE = /(^|\/)dist\/node\/serve\.mjs$/;

/** The arguments after the server's bundle in a systemd unit's ExecStart lines. */
export function unitServeLines(path: string): ServeLine[] {
  return repoFile(path)
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => /^ExecStart=/.test(line))
    .map(({ line, i }) => ({ where: `${path}:${i + 1}`, args: argsAfterBundle(shellWords(line.slice('ExecStart='.length))) }))
    .filter((l): l is ServeLine => l.args !== null);
}

/** The arguments after the server's bundle in a Containerfile's exec-form CMD and ENTRYPOINT. */
export function containerServeLines(path: string): ServeLine[] {
  const lines: ServeLine[] = [];
  repoFile(path)
    .split('\n')
    .forEach((line, i) => {
      const m = /^(?:CMD|ENTRYPOINT)\s+(\[.*\])\s*$/.exec(line);
      if (!m) return;
      const args = argsAfterBundle(JSON.parse(m[1]!) as string[]);
      if (args) lines.push({ where: `${path}:${i + 1}`, args });
    });
  return lines;
}

/**
 * `npm run serve -- …` and `node …/dist/node/serve.mjs …` lines in a Markdown file (inside code blocks or inline
 * code). A line ending in a backslash continues on the next, as in the shell.
 */
export function markdownServeLines(path: string): ServeLine[] {
  return markdownTextServeLines(repoFile(path), path);
}

/** The same in a part of a Markdown file (`where` names it in the lines found). */
export function markdownTextServeLines(markdown: string, where: string): ServeLine[] {
  const lines: ServeLine[] = [];
  const text = markdown.replace(/\\\n\s*/g, ' ');
  text.split('\n').forEach((raw, i) => {
    // inline code: the text between backticks; a code block's line: the line itself
    const pieces = raw.includes('`') ? raw.split('`').filter((_, k) => k % 2 === 1) : [raw];
    for (const piece of pieces) {
      const npm = piece.indexOf('npm run serve --');
      if (npm >= 0) {
        lines.push({ where: `${where}:${i + 1}`, args: shellWords(piece.slice(npm + 'npm run serve --'.length)) });
        continue;
      }
      if (/dist\/node\/serve\.mjs/.test(piece)) {
        const args = argsAfterBundle(shellWords(piece));
        if (args) lines.push({ where: `${where}:${i + 1}`, args });
      }
    }
  });
  return lines;
}

/** The words after `node …/dist/node/serve.mjs`; null when the words do not run it (a mere mention of the file). */
function argsAfterBundle(words: string[]): string[] | null {
  const at = words.findIndex((w) => SERVE_BUNDLE.test(w));
  return at > 0 && /(^|\/)node$/.test(words[at - 1]!) ? words.slice(at + 1) : null;
}

/** The option names (`--pg`, `--port`…) in a server command line; `--name=value` counts as `--name`. */
export function optionNames(args: string[]): string[] {
  return args.filter((a) => /^--[a-z]/.test(a)).map((a) => a.split('=')[0]!);
}

/** Every FOLIO_* name in a text, once each. */
export function folioNames(text: string): string[] {
  return [...new Set(text.match(/\bFOLIO_[A-Z0-9_]+\b/g) ?? [])];
}

/** An env file's assignments that are in force (not commented out): name → value. */
export function envAssignments(text: string): Map<string, string> {
  const set = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) set.set(m[1]!, m[2]!);
  }
  return set;
}

/**
 * The FOLIO_* variables the server-side code reads: `env.NAME`, `env['NAME']`, or the name as a whole string
 * literal (a list of names read through `env[name]`, as the NAV technical user's). The Electron shell (main,
 * preload) is left out: its variables mean nothing to a server.
 */
export function variablesTheCodeReads(): Set<string> {
  const names = new Set<string>();
  const read = /\benv(?:\?\.|\.|\[\s*['"])(FOLIO_[A-Z0-9_]+)\b|['"](FOLIO_[A-Z0-9_]+)['"]/g;
  for (const file of sourceFiles(join(REPO_ROOT, 'electron'))) {
    const rel = relative(REPO_ROOT, file);
    if (rel.startsWith('electron/main/') || rel.startsWith('electron/preload/')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(read)) names.add((m[1] ?? m[2])!);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** A size as nginx (`30m`, `1024k`) or Caddy (`30MB`, `30MiB`) writes it, in bytes. */
export function sizeInBytes(text: string): number {
  const m = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  if (!m) throw new Error(`not a size: ${text}`);
  const units: Record<string, number> = {
    '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, // nginx: powers of two
    kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, // Caddy: KB/MB/GB are powers of ten…
    kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, // …and KiB/MiB/GiB powers of two
  };
  const unit = units[m[2]!.toLowerCase()];
  if (unit === undefined) throw new Error(`unknown size unit in ${text}`);
  return Number(m[1]) * unit;
}
