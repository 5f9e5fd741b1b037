// What an export reads, the same on both databases: its sections, the period of the invoices and expenses, their
// counts, and their rows a batch at a time. The connection and its one-moment transaction come from snapshot.ts.
import { sql } from 'kysely';
import type { Db } from '../db/types';

export const SECTIONS = ['clients', 'products', 'expenses', 'bank_accounts', 'invoices'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * A period for the accountant, both days included: invoices by their issue date, expenses by their due date (or
 * the day they were recorded, when they have none). Clients, products and bank accounts are master data and are
 * always exported whole: the invoices of the period refer to them.
 */
export interface ExportRange {
  from: string;
  to: string;
}

function rangeCondition(table: Section, range: ExportRange | undefined) {
  if (!range) return null;
  if (table === 'invoices') return sql<boolean>`date between ${range.from} and ${range.to}`;
  if (table === 'expenses') return sql<boolean>`coalesce(due_date, substr(created_at, 1, 10)) between ${range.from} and ${range.to}`;
  return null;
}

export async function countRows(db: Db, range?: ExportRange): Promise<Record<Section, number>> {
  const out = {} as Record<Section, number>;
  for (const t of SECTIONS) {
    const condition = rangeCondition(t, range);
    let q = db.selectFrom(t as 'clients').select((eb) => eb.fn.countAll<number>().as('n'));
    if (condition) q = q.where(condition);
    const r = await q.executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** Rows of a table in id order, a batch at a time (keyset paging: constant cost per batch however far it runs). */
export async function* batches<R extends { id: number }>(db: Db, table: Section, size: number, range?: ExportRange): AsyncGenerator<R[]> {
  const condition = rangeCondition(table, range);
  let last = 0;
  if (condition) {
    // A period's first page starts at the period's lowest id, found through the period's index: asked for `id > 0 …
    // order by id limit 200`, PostgreSQL walks the primary key from the oldest row and filters every row before the
    // period away (800,000 invoices, 2.5 s, before the first page of last year at a million). The rows are the same.
    // `id + 0`: a plain min(id) is planned the same way (the primary key's first row that matches).
    const first = await db
      .selectFrom(table as 'clients')
      .select(sql<number | null>`min(id + 0)`.as('id'))
      .where(condition)
      .executeTakeFirst();
    if (first?.id == null) return;
    last = Number(first.id) - 1;
  }
  for (;;) {
    // One query shape for every table; the caller knows the row type of the table it asked for.
    let q = db.selectFrom(table as 'clients').selectAll().where('id', '>', last);
    if (condition) q = q.where(condition);
    const rows = (await q.orderBy('id').limit(size).execute()) as unknown as R[];
    if (!rows.length) return;
    last = rows[rows.length - 1]!.id;
    yield rows;
  }
}
