// Reading quotes: one by id and the paged list, newest first (deleted quotes are gone from both).
import { notFound } from '../../../shared/errors';
import type { QuoteRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { today, type CoreContext } from '../context';
import { pageWindow, toPage } from '../paging';
import { loadQuotes } from './mapping';

/** The stored row of a quote not deleted; not found is the caller's 404. */
export async function quoteRow(db: Db, id: number): Promise<QuoteRow> {
  const r = await db.selectFrom('quotes').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!r) throw notFound(`Quote ${id}`);
  return r;
}

export function createQuoteQueries(ctx: CoreContext) {
  const { db } = ctx;

  async function read(id: number) {
    const [res] = await loadQuotes(db, [await quoteRow(db, id)], today(ctx));
    return res!;
  }

  async function list(input: { page?: number | undefined; max_per_page?: number | undefined }) {
    const w = pageWindow(input);
    const rows = await db
      .selectFrom('quotes')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(w.perPage + 1)
      .offset(w.offset)
      .execute();
    const page = toPage(rows, w, (r) => r);
    return { ...page, items: await loadQuotes(db, page.items, today(ctx)) };
  }

  return { read, get: (input: { id: number }) => read(input.id), list };
}
