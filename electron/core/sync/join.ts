// The remote's side of a device joining (POST /sync/join, docs/sync.md "Joining"). The remote keeps its default
// block 0; the device gets a block of its own, owned by it, where from now on only it numbers invoices. Invoices the
// device numbered in ITS default block before joining keep their numbers in the remote's block 0 — but only for a
// year (and kind) in which the remote's block 0 has numbered nothing: the device reserves those numbers here
// (numbering's claimLegacyNumbers), and pushes the invoices afterwards. If the remote's block 0 already has numbers
// in such a year, the two series would collide, and the join is refused.
// Joining is also where a device gets its credential (./device.ts): a token made here and answered once.
import type { SyncJoinInput, SyncJoinResult } from '../../../shared/contract/sync';
import { FolioError, rule } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { claimLegacyNumbers, claimsOf } from '../invoices/numbering';
import { samePrefix } from '../invoices/blocks';
import { deviceOrigin, issueDeviceToken } from './device';

export function createJoinHandler(ctx: CoreContext) {
  return async function join(input: SyncJoinInput): Promise<SyncJoinResult> {
    const device = deviceOrigin();
    return writeTransaction(ctx.db, async (trx) => {
      const now = nowStamp(ctx);
      const mine = await trx.selectFrom('invoice_blocks').selectAll().where('owner', '=', device).orderBy('id').executeTakeFirst();
      if (mine) {
        // a repeated join answers the first result; a token only if the device has none it ever used (it joined
        // before credentials existed, or the answer carrying its token was lost)
        const device_token = await issueDeviceToken(trx, device, now);
        return { block: { id: mine.id, name: mine.name, prefix: mine.prefix }, claims: await claimsOf(trx, device), rejoined: true, device_token };
      }
      // prefixes that differ only in letter case are the same prefix (see blocks.ts)
      const taken = (await trx.selectFrom('invoice_blocks').select('prefix').execute()).some((b) => samePrefix(b.prefix, input.prefix));
      if (taken) {
        throw new FolioError(
          'conflict',
          `The prefix "${input.prefix}" is already used by another invoice block on the remote; choose another prefix for this device`,
          [{ field: 'prefix', message: 'is already used on the remote' }],
        );
      }
      const collisions = await claimLegacyNumbers(trx, device, input.legacy, now);
      if (collisions.length) {
        throw rule(
          'This computer cannot join this remote: before sync was set up it issued invoices in its default block (no prefix), ' +
            'and the remote has issued invoices with the same numbers in its own default block — an invoice number must never ' +
            `be used twice. Colliding years: ${collisions.join('; ')}. Join a remote whose default block has no invoices in those years.`,
        );
      }
      const block = await trx
        .insertInto('invoice_blocks')
        .values({ name: input.name, prefix: input.prefix, owner: device, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        block: { id: block.id, name: block.name, prefix: block.prefix },
        claims: input.legacy.map((l) => ({ kind: l.kind, year: l.year, upto: l.last_no })),
        rejoined: false,
        device_token: await issueDeviceToken(trx, device, now),
      };
    });
  };
}
