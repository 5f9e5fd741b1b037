// The audit log (docs/users.md): one row per successful write operation — who, when, through which door, which
// operation, on which records, and its input with secrets redacted. Rows are only ever inserted: there is no
// operation that changes them, and the SQLite triggers of migration 0034 refuse UPDATE and DELETE.
import type { AuditEntry, AuditPage } from '../../../shared/contract/areas/users';
import type { ParsedInputOf } from '../../../shared/contract/operations';
import { addDays } from '../../../shared/dates';
import { prefixedNumber } from '../../../shared/invoice-codes';
import type { Caller } from '../../db/call-context';
import type { Db, WriteTx } from '../../db/types';
import { writeTransaction } from '../../db/transaction';
import { prepareStatement } from '../../db/prepared';


/** Names of inputs never written down: passwords, keys, tokens and other secrets. */
const SECRET_NAME = /pass|secret|token|key|signature|credential/i;
/** Long values (a file's base64, a statement) are noted by their length only. */
const LONG_TEXT = 200;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > LONG_TEXT ? `[${value.length} characters]` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  // (own enumerable keys, as Object.entries gives them, without an array of pairs per object: every audited write
  // redacts its input, an issued invoice's a dozen objects)
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    out[k] = v !== '' && v !== null && v !== undefined && SECRET_NAME.test(k) && !k.endsWith('_id') ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

/** The records an operation touched: its input's ids and the id it answered with. */
export function targetIds(input: unknown, output: unknown): number[] {
  const ids = new Set<number>();
  const take = (o: unknown, keys: string[]) => {
    if (!o || typeof o !== 'object') return;
    for (const k of keys) {
      const v = (o as Record<string, unknown>)[k];
      if (typeof v === 'number' && Number.isInteger(v)) ids.add(v);
      // a path's id comes as digits (POST /invoices/12/pay): the same record (issue 36)
      else if (typeof v === 'string' && /^\d{1,12}$/.test(v)) ids.add(Number(v));
    }
  };
  take(input, ['id', 'key_id', 'invoice_id', 'client_id', 'entry_id']);
  take(output, ['id']);
  return [...ids];
}

export interface AuditRecord {
  at: string;
  caller: Caller;
  operation: string;
  input: unknown;
  output: unknown;
}

/**
 * Written right after the operation succeeded, in a write transaction of its own, for an operation whose handler did
 * not write it in its own transaction (PendingAudit below). A crash between the two loses the row.
 */
export async function writeAudit(db: Db, r: AuditRecord): Promise<void> {
  await writeTransaction(db, (trx) => auditIn(trx, r));
}

/** The row written inside the caller's own write transaction: it commits, or is lost, with the change it records. */
export async function auditIn(trx: WriteTx, r: AuditRecord): Promise<void> {
  // nothing of the write reads it back: on PostgreSQL it travels with the write's RELEASE (one round trip less)
  await insertAudit.runAtRelease(trx, {
    at: r.at,
    user_id: r.caller.user_id,
    user_name: r.caller.name,
    origin: r.caller.door,
    operation: r.operation,
    target_ids: JSON.stringify(targetIds(r.input, r.output)),
    summary: JSON.stringify(redact(r.input) ?? {}),
  });
}

/** Compiled once (../../db/prepared.ts): every audited write runs it, an issued invoice in its own transaction. */
const insertAudit = prepareStatement((db, p: { at: string; user_id: number | null; user_name: string; origin: string; operation: string; target_ids: string; summary: string }) =>
  db.insertInto('audit_log').values({ at: p.at, user_id: p.user_id, user_name: p.user_name, origin: p.origin, operation: p.operation, target_ids: p.target_ids, summary: p.summary }),
);

/**
 * An operation's audit row, handed by `core.call` to a handler that makes its change in one write transaction
 * (issuing an invoice): the handler writes it there with the answer it gives (`writeIn`), so the row commits with the
 * change it records, in no transaction of its own. `core.call` knows everything of the row but the answer, and
 * cannot reach the transactions its handlers open; the handler knows its transaction and its answer. A handler that
 * does not write it leaves it to `core.call`, which writes it after the operation succeeded (writeAudit), as every
 * other operation's. A failed operation leaves no row either way: its transaction, the row's with it, rolls back.
 */
export interface PendingAudit {
  /** writes the row in the operation's own transaction; `output` is the operation's answer (its `id` is a target) */
  writeIn(trx: WriteTx, output: unknown): Promise<void>;
  /** whether writeIn ran (in a transaction that, if the operation succeeded, committed) */
  readonly written: boolean;
}

/** The pending row of an operation: `at` is taken when it is written, as writeAudit's is after the operation. */
export function pendingAudit(r: Omit<AuditRecord, 'output' | 'at'>, at: () => string): PendingAudit {
  let written = false;
  return {
    async writeIn(trx, output) {
      await auditIn(trx, { ...r, at: at(), output });
      written = true;
    },
    get written() {
      return written;
    },
  };
}

export async function listAudit(db: Db, input: ParsedInputOf<'audit.list'>): Promise<AuditPage> {
  let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(input.limit + 1);
  if (input.user_id !== undefined) q = q.where('user_id', '=', input.user_id);
  if (input.operation) q = q.where('operation', '=', input.operation);
  // `at` is 'YYYY-MM-DD HH:MM:SS' in the business's time zone, so days compare as text
  if (input.from) q = q.where('at', '>=', input.from);
  if (input.to) q = q.where('at', '<', addDays(input.to, 1));
  if (input.before !== undefined) q = q.where('id', '<', input.before);
  const rows = await q.execute();
  const items: AuditEntry[] = rows.slice(0, input.limit).map((r) => ({
    id: r.id,
    at: r.at,
    user_id: r.user_id,
    user_name: r.user_name,
    origin: r.origin,
    operation: r.operation,
    target_ids: JSON.parse(r.target_ids) as number[],
    targets: [],
    summary: JSON.parse(r.summary) as unknown,
  }));
  await nameTargets(db, items);
  const has_more = rows.length > input.limit;
  return { items, has_more, next_before: has_more ? items[items.length - 1]!.id : null };
}

/** The areas whose records are invoices (their ids are invoice ids): named by their numbers in the log. */
const INVOICE_AREAS = new Set(['invoices', 'receipts']);

/**
 * Each entry's targets as a person names them (issue 36): an invoice by its number ("2026-000012"), anything else by
 * its id. A draft has no number yet and keeps its id.
 */
async function nameTargets(db: Db, items: AuditEntry[]): Promise<void> {
  const ids = [...new Set(items.filter((e) => INVOICE_AREAS.has(e.operation.split('.')[0]!)).flatMap((e) => e.target_ids))];
  const numbers = new Map<number, string>();
  if (ids.length) {
    const rows = await db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('id', 'in', ids).execute();
    for (const r of rows) {
      const no = prefixedNumber(r.prefix, r.invoice_no);
      if (no) numbers.set(r.id, no);
    }
  }
  for (const e of items) {
    const invoices = INVOICE_AREAS.has(e.operation.split('.')[0]!);
    e.targets = e.target_ids.map((id) => (invoices ? numbers.get(id) : undefined) ?? `#${id}`);
  }
}
