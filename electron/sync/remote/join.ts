// The remote's side of a device joining (POST /sync/join, docs/sync.md "Joining"). The remote keeps its default
// block 0; the device gets a block of its own, owned by it, where from now on only it numbers invoices. Invoices the
// device numbered in ITS default block before joining keep their numbers in the remote's block 0 — but only for a
// year (and kind) in which the remote's block 0 has numbered nothing: the device reserves those numbers here (a
// claim, and the counter moved past them, so the remote never hands them out), and pushes the invoices afterwards.
// If the remote's block 0 already has numbers in such a year, the two series would collide, and the join is refused.
import type { SyncJoinInput, SyncJoinResult } from '../../../shared/contract/sync';
import { FolioError, rule } from '../../../shared/errors';
import { formatNumber } from '../../core/invoices/numbering';
import { currentOrigin, recordChange } from '../../core/changes';
import type { CoreContext } from '../../core/context';
import { nowStamp } from '../../core/context';
import { writeTransaction } from '../../db/transaction';
import { syncDb } from '../tables';

export function deviceOrigin(): string {
  const device = currentOrigin();
  if (device === 'local') throw rule('This request must name its device (X-Folio-Device header)');
  return device;
}

export function createJoinHandler(ctx: CoreContext) {
  return async function join(input: SyncJoinInput): Promise<SyncJoinResult> {
    const device = deviceOrigin();
    return writeTransaction(ctx.db, async (trx) => {
      const sdb = syncDb(trx);
      const mine = await sdb.selectFrom('invoice_blocks').selectAll().where('owner', '=', device).orderBy('id').executeTakeFirst();
      if (mine) {
        const claims = await sdb.selectFrom('sync_claims').select(['kind', 'year', 'upto']).where('device', '=', device).orderBy('year').execute();
        return { block: { id: mine.id, name: mine.name, prefix: mine.prefix }, claims, rejoined: true };
      }
      const taken = (await sdb.selectFrom('invoice_blocks').select('prefix').execute()).some((b) => b.prefix.toLowerCase() === input.prefix.toLowerCase());
      if (taken) {
        throw new FolioError('conflict', `The prefix "${input.prefix}" is already used by another invoice block on the remote; choose another prefix for this device`, [
          { field: 'prefix', message: 'is already used on the remote' },
        ]);
      }
      const collisions: string[] = [];
      for (const l of input.legacy) {
        const counter = await sdb
          .selectFrom('number_counters')
          .select('last_no')
          .where('block_id', '=', 0)
          .where('year', '=', l.year)
          .where('kind', '=', l.kind)
          .executeTakeFirst();
        const claim = await sdb.selectFrom('sync_claims').select('device').where('block_id', '=', 0).where('kind', '=', l.kind).where('year', '=', l.year).executeTakeFirst();
        const last = counter?.last_no ?? 0;
        if (last > 0 || claim) {
          collisions.push(
            `${l.year}: the remote already has ${formatNumber(l.kind, l.year, 1)} … ${formatNumber(l.kind, l.year, Math.max(last, 1))}, ` +
              `this computer has ${formatNumber(l.kind, l.year, 1)} … ${formatNumber(l.kind, l.year, l.last_no)}`,
          );
        }
      }
      if (collisions.length) {
        throw rule(
          'This computer cannot join this remote: before sync was set up it issued invoices in its default block (no prefix), ' +
            'and the remote has issued invoices with the same numbers in its own default block — an invoice number must never ' +
            `be used twice. Colliding years: ${collisions.join('; ')}. Join a remote whose default block has no invoices in those years.`,
        );
      }
      const now = nowStamp(ctx);
      for (const l of input.legacy) {
        await sdb.insertInto('sync_claims').values({ block_id: 0, kind: l.kind, year: l.year, device, upto: l.last_no, created_at: now }).execute();
        await sdb
          .insertInto('number_counters')
          .values({ block_id: 0, year: l.year, kind: l.kind, last_no: l.last_no })
          .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet({ last_no: l.last_no }))
          .execute();
      }
      const block = await sdb
        .insertInto('invoice_blocks')
        .values({ name: input.name, prefix: input.prefix, owner: device, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      recordChange(trx, 'block', block.id, 'create', now);
      return {
        block: { id: block.id, name: block.name, prefix: block.prefix },
        claims: input.legacy.map((l) => ({ kind: l.kind, year: l.year, upto: l.last_no })),
        rejoined: false,
      };
    });
  };
}
