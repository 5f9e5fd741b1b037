// The remote's answer to "where does the feed next hold a change that is not mine?" (GET /sync/skip). A device that
// just pushed ten thousand invoices would otherwise read them all back through the change feed — the remote building
// each record only for the device to skip it. The answer is a cursor the device may jump to: every change up to it
// (after `after`) was made by the calling device itself.
import type { Db } from '../../db/types';
import { deviceOrigin } from './device';

export function createSkipOwnHandler(db: Db) {
  return async function skipOwn(input: { after: number }): Promise<{ after: number }> {
    const device = deviceOrigin();
    const foreign = await db
      .selectFrom('change_log')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .where('seq', '>', input.after)
      .where('origin', '!=', device)
      .executeTakeFirst();
    if (foreign?.seq !== null && foreign?.seq !== undefined) return { after: Math.max(input.after, Number(foreign.seq) - 1) };
    const last = await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
    return { after: Math.max(input.after, Number(last?.seq ?? 0)) };
  };
}
