// The supplier's document kept with an expense: a PDF or an image, in the database (so a backup carries it), at most
// 10 MB. Its type is read from its first bytes, never from its name or a declared type: a renamed .exe is refused.
// Attaching changes no synced field (updated_at stays), so the file stays on this computer: sync carries expenses
// as master data, not their files.
import { EXPENSE_FILE_MAX_BYTES, type ExpenseAttachInput } from '../../../shared/contract/schemas';
import type { ExpenseAttachmentFile, ExpenseAttachmentInfo } from '../../../shared/resources';
import { FolioError, notFound } from '../../../shared/errors';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { writeTransaction } from '../../db/transaction';

const SIGNATURES: Array<{ type: ExpenseAttachmentInfo['content_type']; bytes: number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export function sniffContentType(bytes: Uint8Array): ExpenseAttachmentInfo['content_type'] | null {
  const hit = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  return hit ? hit.type : null;
}

/** The name without any folder part or control characters, as it will be offered for download. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.trim();
  return base || 'document';
}

export function createExpenseAttachments(ctx: CoreContext) {
  const { db } = ctx;

  async function expenseExists(id: number) {
    const r = await db.selectFrom('expenses').select('id').where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Expense ${id}`);
  }

  return {
    /** Metadata of the attachments of these expenses (never their bytes). */
    async infoOf(ids: number[]): Promise<Map<number, ExpenseAttachmentInfo>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('expense_attachments')
        .select(['expense_id', 'file_name', 'content_type', 'size'])
        .where('expense_id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r) => [r.expense_id, { file_name: r.file_name, content_type: r.content_type as ExpenseAttachmentInfo['content_type'], size: r.size }]),
      );
    },

    async attach(input: ExpenseAttachInput): Promise<void> {
      await expenseExists(input.id);
      const bytes = Buffer.from(input.content_base64, 'base64');
      if (bytes.length > EXPENSE_FILE_MAX_BYTES) {
        throw new FolioError('payload_too_large', 'The file is larger than 10 MB', [{ field: 'content_base64', message: 'is larger than 10 MB' }]);
      }
      const type = sniffContentType(bytes);
      if (!type) {
        throw new FolioError('unsupported_media_type', 'Only a PDF, PNG or JPEG file can be kept with an expense', [
          { field: 'content_base64', message: 'is not a PDF, PNG or JPEG file' },
        ]);
      }
      const row = { file_name: cleanFileName(input.file_name), content_type: type, size: bytes.length, content: bytes, created_at: nowStamp(ctx) };
      await writeTransaction(db, async (trx) => {
        await trx
          .insertInto('expense_attachments')
          .values({ expense_id: input.id, ...row })
          .onConflict((oc) => oc.column('expense_id').doUpdateSet(row))
          .execute();
      });
    },

    async read(id: number): Promise<ExpenseAttachmentFile> {
      await expenseExists(id);
      const r = await db.selectFrom('expense_attachments').selectAll().where('expense_id', '=', id).executeTakeFirst();
      if (!r) throw notFound(`A document of expense ${id}`);
      return {
        file_name: r.file_name,
        content_type: r.content_type as ExpenseAttachmentInfo['content_type'],
        size: r.size,
        content_base64: Buffer.from(r.content).toString('base64'),
      };
    },

    async detach(id: number): Promise<void> {
      await expenseExists(id);
      await writeTransaction(db, async (trx) => {
        await trx.deleteFrom('expense_attachments').where('expense_id', '=', id).execute();
      });
    },
  };
}
