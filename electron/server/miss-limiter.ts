// Counts failures (unknown share codes) per client in a sliding window. @fastify/rate-limit counts every request
// before the handler runs, so it cannot tell a wrong guess from a customer reloading a real link; this can.
// Uses the real clock: security time is never the business clock (docs/design.md §8).
export class MissLimiter {
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the client may try again; 0 when it may now. */
  blockedFor(client: string): number {
    const recent = this.recent(client);
    return recent.length >= this.max ? recent[0]! + this.windowMs - this.now() : 0;
  }

  record(client: string): void {
    const recent = this.recent(client);
    recent.push(this.now());
    this.misses.set(client, recent);
    if (this.misses.size > 10_000) this.prune();
  }

  private recent(client: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.misses.get(client) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const client of [...this.misses.keys()]) {
      const recent = this.recent(client);
      if (recent.length) this.misses.set(client, recent);
      else this.misses.delete(client);
    }
  }
}
