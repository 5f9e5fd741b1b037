// The database holder: owns the open database and the runtime built on it, and can swap both under a running
// server or desktop app — what a restore needs. Every request enters through the holder: it waits while a swap is
// under way and is counted while it runs. A swap closes the gate, waits for the requests inside to finish, stops
// the runtime (background workers), closes the database, lets the work replace the file, then opens it again,
// builds a new runtime (a new core) and starts it. The doors ask the holder for the current core on every request
// (the HTTP app through a getter, the desktop's IPC dispatcher likewise), so after a swap they serve the new one.
// The restore request itself is not counted: it is the one waiting for the others.
import { FolioError } from '../../shared/errors';
import type { Swap } from './restore-backup';

/** The operation that swaps the database from inside a request. */
export const SWAPPING_OPERATION = 'data.restore';

export interface Startable {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DatabaseHolder<R> {
  readonly runtime: R;
  /** Lets a request in (after a swap in progress) and counts it; call the returned function when it is done. */
  enter(operation?: string): Promise<() => void>;
  swap: Swap;
  start(): Promise<void>;
  /** stops the runtime and closes the database */
  close(): Promise<void>;
}

export async function createDatabaseHolder<D extends { close(): Promise<void> }, R extends Startable>(options: {
  open(): Promise<D>;
  build(opened: D, swap: Swap): Promise<R>;
  /** how long a swap waits for the requests inside to finish; default 30 s */
  drainTimeoutMs?: number;
}): Promise<DatabaseHolder<R>> {
  let opened = await options.open();
  let runtime: R;
  let gate: Promise<void> | null = null;
  let inside = 0;

  async function drain(): Promise<void> {
    const until = Date.now() + (options.drainTimeoutMs ?? 30_000);
    while (inside > 0) {
      if (Date.now() > until) throw new FolioError('conflict', 'Folio is busy with other requests; try the restore again in a moment. Nothing was changed.');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  const swap: Swap = async <T>(work: () => Promise<T>): Promise<T> => {
    if (gate) throw new FolioError('conflict', 'A restore is already under way');
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    try {
      await drain();
      await runtime.stop();
      await opened.close();
      let result: T | undefined;
      let failure: unknown = null;
      try {
        result = await work();
      } catch (e) {
        failure = e;
      }
      // Opened again whatever happened: a refused restore left the file as it was.
      opened = await options.open();
      runtime = await options.build(opened, swap);
      await runtime.start();
      if (failure) throw failure;
      return result as T;
    } finally {
      gate = null;
      open();
    }
  };

  runtime = await options.build(opened, swap);

  return {
    get runtime() {
      return runtime;
    },
    async enter(operation) {
      while (gate) await gate;
      if (operation === SWAPPING_OPERATION) return () => undefined;
      inside++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inside--;
      };
    },
    swap,
    start: () => runtime.start(),
    async close() {
      while (gate) await gate;
      await runtime.stop();
      await opened.close();
    },
  };
}
