// What every service of the core is built from. No module-level state: each test builds its own context.
import { DEFAULT_TIME_ZONE, dateIn, timestampIn } from '../../shared/dates';
import type { Db } from '../db/types';
import type { Clock } from './clock';

export interface CoreContext {
  db: Db;
  clock: Clock;
  /** the business's time zone (a setting, cached here because every timestamp needs it) */
  timeZone: string;
}

export function today(ctx: CoreContext): string {
  return dateIn(ctx.clock.now(), ctx.timeZone);
}

export function nowStamp(ctx: CoreContext): string {
  return timestampIn(ctx.clock.now(), ctx.timeZone);
}

export { DEFAULT_TIME_ZONE };
