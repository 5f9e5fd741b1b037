// Invoice types and statuses are read through their names (shared/invoice-codes.ts), never as bare numbers: `type === 3`
// or `status: 4` says nothing to a reader and is easy to get wrong (the type has no 2, the status no 3). This scans the
// app's source (electron/, shared/, renderer/) line by line and names every file:line that still compares, assigns,
// queries or casts a type/status to a bare code. Comment lines are skipped; tests are not scanned (they may assert the
// interface's JSON with its literal numbers).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['electron', 'shared', 'renderer'];

// The one file where the numbers are meant to be: the names' definitions.
const ALLOWED_FILES = new Set(['shared/invoice-codes.ts']);

// A type/status code is 0-4; `(?![\w.])` keeps HTTP statuses (200, 404) and decimals out.
const CODE = String.raw`[0-4](?![\w.])`;
const FIELD = String.raw`\b(?:remote_)?(?:type|status)`;
const BARE_CODE_PATTERNS: RegExp[] = [
  new RegExp(`${FIELD}\\s*(?:===?|!==?|<>)\\s*${CODE}`), // a.type === 3, status !== 4, SQL "status <> 4"
  new RegExp(String.raw`(?<![\w.])[0-4]\s*(?:===?|!==?)\s*[\w.?]*${FIELD}\b`), // 3 === a.type
  new RegExp(String.raw`['"\`](?:\w+\.)?(?:type|status)['"\`]\s*,\s*['"\`](?:=|==|!=|<>|in|not in)['"\`]\s*,\s*\[?\s*${CODE}`), // .where('type', '=', 3)
  new RegExp(`${FIELD}\\s*:\\s*${CODE}`), // { status: 2 }, type: 0 | 1 | 3
  new RegExp(`${FIELD}\\s*=\\s*${CODE}`), // input.type = 0, SQL "type = 3"
  new RegExp(`${FIELD}\\s+as\\s+${CODE}`), // a.type as 1 | 3
];

const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|<!--)/;

function hasBareCode(line: string): boolean {
  return !COMMENT_LINE.test(line) && BARE_CODE_PATTERNS.some((re) => re.test(line));
}

function sourceFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(?:ts|svelte|mjs)$/.test(f))
      .map((f) => relative(ROOT, join(ROOT, dir, f)).split(sep).join('/')),
  );
}

test('the scan catches the bare forms and lets the named ones pass', () => {
  const bare = [
    'if (a.type === 3) return;',
    "const live = a?.status !== 4 && !draft;",
    'if (3 === invoice.type) return;',
    "db.selectFrom('invoices').where('type', '=', 3)",
    ".where('i.status', 'in', [1, 2])",
    'Object.assign(input, { status: 2, type: 3 });',
    'input.type = 0;',
    "sql`select * from invoices where status <> 4`",
    'type: a.type as 1 | 3,',
    '{#if a.type === 1 && a.status === 1}',
    'if (mapRow?.remote_status !== 4) return;',
  ];
  const named = [
    'if (a.type === INVOICE_TYPE.invoice) return;',
    "db.selectFrom('invoices').where('type', '=', INVOICE_TYPE.invoice)",
    'if (res.status === 200 || res.status >= 500) return;',
    "if (answer.status === 404) return;",
    "select 1 from sqlite_master where type = 'table'",
    '// a draft has type 0 and status: 2 until issued; type === 3 is a normal invoice',
    "<button type=\"button\" class=\"button\">",
    "'type.0': 'Piszkozat',",
    'margin: [0, 3, 0, 0]',
  ];
  expect(bare.filter((l) => !hasBareCode(l))).toEqual([]);
  expect(named.filter(hasBareCode)).toEqual([]);
});

test('no bare invoice type/status codes in electron/, shared/ or renderer/', () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(100);
  const hits: string[] = [];
  for (const file of files) {
    if (ALLOWED_FILES.has(file)) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (hasBareCode(line)) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  expect(hits, `use INVOICE_TYPE / INVOICE_STATUS (shared/invoice-codes.ts) instead of bare codes:\n${hits.join('\n')}`).toEqual([]);
});
