// Runs the official EN 16931 business rules (CEN/TC 434's schematron, published as XSLT; shipped in
// electron/einvoice-rules/) on a UBL or CII document and lists every rule it fails.
//
// The XSLT is large (≈ 0.9 MB) and compiling it takes ~15 s, so it is compiled once by the xslt3 compiler (SaxonJS
// has no in-process compiler API; xslt3's bin is the compiler) into SaxonJS's export form, kept in memory and in a
// cache file named by the stylesheet's hash: after the first check in a machine's life a check costs only the
// transform itself (tens of milliseconds).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type SaxonJSModule from 'saxon-js';

export type EinvoiceSyntax = 'ubl' | 'cii';

export type RuleFailure = { id: string; flag: 'fatal' | 'warning'; text: string; location: string };

const STYLESHEETS: Record<EinvoiceSyntax, string> = {
  ubl: 'EN16931-UBL-validation.xslt',
  cii: 'EN16931-CII-validation.xslt',
};

const SVRL = 'http://purl.oclc.org/dsdl/svrl';

/** Checks `xml` against the EN 16931 rules for its syntax; returns all failed rules, fatal and warnings. */
export async function validateEn16931(syntax: EinvoiceSyntax, xml: string): Promise<RuleFailure[]> {
  const [SaxonJS, stylesheet] = await Promise.all([saxon(), compiledRules(syntax)]);
  let report: unknown;
  try {
    report = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'raw' }, 'sync').principalResult;
  } catch (e) {
    // Not well-formed XML (or not XML at all): no rule can run, which is itself a fatal failure.
    return [{ id: 'XML', flag: 'fatal', text: `not a readable XML document: ${messageOf(e)}`, location: '/' }];
  }
  return failuresIn(SaxonJS, report);
}

type Saxon = typeof SaxonJSModule;
let saxonLoading: Promise<Saxon> | undefined;

/**
 * SaxonJS is loaded at the first check, not with the core: reading its 2 MB of sloppy-mode CommonJS took ~0.4 s of
 * every server start (docs/million.md, "Start-up"), and most starts never check an e-invoice.
 */
function saxon(): Promise<Saxon> {
  if (!saxonLoading) {
    saxonLoading = import('saxon-js').then((m) => (m as { default?: Saxon }).default ?? (m as unknown as Saxon));
    // a failed load is not remembered: the next check tries again
    saxonLoading.catch(() => (saxonLoading = undefined));
  }
  return saxonLoading;
}

/** Only the fatal ones: what makes a document invalid. */
export function fatalFailures(failures: readonly RuleFailure[]): RuleFailure[] {
  return failures.filter((f) => f.flag === 'fatal');
}

/** Reads the failed assertions (and reports, which the rules do not use today) out of an SVRL report. */
function failuresIn(SaxonJS: Saxon, report: unknown): RuleFailure[] {
  const nodes = SaxonJS.XPath.evaluate('descendant-or-self::svrl:failed-assert | descendant-or-self::svrl:successful-report', report, {
    namespaceContext: { svrl: SVRL },
    resultForm: 'array',
  }) as Element[];
  return nodes.map((node) => ({
    id: node.getAttribute('id') ?? '?',
    // the rules flag "fatal" or "warning"; an unflagged assertion counts as fatal, as validators treat it
    flag: node.getAttribute('flag') === 'warning' ? 'warning' : 'fatal',
    text: (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
    location: node.getAttribute('location') ?? '',
  }));
}

// ---- the compiled rules ----

type Compiled = Record<string, unknown>;
const compiled = new Map<EinvoiceSyntax, Promise<Compiled>>();

function compiledRules(syntax: EinvoiceSyntax): Promise<Compiled> {
  let pending = compiled.get(syntax);
  if (!pending) {
    pending = loadOrCompile(syntax);
    // a failed compile is not remembered: the next check tries again
    pending.catch(() => compiled.delete(syntax));
    compiled.set(syntax, pending);
  }
  return pending;
}

/** Compiles both rule sets ahead of the first check (a server or a bench may warm up with it). */
export async function warmUpRules(): Promise<void> {
  await Promise.all([compiledRules('ubl'), compiledRules('cii')]);
}

/**
 * Makes sure the compiled rules are in the disk cache, compiling what is missing, without loading them: the desktop
 * app calls it a while after start, so the first e-invoice does not wait ~15 s per syntax for the compiler, while a
 * user who never exports one pays only a few file checks.
 */
export async function prepareRulesCache(): Promise<void> {
  for (const syntax of ['ubl', 'cii'] as const) {
    const { xsl, sef } = cachePaths(syntax);
    if (existsSync(sef)) continue;
    mkdirSync(dirname(sef), { recursive: true });
    const partial = `${sef}.${process.pid}.${Date.now()}.tmp`;
    await compileWithXslt3(xsl, partial);
    renameSync(partial, sef);
  }
}

function cachePaths(syntax: EinvoiceSyntax): { xsl: string; sef: string } {
  const xsl = join(rulesDir(), STYLESHEETS[syntax]);
  const hash = createHash('sha256').update(readFileSync(xsl)).digest('hex').slice(0, 16);
  return { xsl, sef: join(cacheDir(), `${STYLESHEETS[syntax].replace(/\.xslt$/, '')}-${hash}.sef.json`) };
}

async function loadOrCompile(syntax: EinvoiceSyntax): Promise<Compiled> {
  const { xsl, sef } = cachePaths(syntax);
  const dir = dirname(sef);
  if (existsSync(sef)) {
    try {
      return JSON.parse(readFileSync(sef, 'utf8')) as Compiled;
    } catch {
      // a damaged cache file (a crash while another version wrote it): compile afresh
      rmSync(sef, { force: true });
    }
  }
  mkdirSync(dir, { recursive: true });
  // written under a name of its own and renamed: another process reading the cache never sees half a file
  const partial = `${sef}.${process.pid}.${Date.now()}.tmp`;
  await compileWithXslt3(xsl, partial);
  renameSync(partial, sef);
  return JSON.parse(readFileSync(sef, 'utf8')) as Compiled;
}

function compileWithXslt3(xsl: string, out: string): Promise<void> {
  const compiler = xslt3Bin();
  return new Promise((resolvePromise, reject) => {
    // process.execPath is node, or Electron's binary, which behaves as node with ELECTRON_RUN_AS_NODE
    const child = spawn(process.execPath, [compiler, `-xsl:${xsl}`, `-export:${out}`, '-nogo'], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      windowsHide: true,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && existsSync(out)) resolvePromise();
      else {
        rmSync(out, { force: true });
        reject(new Error(`compiling the EN 16931 rules (${xsl}) failed (exit ${code}): ${stderr.trim().slice(0, 500)}`));
      }
    });
  });
}

// ---- where things are ----

/** The folder of the shipped rules: FOLIO_EINVOICE_RULES, the packaged app's resources, or electron/einvoice-rules. */
export function rulesDir(): string {
  const fromEnv = process.env.FOLIO_EINVOICE_RULES;
  if (fromEnv) return fromEnv;
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources && existsSync(join(resources, 'einvoice-rules'))) return join(resources, 'einvoice-rules');
  // The node bundle (dist/node), the Electron bundle (dist/electron) or the sources: the project folder is above.
  for (const start of searchRoots()) {
    for (let dir = start; ; dir = dirname(dir)) {
      const candidate = join(dir, 'electron', 'einvoice-rules');
      if (existsSync(join(candidate, STYLESHEETS.ubl))) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error('the EN 16931 rules (electron/einvoice-rules) are missing; set FOLIO_EINVOICE_RULES');
}

function cacheDir(): string {
  return process.env.FOLIO_EINVOICE_CACHE || join(tmpdir(), 'folio-en16931-sef');
}

/**
 * Where to look from: the bundle's own folder (both bundles define __dirname; import.meta would be empty in the
 * CommonJS one), the entry script's folder, the working folder (the sources run by tsx, from the project).
 */
function searchRoots(): string[] {
  const roots = typeof __dirname !== 'undefined' ? [__dirname] : [];
  if (process.argv[1]) roots.push(dirname(resolve(process.argv[1])));
  roots.push(process.cwd());
  return roots;
}

function xslt3Bin(): string {
  const require = createRequire(join(searchRoots()[0]!, 'noop.js'));
  let bin: string;
  try {
    bin = require.resolve('xslt3/xslt3.js');
  } catch {
    bin = resolve(rulesDir(), '..', '..', 'node_modules', 'xslt3', 'xslt3.js');
  }
  // a child process cannot run a script from inside app.asar as a file of its own: electron-builder unpacks xslt3
  return bin.replace(`app.asar${process.platform === 'win32' ? '\\' : '/'}`, `app.asar.unpacked${process.platform === 'win32' ? '\\' : '/'}`);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
