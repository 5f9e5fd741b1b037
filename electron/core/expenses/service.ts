// Expenses (costs) with their Hungarian categories, as a bookkeeper records them: the supplier, its document's dates
// and amounts, paid or not, and the document itself (attachments.ts).
import type { ExpenseCreateInput, ExpenseUpdateInput } from '../../../shared/contract/schemas';
import type { ExpenseAttachInput } from '../../../shared/contract/schemas';
import { FolioError, invalid, notFound } from '../../../shared/errors';
import { EXPENSE_CATEGORIES_HU } from '../../../shared/reference/expense-categories';
import type { ExpenseRow } from '../../db/schema';
import { createExpenseAttachments } from './attachments';
import { bookedFromNav } from './booked-from-nav';
import { einvoiceInfoOf } from './einvoice-info';
import { expenseResource } from './mapping';
import { resolveExpense, type ExpenseValues } from './rules';
import { expenseTotals } from './totals';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { pageWindow, toPage } from '../paging';
import { writeTransaction } from '../../db/transaction';
import type { Db, WriteTx } from '../../db/types';

export { expenseResource } from './mapping';

/** The columns that follow from the rules (amounts, kind, dates, paid). */
function resolvedColumns(v: ExpenseValues) {
  return {
    kind: v.kind,
    vat_id: v.vat_id,
    currency: v.currency,
    invoice_date: v.invoice_date,
    due_date: v.due_date,
    payment_date: v.payment_date,
    paid: v.paid,
    gross_price_milli: v.amounts.gross,
    net_price_milli: v.amounts.net,
    vat_amount_milli: v.amounts.vat,
  };
}

/** The supplier's identifiers (migration 0048) an input gives, as columns; those it leaves out are not touched. */
function supplierIds(input: Partial<ExpenseCreateInput>) {
  const legal = input.supplier_legal_registration;
  return {
    ...(input.supplier_vat_id !== undefined ? { supplier_vat_id: input.supplier_vat_id } : {}),
    ...(input.supplier_tax_registration !== undefined ? { supplier_tax_registration: input.supplier_tax_registration } : {}),
    ...(legal !== undefined ? { supplier_legal_registration: legal?.id ?? '', supplier_legal_registration_scheme: legal?.scheme ?? '' } : {}),
    ...(input.supplier_identifiers !== undefined ? { supplier_identifiers: JSON.stringify(input.supplier_identifiers) } : {}),
  };
}

/** An IBAN as stored: capitals, no spaces. */
function ibanOf(v: string | undefined): string | undefined {
  return v === undefined ? undefined : v.replace(/\s+/g, '').toUpperCase();
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
  const attachments = createExpenseAttachments(ctx);

  async function resource(r: ExpenseRow) {
    const info = await attachments.infoOf([r.id]);
    const einvoice = await einvoiceInfoOf(db, [r]);
    return expenseResource(r, await clientOf(r.client_id), info.get(r.id) ?? null, einvoice.get(r.id) ?? null);
  }

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
      const files = await attachments.infoOf(rows.map((r) => r.id));
      const einvoices = await einvoiceInfoOf(db, rows);
      return toPage(rows, w, (r) =>
        expenseResource(r, r.client_id ? byId.get(r.client_id) : undefined, files.get(r.id) ?? null, einvoices.get(r.id) ?? null),
      );
    },

    async get(input: { id: number }) {
      return resource(await row(input.id));
    },

    async create(input: ExpenseCreateInput) {
      await checkRefs(input);
      const values = resolveExpense(input, undefined);
      const now = nowStamp(ctx);
      const inserted = await writeTransaction(db, async (trx) => {
        const booked = await bookedFromNav(trx, input.invoice_no, input.supplier_taxcode);
        if (booked) throw booked;
        return trx
          .insertInto('expenses')
          .values({
            categories_id: input.categories_id,
            name: input.name,
            invoice_no: input.invoice_no ?? '',
            client_id: input.client_uid ?? null,
            supplier_name: input.supplier_name?.trim() ?? '',
            supplier_taxcode: input.supplier_taxcode?.trim().toUpperCase() ?? '',
            supplier_iban: ibanOf(input.supplier_iban) ?? '',
            payment_method: input.payment_method ?? '',
            category_v3: input.category_v3 ?? '',
            ...supplierIds(input),
            fulfillment_date: input.fulfillment_date ?? null,
            ...resolvedColumns(values),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return resource(inserted);
    },

    async update(input: ExpenseUpdateInput) {
      await checkRefs(input);
      const now = nowStamp(ctx);
      const updated = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes, so that a concurrent update of other fields is not written over.
        const current = await row(input.id, trx);
        const values = resolveExpense(input, current);
        return trx
          .updateTable('expenses')
          .set({
            categories_id: input.categories_id ?? current.categories_id,
            name: input.name ?? current.name,
            invoice_no: input.invoice_no ?? current.invoice_no,
            client_id: input.client_uid === undefined ? current.client_id : input.client_uid,
            supplier_name: input.supplier_name?.trim() ?? current.supplier_name,
            supplier_taxcode: input.supplier_taxcode?.trim().toUpperCase() ?? current.supplier_taxcode,
            supplier_iban: ibanOf(input.supplier_iban) ?? current.supplier_iban,
            payment_method: input.payment_method ?? current.payment_method,
            // a category changed without a v3 word for it drops the word it no longer describes
            category_v3: input.category_v3 ?? (input.categories_id !== undefined && input.categories_id !== current.categories_id ? '' : current.category_v3),
            fulfillment_date: input.fulfillment_date === undefined ? current.fulfillment_date : input.fulfillment_date,
            ...supplierIds(input),
            ...resolvedColumns(values),
            updated_at: now,
          })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return resource(updated);
    },

    /**
     * Marks an expense paid on a day (or unpaid, with null) inside a caller's write transaction, by the same rules as
     * an update: a bank statement's debit confirmed against it, or that confirmation undone.
     */
    async setPaidIn(trx: WriteTx, id: number, paymentDate: string | null) {
      const current = await row(id, trx);
      const values = resolveExpense(paymentDate ? { id, paid: true, payment_date: paymentDate } : { id, paid: false }, current);
      await trx.updateTable('expenses').set({ ...resolvedColumns(values), updated_at: nowStamp(ctx) }).where('id', '=', id).execute();
    },

    async attach(input: ExpenseAttachInput) {
      await attachments.attach(input);
      return resource(await row(input.id));
    },

    attachment: (input: { id: number }) => attachments.read(input.id),

    async detach(input: { id: number }) {
      await attachments.detach(input.id);
      return resource(await row(input.id));
    },

    totals: (input: { from: string; to: string }) => expenseTotals(db, input),

    async delete(input: { id: number }) {
      await row(input.id);
      await writeTransaction(db, async (trx) => {
        await trx.deleteFrom('expenses').where('id', '=', input.id).execute();
      });
      return { deleted: true as const };
    },
  };
}
