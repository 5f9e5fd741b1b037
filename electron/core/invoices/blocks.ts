// Invoice blocks: numbering sequences with a prefix. Block 0 is the default ("Számlák", no prefix).
import { FolioError, notFound } from '../../../shared/errors';
import type { InvoiceBlockAttributes, Resource } from '../../../shared/resources';
import type { Db } from '../../db/types';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { writeTransaction } from '../../db/transaction';
import { currentOrigin } from '../changes';
import { yearOf } from '../../../shared/dates';
import { today } from '../context';
import type { WriteTx } from '../../db/types';
import { blockNumbering, continueNumbering } from './continuation';

type NumberingGiven = Array<{ year: number; next_no: number }> | undefined;

export const DEFAULT_BLOCK_NAME = 'Számlák';

function blockResource(r: { id: number; name: string; prefix: string }): Resource<InvoiceBlockAttributes> {
  return { id: r.id, attributes: { uid: r.id, name: r.name, prefix: r.prefix } };
}

/** The default block exists in every database; made on first start rather than in a frozen migration's data. */
export async function ensureDefaultBlock(db: Db, now: string): Promise<void> {
  await db
    .insertInto('invoice_blocks')
    .values({ id: 0, name: DEFAULT_BLOCK_NAME, prefix: '', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Block prefixes are compared without regard to letter case. */
export function samePrefix(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function createBlockService(ctx: CoreContext) {
  const { db } = ctx;

  async function checkPrefixFree(prefix: string, exceptId?: number, from: Db = db) {
    // Block 0 prints bare numbers; another block without a prefix would print the very same ones.
    if (!prefix && exceptId !== 0) {
      throw new FolioError(
        'validation_failed',
        'A new invoice block needs a prefix of its own, so that its numbers differ from the default block',
        [{ field: 'prefix', message: 'is required for a block other than the default one' }],
      );
    }
    // Prefixes that differ only in case are the same prefix: "ABC-1" and "abc-1" read as one number to a person, and
    // on a case-insensitive file system their PDFs and XML exports share a name. Blocks are few, so JS compares them
    // (SQLite's lower() folds ASCII letters only).
    const others = await from.selectFrom('invoice_blocks').select(['id', 'prefix']).execute();
    const taken = others.find((b) => b.id !== exceptId && samePrefix(b.prefix, prefix));
    if (prefix && taken) {
      throw new FolioError('conflict', `Another invoice block already uses the prefix "${taken.prefix}"`, [
        { field: 'prefix', message: 'is already used by another block (letter case does not count)' },
      ]);
    }
  }

  /** Applies the numbering a device continued in its block (sync), with the same rules as on the device. */
  async function applyNumbering(trx: WriteTx, blockId: number, given: NumberingGiven, now: string) {
    for (const n of given ?? []) {
      await continueNumbering(trx, { blockId, year: n.year, nextNo: n.next_no, now, thisYear: yearOf(today(ctx)) });
    }
  }

  return {
    list: async () => (await db.selectFrom('invoice_blocks').selectAll().orderBy('id').execute()).map(blockResource),

    async create(input: { name: string; prefix?: string | undefined; owner?: string | undefined; numbering?: NumberingGiven }) {
      const prefix = input.prefix?.trim() ?? '';
      await checkPrefixFree(prefix);
      const now = nowStamp(ctx);
      const r = await writeTransaction(db, async (trx) => {
        const block = await trx
          .insertInto('invoice_blocks')
          .values({ name: input.name, prefix, owner: input.owner ?? currentOrigin(), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await applyNumbering(trx, block.id, input.numbering, now);
        return block;
      });
      return blockResource(r);
    },

    /** Renames a block. Its prefix is part of the numbers already issued, so it changes only while none are. */
    async update(input: { id: number; name?: string | undefined; prefix?: string | undefined; numbering?: NumberingGiven }) {
      const now = nowStamp(ctx);
      const r = await writeTransaction(db, async (trx) => {
        // Read and check in the transaction that writes: a concurrent rename is not written over, and no invoice is
        // issued in the block between the check of its prefix and the change.
        const current = await trx.selectFrom('invoice_blocks').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!current) throw notFound(`Invoice block ${input.id}`);
        const prefix = input.prefix?.trim();
        if (prefix !== undefined && prefix !== current.prefix) {
          const used = await trx
            .selectFrom('invoices')
            .select('id')
            .where('block_id', '=', input.id)
            .where('sealed', '=', 1)
            .executeTakeFirst();
          if (used)
            throw new FolioError('rule_violation', 'The prefix of a block with issued invoices cannot change', [
              { field: 'prefix', message: 'invoices were already issued in this block' },
            ]);
          await checkPrefixFree(prefix, input.id, trx);
        }
        const block = await trx
          .updateTable('invoice_blocks')
          .set({ name: input.name ?? current.name, prefix: prefix ?? current.prefix, updated_at: now })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await applyNumbering(trx, block.id, input.numbering, now);
        return block;
      });
      return blockResource(r);
    },

    numbering: () => blockNumbering(db, today(ctx)),

    /** "The next invoice number of this block this year is N": continuing the program used before. */
    async continueNumbering(input: { id: number; next_no: number; year?: number | undefined }) {
      const thisYear = yearOf(today(ctx));
      await writeTransaction(db, (trx) =>
        continueNumbering(trx, { blockId: input.id, year: input.year ?? thisYear, nextNo: input.next_no, now: nowStamp(ctx), thisYear }),
      );
      const all = await blockNumbering(db, `${input.year ?? thisYear}-01-01`);
      return all.find((b) => b.block_uid === input.id)!;
    },
  };
}
