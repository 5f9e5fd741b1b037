// Expenses (costs) with their Hungarian categories.
import type { ExpenseCreateInput, ExpenseUpdateInput } from '../../../shared/contract/schemas';
import type { ExpenseAttributes, Resource } from '../../../shared/resources';
import { FolioError, invalid, notFound } from '../../../shared/errors';
import { milliToString, parseDecimal, toMilli } from '../../../shared/money';
import { EXPENSE_CATEGORIES_HU } from '../../../shared/reference/expense-categories';
import type { ClientRow, ExpenseRow } from '../../db/schema';
import { clientSnapshot } from '../clients/mapping';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { pageWindow, toPage } from '../paging';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';

export function expenseResource(row: ExpenseRow, client: ClientRow | undefined): Resource<ExpenseAttributes> {
  const snapshot = client ? clientSnapshot(client) : null;
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      categories_id: row.categories_id,
      name: row.name,
      invoice_no: row.invoice_no,
      gross_price: milliToString(row.gross_price_milli),
      vat: row.vat_id ?? '',
      client_uid: row.client_id,
      client: snapshot
        ? {
            name: snapshot.name,
            email: snapshot.email,
            taxcode: snapshot.taxcode,
            billing_address: snapshot.billing_address,
            bank: snapshot.bank,
          }
        : null,
      currency: row.currency,
      due_date: row.due_date,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

export function expenseCategories(lang: string) {
  if (lang !== 'hu')
    throw new FolioError('validation_failed', 'Expense categories exist in Hungarian (hu) only', [
      { field: 'lang', message: 'only hu is supported' },
    ]);
  return EXPENSE_CATEGORIES_HU.map((c) => ({ id: c.id, attributes: { id: c.id, lang_code: 'hu' as const, name: c.name } }));
}

export function createExpenseService(ctx: CoreContext) {
  const { db } = ctx;

  async function clientOf(id: number | null | undefined) {
    if (!id) return undefined;
    return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function checkRefs(input: Partial<ExpenseCreateInput>) {
    if (input.categories_id !== undefined && !EXPENSE_CATEGORIES_HU.some((c) => c.id === input.categories_id)) {
      throw invalid('categories_id', 'is not a known expense category (see GET /expenses/categories/hu)');
    }
    if (input.client_uid) {
      const c = await clientOf(input.client_uid);
      if (!c || c.deleted_at) throw invalid('client_uid', 'no such client');
    }
  }

  async function row(id: number, from: Db = db) {
    const r = await from.selectFrom('expenses').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Expense ${id}`);
    return r;
  }

  return {
    async list(input: { page?: number | undefined; max_per_page?: number | undefined }) {
      const w = pageWindow(input);
      const rows = await db
        .selectFrom('expenses')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(w.perPage + 1)
        .offset(w.offset)
        .execute();
      const ids = [...new Set(rows.map((r) => r.client_id).filter((x): x is number => x !== null))];
      const clients = ids.length ? await db.selectFrom('clients').selectAll().where('id', 'in', ids).execute() : [];
      const byId = new Map(clients.map((c) => [c.id, c]));
      return toPage(rows, w, (r) => expenseResource(r, r.client_id ? byId.get(r.client_id) : undefined));
    },

    async get(input: { id: number }) {
      const r = await row(input.id);
      return expenseResource(r, await clientOf(r.client_id));
    },

    async create(input: ExpenseCreateInput) {
      await checkRefs(input);
      const now = nowStamp(ctx);
      const inserted = await writeTransaction(db, async (trx) => {
        const r = await trx
          .insertInto('expenses')
          .values({
            categories_id: input.categories_id,
            name: input.name,
            invoice_no: input.invoice_no ?? '',
            client_id: input.client_uid ?? null,
            gross_price_milli: toMilli(parseDecimal(input.gross_price)),
            vat_id: input.vat ?? null,
            currency: input.currency ?? 'HUF',
            due_date: input.due_date ?? null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return r;
      });
      return expenseResource(inserted, await clientOf(inserted.client_id));
    },

    async update(input: ExpenseUpdateInput) {
      await checkRefs(input);
      const now = nowStamp(ctx);
      const updated = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes, so that a concurrent update of other fields is not written over.
        const current = await row(input.id, trx);
        const r = await trx
          .updateTable('expenses')
          .set({
            categories_id: input.categories_id ?? current.categories_id,
            name: input.name ?? current.name,
            invoice_no: input.invoice_no ?? current.invoice_no,
            client_id: input.client_uid === undefined ? current.client_id : input.client_uid,
            gross_price_milli:
              input.gross_price === undefined ? current.gross_price_milli : toMilli(parseDecimal(input.gross_price)),
            vat_id: input.vat ?? current.vat_id,
            currency: input.currency ?? current.currency,
            due_date: input.due_date === undefined ? current.due_date : input.due_date,
            updated_at: now,
          })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return r;
      });
      return expenseResource(updated, await clientOf(updated.client_id));
    },

    async delete(input: { id: number }) {
      await row(input.id);
      await writeTransaction(db, async (trx) => {
        await trx.deleteFrom('expenses').where('id', '=', input.id).execute();
      });
      return { deleted: true as const };
    },
  };
}
