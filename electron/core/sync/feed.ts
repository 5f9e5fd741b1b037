// The change feed a Folio remote serves to its devices: the change log after a sequence number, with each record
// as it is now. Several changes of one record in a page are answered with its current state each time; a device
// applies them in order, so the last one wins.
import { SYNC_PROTOCOL, type ChangeEntry, type ChangeFeed } from '../../../shared/contract/operations';
import { FolioError } from '../../../shared/errors';
import type { Db } from '../../db/types';
import type { ChangeEntity } from '../../db/schema';
import { currentOrigin } from '../changes';
import { loadInvoices } from '../invoices/mapping';

type Reader = (id: number) => Promise<unknown>;

export function createChangeFeed(db: Db, readers: Record<Exclude<ChangeEntity, 'invoice'>, Reader>) {
  /**
   * The invoices a page names, read together (issue 41: one by one, a page of 200 invoices was ~800 queries, and 50
   * devices pulling at once kept a team server's PostgreSQL busy past their requests' timeouts).
   */
  async function invoicesOf(ids: number[]): Promise<Map<number, unknown>> {
    const out = new Map<number, unknown>();
    if (!ids.length) return out;
    const rows = await db.selectFrom('invoices').selectAll().where('id', 'in', ids).execute();
    const resources = await loadInvoices(db, rows);
    rows.forEach((row, i) => {
      const res = resources[i]!;
      // The previous program's original of a modification is no part of the resource, but part of the document
      // every node must hold (NAV's report of the modification is built from it).
      out.set(row.id, row.external_original === null ? res : { ...res, attributes: { ...res.attributes, external_original: row.external_original } });
    });
    return out;
  }

  async function dataOf(entity: ChangeEntity, id: number, op: string, invoices: Map<number, unknown>): Promise<unknown> {
    if (op === 'delete' && entity !== 'client' && entity !== 'product' && entity !== 'quote') return null;
    if (entity === 'invoice') return invoices.get(id) ?? null;
    try {
      return await readers[entity](id);
    } catch (e) {
      if (e instanceof FolioError && e.code === 'not_found') return null;
      throw e;
    }
  }

  return {
    async changes(input: { after?: number | undefined; limit?: number | undefined }): Promise<ChangeFeed> {
      const limit = input.limit ?? 200;
      const rows = await db
        .selectFrom('change_log')
        .selectAll()
        .where('seq', '>', input.after ?? 0)
        .orderBy('seq')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const noted = page.length
        ? await db.selectFrom('change_overwrites').selectAll().where('seq', '>=', page[0]!.seq).where('seq', '<=', page.at(-1)!.seq).execute()
        : [];
      const overwrites = new Map(noted.map((n) => [n.seq, n.devices.split(',')]));
      const invoices = await invoicesOf([...new Set(page.filter((r) => r.entity === 'invoice' && r.op !== 'delete').map((r) => r.entity_id))]);
      const changes: ChangeEntry[] = [];
      for (const r of page) {
        const lost = overwrites.get(r.seq);
        changes.push({ seq: r.seq, entity: r.entity, id: r.entity_id, op: r.op, origin: r.origin, data: await dataOf(r.entity, r.entity_id, r.op, invoices), ...(lost ? { overwrites: lost } : {}) });
      }
      return { changes, last_seq: page.at(-1)?.seq ?? input.after ?? 0, has_more: rows.length > limit };
    },

    async info() {
      const last = await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
      const origin = currentOrigin();
      return { app: 'folio' as const, protocol: SYNC_PROTOCOL, last_seq: Number(last?.seq ?? 0), device: origin === 'local' ? null : origin };
    },
  };
}
