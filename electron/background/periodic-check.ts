// A background job that looks every so often whether it has work (a daily backup due, the rates of a new day) and
// does it, one run at a time. Looking often rather than trusting one long timer keeps such jobs right across sleep,
// clock changes and settings changed meanwhile. The timer never keeps the process alive, and stop() waits for a
// run under way.

export interface PeriodicCheck {
  start(): void;
  /** stops the timer and waits for a run under way */
  stop(): Promise<void>;
  /** runs now (joining a run under way); its answer says whether it did work */
  check(): Promise<boolean>;
}

export function periodicCheck(
  run: () => Promise<boolean>,
  timing: { everyMs: number; firstMs: number; onError?: ((e: unknown) => void) | undefined },
): PeriodicCheck {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<boolean> | null = null;
  let started = false;

  function check(): Promise<boolean> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  function arm(ms: number): void {
    timer = setTimeout(() => {
      timer = null;
      check()
        .catch((e: unknown) => timing.onError?.(e))
        .finally(() => {
          if (started) arm(timing.everyMs);
        });
    }, ms);
    timer.unref?.();
  }

  return {
    start() {
      if (started) return;
      started = true;
      arm(timing.firstMs);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    check,
  };
}
