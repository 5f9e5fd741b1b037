// Finds every program Folio's code starts with node:child_process (spawn, exec, execFile and their Sync forms, fork,
// and promisify of them), by reading the source with TypeScript's parser, and judges each against what a new
// machine has: node (process.execPath), npm, npx, git, bash and coreutils — or a program whose absence the code
// handles with an npm package named in a comment beside the call:
//
//     // optional accelerator; npm fall-back: xmllint-wasm
//     execFile('xmllint', …)
//
// A program that an npm package itself brings (a binary in node_modules) says so the same way, `// npm package: <name>`.
// A first argument the parser cannot tell (a variable from elsewhere) needs `// spawns: <program>` beside the call.
import ts from 'typescript';

const LAUNCHERS = new Set(['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']);
const SHELL_LAUNCHERS = new Set(['exec', 'execSync']);
const CHILD_PROCESS = new Set(['node:child_process', 'child_process']);

/** What every machine that can run `npm install && npm test` has: Node and npm, git, bash and coreutils. */
export const PROGRAMS_EVERY_MACHINE_HAS = new Set([
  'node', 'npm', 'npx', 'git', 'bash', 'sh',
  // coreutils
  'basename', 'cat', 'chmod', 'chown', 'cp', 'cut', 'date', 'dd', 'df', 'dirname', 'du', 'echo', 'env', 'false', 'head',
  'id', 'kill', 'ln', 'ls', 'mkdir', 'mktemp', 'mv', 'nproc', 'printf', 'pwd', 'readlink', 'realpath', 'rm', 'rmdir',
  'sleep', 'sort', 'stat', 'sync', 'tail', 'tee', 'test', 'timeout', 'touch', 'tr', 'true', 'uname', 'uniq', 'wc', 'whoami',
]);

export interface ProgramCall {
  file: string;
  /** 1-based */
  line: number;
  /** the node:child_process function called */
  launcher: string;
  /** the program started, or null where the source does not say */
  program: string | null;
  /** the npm package named beside the call: the program's fall-back, or the package that brings the program */
  fallBack: string | null;
}

export interface Violation extends ProgramCall {
  reason: string;
}

/** Every child_process call in one source file. */
export function findProgramCalls(file: string, source: string): ProgramCall[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const launcherOf = new Map<string, string>(); // local name → launcher
  const namespaces = new Set<string>(); // `import * as cp` / `import cp`
  const literals = new Map<string, string>(); // const name = 'text'

  const isChildProcessModule = (node: ts.Expression | undefined): boolean =>
    !!node && ts.isStringLiteral(node) && CHILD_PROCESS.has(node.text);
  // `await import('node:child_process')` or `require('node:child_process')`
  const isChildProcessLoad = (node: ts.Expression | undefined): boolean => {
    let e = node;
    if (e && ts.isAwaitExpression(e)) e = e.expression;
    return (
      !!e &&
      ts.isCallExpression(e) &&
      (e.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(e.expression) && e.expression.text === 'require')) &&
      isChildProcessModule(e.arguments[0])
    );
  };
  const launcherCalled = (callee: ts.Expression): string | null => {
    if (ts.isIdentifier(callee)) return launcherOf.get(callee.text) ?? null;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && namespaces.has(callee.expression.text)) {
      return LAUNCHERS.has(callee.name.text) ? callee.name.text : null;
    }
    // promisify(execFile)(…)
    if (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'promisify') {
      const inner = callee.arguments[0];
      return inner ? launcherCalled(inner) : null;
    }
    return null;
  };

  const declarations = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && isChildProcessModule(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.name) namespaces.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          const imported = (el.propertyName ?? el.name).text;
          if (LAUNCHERS.has(imported)) launcherOf.set(el.name.text, imported);
        }
      }
    }
    if (ts.isVariableDeclaration(node) && node.initializer) {
      if (ts.isObjectBindingPattern(node.name) && isChildProcessLoad(node.initializer)) {
        for (const el of node.name.elements) {
          const imported = ((el.propertyName as ts.Identifier | undefined) ?? (el.name as ts.Identifier)).text;
          if (LAUNCHERS.has(imported) && ts.isIdentifier(el.name)) launcherOf.set(el.name.text, imported);
        }
      } else if (ts.isIdentifier(node.name)) {
        if (isChildProcessLoad(node.initializer)) namespaces.add(node.name.text);
        const init = node.initializer;
        if (ts.isStringLiteralLike(init)) literals.set(node.name.text, init.text);
        // const run = promisify(execFile)
        if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'promisify' && init.arguments[0]) {
          const launcher = launcherCalled(init.arguments[0]);
          if (launcher) launcherOf.set(node.name.text, launcher);
        }
      }
    }
    ts.forEachChild(node, declarations);
  };
  declarations(sf);

  const lines = source.split('\n');
  const calls: ProgramCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const launcher = launcherCalled(node.expression);
      if (launcher) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        // the comments that may speak for the call: its own line and the two above it
        const nearby = lines.slice(Math.max(0, line - 3), line).join('\n');
        const fallBack = /npm (?:fall-back|package):\s*([@\w./-]+)/.exec(nearby)?.[1] ?? null;
        const declared = /spawns:\s*([\w./-]+)/.exec(nearby)?.[1] ?? null;
        calls.push({ file, line, launcher, program: programOf(launcher, node.arguments[0], literals) ?? declared, fallBack });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

function programOf(launcher: string, first: ts.Expression | undefined, literals: Map<string, string>): string | null {
  if (launcher === 'fork') return 'node';
  if (!first) return null;
  if (ts.isPropertyAccessExpression(first) && first.getText() === 'process.execPath') return 'node';
  let text: string | undefined;
  if (ts.isStringLiteralLike(first)) text = first.text;
  else if (ts.isIdentifier(first)) text = literals.get(first.text);
  if (text === undefined) return null;
  const command = SHELL_LAUNCHERS.has(launcher) ? (text.trim().split(/\s+/)[0] ?? '') : text;
  return command.split('/').pop() || null;
}

/** The calls a new machine cannot run: a program outside the list with no npm fall-back that package.json brings. */
export function violations(calls: ProgramCall[], npmPackages: Set<string>): Violation[] {
  const out: Violation[] = [];
  for (const call of calls) {
    if (call.program === null) {
      out.push({ ...call, reason: `${call.launcher} starts a program the source does not name (add "// spawns: <program>" beside it)` });
    } else if (!PROGRAMS_EVERY_MACHINE_HAS.has(call.program)) {
      if (!call.fallBack) {
        out.push({ ...call, reason: `${call.launcher} starts "${call.program}", which npm does not bring, with no npm fall-back` });
      } else if (!npmPackages.has(call.fallBack)) {
        out.push({ ...call, reason: `"${call.program}"'s fall-back "${call.fallBack}" is not a dependency in package.json` });
      }
    }
  }
  return out;
}
