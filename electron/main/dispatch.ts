// The IPC dispatcher: one entry for every call the renderer makes over `folio:call`. It checks the operation name
// against the contract (or the shell's own few operations), lets the core validate the input, and always answers
// with a plain envelope — a thrown object would cross IPC as a bare message and lose its code and field errors.
// No 'electron' import, so it is unit-tested under plain Node.
import { operations, type OperationName } from '../../shared/contract/operations';
import { FolioError, type ErrorEnvelope } from '../../shared/errors';
import { SHELL_OPERATIONS, type CallReply, type ShellOperationName } from '../../shared/contract/bridge';

export interface DispatchDeps {
  /** the core's validating entry (`core.call`) */
  call(name: OperationName, input: unknown): Promise<unknown>;
  /** desktop-only operations (`shell.*`) */
  shell?: Partial<Record<ShellOperationName, (input: Record<string, unknown>) => unknown>>;
  /** where unexpected errors are logged (their details never reach the renderer) */
  log?: (error: unknown) => void;
}

/** Operations the IPC door does not serve: none today; listed here so one can be closed without touching the core. */
const CLOSED: ReadonlySet<string> = new Set();

export function isContractOperation(name: unknown): name is OperationName {
  // hasOwn, not `in`: "constructor" or "__proto__" must not pass for an operation.
  return typeof name === 'string' && Object.hasOwn(operations, name) && !CLOSED.has(name);
}

function isShellOperation(name: unknown): name is ShellOperationName {
  return typeof name === 'string' && (SHELL_OPERATIONS as readonly string[]).includes(name);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function toEnvelope(error: unknown, log?: (error: unknown) => void): ErrorEnvelope {
  if (error instanceof FolioError) return error.toEnvelope();
  log?.(error);
  return {
    success: false,
    error: 'Something went wrong inside Folio; the request changed nothing',
    code: 'internal',
  };
}

export function createDispatcher(deps: DispatchDeps) {
  return async function dispatch(name: unknown, input: unknown): Promise<CallReply> {
    try {
      const body = input === undefined || input === null ? {} : input;
      if (!isPlainObject(body)) throw new FolioError('bad_request', 'The input of an operation must be an object');
      if (isShellOperation(name)) {
        const handler = deps.shell?.[name];
        if (!handler) throw new FolioError('not_available', `${name} is not available here`);
        return { success: true, data: await handler(body) };
      }
      if (!isContractOperation(name)) {
        throw new FolioError('not_found', `Unknown operation ${typeof name === 'string' ? name.slice(0, 80) : typeof name}`);
      }
      return { success: true, data: await deps.call(name, body) };
    } catch (e) {
      return toEnvelope(e, deps.log);
    }
  };
}
