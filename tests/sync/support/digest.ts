// The business data of a node in a form two nodes can compare: every record in its resource form, its ids replaced
// by the remote's id (a device translates through its sync map; a record it never mapped keeps a local marker, so it
// shows as a difference), timestamps and other per-node bookkeeping left out. Drafts are local and not included.
import { createHash } from 'node:crypto';
import { bankAccountResource } from '../../../electron/core/bank-accounts/service';
import { clientResource } from '../../../electron/core/clients/mapping';
import { expenseResource } from '../../../electron/core/expenses/service';
import { loadInvoices } from '../../../electron/core/invoices/mapping';
import { productResource } from '../../../electron/core/products/service';
import { recurringAttributes } from '../../../electron/core/recurring/service';
import { openDatabase, type Db } from '../../../electron/db/open';
import { openPostgres } from '../../../electron/db/pg/open';

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/** Opens a remote's database to read it: a SQLite file read-only, or a PostgreSQL database as it is (no migrating). */
export function openTarget(target: string): Promise<{ db: Db; close(): Promise<void> }> {
  return isPostgresUrl(target) ? openPostgres(target, { migrate: false, max: 2 }) : openDatabase(target, { readonly: true });
}
import { syncDb } from '../../../electron/sync/tables';

type Canon = (entity: string, id: number | null | undefined) => string | null;

async function canonOf(db: Db, isRemote: boolean): Promise<Canon> {
  if (isRemote) return (e, id) => (id === null || id === undefined ? null : `${e}:${id}`);
  const rows = await syncDb(db).selectFrom('sync_map').selectAll().execute();
  const m = new Map(rows.map((r) => [`${r.entity}:${r.local_id}`, r.remote_id]));
  return (e, id) => {
    if (id === null || id === undefined) return null;
    const r = m.get(`${e}:${id}`);
    return r === undefined ? `LOCAL-${e}:${id}` : `${e}:${r}`;
  };
}

function omit<T extends Record<string, unknown>>(o: T, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

const byKey = (a: { key: string | null }, b: { key: string | null }) => String(a.key).localeCompare(String(b.key));

export async function snapshot(db: Db, isRemote: boolean) {
  const c = await canonOf(db, isRemote);
  const stamps = ['uid', 'created_at', 'updated_at'];
  const clients = (await db.selectFrom('clients').selectAll().execute())
    .map((r) => ({ key: c('client', r.id), ...omit(clientResource(r).attributes as never, stamps), deleted: r.deleted_at !== null }))
    .sort(byKey);
  const products = (await db.selectFrom('products').selectAll().execute())
    .map((r) => ({ key: c('product', r.id), ...omit(productResource(r).attributes as never, [...stamps, 'deleted_at']) }))
    .sort(byKey);
  const expenses = (await db.selectFrom('expenses').selectAll().execute())
    .map((r) => ({ key: c('expense', r.id), ...omit(expenseResource(r, undefined).attributes as never, stamps), client_uid: c('client', r.client_id) }))
    .sort(byKey);
  const bankAccounts = (await db.selectFrom('bank_accounts').selectAll().execute())
    .map((r) => ({ key: c('bank_account', r.id), ...omit(bankAccountResource(r).attributes as never, stamps) }))
    .sort(byKey);
  const blocks = (await db.selectFrom('invoice_blocks').selectAll().execute()).map((r) => ({ key: c('block', r.id), name: r.name, prefix: r.prefix })).sort(byKey);
  const recurring = (await db.selectFrom('recurring_profiles').selectAll().execute())
    .map((r) => ({
      key: c('recurring', r.id),
      ...omit(recurringAttributes(r) as never, [...stamps, 'next_date']),
      base_invoice_uid: c('invoice', r.base_invoice_id),
    }))
    .sort(byKey);
  const rows = await db.selectFrom('invoices').selectAll().where('sealed', '=', 1).execute();
  const invoices = (await loadInvoices(db, rows))
    .map((res) => {
      const a = res.attributes;
      return {
        ...omit(a as never, stamps),
        key: c('invoice', a.uid),
        client_uid: c('client', a.client_uid),
        block_uid: c('block', a.block_uid),
        bank_account_uid: c('bank_account', a.bank_account_uid),
        cancels_uid: c('invoice', a.cancels_uid),
        cancelled_by_uid: c('invoice', a.cancelled_by_uid),
        generated_invoice_uid: c('invoice', a.generated_invoice_uid),
        proforma_uid: c('invoice', a.proforma_uid),
        recurring_uid: c('recurring', a.recurring_uid),
        // the Hungarian document set's links
        modifies_uid: c('invoice', a.modifies_uid),
        original: a.original ? { ...a.original, uid: c('invoice', a.original.uid) } : null,
        // two modifications that took one index while apart are listed in each node's own storage order
        modifications: a.modifications
          .map((m) => ({ ...m, uid: c('invoice', m.uid) }))
          .sort((x, y) => x.modification_index - y.modification_index || x.prefixed_invoice_no.localeCompare(y.prefixed_invoice_no)),
        deducted_by_uid: c('invoice', a.deducted_by_uid),
        advance_deductions: a.advance_deductions.map((d) => ({ ...d, advance_uid: c('invoice', d.advance_uid) })),
        items: a.items.map((i) => ({ ...i, product_uid: c('product', i.product_uid), advance_invoice_uid: c('invoice', i.advance_invoice_uid ?? null) })),
        payments: a.payments
          .map((p) => omit(p as never, ['uid']))
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      };
    })
    .sort(byKey);
  type Rec = Record<string, any> & { key: string | null };
  const lists: Record<'clients' | 'products' | 'expenses' | 'bankAccounts' | 'blocks' | 'recurring' | 'invoices', Rec[]> = {
    clients,
    products,
    expenses,
    bankAccounts,
    blocks,
    recurring,
    invoices,
  };
  return lists;
}

export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

export function digestOf(s: Snapshot): string {
  return createHash('sha256').update(JSON.stringify(s)).digest('hex');
}

/**
 * A snapshot of a database another process may have open: a SQLite file (read beside it; WAL allows it) or a
 * PostgreSQL database by its URL (a team server's remote).
 */
export async function snapshotFile(file: string, isRemote: boolean): Promise<Snapshot> {
  const opened = await openTarget(file);
  try {
    return await snapshot(opened.db, isRemote);
  } finally {
    await opened.close();
  }
}

/** The first differences between two snapshots, readable in a test failure. */
export function differences(a: Snapshot, b: Snapshot, limit = 5): string[] {
  const out: string[] = [];
  for (const k of Object.keys(a) as Array<keyof Snapshot>) {
    const la = a[k] as Array<{ key: string | null }>;
    const lb = b[k] as Array<{ key: string | null }>;
    if (la.length !== lb.length) out.push(`${k}: ${la.length} vs ${lb.length} records`);
    const mb = new Map(lb.map((r) => [r.key, r]));
    for (const r of la) {
      const other = mb.get(r.key);
      if (!other) out.push(`${k} ${r.key}: only in the first`);
      else if (JSON.stringify(r) !== JSON.stringify(other)) {
        const fields = Object.keys(r).filter((f) => JSON.stringify((r as never)[f]) !== JSON.stringify((other as never)[f]));
        out.push(`${k} ${r.key}: ${fields.map((f) => `${f}: ${JSON.stringify((r as never)[f])} vs ${JSON.stringify((other as never)[f])}`).join('; ')}`);
      }
      if (out.length >= limit) return out;
    }
    for (const r of lb) if (!la.some((x) => x.key === r.key)) out.push(`${k} ${r.key}: only in the second`);
    if (out.length >= limit) return out;
  }
  return out;
}

/** Numbers per block, kind and year are 1..n with no gap; prefixed numbers are unique across blocks. */
export async function numberingProblems(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(['block_id', 'number_kind', 'number_year', 'number_seq', 'invoice_no', 'prefix'])
    .where('number_seq', 'is not', null)
    .orderBy('block_id')
    .orderBy('number_kind')
    .orderBy('number_year')
    .orderBy('number_seq')
    .execute();
  const problems: string[] = [];
  const series = new Map<string, number[]>();
  const prefixed = new Set<string>();
  for (const r of rows) {
    const k = `${r.block_id}/${r.number_kind}/${r.number_year}`;
    if (!series.has(k)) series.set(k, []);
    series.get(k)!.push(r.number_seq!);
    const p = `${r.prefix} / ${r.invoice_no}`;
    if (prefixed.has(p)) problems.push(`${p} twice`);
    prefixed.add(p);
  }
  for (const [k, seqs] of series) {
    seqs.forEach((s, i) => {
      if (s !== i + 1) problems.push(`${k}: position ${i + 1} holds ${s}`);
    });
  }
  return problems;
}
