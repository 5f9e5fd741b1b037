// What a backup file holds, read before anyone confirms a restore: the company, how many invoices were issued,
// the last number of each block, when it was made — and whether it can be restored at all (a damaged file, an
// SQLite file that is not Folio's, or one written by a newer Folio is refused, with the reason). Plain read-only
// SQL on the file: inspecting never changes it, and never migrates it.
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { BackupInspection, RestoreRefusalReason } from '../../shared/contract/areas/data';
import { invalid } from '../../shared/errors';
import { prefixedNumber } from '../../shared/invoice-codes';
import { migrations } from '../../migrations/index';
import { stampOf } from '../backup/files';
import { lossReport } from '../backup/inspect';
import { withBinding } from '../backup/native-binding';

export function inspectBackup(file: string, live: BetterSqlite3.Database | null): BackupInspection {
  if (!existsSync(file) || !statSync(file).isFile()) throw invalid('backup', 'does not exist or is not a file');
  const stat = statSync(file);
  const base: BackupInspection = {
    file,
    name: basename(file),
    bytes: stat.size,
    at: (stampOf(basename(file)) ?? stat.mtime).toISOString(),
    refusal: null,
    company: null,
    issued_invoices: 0,
    last_invoice_date: null,
    blocks: [],
    loss: null,
  };
  const refused = (reason: RestoreRefusalReason, message: string): BackupInspection => ({ ...base, refusal: { reason, message } });

  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, withBinding({ readonly: true, fileMustExist: true }));
  } catch (e) {
    return refused('damaged', `cannot be opened as a database (${messageOf(e)})`);
  }
  try {
    let check: unknown;
    try {
      check = db.pragma('quick_check', { simple: true });
    } catch (e) {
      return refused('damaged', `is not a readable SQLite database (${messageOf(e)})`);
    }
    if (check !== 'ok') return refused('damaged', `is damaged (SQLite's check: ${String(check).split('\n')[0]})`);
    const tables = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{ name: string }>).map((r) => r.name));
    if (!tables.has('invoices') || !tables.has('invoice_blocks')) return refused('not-folio', 'is an SQLite database but not a Folio database');
    if (tables.has('kysely_migration')) {
      const known = new Set(Object.keys(migrations));
      const unknown = (db.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map((r) => r.name).filter((n) => !known.has(n));
      if (unknown.length) {
        return refused('schema-too-new', `was written by a newer version of Folio (it has changes ${unknown.join(', ')} this version does not know); update Folio to restore it`);
      }
    }
    try {
      return { ...base, ...contents(db, tables), loss: live ? lossOf(live, db) : null };
    } catch (e) {
      return refused('damaged', `cannot be read (${messageOf(e)})`);
    }
  } finally {
    db.close();
  }
}

function contents(db: BetterSqlite3.Database, tables: Set<string>): Pick<BackupInspection, 'company' | 'issued_invoices' | 'last_invoice_date' | 'blocks'> {
  let company: string | null = null;
  if (tables.has('settings')) {
    const row = db.prepare(`select value from settings where key = 'app'`).get() as { value: string } | undefined;
    try {
      company = (row ? (JSON.parse(row.value) as { seller?: { name?: string } }).seller?.name : '') || null;
    } catch {
      company = null;
    }
  }
  const issued = db.prepare('select count(*) as n, max(date) as last from invoices where sealed = 1 and invoice_no is not null').get() as { n: number; last: string | null };
  const blocks = (db.prepare('select id, name, prefix from invoice_blocks order by id').all() as Array<{ id: number; name: string; prefix: string }>).map((b) => {
    // the block's last normal or cancelling invoice number: the highest year, then the highest sequence
    const last = db
      .prepare(
        `select prefix, invoice_no from invoices where block_id = ? and sealed = 1 and number_kind = 'invoice' and invoice_no is not null
          order by number_year desc, number_seq desc limit 1`,
      )
      .get(b.id) as { prefix: string; invoice_no: string } | undefined;
    return { name: b.name, prefix: b.prefix, last_number: last ? prefixedNumber(last.prefix, last.invoice_no) : null };
  });
  return { company, issued_invoices: issued.n, last_invoice_date: issued.last, blocks };
}

function lossOf(live: BetterSqlite3.Database, backup: BetterSqlite3.Database): BackupInspection['loss'] {
  const loss = lossReport(live, backup);
  if (!loss.invoices.length && !Object.keys(loss.newerRows).length) return null;
  return { invoices: loss.invoices.map((i) => ({ number: i.number, date: i.date })), newer_rows: loss.newerRows };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
