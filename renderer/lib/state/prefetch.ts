// Starts the first screen's data request at boot, beside the settings request, so the invoice list's first rows
// wait for one round trip instead of two. The screen takes the answer once; later loads go to the API as usual.
import type { InputOf, OperationName, OutputOf } from '../../../shared/contract/operations';
import type { Api } from '../api/client';

const pending = new Map<string, Promise<unknown>>();
const keyOf = (name: string, input: unknown) => `${name} ${JSON.stringify(input)}`;

export function prefetch<N extends OperationName>(api: Api, name: N, input: InputOf<N>): void {
  const promise = api.call(name, input);
  // Nobody may be waiting yet; a failure is reported when (if) the screen takes it.
  promise.catch(() => undefined);
  pending.set(keyOf(name, input), promise);
}

export function takePrefetched<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> | undefined {
  const key = keyOf(name, input);
  const promise = pending.get(key) as Promise<OutputOf<N>> | undefined;
  pending.delete(key);
  return promise;
}

/** Forgets every answer not yet taken: they were asked for another company than the one now chosen. */
export function dropPrefetched(): void {
  pending.clear();
}
