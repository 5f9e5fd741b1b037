// The remote storing the plain records of a push in a few statements (issue 41): a device pushes up to 500 invoices
// at once, and one at a time each cost six round trips to PostgreSQL (its number looked up, its counter read, the
// invoice, its lines, the counter raised, the seal) while every other write of the team server waited.
//
// A plain record links to no other invoice (no cancellation, proforma, modification or deducted advance): what it is
// checked against — its block, its counter, its client, bank account, recurring profile, quote and products — is
// read once for the whole push, and the records that pass are stored together: their rows in one insert, their lines
// in another, their payments in a third, each counter raised once to its last number, all sealed by one update.
// Every check and answer is storeOne's (./store-invoices.ts), in the records' order: each counter is followed in
// memory as the records take their numbers. A record that is not plain, or whose number is already stored (a retried
// push) or taken earlier in the same push, goes to storeOne after what was gathered before it has been stored.
import type { InvoiceRecord, PushedInvoiceResult } from '../../../shared/contract/sync';
import { rememberedInWrite } from '../../db/write-scope';
import type { WriteTx } from '../../db/types';
import type { InvoiceBlocksTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { notePushedNumber, pushedNumberProblem, lastNumber } from '../invoices/numbering';
import { sealArrivedMany } from '../invoices/seal';
import { amountToMilli, parseNumber, paymentValues, recordLines, recordValues, type ParsedNumber } from './invoice-record';

type Block = Selectable<InvoiceBlocksTable>;

/** Rows per insert: well under SQLite's 32,766 and PostgreSQL's 65,535 values a statement. */
const INVOICES_PER_INSERT = 200;
const LINES_PER_INSERT = 1000;

/** Whether a record links to no other invoice, so that storing it decides on nothing another record of the push changes. */
export function isPlain(r: InvoiceRecord): boolean {
  return r.cancels_uid === null && r.proforma_uid === null && !r.modifies_uid && r.items.every((i) => (i.advance_invoice_uid ?? null) === null);
}

const numberKey = (blockId: number, n: ParsedNumber) => `${blockId}:${n.kind}:${n.year}:${n.seq}`;
const counterKey = (blockId: number, n: ParsedNumber) => `${blockId}:${n.kind}:${n.year}`;

interface Pending {
  index: number;
  record: InvoiceRecord;
  block: Block;
  n: ParsedNumber;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A push's plain records, checked as they come and stored together at each flush. */
export class PushBatch {
  private pending: Pending[] = [];
  /** numbers stored on the remote (found before the push, or stored by it) */
  private readonly stored = new Set<string>();
  /** the counters of the device's blocks as the records taken so far leave them */
  private counters = new Map<string, number>();
  private readonly known: { banks: Set<number>; recurring: Set<number>; quotes: Set<number>; products: Set<number> } = {
    banks: new Set(),
    recurring: new Set(),
    quotes: new Set(),
    products: new Set(),
  };

  constructor(
    private readonly trx: WriteTx,
    private readonly device: string,
    private readonly now: string,
    private readonly results: PushedInvoiceResult[],
  ) {}

  /** Reads what the push's plain records are checked against, each table once. */
  async prefetch(records: InvoiceRecord[]): Promise<void> {
    const plain = records.filter(isPlain);
    if (!plain.length) return;
    const ids = (pick: (r: InvoiceRecord) => Array<number | null | undefined>) => [...new Set(plain.flatMap(pick).filter((x): x is number => typeof x === 'number'))];
    const trx = this.trx;
    // blocks and clients through the write's memory, which storeOne reads them through too
    const blockIds = ids((r) => [r.block_uid]);
    const blocks = await trx.selectFrom('invoice_blocks').selectAll().where('id', 'in', blockIds).execute();
    for (const id of blockIds) void rememberedInWrite(trx, `push-block:${id}`, async () => blocks.find((b) => b.id === id));
    const clientIds = ids((r) => [r.client_uid]);
    const clients = new Set((await trx.selectFrom('clients').select('id').where('id', 'in', clientIds).execute()).map((c) => c.id));
    for (const id of clientIds) void rememberedInWrite(trx, `push-client:${id}`, async () => (clients.has(id) ? { id } : undefined));
    const found = async (table: 'bank_accounts' | 'recurring_profiles' | 'quotes' | 'products', wanted: number[], into: Set<number>) => {
      if (!wanted.length) return;
      for (const row of await trx.selectFrom(table).select('id').where('id', 'in', wanted).execute()) into.add(row.id);
    };
    await found('bank_accounts', ids((r) => [r.bank_account_uid]), this.known.banks);
    await found('recurring_profiles', ids((r) => [r.recurring_uid]), this.known.recurring);
    await found('quotes', ids((r) => [r.quote_uid]), this.known.quotes);
    await found('products', ids((r) => r.items.map((i) => i.product_uid)), this.known.products);
    // the numbers already stored: a superset by column, narrowed to the exact numbers here
    const numbers = plain.map((r) => parseNumber(r)).filter((n): n is ParsedNumber => n !== null);
    if (numbers.length) {
      const rows = await trx
        .selectFrom('invoices')
        .select(['block_id', 'number_kind', 'number_year', 'number_seq'])
        .where('block_id', 'in', blockIds)
        .where('number_kind', 'in', [...new Set(numbers.map((n) => n.kind))])
        .where('number_year', 'in', [...new Set(numbers.map((n) => n.year))])
        .where('number_seq', 'in', [...new Set(numbers.map((n) => n.seq))])
        .execute();
      for (const r of rows) this.stored.add(`${r.block_id}:${r.number_kind}:${r.number_year}:${r.number_seq}`);
    }
  }

  /**
   * Checks a plain record as storeOne would (`problems`: its own, recordProblems) and gathers it, or answers its refusal; false when it must be stored
   * alone (its number is stored already, or taken earlier in this push: storeOne tells a retry from a clash).
   */
  async take(r: InvoiceRecord, problems: string[], index: number): Promise<boolean> {
    const refuse = (message: string) => {
      this.results[index] = { status: 'refused', message };
      return true;
    };
    if (problems.length) return refuse(problems.join('; '));
    const n = parseNumber(r)!;
    const block = await rememberedInWrite(this.trx, `push-block:${r.block_uid}`, () =>
      this.trx.selectFrom('invoice_blocks').selectAll().where('id', '=', r.block_uid).executeTakeFirst(),
    );
    if (!block) return refuse(`No invoice block ${r.block_uid} on the remote`);
    if (r.prefix !== block.prefix) return refuse(`${r.invoice_no}: its prefix "${r.prefix}" is not the prefix of block "${block.prefix}"`);
    const key = numberKey(block.id, n);
    if (this.stored.has(key) || this.pending.some((p) => numberKey(p.block.id, p.n) === key)) return false;
    const own = block.owner === this.device;
    const last = own ? await this.counter(block.id, n) : undefined;
    const numberProblem = await pushedNumberProblem(this.trx, this.device, block, n.kind, n, last);
    if (numberProblem) return refuse(numberProblem);
    const client = await rememberedInWrite(this.trx, `push-client:${r.client_uid}`, () =>
      this.trx.selectFrom('clients').select('id').where('id', '=', r.client_uid).executeTakeFirst(),
    );
    if (!client) return refuse(`No client ${r.client_uid} on the remote`);
    const record: InvoiceRecord = {
      ...r,
      bank_account_uid: r.bank_account_uid !== null && this.known.banks.has(r.bank_account_uid) ? r.bank_account_uid : null,
      recurring_uid: r.recurring_uid !== null && this.known.recurring.has(r.recurring_uid) ? r.recurring_uid : null,
      quote_uid: r.quote_uid && this.known.quotes.has(r.quote_uid) ? r.quote_uid : null,
      items: r.items.map((i) => ({ ...i, product_uid: i.product_uid !== null && this.known.products.has(i.product_uid) ? i.product_uid : null })),
    };
    if (own) this.counters.set(counterKey(block.id, n), n.seq);
    this.pending.push({ index, record, block, n });
    return true;
  }

  /** The counter of a block of the device, as the records taken so far leave it. */
  private async counter(blockId: number, n: ParsedNumber): Promise<number> {
    const key = counterKey(blockId, n);
    const known = this.counters.get(key);
    if (known !== undefined) return known;
    const last = await lastNumber(this.trx, blockId, n.year, n.kind);
    this.counters.set(key, last);
    return last;
  }

  /** storeOne stored (or found) a record: its number is taken, and the counters are read afresh. */
  storedAlone(r: InvoiceRecord, result: PushedInvoiceResult): void {
    const n = parseNumber(r);
    if (n && result.status !== 'refused') this.stored.add(numberKey(r.block_uid, n));
    this.counters = new Map();
  }

  /** Stores the records gathered: rows, lines, payments, counters, seals — a statement each (per chunk). */
  async flush(): Promise<void> {
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    const trx = this.trx;
    const ids = new Map<string, number>();
    for (const part of chunks(batch, INVOICES_PER_INSERT)) {
      const rows = await trx
        .insertInto('invoices')
        .values(part.map((p) => recordValues(p.record, { status: p.record.status, total_paid_milli: amountToMilli(p.record.total_paid), now: this.now })))
        .returning(['id', 'block_id', 'number_kind', 'number_year', 'number_seq'])
        .execute();
      // (RETURNING promises no order on SQLite: each row is found by its number)
      for (const row of rows) ids.set(`${row.block_id}:${row.number_kind}:${row.number_year}:${row.number_seq}`, row.id);
    }
    const idOf = (p: Pending) => ids.get(numberKey(p.block.id, p.n))!;
    for (const lines of chunks(batch.flatMap((p) => recordLines(p.record, idOf(p))), LINES_PER_INSERT)) await trx.insertInto('invoice_items').values(lines).execute();
    const payments = batch.flatMap((p) => p.record.payments.map((pay) => paymentValues(idOf(p), pay, this.now)));
    for (const part of chunks(payments, LINES_PER_INSERT)) await trx.insertInto('invoice_payments').values(part).execute();
    // each counter of the device's blocks raised once, to the last number stored in it
    const raised = new Map<string, Pending>();
    for (const p of batch) if (p.block.owner === this.device) raised.set(counterKey(p.block.id, p.n), p);
    for (const p of raised.values()) await notePushedNumber(trx, p.block.id, p.n.kind, p.n);
    // sealed together, in the records' order (each seal writes its change-log row)
    for (const part of chunks(batch, INVOICES_PER_INSERT)) {
      const sealed = await sealArrivedMany(trx, part.map(idOf));
      if (sealed !== part.length) throw new Error(`${part.length - sealed} pushed invoices were not sealed`);
    }
    for (const p of batch) {
      this.stored.add(numberKey(p.block.id, p.n));
      this.results[p.index] = { status: 'stored', id: idOf(p) };
    }
  }
}
