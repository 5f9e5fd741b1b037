// v3 authenticates with the `X-API-KEY` header alone (the server's key, or a user's: ../auth.ts); v2's JWT is not
// read here. Its routes call the core through `actingFor`, so each operation is checked and logged for the caller.
import type { Core } from '../../core/index';
import type { Caller } from '../../db/call-context';

/** The core as the caller sees it: the same services, with every `call` made for that caller. */
export function actingFor(core: Core, caller: Caller | undefined): Core {
  if (!caller) return core;
  const call: Core['call'] = (name, raw, context = {}) => core.call(name, raw, { ...context, caller });
  return { ...core, call };
}
