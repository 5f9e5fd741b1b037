// What a restore would lose: the live database's issued invoices that the backup does not hold (issued invoices
// are legal records), and how many other rows were added after the backup. Read with plain SQL on both files.
import type BetterSqlite3 from 'better-sqlite3';
import { prefixedNumber } from '../../shared/invoice-codes';

export interface IssuedInvoice {
  key: string;
  number: string;
  date: string;
}

export interface LossReport {
  /** issued invoices (normal, cancelling, proforma) in the live data and not in the backup, oldest first */
  invoices: IssuedInvoice[];
  /** rows added after the backup's newest one, e.g. { drafts: 2, invoice_payments: 3, clients: 1 } */
  newerRows: Record<string, number>;
  /** set when the live file could not be read at all (restored with acceptOlder): what was lost is unknown */
  liveUnreadable?: string;
}

export function issuedInvoices(db: BetterSqlite3.Database): IssuedInvoice[] {
  const rows = db
    .prepare(
      `select block_id, number_kind, number_year, number_seq, prefix, invoice_no, date
         from invoices where sealed = 1 and invoice_no is not null
        order by date, number_year, number_seq, id`,
    )
    .all() as Array<{ block_id: number; number_kind: string; number_year: number; number_seq: number; prefix: string; invoice_no: string; date: string }>;
  return rows.map((r) => ({
    // the numbering identity of an invoice (docs/design.md §4): the same in every copy of the data, unlike row ids
    key: `${r.block_id}/${r.number_kind}/${r.number_year}/${r.number_seq}`,
    number: prefixedNumber(r.prefix, r.invoice_no),
    date: r.date,
  }));
}

const COUNTED_TABLES = ['invoices', 'invoice_payments', 'clients', 'products', 'expenses', 'bank_accounts', 'recurring_profiles'];

function maxIds(db: BetterSqlite3.Database): Map<string, number> {
  const present = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{ name: string }>).map((r) => r.name));
  const out = new Map<string, number>();
  for (const t of COUNTED_TABLES) if (present.has(t)) out.set(t, (db.prepare(`select coalesce(max(id), 0) as m from "${t}"`).get() as { m: number }).m);
  return out;
}

export function lossReport(live: BetterSqlite3.Database, backup: BetterSqlite3.Database): LossReport {
  const kept = new Set(issuedInvoices(backup).map((i) => i.key));
  const invoices = issuedInvoices(live).filter((i) => !kept.has(i.key));
  const backupMax = maxIds(backup);
  const newerRows: Record<string, number> = {};
  for (const [table] of maxIds(live)) {
    // Issued invoices are listed one by one above; of the invoice rows only the drafts are counted here.
    const drafts = table === 'invoices' ? ' and sealed = 0' : '';
    const n = (live.prepare(`select count(*) as n from "${table}" where id > ?${drafts}`).get(backupMax.get(table) ?? 0) as { n: number }).n;
    if (n) newerRows[table === 'invoices' ? 'drafts' : table] = n;
  }
  return { invoices, newerRows };
}

const TABLE_WORDS: Record<string, [string, string]> = {
  drafts: ['draft', 'drafts'],
  invoice_payments: ['payment', 'payments'],
  clients: ['client', 'clients'],
  products: ['product', 'products'],
  expenses: ['expense', 'expenses'],
  bank_accounts: ['bank account', 'bank accounts'],
  recurring_profiles: ['recurring profile', 'recurring profiles'],
};

/** "Restoring … would lose 3 issued invoices: 2026-000041 (2026-03-12), … Also added since …" */
export function describeLoss(loss: LossReport, from: string): string {
  const n = loss.invoices.length;
  const shown = loss.invoices.slice(0, 20).map((i) => `${i.number} (${i.date})`);
  const more = n > shown.length ? `, and ${n - shown.length} more` : '';
  const others = Object.entries(loss.newerRows).map(([t, c]) => `${c} ${TABLE_WORDS[t]?.[c === 1 ? 0 : 1] ?? t}`);
  return (
    `The backup ${from} is older than the live data: restoring it would lose ${n} issued invoice${n === 1 ? '' : 's'} ` +
    `that the backup does not contain: ${shown.join(', ')}${more}. Issued invoices are legal records and their numbers ` +
    `would be issued again. ` +
    (others.length ? `Also added since the backup and lost by restoring it: ${others.join(', ')}. ` : '') +
    'Nothing was changed. To restore anyway, pass --accept-older ({ acceptOlder: true }); the current file is kept aside.'
  );
}
