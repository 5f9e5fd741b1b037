// The business clock, injected into the core so tests and demos can fix "now" (FOLIO_NOW) without touching the
// security clock (JWT times and rate limits always use the real time, docs/design.md §8).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new Error(`not a timestamp: ${iso}`);
  return { now: () => new Date(instant) };
}

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  private instant: Date;

  constructor(iso: string) {
    this.instant = new Date(iso);
  }

  now(): Date {
    return new Date(this.instant);
  }

  set(iso: string): void {
    this.instant = new Date(iso);
  }

  advanceDays(days: number): void {
    this.instant = new Date(this.instant.getTime() + days * 86_400_000);
  }
}
