// Counts failures (unknown share codes) per client in a sliding window. @fastify/rate-limit counts every request
// before the handler runs, so it cannot tell a wrong guess from a customer reloading a real link; this can.
// The misses are rows of `access_misses` (migration 0035), read and written per request, so several server
// processes behind one address count one client's guesses together (docs/team-server.md).
// Uses the real clock: security time is never the business clock (docs/design.md §8).
import type { Db } from '../db/types';
import { counterWrite } from './counter-write';

export class MissLimiter {
  private prunedAt = -Infinity;

  constructor(
    /** the database in use now (a restore swaps it under a running server) */
    private readonly db: () => Db,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the client may try again; 0 when it may now. */
  async blockedFor(client: string): Promise<number> {
    const now = this.now();
    const oldest = await this.db()
      .selectFrom('access_misses')
      .select('at_ms')
      .where('client', '=', client)
      .where('at_ms', '>', now - this.windowMs)
      .orderBy('at_ms')
      .limit(this.max)
      .execute();
    return oldest.length >= this.max ? Math.max(1, oldest[0]!.at_ms + this.windowMs - now) : 0;
  }

  async record(client: string): Promise<void> {
    const now = this.now();
    // Misses out of every window go at most once a window per process: the table holds about one window of misses.
    const prune = now - this.prunedAt >= this.windowMs;
    if (prune) this.prunedAt = now;
    await counterWrite(this.db(), async (q) => {
      await q.insertInto('access_misses').values({ client, at_ms: now }).execute();
      if (prune) await q.deleteFrom('access_misses').where('at_ms', '<=', now - this.windowMs).execute();
    });
  }
}
