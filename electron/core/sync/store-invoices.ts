// The remote's side of a device pushing the invoices it issued (POST /sync/invoices): records stored as they are,
// in order, in one transaction. The numbers are the device's to give, so they are checked, not taken (./numbering):
// in a block the device owns only its next number, in the remote's block 0 only numbers it reserved when it joined,
// and nothing in any other block.
// A retried push finds its own record under its number and answers as the first time ('exists'): the number is the
// idempotency key of an issued invoice, stored with it.
// A record that cancels an invoice already cancelled elsewhere, or generates from a proforma already generated, is
// still a numbered legal document and is stored, unlinked, with a warning the device shows its user.
import type { InvoiceRecord, PushInvoicesInput, PushInvoicesResult, PushedInvoiceResult } from '../../../shared/contract/sync';
import { INVOICE_STATUS, prefixedNumber } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import { rememberedInWrite } from '../../db/write-scope';
import type { WriteTx } from '../../db/types';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { linkCancellation, linkGenerated, linkModification } from '../invoices/links';
import { notePushedNumber, pushedNumberProblem } from '../invoices/numbering';
import { amountToMilli, parseNumber, sameDocument, sealArrived, storeRecord } from './invoice-record';
import { generatedProblem, mirrorProblem, recordProblems } from './record-check';
import { deviceOrigin } from './device';
import { advanceVerdict, modificationVerdict, modificationsOf } from './chain-links';
import { isPlain, PushBatch } from './store-batch';

const label = (r: { prefix: string; invoice_no: string | null }) => prefixedNumber(r.prefix, r.invoice_no) ?? '?';

/** `problems`: the record's own (recordProblems), found before the write lock was taken. */
async function storeOne(trx: WriteTx, device: string, r: InvoiceRecord, problems: string[], now: string): Promise<PushedInvoiceResult> {
  const refuse = (message: string): PushedInvoiceResult => ({ status: 'refused', message });
  if (problems.length) return refuse(problems.join('; '));
  const n = parseNumber(r)!;
  // A push is one write of many records, mostly of one block and a few clients: each is read once (../../db/write-scope).
  const block = await rememberedInWrite(trx, `push-block:${r.block_uid}`, () =>
    trx.selectFrom('invoice_blocks').selectAll().where('id', '=', r.block_uid).executeTakeFirst(),
  );
  if (!block) return refuse(`No invoice block ${r.block_uid} on the remote`);
  // The prefix is printed as part of the number; one that is not its block's would print a number of another block.
  // (A block's prefix cannot change once it has issued invoices, so an honest record always carries its block's.)
  if (r.prefix !== block.prefix) return refuse(`${r.invoice_no}: its prefix "${r.prefix}" is not the prefix of block "${block.prefix}"`);

  const existing = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('block_id', '=', block.id)
    .where('number_kind', '=', n.kind)
    .where('number_year', '=', n.year)
    .where('number_seq', '=', n.seq)
    .executeTakeFirst();
  if (existing) {
    const items = await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', existing.id).orderBy('position').execute();
    return sameDocument(existing, items, r)
      ? { status: 'exists', id: existing.id }
      : refuse(`The number ${r.invoice_no} of block "${block.prefix}" is already used on the remote by another invoice`);
  }
  const numberProblem = await pushedNumberProblem(trx, device, block, n.kind, n);
  if (numberProblem) return refuse(numberProblem);

  const client = await rememberedInWrite(trx, `push-client:${r.client_uid}`, () =>
    trx.selectFrom('clients').select('id').where('id', '=', r.client_uid).executeTakeFirst(),
  );
  if (!client) return refuse(`No client ${r.client_uid} on the remote`);
  const bank = r.bank_account_uid === null ? null : await trx.selectFrom('bank_accounts').select('id').where('id', '=', r.bank_account_uid).executeTakeFirst();
  const recurring = r.recurring_uid === null ? null : await trx.selectFrom('recurring_profiles').select('id').where('id', '=', r.recurring_uid).executeTakeFirst();
  // a link to a quote the remote does not have (older device, deleted quote) is dropped, never a refusal
  const quote = r.quote_uid ? await trx.selectFrom('quotes').select('id').where('id', '=', r.quote_uid).executeTakeFirst() : undefined;
  const productIds = [...new Set(r.items.map((i) => i.product_uid).filter((x): x is number => x !== null))];
  const products = new Set(productIds.length ? (await trx.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id) : []);

  // A record that follows a document another record already follows (two devices cancelled the same invoice while
  // apart) is a numbered legal document too: it is stored, still naming what it refers to, but it cancels (or
  // generates from) nothing a second time. Every device shows a second cancellation when it pulls it (the pull side
  // finds the original cancelled already), so the remote adds no warning of its own for it.
  let warning: string | undefined;
  if (r.cancels_uid !== null) {
    const original = await trx.selectFrom('invoices').selectAll().where('id', '=', r.cancels_uid).executeTakeFirst();
    if (!original) return refuse(`The invoice ${r.invoice_no} cancels is not on the remote`);
    const items = await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', original.id).orderBy('position').execute();
    const modifications = await modificationsOf(trx, original.id);
    const problem = mirrorProblem(r, original, items, modifications);
    if (problem) return refuse(problem);
    const chainLines = items.length + modifications.reduce((n, m) => n + m.items.length, 0);
    if (r.items.length < chainLines) {
      warning = `${label(r)} cancels ${label(original)} without the modifications issued elsewhere meanwhile: those still stand and are to be reversed too`;
    }
  }
  if (r.modifies_uid) {
    const verdict = await modificationVerdict(trx, r);
    if (verdict.problem) return refuse(verdict.problem.replace(' is not here', ' is not on the remote'));
    warning = verdict.warning;
  }
  const advances = await advanceVerdict(trx, r);
  if (advances.problem) return refuse(advances.problem.replace(' is not here', ' is not on the remote'));
  if (r.proforma_uid !== null) {
    const p = await trx.selectFrom('invoices').selectAll().where('id', '=', r.proforma_uid).executeTakeFirst();
    if (!p) return refuse(`The proforma of ${r.invoice_no} is not on the remote`);
    const items = await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', p.id).orderBy('position').execute();
    const problem = generatedProblem(r, p, items);
    if (problem) return refuse(problem);
    // a second invoice of one proforma is shown by every device when it pulls it, like a second cancellation
    if (p.generated_invoice_id === null && p.status === INVOICE_STATUS.cancelled) {
      warning = `Proforma ${label(p)} was voided elsewhere while ${label(r)} was generated from it`;
    }
  }

  const record: InvoiceRecord = {
    ...r,
    bank_account_uid: bank ? bank.id : null,
    recurring_uid: recurring ? recurring.id : null,
    quote_uid: quote ? quote.id : null,
    items: r.items.map((i) => ({ ...i, product_uid: i.product_uid !== null && products.has(i.product_uid) ? i.product_uid : null })),
  };
  const { id } = await storeRecord(trx, record, { status: r.status, total_paid_milli: amountToMilli(r.total_paid), now });
  if (block.owner === device) await notePushedNumber(trx, block.id, n.kind, n);
  // Sealed before it is linked: the feed then announces the new document before the original's change that names
  // it, so a device applying the original's change knows the document it is cancelled by.
  await sealArrived(trx, id, now);
  if (r.cancels_uid !== null) await linkCancellation(trx, r.cancels_uid, id, now);
  if (r.proforma_uid !== null) await linkGenerated(trx, r.proforma_uid, id, now);
  if (r.modifies_uid) await linkModification(trx, r.modifies_uid, amountToMilli(r.total), now);
  return warning ? { status: 'stored', id, warning } : { status: 'stored', id };
}

export function createStoreInvoicesHandler(ctx: CoreContext) {
  return async function pushInvoices(input: PushInvoicesInput): Promise<PushInvoicesResult> {
    const device = deviceOrigin();
    // Each record's own problems (its numbers, lines priced again, totals) need no database: found before the write
    // lock is taken, so that the other writes do not wait for this pricing.
    const problems = input.records.map(recordProblems);
    return writeTransaction(ctx.db, async (trx) => {
      const now = nowStamp(ctx);
      const results: PushedInvoiceResult[] = [];
      // The plain records (most of a push) are checked as they come and stored together (./store-batch.ts); one that
      // links to another invoice, or whose number is stored already, is stored alone after those before it.
      const batch = new PushBatch(trx, device, now, results);
      await batch.prefetch(input.records);
      for (const [index, r] of input.records.entries()) {
        if (isPlain(r) && (await batch.take(r, problems[index]!, index))) continue;
        await batch.flush();
        results[index] = await storeOne(trx, device, r, problems[index]!, now);
        batch.storedAlone(r, results[index]);
      }
      await batch.flush();
      return { results };
    });
  };
}
