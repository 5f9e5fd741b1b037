// The invariants a Folio database must satisfy at every commit point, whatever killed or raced the writers:
// the file is intact, numbers are gapless and unique per (block, kind, year), every issued invoice is whole
// (all its lines, totals equal to their sums, sealed) and linked pairs (cancellation, proforma → invoice) are
// complete on both sides. Read-only: it runs beside live writers on a WAL snapshot.
import BetterSqlite3 from 'better-sqlite3';

export interface InvariantReport {
  violations: string[];
  invoices: number;
  numbered: number;
}

/** Expected line count, written by the fault workers into the comment as `lines=<n>`; absent elsewhere. */
function expectedLines(comment: string): number | undefined {
  const m = /\blines=(\d+)\b/.exec(comment);
  return m ? Number(m[1]) : undefined;
}

function formatNumber(kind: string, year: number, seq: number): string {
  const n = `${year}-${String(seq).padStart(6, '0')}`;
  return kind === 'proforma' ? `D-${n}` : n;
}

export function checkInvariants(file: string, options: { integrity?: boolean } = {}): InvariantReport {
  const db = new BetterSqlite3(file);
  db.pragma('busy_timeout = 10000');
  const v: string[] = [];
  const say = (msg: string) => {
    if (v.length < 50) v.push(msg);
  };
  try {
    if (options.integrity !== false) {
      const integrity = db.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') say(`integrity_check: ${String(integrity)}`);
      const fk = db.pragma('foreign_key_check') as unknown[];
      if (fk.length) say(`foreign_key_check: ${JSON.stringify(fk.slice(0, 5))}`);
    }
    // One read transaction: every check below sees the same commit point even while writers go on.
    const read = db.transaction(() => {
      type Inv = {
        id: number; type: number; status: number; sealed: number; block_id: number; number_kind: string | null;
        number_year: number | null; number_seq: number | null; invoice_no: string | null; prefix: string; date: string;
        net_milli: number; vat_milli: number; gross_milli: number; rounding_milli: number; total_milli: number;
        total_paid_milli: number; comment: string; is_cancel_invoice: number; cancels_id: number | null;
        cancelled_by_id: number | null; proforma_id: number | null; generated_invoice_id: number | null;
        n_items: number; s_net: number | null; s_vat: number | null; s_gross: number | null; paid: number | null; n_pay: number;
      };
      const rows = db
        .prepare(
          `SELECT i.*,
             (SELECT COUNT(*) FROM invoice_items it WHERE it.invoice_id = i.id) AS n_items,
             (SELECT SUM(net_milli) FROM invoice_items it WHERE it.invoice_id = i.id) AS s_net,
             (SELECT SUM(vat_milli) FROM invoice_items it WHERE it.invoice_id = i.id) AS s_vat,
             (SELECT SUM(gross_milli) FROM invoice_items it WHERE it.invoice_id = i.id) AS s_gross,
             (SELECT SUM(amount_milli) FROM invoice_payments p WHERE p.invoice_id = i.id) AS paid,
             (SELECT COUNT(*) FROM invoice_payments p WHERE p.invoice_id = i.id) AS n_pay
           FROM invoices i ORDER BY i.id`,
        )
        .all() as Inv[];
      const blocks = new Map((db.prepare('SELECT id, prefix FROM invoice_blocks').all() as Array<{ id: number; prefix: string }>).map((b) => [b.id, b.prefix]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const groups = new Map<string, number[]>();
      let numbered = 0;
      for (const r of rows) {
        const at = `invoice ${r.id} (${r.invoice_no ?? 'draft'})`;
        // whole: its lines and totals
        if (r.n_items === 0) say(`${at}: has no lines`);
        const want = expectedLines(r.comment);
        if (want !== undefined && want !== r.n_items) say(`${at}: ${r.n_items} lines, expected ${want}`);
        if ((r.s_net ?? 0) !== r.net_milli || (r.s_vat ?? 0) !== r.vat_milli || (r.s_gross ?? 0) !== r.gross_milli) {
          say(`${at}: stored totals ${r.net_milli}/${r.vat_milli}/${r.gross_milli} ≠ line sums ${r.s_net}/${r.s_vat}/${r.s_gross}`);
        }
        if (r.total_milli !== r.gross_milli + r.rounding_milli) say(`${at}: total ≠ gross + rounding`);
        // type, seal and number agree
        if (r.type === 0) {
          if (r.sealed !== 0 || r.invoice_no !== null || r.number_kind !== null || r.number_seq !== null) say(`${at}: a draft with a number or sealed`);
          if (r.n_pay) say(`${at}: a draft with payments`);
          continue;
        }
        if (r.type !== 1 && r.type !== 3) say(`${at}: type ${r.type}`);
        if (r.sealed !== 1) say(`${at}: issued (type ${r.type}) but not sealed`);
        const kind = r.type === 1 ? 'proforma' : 'invoice';
        if (r.number_kind !== kind || r.number_year === null || r.number_seq === null) {
          say(`${at}: number kind/year/seq ${r.number_kind}/${r.number_year}/${r.number_seq} for type ${r.type}`);
          continue;
        }
        numbered++;
        if (r.invoice_no !== formatNumber(kind, r.number_year, r.number_seq)) say(`${at}: invoice_no does not match its counter`);
        if (Number(r.date.slice(0, 4)) !== r.number_year) say(`${at}: numbered in ${r.number_year}, dated ${r.date}`);
        if (blocks.get(r.block_id) !== r.prefix) say(`${at}: prefix "${r.prefix}" is not its block's`);
        const key = `${r.block_id}/${kind}/${r.number_year}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(r.number_seq);
        // payments
        if (r.is_cancel_invoice) {
          if (r.total_paid_milli !== r.total_milli) say(`${at}: cancelling invoice with total_paid ≠ total`);
          if (r.n_pay) say(`${at}: cancelling invoice with payments`);
        } else {
          if ((r.paid ?? 0) !== r.total_paid_milli) say(`${at}: total_paid ${r.total_paid_milli} ≠ payments ${r.paid ?? 0}`);
          if (r.status !== 4 && r.status !== (r.total_paid_milli >= r.total_milli ? 1 : 2)) say(`${at}: status ${r.status} with paid ${r.total_paid_milli}/${r.total_milli}`);
        }
        // cancellation pairs are complete on both sides
        if (r.is_cancel_invoice) {
          const o = r.cancels_id === null ? undefined : byId.get(r.cancels_id);
          if (!o) say(`${at}: cancelling invoice without its original`);
          else {
            if (o.status !== 4 || o.cancelled_by_id !== r.id) say(`${at}: its original ${o.id} is not marked cancelled by it`);
            if (o.total_milli !== -r.total_milli || o.n_items !== r.n_items) say(`${at}: does not mirror its original ${o.id}`);
            if (o.block_id !== r.block_id || r.type !== 3) say(`${at}: not in the original's block as a normal invoice`);
          }
        }
        if (r.type === 3 && !r.is_cancel_invoice && r.status === 4) {
          const c = r.cancelled_by_id === null ? undefined : byId.get(r.cancelled_by_id);
          if (!c || c.cancels_id !== r.id || !c.is_cancel_invoice) say(`${at}: cancelled without its cancelling invoice`);
        }
        if (r.cancelled_by_id !== null && r.status !== 4) say(`${at}: has a cancelling invoice but status ${r.status}`);
        if (r.generated_invoice_id !== null) {
          const g = byId.get(r.generated_invoice_id);
          if (!g || g.proforma_id !== r.id) say(`${at}: generated invoice ${r.generated_invoice_id} does not point back`);
        }
        if (r.proforma_id !== null && !r.is_cancel_invoice) {
          const p = byId.get(r.proforma_id);
          if (!p || p.generated_invoice_id !== r.id) say(`${at}: its proforma ${r.proforma_id} does not point to it`);
        }
      }
      // amounts are exact integers of thousandths, never floats that lost digits
      const inexact = db
        .prepare(
          `SELECT 'invoice ' || id FROM invoices WHERE typeof(net_milli) != 'integer' OR typeof(vat_milli) != 'integer' OR typeof(gross_milli) != 'integer' OR typeof(total_milli) != 'integer' OR typeof(total_paid_milli) != 'integer'
           UNION ALL SELECT 'line ' || id FROM invoice_items WHERE typeof(net_milli) != 'integer' OR typeof(vat_milli) != 'integer' OR typeof(gross_milli) != 'integer'
           LIMIT 5`,
        )
        .pluck()
        .all() as string[];
      for (const what of inexact) say(`${what}: an amount stored as a float`);
      // gapless, unique, and the counter row agrees (a counter ahead of its invoices is a lost number)
      const counters = db.prepare('SELECT block_id, year, kind, last_no FROM number_counters').all() as Array<{ block_id: number; year: number; kind: string; last_no: number }>;
      const seen = new Set<string>();
      for (const c of counters) {
        const key = `${c.block_id}/${c.kind}/${c.year}`;
        seen.add(key);
        const seqs = groups.get(key) ?? [];
        if (seqs.length !== c.last_no) say(`${key}: counter at ${c.last_no}, ${seqs.length} invoices`);
      }
      for (const [key, seqs] of groups) {
        if (!seen.has(key)) say(`${key}: invoices without a counter row`);
        const sorted = [...seqs].sort((a, b) => a - b);
        sorted.forEach((s, i) => {
          if (s !== i + 1) say(`${key}: position ${i + 1} holds number ${s} (gap or duplicate)`);
        });
      }
      return { invoices: rows.length, numbered };
    });
    const { invoices, numbered } = read.deferred();
    return { violations: v, invoices, numbered };
  } finally {
    db.close();
  }
}

/** Each acknowledged write must still be there, with the number it was acknowledged with. */
export function missingAcks(file: string, acks: Map<number, string | null>): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const get = db.prepare('SELECT invoice_no FROM invoices WHERE id = ?');
    const out: string[] = [];
    for (const [id, no] of acks) {
      const r = get.get(id) as { invoice_no: string | null } | undefined;
      if (!r) out.push(`acknowledged invoice ${id} (${no}) is gone`);
      else if (r.invoice_no !== no) out.push(`acknowledged invoice ${id} was ${no}, now ${r.invoice_no}`);
      if (out.length >= 20) break;
    }
    return out;
  } finally {
    db.close();
  }
}
